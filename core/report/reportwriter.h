#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>
#include <QStringList>

namespace gputriage {

// The formats core can write ("pdf" is rendered by the UI layer from "html").
QStringList textReportFormats();
// Writes `format` (text, json, markdown, html); empty for an unknown format.
QByteArray
writeReport(const AnalysisResult &result, const QString &format, const ReportOptions &options);

} // namespace gputriage
