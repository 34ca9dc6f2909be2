#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>
#include <QStringList>

#include <initializer_list>
#include <optional>
#include <span>

namespace gputriage {

enum class ReportFormat { Html, Markdown, Pdf, Json, Text };

// The one table of report formats: the id the CLI and settings use, the file suffix, a label
// for choosers, and the writer (none for PDF: the UI layer renders it from the HTML report).
struct ReportFormatInfo
{
    ReportFormat format;
    const char *id;
    const char *suffix;
    const char *label;
    QByteArray (*write)(const AnalysisResult &, const ReportOptions &);
};
std::span<const ReportFormatInfo> reportFormats(); // in the order choosers list them
const ReportFormatInfo &reportFormatInfo(ReportFormat format);
std::optional<ReportFormat> reportFormatOfId(const QString &id);         // "html", "markdown", …
std::optional<ReportFormat> reportFormatOfSuffix(const QString &suffix); // "htm" is HTML too
QString reportFormatId(ReportFormat format);
QString reportFormatSuffix(ReportFormat format);
// "text, json, markdown or html": the ids a usage message offers.
QString reportFormatChoices(std::initializer_list<ReportFormat> formats);

// The formats core writes itself, in the CLI's order (text, json, markdown, html).
constexpr std::initializer_list<ReportFormat> kTextReportFormats
    = {ReportFormat::Text, ReportFormat::Json, ReportFormat::Markdown, ReportFormat::Html};
bool isTextReportFormat(ReportFormat format);
// Writes `format`; empty for PDF, which the UI layer renders (renderPdf).
QByteArray
writeReport(const AnalysisResult &result, ReportFormat format, const ReportOptions &options);

} // namespace gputriage
