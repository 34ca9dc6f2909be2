#include "report/redactor.h"

#include <QDir>
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
        // Where a log names the machine: the syslog host field ("Nov 30 08:15:02 node17 kernel:",
        // and after an ISO time), NCCL's "host:pid:tid" prefix.
        {QRegularExpression(QStringLiteral(
             "^((?:[A-Z][a-z]{2} [ 0-3]\\d \\d\\d:\\d\\d:\\d\\d|\\d{4}-\\d\\d-\\d\\dT[\\d:.]+(?:Z|[+-]\\d\\d:?\\d\\d)?) )"
             "(?!\\[)([A-Za-z0-9][\\w.-]*)( [\\w./-]+(?:\\[\\d+\\])?: )")),
         QStringLiteral("\\1[host]\\3")},
        {QRegularExpression(QStringLiteral("(?<![\\w.<>*-])[A-Za-z][\\w.-]*?(?:<\\*>)?((?::(?:\\d+|<\\*>)){2}|)"
                                           "( \\[(?:\\d+|<\\*>)\\] NCCL )")),
         QStringLiteral("[host]\\1\\2")},
        // Credentials in URLs, then secrets as key=value, key: value or "Bearer x".
        {QRegularExpression(QStringLiteral("(?<=://)[^/\\s:@]+:[^/\\s@]+@")), QStringLiteral("[credentials]@")},
        {QRegularExpression(QStringLiteral("(?i)\\b(bearer|token|password|passwd|passphrase|pwd|pass|secret|"
                                           "credentials?|auth|api[_-]?key|access[_-]?key|secret[_-]?key|"
                                           "private[_-]?key)([\"']?\\s*[:=]\\s*|\\s+)(?!\\[)([^\\s\"',;]+)")),
         QStringLiteral("\\1\\2[secret]")},
        {QRegularExpression(QStringLiteral("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b")), QStringLiteral("[secret]")},
        {QRegularExpression(QStringLiteral("\\bxox[abposr]-[0-9A-Za-z-]{10,}")), QStringLiteral("[secret]")},
        {QRegularExpression(
             QStringLiteral("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b")),
         QStringLiteral("[email]")},
        {QRegularExpression(QStringLiteral("\\b(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}\\b|\\b[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\b")),
         QStringLiteral("[mac]")},
        // Not inside a longer dotted number (a version), but at a sentence's end or after "_".
        {QRegularExpression(QStringLiteral("(?<![\\d.])(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(?:"
                                           "25[0-5]|2[0-4]\\d|1?\\d?\\d)(?!\\.?\\d)")),
         QStringLiteral("[ip]")},
        // Three or more colons: not a time (08:15:02) nor a PCI address (0000:3b:00.0); or "::".
        {QRegularExpression(QStringLiteral("(?i)(?<![\\w:.])(?![0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}(?:\\.[0-7])?(?![0-9a-f]))"
                                           "(?=[0-9a-f:]*[0-9a-f])(?:[0-9a-f]{0,4}:"
                                           "){3,7}[0-9a-f]{0,4}(?![\\w:.])|(?<![\\w:.])(?:[0-9a-f]{1,4}:){1,6}:"
                                           "(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\\w:.])")),
         QStringLiteral("[ip6]")},
        {QRegularExpression(
             QStringLiteral("(?i)\\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:com|net|org|io|"
                            "ai|cloud|local|internal|lan|corp|intra|edu|gov|de|uk|cn|jp|fr|co|us|ca|"
                            "au|in|br|nl|se|ch|it|es|kr|tw|sg|ru|pl|info|biz|me|dev|app|xyz|tech|site)\\b")),
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

namespace {

// The engineer's own folders (a rule file in ~/.config, an input named by its full path) are
// not the customer's data but identify the engineer: the home folder is shown as "~".
QString withoutHome(QString text)
{
    static const QString home = QDir::cleanPath(QDir::homePath());
    if (home.size() < 2)
        return text;
    static const QRegularExpression re(QStringLiteral("(?<![\\w.-])%1(?=/|$|[\\s'\":,)])")
                                           .arg(QRegularExpression::escape(home)));
    return text.replace(re, QStringLiteral("~"));
}

void redactFacts(Facts &facts)
{
    for (auto &[name, value] : facts)
        value = redact(value);
}

void redactOccurrence(Occurrence &o)
{
    o.path = redact(o.path);
    o.text = redact(o.text);
    redactFacts(o.facts);
}

// Every string of a result that can hold customer data: names of files and entries, evidence,
// captured facts and the titles they fill, comparisons, problems, unmatched lines.
void redactResult(AnalysisResult &r)
{
    for (InputInfo &in : r.inputs) {
        in.path = redact(withoutHome(in.path));
        in.label = redact(in.label);
        for (QString &p : in.problems)
            p = redact(withoutHome(p));
    }
    for (Finding &f : r.findings) {
        f.title = redact(f.title);
        redactFacts(f.group);
        redactFacts(f.facts);
        redactFacts(f.factSources);
        for (Comparison &c : f.comparisons) {
            c.left = redact(c.left);
            c.right = redact(c.right);
            c.says = redact(c.says);
            c.leftSource = redact(c.leftSource);
            c.rightSource = redact(c.rightSource);
        }
        for (Occurrence &o : f.occurrences)
            redactOccurrence(o);
    }
    for (BundleFact &f : r.facts) {
        f.value = redact(f.value);
        f.path = redact(f.path);
        f.text = redact(f.text);
    }
    for (GpuVerdict &g : r.gpus) {
        g.name = redact(g.name);
        for (GpuEvent &e : g.events)
            e.title = redact(e.title);
    }
    for (Error &e : r.problems) {
        e.file = redact(withoutHome(e.file));
        e.message = redact(withoutHome(e.message));
    }
    for (MessageTemplate &t : r.unmatched) {
        t.example = redact(t.example);
        t.text = redact(t.text);
        t.examplePath = redact(t.examplePath);
        for (QString &file : t.files)
            file = redact(file);
    }
    for (Occurrence &o : r.unmatchedSamples)
        redactOccurrence(o);
    for (Bookmark &b : r.bookmarks) {
        b.path = redact(b.path);
        b.text = redact(b.text);
        b.note = redact(b.note);
    }
}

} // namespace

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
    if (redactEvidence)
        redactResult(view);
    return view;
}

} // namespace gputriage
