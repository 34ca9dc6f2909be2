#include "report/reportwriter.h"

#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/textreport.h"

namespace gputriage {

namespace {
constexpr ReportFormatInfo kFormats[] = {
    {ReportFormat::Html, "html", "html", "HTML (one self-contained file)", writeHtmlReport},
    {ReportFormat::Markdown, "markdown", "md", "Markdown (tickets: GitHub, GitLab, Jira)",
     writeMarkdownReport},
    {ReportFormat::Pdf, "pdf", "pdf", "PDF", nullptr},
    {ReportFormat::Json, "json", "json", "JSON (gputriage/report/v1)", writeJsonReport},
    {ReportFormat::Text, "text", "txt", "Plain text", writeTextReport},
};
} // namespace

std::span<const ReportFormatInfo> reportFormats()
{
    return kFormats;
}

const ReportFormatInfo *reportFormat(const QString &id)
{
    for (const ReportFormatInfo &f : kFormats)
        if (id == QLatin1String(f.id))
            return &f;
    return nullptr;
}

const ReportFormatInfo *reportFormatOfSuffix(const QString &suffix)
{
    const QString lower = suffix.toLower();
    if (lower == QLatin1String("htm"))
        return reportFormat(QStringLiteral("html"));
    for (const ReportFormatInfo &f : kFormats)
        if (lower == QLatin1String(f.suffix))
            return &f;
    return nullptr;
}

QStringList textReportFormats()
{
    // The CLI's order of old: text first.
    return {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
            QStringLiteral("html")};
}

QByteArray
writeReport(const AnalysisResult &result, const QString &format, const ReportOptions &options)
{
    const ReportFormatInfo *f = reportFormat(format);
    return f && f->write ? f->write(result, options) : QByteArray();
}

} // namespace gputriage
