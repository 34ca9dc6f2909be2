#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>
#include <QStringList>

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
const ReportFormatInfo *reportFormat(const QString &id);
const ReportFormatInfo *reportFormatOfSuffix(const QString &suffix); // "htm" is HTML too

// The formats core writes itself (text, json, markdown, html).
QStringList textReportFormats();
// Writes `format`; empty for an unknown format or PDF.
QByteArray
writeReport(const AnalysisResult &result, const QString &format, const ReportOptions &options);

} // namespace gputriage
