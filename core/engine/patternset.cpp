#include "engine/patternset.h"

#include "timings.h"

#include <QtGlobal>

#include <algorithm>

namespace gputriage {

PatternSet::PatternSet(const RE2::Options &options)
    : m_options(options)
{}

PatternSet::~PatternSet() = default;
PatternSet::PatternSet(PatternSet &&) noexcept = default;
PatternSet &PatternSet::operator=(PatternSet &&) noexcept = default;

int PatternSet::add(const std::string &pattern, int size, bool parses)
{
    // A set of its own tells whether RE2 can take the pattern, as RE2::Set::Add does.
    if (!parses) {
        RE2::Set probe(m_options, RE2::UNANCHORED);
        if (probe.Add(pattern, nullptr) < 0)
            return -1;
    }
    m_patterns.push_back(pattern);
    m_sizes.push_back(size);
    return int(m_patterns.size()) - 1;
}

std::unique_ptr<RE2::Set> PatternSet::compiled(const std::vector<int> &indices) const
{
    auto set = std::make_unique<RE2::Set>(m_options, RE2::UNANCHORED);
    for (int i : indices)
        set->Add(m_patterns[size_t(i)], nullptr);
    return set->Compile() ? std::move(set) : nullptr;
}

void PatternSet::compileSplit(const std::vector<int> &indices) const
{
    if (auto set = compiled(indices)) {
        m_parts.push_back({std::move(set), indices});
        return;
    }
    if (indices.size() == 1) {
        const int i = indices.front();
        m_alone.push_back({i, std::make_unique<RE2>(m_patterns[size_t(i)], m_options)});
        return;
    }
    const auto middle = indices.begin() + std::ptrdiff_t(indices.size() / 2);
    compileSplit(std::vector<int>(indices.begin(), middle));
    compileSplit(std::vector<int>(middle, indices.end()));
}

bool PatternSet::compile()
{
    m_parts.clear();
    m_alone.clear();
    m_groups.clear();
    m_like = nullptr;
    m_built = std::make_unique<std::once_flag>();
    if (m_patterns.empty())
        return false;
    // RE2 allows a program of max_mem / 4 bytes, 8 or 16 of them an instruction: half of that,
    // so the sets seldom fail (a failed compilation costs as much as one that works).
    const qint64 budget = std::max<qint64>(m_options.max_mem() / 64, 1);
    std::vector<int> group;
    qint64 used = 0;
    for (int i = 0; i < int(m_patterns.size()); ++i) {
        if (!group.empty() && used + m_sizes[size_t(i)] > budget) {
            m_groups.push_back(std::move(group));
            group.clear();
            used = 0;
        }
        group.push_back(i);
        used += m_sizes[size_t(i)];
    }
    m_groups.push_back(std::move(group));
    return true;
}

void PatternSet::build() const
{
    std::call_once(*m_built, [this] {
        const PhaseTimer timer("compile RE2 sets");
        if (m_like) {
            buildLike(*m_like);
            return;
        }
        for (const std::vector<int> &group : m_groups)
            compileSplit(group);
    });
}

bool PatternSet::compileLike(const PatternSet &other)
{
    m_parts.clear();
    m_alone.clear();
    m_groups = other.m_groups;
    m_built = std::make_unique<std::once_flag>();
    m_like = nullptr;
    if (m_patterns.empty()) {
        std::call_once(*m_built, [] {}); // nothing to compile
        return false;
    }
    m_like = &other; // compiled on the first match(), as the original is
    return true;
}

void PatternSet::buildLike(const PatternSet &other) const
{
    other.build();
    for (const Part &p : other.m_parts) {
        auto set = compiled(p.indices);
        if (!set) { // cannot happen with the same patterns and options; be safe anyway
            for (int i : p.indices)
                m_alone.push_back({i, std::make_unique<RE2>(m_patterns[size_t(i)], m_options)});
            continue;
        }
        m_parts.push_back({std::move(set), p.indices});
    }
    for (const Alone &a : other.m_alone)
        m_alone.push_back({a.index, std::make_unique<RE2>(m_patterns[size_t(a.index)], m_options)});
}

void PatternSet::match(std::string_view text, std::vector<int> &hits) const
{
    build();
    hits.clear();
    const re2::StringPiece piece(text.data(), text.size());
    thread_local std::vector<int> partHits;
    for (const Part &p : m_parts) {
        RE2::Set::ErrorInfo error{};
        std::vector<int> &into = m_parts.size() == 1 && m_alone.empty() ? hits : partHits;
        if (!p.set->Match(piece, &into, &error) && error.kind == RE2::Set::kOutOfMemory) {
            // The DFA ran out of memory on this text: every pattern of the part is a candidate
            // (each rule's own regex then decides), rather than none.
            into.clear();
            hits.insert(hits.end(), p.indices.begin(), p.indices.end());
            continue;
        }
        if (&into == &hits)
            return; // one set of all patterns in order: its indices are the patterns'
        for (int h : partHits)
            hits.push_back(p.indices[size_t(h)]);
    }
    for (const Alone &a : m_alone)
        if (!a.regex->ok() || RE2::PartialMatch(piece, *a.regex))
            hits.push_back(a.index);
}

} // namespace gputriage
