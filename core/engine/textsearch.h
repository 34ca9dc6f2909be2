#pragma once

#include "result.h"
#include "text/linetypes.h"

#include <atomic>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace re2 {
class RE2;
}

namespace gputriage {

class LogDocument;

struct SearchQuery
{
    QString text;
    bool regex = false;
    bool caseSensitive = false;
};

// A compiled query (RE2, so regex searches stay linear); cheap to copy.
class TextSearch
{
public:
    static Result<TextSearch> compile(const SearchQuery &query);
    bool matches(std::string_view line) const;
    // Where the query occurs in `line`: byte offsets [start, end), at most `max` of them.
    std::vector<std::pair<int, int>> spans(std::string_view line, size_t max = 512) const;

private:
    std::shared_ptr<const re2::RE2> m_re;
};

// Lines of `doc` (ascending) whose raw text contains the query. Stops early (returning what it
// found) when `cancel` becomes true.
Result<std::vector<LineNumber>> searchLines(const LogDocument &doc,
                                            const SearchQuery &query,
                                            const std::atomic<bool> *cancel = nullptr);
// The same with a query already compiled.
std::vector<LineNumber> searchLines(const LogDocument &doc,
                                    const TextSearch &search,
                                    const std::atomic<bool> *cancel = nullptr);

// The lines of several documents that hold the query, in document then line order.
struct BundleSearchHit
{
    int doc; // index into the documents searched
    LineNumber line;
};
struct BundleSearch
{
    std::vector<BundleSearchHit> hits;
    bool capped = false; // more than the maximum: the first ones are kept
};
Result<BundleSearch> searchBundle(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                  const SearchQuery &query,
                                  size_t maxHits,
                                  const std::atomic<bool> *cancel = nullptr);

} // namespace gputriage
