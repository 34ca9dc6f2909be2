#pragma once

#include "rules/rule.h"

#include <QColor>

namespace gputriage {

// The one colour of each severity, for text and (with alpha) for tinting lines.
QColor severityColor(Severity severity, int alpha = 255);

// Search hits in the log view (text on them is drawn dark, in light and dark themes).
QColor searchHitColor();
QColor searchCurrentColor(); // the hits on the current line

} // namespace gputriage
