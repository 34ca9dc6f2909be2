#include "report/redactor.h"

#include <QRegularExpression>

namespace gputriage {

QString redact(const QString &text)
{
    struct Mask
    {
        QRegularExpression re;
        QString with;
    };
    static const Mask masks[] = {
        {QRegularExpression(QStringLiteral("(?i)\\b(bearer|token|password|passwd|secret|api[_-]?"
                                           "key)([\"']?\\s*[:=]\\s*|\\s+)([^\\s\"',;]+)")),
         QStringLiteral("\\1\\2[secret]")},
        {QRegularExpression(
             QStringLiteral("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b")),
         QStringLiteral("[email]")},
        {QRegularExpression(QStringLiteral("\\b(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}\\b")),
         QStringLiteral("[mac]")},
        {QRegularExpression(QStringLiteral("(?<![\\w.])(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(?:"
                                           "25[0-5]|2[0-4]\\d|1?\\d?\\d)(?![\\w.])")),
         QStringLiteral("[ip]")},
        // Three or more colons: not a time (08:15:02) nor a PCI address (0000:3b:00.0).
        {QRegularExpression(QStringLiteral("(?i)(?<![\\w:.])(?=[0-9a-f:]*[0-9a-f])(?:[0-9a-f]{0,4}:"
                                           "){3,7}[0-9a-f]{0,4}(?![\\w:.])")),
         QStringLiteral("[ip6]")},
        {QRegularExpression(
             QStringLiteral("(?i)\\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:com|net|org|io|"
                            "ai|cloud|local|internal|lan|corp|intra|edu|gov|de|uk|cn|jp|fr)\\b")),
         QStringLiteral("[host]")},
        {QRegularExpression(QStringLiteral("(?<![\\w-])(?=[A-Za-z0-9+/_]*\\d)(?=[A-Za-z0-9+/"
                                           "_]*[A-Za-z])[A-Za-z0-9+/_]{32,}={0,2}(?![\\w-])")),
         QStringLiteral("[token]")},
    };
    QString out = text;
    for (const Mask &m : masks)
        out.replace(m.re, m.with);
    return out;
}

AnalysisResult
reportView(const AnalysisResult &result, std::optional<Severity> minSeverity, bool redactEvidence)
{
    AnalysisResult view = result;
    if (minSeverity) {
        view.findings.removeIf([&](const Finding &f) { return f.severity < *minSeverity; });
        // A GPU whose events are all left out is left out too.
        for (GpuVerdict &g : view.gpus) {
            if (!g.hasEvents())
                continue;
            g.events.removeIf([&](const GpuEvent &e) { return e.severity < *minSeverity; });
            if (!g.hasEvents())
                g.key.clear(); // had events, none left
        }
        view.gpus.removeIf([](const GpuVerdict &g) { return g.key.isEmpty(); });
    }
    if (redactEvidence) {
        for (Finding &f : view.findings)
            for (Occurrence &o : f.occurrences)
                o.text = redact(o.text);
        for (MessageTemplate &t : view.unmatched) {
            t.example = redact(t.example);
            t.text = redact(t.text);
        }
    }
    return view;
}

} // namespace gputriage
