#include "bundlediff.h"
#include "plural.h"

#include "report/textreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <map>
#include <set>

namespace gputriage {

namespace {

// One finding per rule and group (one Xid finding per GPU and Xid, for example).
QString key(const Finding &f)
{
    QString k = f.ruleId;
    for (const auto &[name, value] : f.group)
        k += QLatin1Char('\x1f') + name + QLatin1Char('=') + value;
    return k;
}

QString changeName(BundleDiff::Change c)
{
    switch (c) {
    case BundleDiff::Change::New: return QStringLiteral("new");
    case BundleDiff::Change::Gone: return QStringLiteral("gone");
    case BundleDiff::Change::Changed: return QStringLiteral("changed");
    case BundleDiff::Change::Same: break;
    }
    return QStringLiteral("unchanged");
}

QString values(const QStringList &v)
{
    return v.isEmpty() ? QStringLiteral("(none)") : v.join(QLatin1String(", "));
}

QString counts(const BundleDiff::FindingChange &f)
{
    switch (f.change) {
    case BundleDiff::Change::New: return QString::number(f.after);
    case BundleDiff::Change::Gone: return QString::number(f.before);
    default: return QStringLiteral("%1 → %2").arg(f.before).arg(f.after);
    }
}

QString summary(const BundleDiff &d)
{
    return QStringLiteral("%1 new, %2 gone, %3 changed, %4 unchanged; %5 changed")
        .arg(d.count(BundleDiff::Change::New))
        .arg(d.count(BundleDiff::Change::Gone))
        .arg(d.count(BundleDiff::Change::Changed))
        .arg(d.count(BundleDiff::Change::Same))
        .arg(plural(qint64(d.facts.size()), u"fact", u"facts"));
}

QByteArray text(const BundleDiff &d)
{
    QString out = QStringLiteral("GPU Triage: %1 → %2\n%3\n").arg(d.left, d.right, summary(d));
    bool any = false;
    for (const auto &f : d.findings) {
        if (f.change == BundleDiff::Change::Same)
            continue;
        if (!any)
            out += QStringLiteral("\nFindings:\n");
        any = true;
        out += QStringLiteral("  %1 %2 %3  (%4)\n")
                   .arg(changeName(f.change).leftJustified(8),
                        severityName(f.severity).leftJustified(8), stripControl(f.title),
                        counts(f));
    }
    if (d.count(BundleDiff::Change::Same) > 0)
        out += QStringLiteral("\nUnchanged:\n");
    for (const auto &f : d.findings)
        if (f.change == BundleDiff::Change::Same)
            out += QStringLiteral("  %1 %2  (%3)\n")
                       .arg(severityName(f.severity).leftJustified(8), stripControl(f.title),
                            counts(f));
    if (!d.facts.isEmpty())
        out += QStringLiteral("\nFacts:\n");
    for (const auto &f : d.facts)
        out += QStringLiteral("  %1: %2 → %3\n").arg(f.name, values(f.before), values(f.after));
    // Paths, fact names and values come from the bundles: shown, never sent to the terminal.
    return terminalSafe(out).toUtf8();
}

QByteArray json(const BundleDiff &d)
{
    QJsonObject root;
    root[QStringLiteral("schema")] = QStringLiteral("gputriage/diff/v1");
    root[QStringLiteral("left")] = d.left;
    root[QStringLiteral("right")] = d.right;
    QJsonObject sum;
    for (auto c : {BundleDiff::Change::New, BundleDiff::Change::Gone, BundleDiff::Change::Changed,
                   BundleDiff::Change::Same})
        sum[changeName(c)] = d.count(c);
    root[QStringLiteral("summary")] = sum;
    QJsonArray findings;
    for (const auto &f : d.findings)
        findings.append(QJsonObject{{QStringLiteral("change"), changeName(f.change)},
                                    {QStringLiteral("rule"), f.ruleId},
                                    {QStringLiteral("title"), f.title},
                                    {QStringLiteral("severity"), severityName(f.severity)},
                                    {QStringLiteral("count_before"), f.before},
                                    {QStringLiteral("count_after"), f.after}});
    root[QStringLiteral("findings")] = findings;
    QJsonArray facts;
    for (const auto &f : d.facts)
        facts.append(QJsonObject{{QStringLiteral("name"), f.name},
                                 {QStringLiteral("before"), QJsonArray::fromStringList(f.before)},
                                 {QStringLiteral("after"), QJsonArray::fromStringList(f.after)}});
    root[QStringLiteral("facts")] = facts;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString cell(const QString &s)
{
    QString out = stripControl(s);
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    out.replace(QLatin1Char('|'), QLatin1String("\\|"));
    out.replace(QLatin1Char('<'), QLatin1String("&lt;"));
    out.replace(QLatin1Char('`'), QLatin1String("\\`"));
    return out;
}

QByteArray markdown(const BundleDiff &d)
{
    QString out = QStringLiteral("# GPU Triage: what changed\n\n`%1` → `%2`: %3\n")
                      .arg(cell(d.left), cell(d.right), summary(d));
    out += QStringLiteral("\n| Change | Severity | Finding | Occurrences |\n|---|---|---|---|\n");
    for (const auto &f : d.findings)
        if (f.change != BundleDiff::Change::Same)
            out += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                       .arg(changeName(f.change), severityName(f.severity), cell(f.title),
                            counts(f));
    if (d.count(BundleDiff::Change::Same) > 0) {
        out += QStringLiteral(
            "\n**Unchanged**\n\n| Severity | Finding | Occurrences |\n|---|---|---|\n");
        for (const auto &f : d.findings)
            if (f.change == BundleDiff::Change::Same)
                out += QStringLiteral("| %1 | %2 | %3 |\n")
                           .arg(severityName(f.severity), cell(f.title), counts(f));
    }
    if (!d.facts.isEmpty()) {
        out += QStringLiteral("\n| Fact | Before | After |\n|---|---|---|\n");
        for (const auto &f : d.facts)
            out += QStringLiteral("| %1 | %2 | %3 |\n")
                       .arg(cell(f.name), cell(values(f.before)), cell(values(f.after)));
    }
    return out.toUtf8();
}

QByteArray html(const BundleDiff &d)
{
    QString out = QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
        "'unsafe-inline'\">\n<title>GPU Triage: what changed</title>\n<style>\n"
        "body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}\n"
        "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.3em .6em;"
        "text-align:left}\n.new{color:#b3261e}.gone{color:#1e7d32}.changed{color:#9a6700}\n"
        "</style></head><body>\n");
    out += QStringLiteral("<h1>What changed</h1>\n<p><code>%1</code> → <code>%2</code>: %3</p>\n")
               .arg(htmlText(d.left), htmlText(d.right), htmlText(summary(d)));
    out += QStringLiteral("<table><tr><th>Change</th><th>Severity</th><th>Finding</th>"
                          "<th>Occurrences</th></tr>\n");
    for (const auto &f : d.findings)
        if (f.change != BundleDiff::Change::Same)
            out += QStringLiteral("<tr class=\"%1\"><td>%1</td><td>%2</td><td>%3</td><td>%4</td>"
                                  "</tr>\n")
                       .arg(changeName(f.change), severityName(f.severity), htmlText(f.title),
                            htmlText(counts(f)));
    out += QStringLiteral("</table>\n");
    if (d.count(BundleDiff::Change::Same) > 0) {
        out += QStringLiteral("<h2>Unchanged</h2>\n<table><tr><th>Severity</th><th>Finding</th>"
                              "<th>Occurrences</th></tr>\n");
        for (const auto &f : d.findings)
            if (f.change == BundleDiff::Change::Same)
                out += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>\n")
                           .arg(severityName(f.severity), htmlText(f.title), htmlText(counts(f)));
        out += QStringLiteral("</table>\n");
    }
    if (!d.facts.isEmpty()) {
        out += QStringLiteral("<h2>Facts</h2>\n<table><tr><th>Fact</th><th>Before</th>"
                              "<th>After</th></tr>\n");
        for (const auto &f : d.facts)
            out += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>\n")
                       .arg(htmlText(f.name), htmlText(values(f.before)),
                            htmlText(values(f.after)));
        out += QStringLiteral("</table>\n");
    }
    out += QStringLiteral("</body></html>\n");
    return out.toUtf8();
}

} // namespace

int BundleDiff::count(Change change) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const FindingChange &f) { return f.change == change; }));
}

