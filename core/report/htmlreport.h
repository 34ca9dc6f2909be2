#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>

namespace gputriage {

// One self-contained HTML file: inline CSS (light and dark via prefers-color-scheme, print
// friendly), no scripts, evidence in <details>. Everything from the bundle is escaped and only
// http(s) links are written.
QByteArray writeHtmlReport(const AnalysisResult &result, const ReportOptions &options);

} // namespace gputriage
