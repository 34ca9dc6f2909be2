#include "report/reportwriter.h"

#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/textreport.h"

#include <algorithm>

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

const ReportFormatInfo &reportFormatInfo(ReportFormat format)
{
    return *std::find_if(std::begin(kFormats), std::end(kFormats),
                         [format](const ReportFormatInfo &f) { return f.format == format; });
}

std::optional<ReportFormat> reportFormatOfId(const QString &id)
{
    for (const ReportFormatInfo &f : kFormats)
        if (id == QLatin1String(f.id))
            return f.format;
    return std::nullopt;
}

std::optional<ReportFormat> reportFormatOfSuffix(const QString &suffix)
{
    const QString lower = suffix.toLower();
    if (lower == QLatin1String("htm"))
        return ReportFormat::Html;
    for (const ReportFormatInfo &f : kFormats)
        if (lower == QLatin1String(f.suffix))
            return f.format;
    return std::nullopt;
}

QString reportFormatId(ReportFormat format)
{
    return QString::fromLatin1(reportFormatInfo(format).id);
}

QString reportFormatSuffix(ReportFormat format)
{
    return QString::fromLatin1(reportFormatInfo(format).suffix);
}

QString reportFormatChoices(std::initializer_list<ReportFormat> formats)
{
    QStringList ids;
    for (ReportFormat f : formats)
        ids << reportFormatId(f);
    const QString last = ids.isEmpty() ? QString() : ids.takeLast();
    return ids.isEmpty() ? last : ids.join(QLatin1String(", ")) + QLatin1String(" or ") + last;
}

bool isTextReportFormat(ReportFormat format)
{
    return std::ranges::find(kTextReportFormats, format) != kTextReportFormats.end();
}

QByteArray
writeReport(const AnalysisResult &result, ReportFormat format, const ReportOptions &options)
{
    const ReportFormatInfo &f = reportFormatInfo(format);
    return f.write ? f.write(result, options) : QByteArray();
}

} // namespace gputriage
