#include "report/jsonreport.h"

#include "report/textreport.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace gputriage {

namespace {

QJsonObject factsObject(const Facts &facts)
{
    QJsonObject o;
    for (const auto &[k, v] : facts)
        o.insert(k, v);
    return o;
}

// A finding with its comparisons, occurrences and references.
QJsonObject findingJson(const Finding &f)
{
    QJsonArray comparisons;
    for (const Comparison &c : f.comparisons) {
        QJsonObject o{{QStringLiteral("left"), c.left},
                      {QStringLiteral("op"), compareOpName(c.op)},
                      {QStringLiteral("right"), c.right},
                      {QStringLiteral("holds"), c.holds},
                      {QStringLiteral("says"), c.says}};
        if (!c.leftName.isEmpty())
            o.insert(QStringLiteral("left_fact"), c.leftName);
        if (!c.rightName.isEmpty())
            o.insert(QStringLiteral("right_fact"), c.rightName);
        if (!c.leftSource.isEmpty())
            o.insert(QStringLiteral("left_source"), c.leftSource);
        if (!c.rightSource.isEmpty())
            o.insert(QStringLiteral("right_source"), c.rightSource);
        comparisons.append(o);
    }
    QJsonArray occurrences;
    for (const Occurrence &o : f.occurrences) {
        QJsonObject occ{{QStringLiteral("path"), o.path},
                        {QStringLiteral("line"), o.line},
                        {QStringLiteral("end_line"), o.endLine},
                        {QStringLiteral("text"), o.text}};
        if (!o.facts.empty())
            occ.insert(QStringLiteral("facts"), factsObject(o.facts));
        if (!o.time.isEmpty())
            occ.insert(QStringLiteral("time"), o.time);
        occurrences.append(occ);
    }
    QJsonArray refs;
    for (const Reference &r : f.references)
        refs.append(
            QJsonObject{{QStringLiteral("title"), r.title}, {QStringLiteral("url"), r.url}});
    QJsonObject finding{{QStringLiteral("rule"), f.ruleId},
                        {QStringLiteral("pack"), f.pack},
                        {QStringLiteral("title"), f.title},
                        {QStringLiteral("severity"), severityName(f.severity)},
                        {QStringLiteral("count"), f.count},
                        {QStringLiteral("facts"), factsObject(f.facts)},
                        {QStringLiteral("comparisons"), comparisons},
                        {QStringLiteral("occurrences"), occurrences},
                        {QStringLiteral("explain"), f.explain},
                        {QStringLiteral("action"), f.action},
                        {QStringLiteral("tags"), QJsonArray::fromStringList(f.tags)},
                        {QStringLiteral("references"), refs}};
    if (!f.group.empty())
        finding.insert(QStringLiteral("group"), factsObject(f.group));
    if (!f.resolution.isEmpty()) {
        finding.insert(QStringLiteral("resolution"), f.resolution);
        finding.insert(QStringLiteral("resolution_by"),
                       f.nvidiaResolution ? QStringLiteral("nvidia") : QStringLiteral("gputriage"));
    }
    if (!f.investigate.isEmpty())
        finding.insert(QStringLiteral("investigate"), f.investigate);
    if (!f.factSources.empty())
        finding.insert(QStringLiteral("fact_sources"), factsObject(f.factSources));
    return finding;
}

QJsonObject gpuJson(const GpuVerdict &g)
{
    QJsonArray events;
    for (const GpuEvent &e : g.events) {
        QJsonObject o{{QStringLiteral("rule"), e.rule},
                      {QStringLiteral("title"), e.title},
                      {QStringLiteral("severity"), severityName(e.severity)},
                      {QStringLiteral("count"), e.count},
                      {QStringLiteral("bursts"), e.bursts},
                      {QStringLiteral("boots"), e.boots},
                      {QStringLiteral("current_boot"), e.currentBoot}};
        for (const auto &[key, value] :
             {std::pair("code", &e.code), std::pair("resolution", &e.resolution),
              std::pair("first_time", &e.firstTime), std::pair("last_time", &e.lastTime)})
            if (!value->isEmpty())
                o.insert(QLatin1String(key), *value);
        events.append(o);
    }
    QJsonObject gpu{{QStringLiteral("bus_id"), g.key},
                    {QStringLiteral("severity"), severityName(g.severity)},
                    {QStringLiteral("events"), events},
                    {QStringLiteral("recurred_after_reboots"), g.recurredAfterReboots}};
    for (const auto &[key, value] :
         {std::pair("uuid", &g.uuid), std::pair("name", &g.name), std::pair("serial", &g.serial),
          std::pair("resolution", &g.resolution), std::pair("action", &g.action)})
        if (!value->isEmpty())
            gpu.insert(QLatin1String(key), *value);
    return gpu;
}

QJsonObject summaryJson(const AnalysisResult &result)
{
    QJsonObject summary;
    for (Severity s : {Severity::Info, Severity::Warning, Severity::Error, Severity::Critical})
        summary.insert(severityName(s), result.countOf(s));
    summary.insert(QStringLiteral("nvidia_error_lines"),
                   QJsonObject{{QStringLiteral("total"), result.nvidiaErrorLines()},
                               {QStringLiteral("explained"), result.nvidiaExplainedLines},
                               {QStringLiteral("unrecognised"), result.nvidiaUnrecognisedLines}});
    return summary;
}

QJsonArray problemsJson(const QList<Error> &errors)
{
    QJsonArray problems;
    for (const Error &e : errors) {
        QJsonObject o{{QStringLiteral("path"), e.file}, {QStringLiteral("message"), e.message}};
        if (e.line > 0)
            o.insert(QStringLiteral("line"), e.line);
        if (e.warning)
            o.insert(QStringLiteral("level"), QStringLiteral("note"));
        problems.append(o);
    }
    return problems;
}

} // namespace

