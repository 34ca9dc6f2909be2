#include "report/markdownreport.h"
#include "plural.h"

#include "engine/gpus.h"

#include "report/textreport.h"

namespace gputriage {

QString markdownEscape(const QString &text)
{
    // Inline markup anywhere; block markup (headings, lists, quotes) only at the start of a line.
    static const QString inlineSpecial = QStringLiteral("\\`*_[]<>|~");
    static const QString lineStartSpecial = QStringLiteral("#+->=");
    QString out;
    out.reserve(text.size());
    bool lineStart = true;
    for (const QChar c : bidiVisible(text)) {
        if (c == QLatin1Char('\n')) {
            out += c;
            lineStart = true;
            continue;
        }
        if (c.category() == QChar::Other_Control)
            continue;
        if (inlineSpecial.contains(c) || (lineStart && lineStartSpecial.contains(c)))
            out += QLatin1Char('\\');
        out += c;
        lineStart = lineStart && c.isSpace();
    }
    return out;
}

namespace {

// A URL inside <…>: whatever could end the link (<, >, whitespace, controls) percent-encoded.
QString linkTarget(const QString &url)
{
    QString out;
    for (const QChar c : url) {
        if (c == QLatin1Char('<') || c == QLatin1Char('>') || c.isSpace()
            || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format) {
            for (const char byte : QString(c).toUtf8())
                out += QStringLiteral("%%1")
                           .arg(uint(uchar(byte)), 2, 16, QLatin1Char('0'))
                           .toUpper();
        } else {
            out += c;
        }
    }
    return out;
}

QString cell(const QString &text)
{
    return markdownEscape(text.simplified());
}
} // namespace

QString markdownFence(const QStringList &lines)
{
    int longest = 0;
    for (const QString &l : lines) {
        int run = 0;
        for (const QChar c : l) {
            run = c == QLatin1Char('`') ? run + 1 : 0;
            longest = std::max(longest, run);
        }
    }
    return QString(std::max(3, longest + 1), QLatin1Char('`'));
}

QString markdownFinding(const Finding &f, const ReportOptions &options)
{
    QString md;
    md += QStringLiteral("<a id=\"%1\"></a>\n### %2 (%3, %4×)\n\n")
              .arg(findingAnchor(f), markdownEscape(f.title), severityName(f.severity))
              .arg(f.count);
    md += QLatin1String("Rule `") + f.ruleId + QLatin1String("`\n\n");
    if (!f.explain.isEmpty())
        md += markdownEscape(f.explain) + QLatin1String("\n\n");
    if (!f.resolution.isEmpty())
        md += QStringLiteral("**%1:** %2 (`%3`)\n\n")
                  .arg(resolutionLabel(f.nvidiaResolution),
                       markdownEscape(resolutionText(f.resolution)), f.resolution);
    if (!f.action.isEmpty())
        md += QLatin1String("**What to do:** ") + markdownEscape(f.action) + QLatin1String("\n\n");
    if (!f.facts.empty()) {
        md += QLatin1String("| Fact | Value | Read from |\n|---|---|---|\n");
        for (const auto &[k, v] : f.facts)
            md += QLatin1String("| ") + cell(k) + QLatin1String(" | ") + cell(v)
                  + QLatin1String(" | ") + cell(factSourceNote(f, k)) + QLatin1String(" |\n");
        md += QLatin1Char('\n');
    }
    if (!f.comparisons.isEmpty()) {
        md += QLatin1String("| Left | | Right | Holds | Meaning |\n|---|:-:|---|:-:|---|\n");
        for (const Comparison &c : f.comparisons)
            md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                      .arg(cell(operandText(c.leftName, c.left)), cell(compareOpName(c.op)),
                           cell(operandText(c.rightName, c.right)),
                           c.holds ? QStringLiteral("✓") : QStringLiteral("✗"), cell(c.says));
        md += QLatin1Char('\n');
        for (const Comparison &c : f.comparisons)
            if (const QString from = comparisonSources(f, c); !from.isEmpty())
                md += QLatin1String("Read from: ") + markdownEscape(from) + QLatin1String("  \n");
    }
    QStringList evidence;
    for (int i = 0; i < std::min<qsizetype>(options.maxEvidence, f.occurrences.size()); ++i) {
        const Occurrence &o = f.occurrences[i];
        evidence << evidenceLine(f, o);
    }
    if (!evidence.isEmpty()) {
        const QString fence = markdownFence(evidence);
        md += QLatin1String("Evidence");
        if (f.count > evidence.size())
            md += QStringLiteral(" (first %1 of %2)").arg(evidence.size()).arg(f.count);
        md += QLatin1String(":\n\n") + fence + QLatin1String("text\n")
              + evidence.join(QLatin1Char('\n')) + QLatin1Char('\n') + fence
              + QLatin1String("\n\n");
    }
    if (!f.references.isEmpty()) {
        md += QLatin1String("References:\n\n");
        for (const Reference &r : f.references)
            if (isWebUrl(r.url))
                md += QStringLiteral("- [%1](<%2>)\n").arg(cell(r.title), linkTarget(r.url));
        md += QLatin1Char('\n');
    }
    return md;
}

QByteArray writeMarkdownReport(const AnalysisResult &result, const ReportOptions &options)
{
    QString md;
    md += QLatin1String("# ") + markdownEscape(options.title) + QLatin1String("\n\n");
    md += QStringLiteral("Generated %1 by gputriage %2 from %3.\n\n")
              .arg(options.generated.toUTC().toString(Qt::ISODate),
                   QStringLiteral(GPUTRIAGE_VERSION),
                   plural(result.readInputCount(), u"input file", u"input files"));
    md += result.nvidiaErrorLinesSentence() + QLatin1String("\n\n");

    md += QLatin1String(
        "## Summary\n\n| Severity | Finding | Count | Key facts |\n|---|---|---:|---|\n");
    for (const Finding &f : result.findings) {
        QStringList facts;
        for (const auto &[k, v] : f.facts)
            facts << cell(k) + QLatin1String(" = ") + cell(v);
        md += QStringLiteral("| %1 | [%2](#%3) | %4 | %5 |\n")
                  .arg(severityName(f.severity), cell(f.title), findingAnchor(f))
                  .arg(f.count)
                  .arg(facts.join(QLatin1String(", ")));
    }
    if (result.findings.isEmpty())
        md += QStringLiteral("| – | No known condition found | 0 | |\n");
    md += QLatin1Char('\n');

    if (std::any_of(result.gpus.begin(), result.gpus.end(),
                    [](const GpuVerdict &g) { return g.hasEvents(); })) {
        md += QLatin1String("## GPUs\n\n") + cell(nodeVerdict(result.gpus))
              + QLatin1String(
                  ".\n\n| GPU | Name | UUID | Events | Action |\n|---|---|---|---|---|\n");
        for (const GpuVerdict &g : result.gpus) {
            QStringList events;
            for (const GpuEvent &e : g.events)
                events << cell(
                    QStringLiteral("%1 ×%2").arg(e.code.isEmpty() ? e.title : e.code).arg(e.count)
                    + (e.currentBoot ? QString() : QStringLiteral(" (earlier boot)")));
            md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                      .arg(cell(g.key), cell(g.nameAndSerial()), cell(g.uuid),
                           events.join(QLatin1String("<br>")),
                           g.hasEvents() ? QLatin1String("**") + severityName(g.severity)
                                               + QLatin1String("**: ") + cell(g.action)
                                         : QStringLiteral("no events"));
        }
        md += QLatin1Char('\n');
    }
    if (!result.bookmarks.isEmpty()) {
        md += QLatin1String("## Bookmarks\n\n| Line | Note | Text |\n|---|---|---|\n");
        for (const Bookmark &b : result.bookmarks)
            md += QStringLiteral("| %1 | %2 | %3 |\n")
                      .arg(cell(QStringLiteral("%1:%2").arg(b.path).arg(b.line)), cell(b.note),
                           cell(b.text));
        md += QLatin1Char('\n');
    }
    for (const Finding &f : result.findings)
        md += markdownFinding(f, options);

    if (!result.facts.isEmpty()) {
        md += QLatin1String("## Bundle facts\n\n| Fact | Value | Source |\n|---|---|---|\n");
        for (const BundleFact &f : result.facts)
            md += QStringLiteral("| %1 | %2 | %3 |\n")
                      .arg(cell(f.name), cell(f.value), cell(factSource(f)));
        md += QLatin1Char('\n');
    }
    md += QLatin1String(
        "## Inputs\n\n| File | Label | Format | Lines | Bytes |\n|---|---|---|---:|---:|\n");
    for (const InputInfo &in : result.inputs)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(cell(in.path), cell(in.label), inputFormatName(in.format))
                  .arg(in.lines)
                  .arg(in.bytes);
    md += QLatin1Char('\n');
    if (!result.unmatched.isEmpty()) {
        md += QStringLiteral("## Other notable messages\n\n%1 with error words that no "
                             "rule matched, by message shape (`<*>` marks what varies):\n\n"
                             "| Count | Message | Files | Example |\n|---:|---|---:|---|\n")
                  .arg(plural(result.unmatchedLines, u"line", u"lines"));
        for (const MessageTemplate &t : result.unmatched)
            md += QStringLiteral("| %1 | %2 | %3 | %4:%5 |\n")
                      .arg(t.count)
                      .arg(cell(t.text))
                      .arg(t.fileCount)
                      .arg(cell(t.examplePath))
                      .arg(t.exampleLine);
        md += QLatin1Char('\n');
    }
    if (!result.problems.isEmpty()) {
        md += QLatin1String("## Problems\n\n");
        for (const Error &e : result.problems)
            md += QLatin1String("- ") + markdownEscape(e.toString()) + QLatin1Char('\n');
        md += QLatin1Char('\n');
    }
    md += QLatin1String("Rule packs: ");
    QStringList packs;
    for (const RulePackInfo &p : result.packs)
        packs << QStringLiteral("%1 %2 (%3)")
                     .arg(markdownEscape(p.pack), markdownEscape(p.version),
                          plural(p.rules, u"rule", u"rules"));
    md += packs.join(QLatin1String(", ")) + QLatin1Char('\n');
    return md.toUtf8();
}

} // namespace gputriage
