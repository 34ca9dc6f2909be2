#pragma once

#include "rules/rule.h"

#include <QColor>

namespace gputriage {

// The one colour of each severity, for text and (with alpha) for tinting lines.
QColor severityColor(Severity severity, int alpha = 255);

} // namespace gputriage
