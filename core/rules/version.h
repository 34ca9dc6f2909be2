#pragma once

#include "rules/rule.h"

#include <QStringView>

namespace gputriage {

// Compares dotted versions segment by segment as numbers (`12.10` > `12.9`); missing segments
// count as 0 (`12.4` == `12.4.0`); a non-numeric tail (`-rc1`) compares as text after them.
// Returns <0, 0 or >0.
int compareVersions(QStringView a, QStringView b);

bool evaluate(QStringView left, CompareOp op, QStringView right);

} // namespace gputriage
