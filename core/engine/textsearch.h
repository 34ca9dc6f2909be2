#pragma once

#include "result.h"

#include <atomic>
#include <vector>

namespace gputriage {

class LogDocument;

struct SearchQuery
{
    QString text;
    bool regex = false;
    bool caseSensitive = false;
};

// Lines of `doc` (0-based, ascending) whose raw text contains the query. RE2 keeps regex
// searches linear. Stops early (returning what it found) when `cancel` becomes true.
Result<std::vector<int>> searchLines(const LogDocument &doc,
                                     const SearchQuery &query,
                                     const std::atomic<bool> *cancel = nullptr);

} // namespace gputriage