QJsonObject inputJson(const InputInfo &in)
{
    return QJsonObject{{QStringLiteral("path"), in.path},
                       {QStringLiteral("label"), in.label},
                       {QStringLiteral("format"), inputFormatName(in.format)},
                       {QStringLiteral("lines"), in.lines},
                       {QStringLiteral("bytes"), in.bytes},
                       {QStringLiteral("problems"), QJsonArray::fromStringList(in.problems)}};
}

QJsonObject jsonReport(const AnalysisResult &result, const ReportOptions &options)
{
    QJsonObject root;
    root.insert(QStringLiteral("schema"), QStringLiteral("gputriage/report/v1"));
    root.insert(QStringLiteral("tool"),
                QJsonObject{{QStringLiteral("name"), QStringLiteral("gputriage")},
                            {QStringLiteral("version"), QStringLiteral(GPUTRIAGE_VERSION)}});
    root.insert(QStringLiteral("generated"), options.generated.toUTC().toString(Qt::ISODate));

    QJsonArray packs;
    for (const RulePackInfo &p : result.packs)
        packs.append(QJsonObject{{QStringLiteral("pack"), p.pack},
                                 {QStringLiteral("version"), p.version},
                                 {QStringLiteral("rules"), p.rules}});
    root.insert(QStringLiteral("rule_packs"), packs);

    QJsonArray inputs;
    for (const InputInfo &in : result.inputs)
        inputs.append(inputJson(in));
    root.insert(QStringLiteral("inputs"), inputs);

    QJsonArray findings;
    for (const Finding &f : result.findings)
        findings.append(findingJson(f));
    root.insert(QStringLiteral("findings"), findings);

    QJsonArray facts;
    for (const BundleFact &f : result.facts)
        facts.append(QJsonObject{{QStringLiteral("name"), f.name},
                                 {QStringLiteral("value"), f.value},
                                 {QStringLiteral("path"), f.path},
                                 {QStringLiteral("line"), f.line},
                                 {QStringLiteral("rule"), f.rule},
                                 {QStringLiteral("count"), f.count}});
    root.insert(QStringLiteral("facts"), facts);

    QJsonArray gpus;
    for (const GpuVerdict &g : result.gpus)
        gpus.append(gpuJson(g));
    root.insert(QStringLiteral("gpus"), gpus);
    if (!result.bookmarks.isEmpty()) {
        QJsonArray bookmarks;
        for (const Bookmark &b : result.bookmarks)
            bookmarks.append(QJsonObject{{QStringLiteral("path"), b.path},
                                         {QStringLiteral("line"), b.line},
                                         {QStringLiteral("text"), b.text},
                                         {QStringLiteral("note"), b.note}});
        root.insert(QStringLiteral("bookmarks"), bookmarks);
    }

    root.insert(QStringLiteral("summary"), summaryJson(result));

    root.insert(QStringLiteral("problems"), problemsJson(result.problems));
    if (!result.unmatched.isEmpty()) {
        QJsonArray templates;
        for (const MessageTemplate &t : result.unmatched)
            templates.append(
                QJsonObject{{QStringLiteral("template"), t.text},
                            {QStringLiteral("count"), t.count},
                            {QStringLiteral("files"), QJsonArray::fromStringList(t.files)},
                            {QStringLiteral("file_count"), t.fileCount},
                            {QStringLiteral("example"), t.example},
                            {QStringLiteral("example_path"), t.examplePath},
                            {QStringLiteral("example_line"), t.exampleLine}});
        root.insert(QStringLiteral("unmatched"),
                    QJsonObject{{QStringLiteral("lines"), result.unmatchedLines},
                                {QStringLiteral("templates"), templates}});
    }
    return root;
}

QByteArray writeJsonReport(const AnalysisResult &result, const ReportOptions &options)
{
    QByteArray json = QJsonDocument(jsonReport(result, options)).toJson(QJsonDocument::Indented);
    // Bidirectional controls as \u escapes: the same strings, but a viewer of the file does
    // not show them reordered. One pass: each is U+061C (D8 9C) or a three-byte U+20xx (E2 ..).
    QByteArray out;
    const char *const begin = json.constData(), *const end = begin + json.size();
    const char *copied = begin;
    for (const char *p = begin; p < end; ++p) {
        const auto lead = static_cast<unsigned char>(*p);
        if (lead != 0xD8 && lead != 0xE2)
            continue;
        char16_t u = 0;
        int length = 0;
        if (lead == 0xD8 && end - p >= 2 && static_cast<unsigned char>(p[1]) == 0x9C) {
            u = 0x061C;
            length = 2;
        } else if (lead == 0xE2 && end - p >= 3) {
            const auto b1 = static_cast<unsigned char>(p[1]), b2 = static_cast<unsigned char>(p[2]);
            if ((b1 & 0xC0) == 0x80 && (b2 & 0xC0) == 0x80) {
                u = char16_t(0x2000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
                length = 3;
            }
        }
        if (!length || !isBidiControl(u))
            continue;
        if (out.isEmpty())
            out.reserve(json.size() + 64);
        out.append(copied, p - copied);
        char escape[7];
        std::snprintf(escape, sizeof escape, "\\u%04x", unsigned(u));
        out.append(escape, 6);
        p += length - 1;
        copied = p + 1;
    }
    if (copied == begin)
        return json;
    out.append(copied, end - copied);
    return out;
}

} // namespace gputriage
