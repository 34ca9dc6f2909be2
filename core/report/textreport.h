#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>

namespace gputriage {

// A terminal report; ANSI colours only when options.color is set.
QByteArray writeTextReport(const AnalysisResult &result, const ReportOptions &options);

// Helpers shared by the human-readable writers.
QString operandText(const QString &name, const QString &value); // "host_driver 570.158.08"
QString stripControl(const QString &text);
bool isWebUrl(const QString &url);

} // namespace gputriage
