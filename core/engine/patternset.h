#pragma once

#include <re2/re2.h>
#include <re2/set.h>

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gputriage {

// Which of many patterns match a text, like RE2::Set, but never failing as a whole: patterns
// whose programs together pass RE2's memory limit are split over several sets, and a pattern
// too big for a set of its own is run by itself. Indices are those add() gave, whatever part
// holds a pattern. Thread-safe once compiled; the sets are built on the first match() (a run
// whose lines the vectorscan databases serve needs none).
class PatternSet
{
public:
    explicit PatternSet(const RE2::Options &options);
    ~PatternSet();
    PatternSet(PatternSet &&) noexcept;
    PatternSet &operator=(PatternSet &&) noexcept;

    // The pattern's index, or -1 when RE2 cannot take it. `size`: its program's size as a regex
    // of its own (RE2::ProgramSize()), to group patterns into sets that fit.
    // `parses`: the pattern is known to parse with these options (a rule's, checked when its
    // file loaded), so the probe that RE2::Set::Add would fail on is skipped.
    int add(const std::string &pattern, int size, bool parses = false);
    // False without patterns. Patterns go into sets in order, a new one where the sizes would
    // pass RE2's limit (planned now, compiled on first use); a set that still fails is halved,
    // and so on.
    bool compile();
    // The same split as `other`, without trying again: compiled on the first match(), when
    // `other` (which must outlive this set) is compiled too.
    bool compileLike(const PatternSet &other);

    // True when the patterns' sizes do not fit one set.
    bool isSplit() const { return m_groups.size() > 1; }
    int partCount() const { return int(m_groups.size()); }

    // The indices of the patterns matching `text`, in no particular order.
    void match(std::string_view text, std::vector<int> &hits) const;

private:
    struct Part
    {
        std::unique_ptr<RE2::Set> set;
        std::vector<int> indices; // set index → pattern index
    };
    struct Alone
    {
        int index;
        std::unique_ptr<RE2> regex; // not ok(): always a candidate, the rule's own regex decides
    };
    // Compiles patterns `indices` as one set, or splits them.
    void compileSplit(const std::vector<int> &indices) const;
    std::unique_ptr<RE2::Set> compiled(const std::vector<int> &indices) const;
    // The planned groups, compiled once.
    void build() const;
    void buildLike(const PatternSet &other) const;

    RE2::Options m_options;
    std::vector<std::string> m_patterns;
    std::vector<int> m_sizes;
    std::vector<std::vector<int>> m_groups;
    std::unique_ptr<std::once_flag> m_built = std::make_unique<std::once_flag>();
    mutable std::vector<Part> m_parts;
    mutable std::vector<Alone> m_alone;
    const PatternSet *m_like = nullptr; // compileLike()
};

} // namespace gputriage
