#include "report/textreport.h"
#include "plural.h"

#include "engine/gpus.h"

#include <algorithm>
#include <cstring>
#include <iterator>

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

QString shortLine(const QString &text, qsizetype max)
{
    const QString line = stripControl(text).simplified();
    return line.size() > max ? line.left(max - 1) + QChar(0x2026) : line;
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
    return bidiVisible(out);
}

bool isBidiControl(char16_t u)
{
    return std::find(std::begin(kBidiControls), std::end(kBidiControls), u)
           != std::end(kBidiControls);
}

QString bidiVisible(const QString &text)
{
    if (std::none_of(text.begin(), text.end(), [](QChar c) { return isBidiControl(c.unicode()); }))
        return text;
    QString out;
    out.reserve(text.size() + 16);
    for (const QChar c : text) {
        if (isBidiControl(c.unicode()))
            out += QStringLiteral("<U+%1>")
                       .arg(uint(c.unicode()), 4, 16, QLatin1Char('0'))
                       .toUpper();
        else
            out += c;
    }
    return out;
}

QString terminalSafe(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (c.category() == QChar::Other_Control && u != u'\n' && u != u'\t')
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return bidiVisible(out);
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
    const QString whole = stripControl(o.text);
    QString text = whole.simplified();
    // Where the match starts once blanks are simplified (about: ±1 character).
    const QString head = whole.left(o.at).simplified();
    const qsizetype at = head.isEmpty() ? 0 : head.size() + 1;
    if (text.size() > 200) {
        // 200 characters around the match, cut at blanks when there are some near the ends:
        // not in the middle of a word or a number.
        qsizetype from = 0;
        if (at > 140) {
            from = at - 60;
            const qsizetype blank = text.indexOf(QLatin1Char(' '), from);
            if (blank >= 0 && blank < from + 30)
                from = blank + 1;
        }
        qsizetype cut = from + 199 < text.size() ? text.lastIndexOf(QLatin1Char(' '), from + 199)
                                                 : text.size();
        if (cut < from + 160)
            cut = std::min(text.size(), from + 199);
        text = (from > 0 ? QString(QChar(0x2026)) : QString()) + text.mid(from, cut - from)
               + (cut < text.size() ? QString(QChar(0x2026)) : QString());
    }
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
    return bidiVisible(line);
}

QString factSource(const BundleFact &fact)
{
    return fact.line > 0 ? QStringLiteral("%1:%2").arg(fact.path).arg(fact.line) : fact.path;
}

namespace {

// Colours are placeholders until the end, when the text from the bundle is made safe for
// a terminal and only then the placeholders become escape sequences.
const char *const kColours[] = {"1", "2", "31", "32", "33", "36", "1;31"};

struct Paint
{
    bool color = false;

    QString operator()(const char *code, const QString &s) const
    {
        if (!color)
            return s;
        const auto it = std::find_if(std::begin(kColours), std::end(kColours),
                                     [&](const char *c) { return std::strcmp(c, code) == 0; });
        return QString(QChar(0xE000 + int(it - std::begin(kColours)))) + s + QChar(0xE0FF);
    }
    QString severity(Severity s) const
    {
        static const char *codes[] = {"36", "33", "31", "1;31"};
        return (*this)(codes[int(s)], severityName(s).toUpper());
    }
};

QString textGpus(const AnalysisResult &result, const Paint &paint)
{
    QString out;
    if (std::any_of(result.gpus.begin(), result.gpus.end(),
                    [](const GpuVerdict &g) { return g.hasEvents(); })) {
        out += QLatin1Char('\n') + paint("1", QStringLiteral("GPUs: ") + nodeVerdict(result.gpus))
               + QLatin1Char('\n');
        for (const GpuVerdict &g : result.gpus) {
            QStringList who{g.key};
            for (const QString &s : {g.nameAndSerial(), g.uuid})
                if (!s.isEmpty())
                    who << stripControl(s);
            QStringList events;
            for (const GpuEvent &e : g.events)
                events
                    << QStringLiteral("%1 %2×").arg(e.code.isEmpty() ? e.rule : e.code).arg(e.count)
                           + (e.bursts > 1 ? QStringLiteral(" in %1 bursts").arg(e.bursts)
                                           : QString())
                           + (e.currentBoot ? QString() : QStringLiteral(" (earlier boot)"));
            out += QStringLiteral("  %1  %2\n    %3\n")
                       .arg(who.join(QLatin1String("  ")),
                            g.hasEvents()
                                ? paint.severity(g.severity) + QLatin1String(": ") + g.action
                                : QStringLiteral("no events"),
                            events.join(QLatin1String(", ")));
        }
    }
    return out;
}

QString textFindings(const AnalysisResult &result, const ReportOptions &options, const Paint &paint)
{
    QString out;
    for (const Finding &f : result.findings) {
        out += QStringLiteral("\n[%1] %2 (%3×)  %4\n")
                   .arg(paint.severity(f.severity), paint("1", f.title))
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
        if (!f.resolution.isEmpty())
            out += QStringLiteral("  %1: %2 (%3)\n")
                       .arg(resolutionLabel(f.nvidiaResolution), resolutionText(f.resolution),
                            f.resolution);
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
    return out;
}

// The bundle facts and the messages no rule matched.
QString textFactsAndUnmatched(const AnalysisResult &result, const Paint &paint)
{
    QString out;
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
    return out;
}

// The text made safe for a terminal, then its colour placeholders as escape sequences.
QByteArray withColours(const QString &out, bool color)
{
    QString safe;
    safe.reserve(out.size());
    for (const QChar c : terminalSafe(out)) {
        const int colour = c.unicode() - 0xE000;
        if (color && colour >= 0 && colour < int(std::size(kColours)))
            safe += QStringLiteral("\x1b[%1m").arg(QLatin1String(kColours[colour]));
        else if (color && c.unicode() == 0xE0FF)
            safe += QStringLiteral("\x1b[0m");
        else
            safe += c;
    }
    return safe.toUtf8();
}

} // namespace

QByteArray writeTextReport(const AnalysisResult &result, const ReportOptions &options)
{
    const Paint paint{options.color};

    QString out;
    qint64 lines = 0;
    for (const InputInfo &in : result.inputs)
        lines += in.lines;
    out += QStringLiteral("%1: %2 in %3, %4\n")
               .arg(paint("1", options.title),
                    plural(qint64(result.findings.size()), u"finding", u"findings"),
                    plural(result.readInputCount(), u"file", u"files"),
                    plural(lines, u"line", u"lines"));
    out += result.nvidiaErrorLinesSentence() + QLatin1Char('\n');
    out += textGpus(result, paint);
    if (!result.bookmarks.isEmpty()) {
        out += QLatin1Char('\n') + paint("1", QStringLiteral("Bookmarks")) + QLatin1Char('\n');
        for (const Bookmark &b : result.bookmarks)
            out += QStringLiteral("  %1:%2  %3\n    %4\n")
                       .arg(b.path)
                       .arg(b.line)
                       .arg(b.note.isEmpty() ? QStringLiteral("(no note)") : stripControl(b.note),
                            stripControl(b.text));
    }
    out += textFindings(result, options, paint);
    out += textFactsAndUnmatched(result, paint);
    if (!result.problems.isEmpty()) {
        out += QLatin1Char('\n');
        for (const Error &e : result.problems)
            out += paint("33", QStringLiteral("problem: ")) + e.toString() + QLatin1Char('\n');
    }
    return withColours(out, options.color);
}

} // namespace gputriage
