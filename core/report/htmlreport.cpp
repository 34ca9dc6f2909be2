#include "report/htmlreport.h"
#include "plural.h"

#include "engine/gpus.h"

#include "report/textreport.h"
#include "report/timelinesvg.h"

#include <algorithm>

namespace gputriage {

namespace {

// Paragraphs separated by blank lines; single line breaks inside a paragraph are wrapping.
QString paragraphs(const QString &text)
{
    QString html;
    for (const QString &p : text.split(QLatin1String("\n\n"), Qt::SkipEmptyParts))
        html += QLatin1String("<p>") + htmlText(p.simplified()) + QLatin1String("</p>\n");
    return html;
}

constexpr auto kStyle = R"css(
:root { color-scheme: light dark; --fg: #1d2125; --bg: #ffffff; --muted: #5f6b76; --line: #d8dee4;
  --code: #f4f6f8; --info: #2a6fdb; --warning: #b07800; --error: #d03020; --critical: #a01060; --ok: #2a9d3a; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e9ec; --bg: #16191c; --muted: #9aa5b1; --line: #33393f; --code: #20252a;
    --info: #6ea2ff; --warning: #e0b040; --error: #ff6f5e; --critical: #ff5fb0; --ok: #5fd37a; } }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  max-width: 70rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
h3 { font-size: 1.1rem; margin: 0; } .meta, .muted { color: var(--muted); }
table { border-collapse: collapse; margin: 0.6rem 0; } th, td { border: 1px solid var(--line); padding: 0.3rem 0.6rem;
  text-align: left; vertical-align: top; } th { background: var(--code); }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
pre { background: var(--code); padding: 0.6rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.finding { border: 1px solid var(--line); border-left: 6px solid var(--sev); border-radius: 4px; padding: 0.8rem 1rem;
  margin: 1rem 0; page-break-inside: avoid; }
.sev { display: inline-block; min-width: 5.5em; font-weight: 600; color: var(--sev); text-transform: uppercase; }
.info { --sev: var(--info); } .warning { --sev: var(--warning); } .error { --sev: var(--error); }
.critical { --sev: var(--critical); } .holds { color: var(--ok); } .fails { color: var(--error); }
.cmp td.value { font-weight: 600; font-family: ui-monospace, monospace; }
details summary { cursor: pointer; color: var(--muted); }
@media print { body { margin: 0; max-width: none; } details > *:not(summary) { display: block; }
  a { color: inherit; } a[href]::after { content: " (" attr(href) ")"; font-size: 0.85em; color: var(--muted); } }
)css";

// The document up to the title and the sentence on NVIDIA error lines.
QString htmlHead(const AnalysisResult &result, const ReportOptions &options)
{
    QString h;
    h += QLatin1String("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                       "style-src 'unsafe-inline'\">\n");
    h += QLatin1String("<title>") + htmlText(options.title) + QLatin1String("</title>\n<style>")
         + QLatin1String(kStyle) + QLatin1String("</style>\n</head>\n<body>\n");
    h += QLatin1String("<h1>") + htmlText(options.title) + QLatin1String("</h1>\n");
    h += QStringLiteral("<p class=\"meta\">Generated %1 by gputriage %2 from %3.</p>\n")
             .arg(htmlText(options.generated.toUTC().toString(Qt::ISODate)),
                  QStringLiteral(GPUTRIAGE_VERSION),
                  plural(result.readInputCount(), u"input file", u"input files"));
    h += QLatin1String("<p>") + htmlText(result.nvidiaErrorLinesSentence())
         + QLatin1String("</p>\n");
    return h;
}

QString htmlSummary(const AnalysisResult &result)
{
    QString h;
    h += QLatin1String("<h2>Summary</h2>\n<table>\n<tr><th>Severity</th><th>Finding</th><th>Count</"
                       "th><th>Key facts</th></tr>\n");
    for (const Finding &f : result.findings) {
        QStringList facts;
        for (const auto &[k, v] : f.facts)
            facts << htmlText(k) + QLatin1String(" = <code>") + htmlText(v)
                         + QLatin1String("</code>");
        h += QStringLiteral("<tr class=\"%1\"><td><span class=\"sev\">%1</span></td><td><a "
                            "href=\"#%2\">%3</a></td><td>%4</td><td>%5</td></tr>\n")
                 .arg(severityName(f.severity), findingAnchor(f), htmlText(f.title))
                 .arg(f.count)
                 .arg(facts.join(QLatin1String(", ")));
    }
    if (result.findings.isEmpty())
        h += QLatin1String("<tr><td colspan=\"4\">No known condition found.</td></tr>\n");
    h += QLatin1String("</table>\n");
    return h;
}

QString htmlGpus(const AnalysisResult &result)
{
    QString h;
    if (std::any_of(result.gpus.begin(), result.gpus.end(),
                    [](const GpuVerdict &g) { return g.hasEvents(); })) {
        h += QLatin1String("<h2>GPUs</h2>\n<p>") + htmlText(nodeVerdict(result.gpus))
             + QLatin1String(".</p>\n<table>\n<tr><th>GPU</th><th>Name</th><th>UUID</th>"
                             "<th>Events</th><th>Action</th></tr>\n");
        for (const GpuVerdict &g : result.gpus) {
            QStringList events;
            for (const GpuEvent &e : g.events)
                events << htmlText(
                    QStringLiteral("%1 ×%2").arg(e.code.isEmpty() ? e.title : e.code).arg(e.count)
                    + (e.currentBoot ? QString() : QStringLiteral(" (earlier boot)")));
            h += QStringLiteral("<tr class=\"%1\"><td><code>%2</code></td><td>%3</td><td><code>%4"
                                "</code></td><td>%5</td><td>%6</td></tr>\n")
                     .arg(g.hasEvents() ? severityName(g.severity) : QStringLiteral("none"),
                          htmlText(g.key), htmlText(g.nameAndSerial()), htmlText(g.uuid),
                          events.join(QLatin1String("<br>")),
                          g.hasEvents() ? QStringLiteral("<span class=\"sev\">%1</span> %2")
                                              .arg(severityName(g.severity), htmlText(g.action))
                                        : QStringLiteral("no events"));
        }
        h += QLatin1String("</table>\n");
    }
    return h;
}

QString htmlBookmarks(const AnalysisResult &result)
{
    QString h;
    if (!result.bookmarks.isEmpty()) {
        h += QLatin1String(
            "<h2>Bookmarks</h2>\n<table>\n<tr><th>Line</th><th>Note</th><th>Text</th></tr>\n");
        for (const Bookmark &b : result.bookmarks)
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td><code>%3</code></td></tr>\n")
                     .arg(htmlText(QStringLiteral("%1:%2").arg(b.path).arg(b.line)),
                          htmlText(b.note), htmlText(b.text));
        h += QLatin1String("</table>\n");
    }
    return h;
}

QString htmlTimeline(const AnalysisResult &result)
{
    QString h;
    if (const QByteArray svg = timelineSvg(result); !svg.isEmpty()) {
        const ChartData chart = timelineChartData(result);
        const bool other = std::any_of(chart.lanes.begin(), chart.lanes.end(), [](const auto &l) {
            return std::any_of(l.points.begin(), l.points.end(),
                               [](const ChartPoint &p) { return p.other; });
        });
        // Hovering is for a browser: print (the PDF) leaves that sentence out.
        h += QLatin1String("<h2>Timeline</h2>\n<figure class=\"timeline\">\n")
             + QString::fromUtf8(svg)
             + QStringLiteral("<figcaption>Findings with a date in their line, one lane per pod "
                              "or file%1.<span class=\"screen-only\"> Hover a mark for the "
                              "finding and its line.</span></figcaption>\n</figure>\n")
                   .arg(other ? QStringLiteral(" (grey marks: error lines no rule matched)")
                              : QString());
    }
    return h;
}

// One finding: comparisons, facts, explanation, resolution, evidence and references.
QString htmlFinding(const Finding &f, const ReportOptions &options)
{
    QString h;
    h += QStringLiteral("<section class=\"finding %1\" id=\"%2\">\n<h3><span "
                        "class=\"sev\">%1</span> %3</h3>\n")
             .arg(severityName(f.severity), findingAnchor(f), htmlText(f.title));
    h += QStringLiteral("<p class=\"muted\">%1 · rule <code>%2</code></p>\n")
             .arg(plural(f.count, u"occurrence", u"occurrences"), htmlText(f.ruleId));
    if (!f.comparisons.isEmpty()) {
        h += QLatin1String("<table class=\"cmp\">\n");
        for (const Comparison &c : f.comparisons)
            h += QStringLiteral("<tr><td>%1</td><td class=\"value\">%2</td><td>%3</td><td "
                                "class=\"value\">%4</td><td>%5</td>"
                                "<td class=\"%6\">%7</td><td>%8</td></tr>\n")
                     .arg(htmlText(c.leftName), htmlText(c.left), htmlText(compareOpName(c.op)),
                          htmlText(c.right), htmlText(c.rightName),
                          c.holds ? QStringLiteral("holds") : QStringLiteral("fails"),
                          c.holds ? QStringLiteral("✓") : QStringLiteral("✗"), htmlText(c.says));
        h += QLatin1String("</table>\n");
        for (const Comparison &c : f.comparisons)
            if (const QString from = comparisonSources(f, c); !from.isEmpty())
                h += QLatin1String("<p class=\"muted\">Read from: ") + htmlText(from)
                     + QLatin1String("</p>\n");
    }
    if (!f.facts.empty()) {
        h += QLatin1String("<table>\n<tr><th>Fact</th><th>Value</th><th>Read from</th></tr>\n");
        for (const auto &[k, v] : f.facts)
            h += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td><td>%3</td></tr>\n")
                     .arg(htmlText(k), htmlText(v), htmlText(factSourceNote(f, k)));
        h += QLatin1String("</table>\n");
    }
    h += paragraphs(f.explain);
    if (!f.resolution.isEmpty())
        h += QStringLiteral("<p><strong>%1:</strong> %2 <code>%3</code></p>\n")
                 .arg(htmlText(resolutionLabel(f.nvidiaResolution)),
                      htmlText(resolutionText(f.resolution)), htmlText(f.resolution));
    if (!f.action.isEmpty())
        h += QLatin1String("<p><strong>What to do:</strong></p>\n") + paragraphs(f.action);
    const int shown = int(std::min<qsizetype>(options.maxEvidence, f.occurrences.size()));
    if (shown > 0) {
        h += QStringLiteral("<details open>\n<summary>Evidence (%1)</summary>\n<pre>")
                 .arg(f.count > shown ? QStringLiteral("first %1 of %2").arg(shown).arg(f.count)
                                      : QString::number(shown));
        for (int i = 0; i < shown; ++i)
            h += htmlText(evidenceLine(f, f.occurrences[i])) + QLatin1Char('\n');
        h += QLatin1String("</pre>\n</details>\n");
    }
    QStringList links;
    for (const Reference &r : f.references)
        if (isWebUrl(r.url))
            links << QStringLiteral("<li><a href=\"%1\" rel=\"noreferrer noopener\">%2</a></li>")
                         .arg(r.url.toHtmlEscaped(), htmlText(r.title));
    if (!links.isEmpty())
        h += QLatin1String("<p><strong>References</strong></p>\n<ul>\n")
             + links.join(QLatin1Char('\n')) + QLatin1String("\n</ul>\n");
    h += QLatin1String("</section>\n");
    return h;
}

QString htmlBundleFacts(const AnalysisResult &result)
{
    QString h;
    if (!result.facts.isEmpty()) {
        h += QLatin1String(
            "<h2>Bundle "
            "facts</h2>\n<table>\n<tr><th>Fact</th><th>Value</th><th>Source</th></tr>\n");
        for (const BundleFact &f : result.facts)
            h += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td><td>%3</td></tr>\n")
                     .arg(htmlText(f.name), htmlText(f.value), htmlText(factSource(f)));
        h += QLatin1String("</table>\n");
    }
    return h;
}

QString htmlInputs(const AnalysisResult &result)
{
    QString h;
    h += QLatin1String("<h2>Inputs</h2>\n<table>\n<tr><th>File</th><th>Label</th><th>Format</"
                       "th><th>Lines</th><th>Bytes</th><th>Problems</th></tr>\n");
    for (const InputInfo &in : result.inputs)
        h += QStringLiteral(
                 "<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td></tr>\n")
                 .arg(htmlText(in.path), htmlText(in.label), htmlText(inputFormatName(in.format)))
                 .arg(in.lines)
                 .arg(in.bytes)
                 .arg(htmlText(in.problems.join(QLatin1String("; "))));
    h += QLatin1String("</table>\n");
    return h;
}

QString htmlUnmatched(const AnalysisResult &result)
{
    QString h;
    if (!result.unmatched.isEmpty()) {
        h += QStringLiteral("<h2>Other notable messages</h2>\n<p>%1 with error words that "
                            "no rule matched, by message shape (&lt;*&gt; marks what varies).</p>\n"
                            "<table>\n<tr><th>Count</th><th>Message</th><th>Files</th>"
                            "<th>Example</th></tr>\n")
                 .arg(plural(result.unmatchedLines, u"line", u"lines"));
        for (const MessageTemplate &t : result.unmatched)
            h += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td><td>%3</td><td>%4:%5<br>"
                                "<code>%6</code></td></tr>\n")
                     .arg(t.count)
                     .arg(htmlText(t.text))
                     .arg(t.fileCount)
                     .arg(htmlText(t.examplePath))
                     .arg(t.exampleLine)
                     .arg(htmlText(t.example));
        h += QLatin1String("</table>\n");
    }
    return h;
}

} // namespace

QByteArray writeHtmlReport(const AnalysisResult &result, const ReportOptions &options)
{
    QString h = htmlHead(result, options);
    h += htmlSummary(result);
    h += htmlGpus(result);
    h += htmlBookmarks(result);
    h += htmlTimeline(result);
    for (const Finding &f : result.findings)
        h += htmlFinding(f, options);
    h += htmlBundleFacts(result);
    h += htmlInputs(result);
    h += htmlUnmatched(result);
    if (!result.problems.isEmpty()) {
        h += QLatin1String("<h2>Problems</h2>\n<ul>\n");
        for (const Error &e : result.problems)
            h += QLatin1String("<li>") + htmlText(e.toString()) + QLatin1String("</li>\n");
        h += QLatin1String("</ul>\n");
    }
    QStringList packs;
    for (const RulePackInfo &p : result.packs)
        packs << QStringLiteral("%1 %2 (%3)")
                     .arg(htmlText(p.pack), htmlText(p.version),
                          plural(p.rules, u"rule", u"rules"));
    h += QLatin1String("<p class=\"muted\">Rule packs: ") + packs.join(QLatin1String(", "))
         + QLatin1String("</p>\n");
    h += QLatin1String("</body>\n</html>\n");
    return h.toUtf8();
}

} // namespace gputriage
