// Report writers: a log line reaches reports as evidence, captured facts and a title. Whatever
// it holds, the HTML has no script and no event handler from it, and the JSON parses.
#include "engine/analyzer.h"
#include "report/reportwriter.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

// Captures the rest of any line with "error" or "Xid" in it, and puts it in the title.
const char kRules[] = R"(schema: gputriage/rules/v1
pack: fuzz
version: "1"
rules:
  - id: fuzz.any
    title: "Seen: {what}"
    severity: error
    match:
      pattern: '(?i)(?:error|xid)(?P<what>.*)'
    explain: "Fuzz."
    references: [docs]
links:
  docs: {title: "Docs", url: "https://docs.nvidia.com/"}
)";

const gputriage::Analyzer &analyzer()
{
    static const gputriage::Analyzer instance = [] {
        gputriage::RuleSet set;
        gputriage::RuleLoader(set).loadText(QByteArray(kRules), QStringLiteral("fuzz.yaml"));
        gputriage::finishRules(set);
        if (set.hasErrors() || set.rules.empty()) {
            for (const gputriage::Diagnostic &d : set.diagnostics)
                std::fprintf(stderr, "%s\n", qPrintable(d.toString()));
            std::abort();
        }
        return gputriage::Analyzer(set);
    }();
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto doc = gputriage::LogDocument::fromBytes(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
        QStringLiteral("fuzz.log"));
    gputriage::AnalyzeOptions options;
    options.jobs = 1;
    const gputriage::AnalysisResult result = analyzer().analyze({doc}, options);
    gputriage::ReportOptions reportOptions;
    reportOptions.generated = gputriage::ReportOptions::generationTime(true);

    static const QRegularExpression unsafe(
        QStringLiteral(
            R"((<script|<iframe|<object|<embed|(href|src)\s*=\s*["']?\s*javascript:|<[^>]*\son[a-z]+\s*=))"),
        QRegularExpression::CaseInsensitiveOption);
    const QString html = QString::fromUtf8(writeReport(result, ReportFormat::Html, reportOptions));
    if (unsafe.match(html).hasMatch())
        std::abort();
    if (QJsonDocument::fromJson(writeReport(result, ReportFormat::Json, reportOptions)).isNull())
        std::abort();
    (void)writeReport(result, ReportFormat::Markdown, reportOptions);
    (void)writeReport(result, ReportFormat::Text, reportOptions);
    return 0;
}