BundleDiff diffResults(const AnalysisResult &left,
                       const AnalysisResult &right,
                       const QString &leftName,
                       const QString &rightName)
{
    BundleDiff d;
    d.left = leftName;
    d.right = rightName;
    std::map<QString, int> before, after; // key → index in findings
    for (qsizetype i = 0; i < left.findings.size(); ++i)
        before[key(left.findings[i])] = int(i);
    for (qsizetype i = 0; i < right.findings.size(); ++i)
        after[key(right.findings[i])] = int(i);
    for (const auto &[k, i] : after) {
        const Finding &f = right.findings[i];
        BundleDiff::FindingChange c{
            BundleDiff::Change::New, f.ruleId, f.title, f.severity, 0, f.count, -1, i};
        if (const auto it = before.find(k); it != before.end()) {
            c.before = left.findings[it->second].count;
            c.left = it->second;
            c.change = c.before == c.after ? BundleDiff::Change::Same : BundleDiff::Change::Changed;
        }
        d.findings.append(c);
    }
    for (const auto &[k, i] : before)
        if (!after.count(k)) {
            const Finding &f = left.findings[i];
            d.findings.append(
                {BundleDiff::Change::Gone, f.ruleId, f.title, f.severity, f.count, 0, i, -1});
        }
    std::stable_sort(d.findings.begin(), d.findings.end(), [](const auto &a, const auto &b) {
        return a.change != b.change ? a.change < b.change : a.severity > b.severity;
    });

    std::map<QString, std::set<QString>> factsBefore, factsAfter;
    for (const BundleFact &f : left.facts)
        factsBefore[f.name].insert(f.value);
    for (const BundleFact &f : right.facts)
        factsAfter[f.name].insert(f.value);
    std::set<QString> names;
    for (const auto &[name, v] : factsBefore)
        names.insert(name);
    for (const auto &[name, v] : factsAfter)
        names.insert(name);
    for (const QString &name : names) {
        const auto &b = factsBefore[name];
        const auto &a = factsAfter[name];
        if (a != b)
            d.facts.append(
                {name, QStringList(b.begin(), b.end()), QStringList(a.begin(), a.end())});
    }
    return d;
}

bool isDiffFormat(ReportFormat format)
{
    return isTextReportFormat(format);
}

QByteArray writeDiff(const BundleDiff &diff, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Text: return text(diff);
    case ReportFormat::Json: return json(diff);
    case ReportFormat::Markdown: return markdown(diff);
    case ReportFormat::Html: return html(diff);
    case ReportFormat::Pdf: break;
    }
    return {};
}

} // namespace gputriage
