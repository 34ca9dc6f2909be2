#pragma once

#include "engine/finding.h"

#include <QByteArray>

namespace gputriage {

// The findings' occurrences on one time axis, one lane per pod/container or file, as an SVG
// picture (self-contained, every text escaped): an engineer sees the Xid burst on the node
// before the pod's restarts. Empty when fewer than one occurrence has a date.
QByteArray timelineSvg(const AnalysisResult &result, int width = 960);

} // namespace gputriage
