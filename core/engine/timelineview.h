#pragma once

#include "engine/finding.h"
#include "engine/timeline.h"

#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

namespace gputriage {

class LogDocument;

// The shortest path suffix ("pytorch.log", "pod-a/0.log") that tells each document apart.
QStringList shortNames(const std::vector<std::shared_ptr<const LogDocument>> &docs);

} // namespace gputriage
