#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>
#include <QJsonObject>

namespace gputriage {

// The `gputriage/report/v1` document (see docs/report.schema.json).
QJsonObject jsonReport(const AnalysisResult &result, const ReportOptions &options);
QByteArray writeJsonReport(const AnalysisResult &result, const ReportOptions &options);
// One entry of its "inputs", and of its "facts" (the case library keeps the same).
QJsonObject inputJson(const InputInfo &input);
QJsonObject factJson(const BundleFact &fact);

} // namespace gputriage
