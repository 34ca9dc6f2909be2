#include "report/jsonreport.h"

#include "report/jsonwriter.h"
#include "report/textreport.h"

namespace gputriage {

namespace {

JsonObject factsObject(const Facts &facts)
{
    JsonObject o;
    for (const auto &[k, v] : facts)
        o.insert(k, v);
    return o;
}

// A finding with its comparisons, occurrences and references.
JsonObject findingJson(const Finding &f)
{
    JsonArray comparisons;
    for (const Comparison &c : f.comparisons) {
        JsonObject o{{QStringLiteral("left"), c.left},
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
        comparisons.append(std::move(o));
    }
    JsonArray occurrences;
    for (const Occurrence &o : f.occurrences) {
        JsonObject occ{{QStringLiteral("path"), o.path},
                       {QStringLiteral("line"), o.line},
                       {QStringLiteral("end_line"), o.endLine},
                       {QStringLiteral("text"), o.text}};
        if (!o.facts.empty())
            occ.insert(QStringLiteral("facts"), factsObject(o.facts));
        if (!o.time.isEmpty())
            occ.insert(QStringLiteral("time"), o.time);
        occurrences.append(std::move(occ));
    }
    JsonArray refs;
    for (const Reference &r : f.references)
        refs.append(JsonObject{{QStringLiteral("title"), r.title}, {QStringLiteral("url"), r.url}});
    JsonObject finding{{QStringLiteral("rule"), f.ruleId},
                       {QStringLiteral("pack"), f.pack},
                       {QStringLiteral("title"), f.title},
                       {QStringLiteral("severity"), severityName(f.severity)},
                       {QStringLiteral("count"), f.count},
                       {QStringLiteral("facts"), factsObject(f.facts)},
                       {QStringLiteral("explain"), f.explain},
                       {QStringLiteral("action"), f.action},
                       {QStringLiteral("tags"), JsonArray::fromStringList(f.tags)},
                       {QStringLiteral("references"), std::move(refs)}};
    // (Moved in: an initializer list would copy the occurrences.)
    finding.insert(QStringLiteral("comparisons"), std::move(comparisons));
    finding.insert(QStringLiteral("occurrences"), std::move(occurrences));
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

JsonObject gpuJson(const GpuVerdict &g)
{
    JsonArray events;
    for (const GpuEvent &e : g.events) {
        JsonObject o{{QStringLiteral("rule"), e.rule},
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
        events.append(std::move(o));
    }
    JsonObject gpu{{QStringLiteral("bus_id"), g.key},
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

JsonObject summaryJson(const AnalysisResult &result)
{
    JsonObject summary;
    for (Severity s : {Severity::Info, Severity::Warning, Severity::Error, Severity::Critical})
        summary.insert(severityName(s), result.countOf(s));
    summary.insert(QStringLiteral("nvidia_error_lines"),
                   JsonObject{{QStringLiteral("total"), result.nvidiaErrorLines()},
                              {QStringLiteral("explained"), result.nvidiaExplainedLines},
                              {QStringLiteral("unrecognised"), result.nvidiaUnrecognisedLines}});
    return summary;
}

JsonArray problemsJson(const QList<Error> &errors)
{
    JsonArray problems;
    for (const Error &e : errors) {
        JsonObject o{{QStringLiteral("path"), e.file}, {QStringLiteral("message"), e.message}};
        if (e.line > 0)
            o.insert(QStringLiteral("line"), e.line);
        if (e.warning)
            o.insert(QStringLiteral("level"), QStringLiteral("note"));
        problems.append(std::move(o));
    }
    return problems;
}

JsonObject factTree(const BundleFact &f)
{
    return JsonObject{{QStringLiteral("name"), f.name}, {QStringLiteral("value"), f.value},
                      {QStringLiteral("path"), f.path}, {QStringLiteral("line"), f.line},
                      {QStringLiteral("rule"), f.rule}, {QStringLiteral("count"), f.count}};
}

JsonObject inputTree(const InputInfo &in)
{
    return JsonObject{{QStringLiteral("path"), in.path},
                      {QStringLiteral("label"), in.label},
                      {QStringLiteral("format"), inputFormatName(in.format)},
                      {QStringLiteral("lines"), in.lines},
                      {QStringLiteral("bytes"), in.bytes},
                      {QStringLiteral("problems"), JsonArray::fromStringList(in.problems)}};
}

JsonObject reportTree(const AnalysisResult &result, const ReportOptions &options)
{
    JsonObject root;
    root.insert(QStringLiteral("schema"), QStringLiteral("gputriage/report/v1"));
    root.insert(QStringLiteral("tool"),
                JsonObject{{QStringLiteral("name"), QStringLiteral("gputriage")},
                           {QStringLiteral("version"), QStringLiteral(GPUTRIAGE_VERSION)}});
    root.insert(QStringLiteral("generated"), options.generated.toUTC().toString(Qt::ISODate));

    JsonArray packs;
    for (const RulePackInfo &p : result.packs)
        packs.append(JsonObject{{QStringLiteral("pack"), p.pack},
                                {QStringLiteral("version"), p.version},
                                {QStringLiteral("rules"), p.rules}});
    root.insert(QStringLiteral("rule_packs"), packs);

    JsonArray inputs;
    for (const InputInfo &in : result.inputs)
        inputs.append(inputTree(in));
    root.insert(QStringLiteral("inputs"), inputs);

    JsonArray findings;
    for (const Finding &f : result.findings)
        findings.append(findingJson(f));
    root.insert(QStringLiteral("findings"), findings);

    JsonArray facts;
    for (const BundleFact &f : result.facts)
        facts.append(factTree(f));
    root.insert(QStringLiteral("facts"), facts);

    JsonArray gpus;
    for (const GpuVerdict &g : result.gpus)
        gpus.append(gpuJson(g));
    root.insert(QStringLiteral("gpus"), gpus);
    if (!result.bookmarks.isEmpty()) {
        JsonArray bookmarks;
        for (const Bookmark &b : result.bookmarks)
            bookmarks.append(JsonObject{{QStringLiteral("path"), b.path},
                                        {QStringLiteral("line"), b.line},
                                        {QStringLiteral("text"), b.text},
                                        {QStringLiteral("note"), b.note}});
        root.insert(QStringLiteral("bookmarks"), bookmarks);
    }

    root.insert(QStringLiteral("summary"), summaryJson(result));

    root.insert(QStringLiteral("problems"), problemsJson(result.problems));
    if (!result.unmatched.isEmpty()) {
        JsonArray templates;
        for (const MessageTemplate &t : result.unmatched)
            templates.append(
                JsonObject{{QStringLiteral("template"), t.text},
                           {QStringLiteral("count"), t.count},
                           {QStringLiteral("files"), JsonArray::fromStringList(t.files)},
                           {QStringLiteral("file_count"), t.fileCount},
                           {QStringLiteral("example"), t.example},
                           {QStringLiteral("example_path"), t.examplePath},
                           {QStringLiteral("example_line"), t.exampleLine}});
        root.insert(QStringLiteral("unmatched"),
                    JsonObject{{QStringLiteral("lines"), result.unmatchedLines},
                               {QStringLiteral("templates"), templates}});
    }
    return root;
}

} // namespace

QJsonObject inputJson(const InputInfo &input)
{
    return inputTree(input).toQJson();
}

QJsonObject factJson(const BundleFact &fact)
{
    return factTree(fact).toQJson();
}

QJsonObject jsonReport(const AnalysisResult &result, const ReportOptions &options)
{
    return reportTree(result, options).toQJson();
}

QByteArray writeJsonReport(const AnalysisResult &result, const ReportOptions &options)
{
    return reportTree(result, options).toJson(JsonObject::Escape::BidiControls);
}

} // namespace gputriage
