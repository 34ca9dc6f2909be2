#include "report/textreport.h"

#include <algorithm>

namespace gputriage {

QString operandText(const QString &name, const QString &value)
{
    return name.isEmpty() ? value : name + QLatin1Char(' ') + value;
}

namespace {
QString firstEvidence(const Finding &finding)
{
    return finding.occurrences.isEmpty() ? QString()
                                         : QStringLiteral("%1:%2")
                                               .arg(finding.occurrences.front().path)
                                               .arg(finding.occurrences.front().line);
}
} // namespace

QString factSourceNote(const Finding &finding, const QString &fact)
{
    const auto it = finding.factSources.find(fact);
    if (it == finding.factSources.end() || it->second == firstEvidence(finding))
        return QString();
    return stripControl(it->second);
}

QString findingAnchor(const Finding &finding)
{
    QString id = QLatin1String("f-") + finding.ruleId;
    for (const auto &[name, value] : finding.group)
        id += QLatin1Char('-') + value;
    for (QChar &c : id)
        if (!c.isLetterOrNumber() || c.unicode() > 127)
            c = QLatin1Char('-');
    return id;
}

QString comparisonSources(const Finding &finding, const Comparison &c)
{
    const QString first = firstEvidence(finding);
    QStringList parts;
    for (const auto &[name, source] :
         {std::pair(c.leftName, c.leftSource), std::pair(c.rightName, c.rightSource)})
        if (!source.isEmpty() && source != first)
            parts << stripControl(name) + QLatin1String(" from ") + stripControl(source);
    return parts.join(QLatin1String("; "));
}

QString stripControl(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text)
        out += c == QLatin1Char('\t') || c == QLatin1Char('\n') ? QChar(QLatin1Char(' '))
               : c.category() == QChar::Other_Control           ? QChar()
                                                                : c;
    out.remove(QChar());
    return out;
}

QString htmlText(const QString &text)
{
    return stripControl(text).toHtmlEscaped();
}

bool isWebUrl(const QString &url)
{
    return url.startsWith(QLatin1String("https://")) || url.startsWith(QLatin1String("http://"));
}

QString evidenceLine(const Finding &finding, const Occurrence &o)
{
    QString text = stripControl(o.text).simplified();
    if (text.size() > 200)
        text = text.left(199) + QChar(0x2026);
    QString line = QStringLiteral("%1:%2: %3").arg(o.path).arg(o.line).arg(text);
    const bool differs = std::any_of(o.facts.begin(), o.facts.end(), [&](const auto &fact) {
        const auto it = finding.facts.find(fact.first);
        return it == finding.facts.end() || it->second != fact.second;
    });
    if (differs) {
        QStringList facts;
        for (const auto &[k, v] : o.facts)
            facts << k + QLatin1Char('=') + stripControl(v);
        line += QLatin1String("  [") + facts.join(QLatin1String(", ")) + QLatin1Char(']');
    }
    return line;
}

QString factSource(const BundleFact &fact)
{
    return fact.line > 0 ? QStringLiteral("%1:%2").arg(fact.path).arg(fact.line) : fact.path;
}

QByteArray writeTextReport(const AnalysisResult &result, const ReportOptions &options)
{
    auto paint = [&](const char *code, const QString &s) {
        return options.color ? QStringLiteral("\x1b[%1m%2\x1b[0m").arg(QLatin1String(code), s) : s;
    };
    auto severityLabel = [&](Severity s) {
        static const char *codes[] = {"36", "33", "31", "1;31"};
        return paint(codes[int(s)], severityName(s).toUpper());
    };

    QString out;
    qint64 lines = 0;
    for (const InputInfo &in : result.inputs)
        lines += in.lines;
    out += QStringLiteral("%1: %2 finding(s) in %3 file(s), %4 lines\n")
               .arg(paint("1", options.title))
               .arg(result.findings.size())
               .arg(result.readInputCount())
               .arg(lines);
    for (const Finding &f : result.findings) {
        out += QStringLiteral("\n[%1] %2 (%3×)  %4\n")
                   .arg(severityLabel(f.severity), paint("1", f.title))
                   .arg(f.count)
                   .arg(f.ruleId);
        if (!f.facts.empty()) {
            QStringList facts;
            for (const auto &[k, v] : f.facts) {
                const QString from = factSourceNote(f, k);
                facts << k + QLatin1Char('=') + stripControl(v)
                             + (from.isEmpty() ? QString()
                                               : QLatin1String(" (") + from + QLatin1Char(')'));
            }
            out += QLatin1String("  facts: ") + facts.join(QLatin1String(", ")) + QLatin1Char('\n');
        }
        for (const Comparison &c : f.comparisons)
            out += QStringLiteral("  %1 %2 %3  %4  %5\n")
                       .arg(operandText(c.leftName, c.left), compareOpName(c.op),
                            operandText(c.rightName, c.right),
                            c.holds ? paint("32", QStringLiteral("✓"))
                                    : paint("31", QStringLiteral("✗")),
                            c.says);
        for (const Comparison &c : f.comparisons)
            if (const QString from = comparisonSources(f, c); !from.isEmpty())
                out += QLatin1String("    read from: ") + from + QLatin1Char('\n');
        if (!f.explain.isEmpty())
            out += QLatin1String("  ")
                   + QString(f.explain).replace(QLatin1Char('\n'), QLatin1String("\n  "))
                   + QLatin1Char('\n');
        if (!f.action.isEmpty())
            out += QLatin1String("  What to do: ")
                   + QString(f.action).replace(QLatin1Char('\n'), QLatin1String("\n  "))
                   + QLatin1Char('\n');
        const int shown = int(std::min<qsizetype>(options.maxEvidence, f.occurrences.size()));
        for (int i = 0; i < shown; ++i) {
            out += QLatin1String("  ") + evidenceLine(f, f.occurrences[i]) + QLatin1Char('\n');
        }
        if (f.count > shown)
            out += QStringLiteral("  … %1 more\n").arg(f.count - shown);
        for (const Reference &r : f.references)
            if (isWebUrl(r.url))
                out += QStringLiteral("  see: %1 <%2>\n").arg(r.title, r.url);
    }
    if (!result.facts.isEmpty()) {
        out += QLatin1Char('\n') + paint("1", QStringLiteral("Bundle facts")) + QLatin1Char('\n');
        for (const BundleFact &f : result.facts) {
            QString where = factSource(f);
            if (f.count > 1)
                where += QStringLiteral(" (seen %1×)").arg(f.count);
            out += QStringLiteral("  %1 = %2  %3\n")
                       .arg(f.name, stripControl(f.value), paint("2", where));
        }
    }
    if (!result.unmatched.isEmpty()) {
        out += QLatin1Char('\n')
               + paint("1", QStringLiteral("Other notable messages (%1 lines no rule matched)")
                                .arg(result.unmatchedLines))
               + QLatin1Char('\n');
        for (const MessageTemplate &t : result.unmatched.mid(0, 20))
            out += QStringLiteral("  %1  %2\n       %3\n")
                       .arg(
                           QString::number(t.count).rightJustified(6), stripControl(t.text),
                           paint(
                               "2",
                               QStringLiteral("e.g. %1:%2").arg(t.examplePath).arg(t.exampleLine)));
    }
    if (!result.problems.isEmpty()) {
        out += QLatin1Char('\n');
        for (const Error &e : result.problems)
            out += paint("33", QStringLiteral("problem: ")) + e.toString() + QLatin1Char('\n');
    }
    return out.toUtf8();
}

} // namespace gputriage
