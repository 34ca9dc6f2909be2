#pragma once

#include "rules/patternwords.h"

#include <QByteArray>

#include <re2/re2.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gputriage {

class LogDocument;

// Vectorscan (Hyperscan API) prefilter over a list of RE2 patterns: scan() reports, for one
// ASCII text, a superset of the patterns that RE2 would find in it (HS_FLAG_PREFILTER), and
// every pattern vectorscan cannot take is always reported. Without vectorscan at build time,
// available() is false and callers use RE2::Set. The compiled database is kept in the
// DiskCache.
class FastPrefilter
{
public:
    // Use: read from the cache, else compiled and stored; Only: unavailable unless cached.
    enum class Cache { Off, Use, Only };
    explicit FastPrefilter(const std::vector<std::string> &re2Patterns, Cache cache = Cache::Use);
    ~FastPrefilter();
    FastPrefilter(const FastPrefilter &) = delete;
    FastPrefilter &operator=(const FastPrefilter &) = delete;

    bool available() const { return m_database != nullptr; }
    // Appends the indices (into the constructor's list) of possibly matching patterns; false
    // when it could not scan (then the caller must use its exact set).
    bool scan(std::string_view text, std::vector<int> &hits) const;
    // The same for a text with non-ASCII characters: each is scanned as one stand-in byte that
    // every pattern atom taking such a character takes too (patterns of ASCII text without
    // Unicode, byte or octal escapes). False when it cannot (other patterns, invalid UTF-8, a
    // character that case-folds to an ASCII letter): then the caller must use its exact set.
    bool scanNonAscii(std::string_view text, std::vector<int> &hits) const;
    // Patterns that vectorscan could not compile (always reported by scan()).
    const std::vector<int> &alwaysReported() const { return m_always; }

    static bool builtWithVectorscan();

private:
    struct Database;
    void compile(const std::vector<std::string> &re2Patterns);
    Database *m_database = nullptr;
    std::vector<int> m_always;
    bool m_standIns = false; // scanNonAscii() may be used
};

// Finds, in the raw bytes of a run of log lines (before normalization), the lines where a
// rule may begin to match, so only those and their context are normalized and matched. For
// every pattern, RE2's FilteredRE2 gives the literal atoms a match must contain; each atom is
// cut into its ASCII letter-and-digit words, which normalization (prefixes, frames, whitespace,
// docker JSON) never splits or changes, so they are in the raw line too and one case-blind
// vectorscan pass over the whole run finds them. Lines whose raw bytes normalization could
// rewrite inside a word (ANSI escapes, non-ASCII bytes, JSON \u escapes) are always taken.
// A pattern of more than one line may begin up to its span before the line of its word.
class RawPrefilter
{
public:
    // What a line must hold for a pattern to match in it: all the words of one clause.
    using Clauses = PatternClauses;
    struct Pattern
    {
        Clauses clauses; // from clausesOf()
        bool spanning = false;
        bool wrappable = true; // its text may be wrapped over lines (see kMayBeginWrapped)
        int span = 1;          // the lines a window pattern's window holds
    };
    RawPrefilter(const std::vector<Pattern> &patterns, int maxSpan);
    // The same, kept in the DiskCache under `inputs` (all that `patterns()` is made from: the
    // patterns' text and options, their kinds); `patterns()` is called only to build it.
    RawPrefilter(const QByteArray &inputs,
                 const std::function<std::vector<Pattern>()> &patterns,
                 int maxSpan);
    ~RawPrefilter();
    RawPrefilter(const RawPrefilter &) = delete;
    RawPrefilter &operator=(const RawPrefilter &) = delete;

    // False without vectorscan, or when a pattern has no clauses.
    bool available() const { return m_database != nullptr; }
    // The words of 3+ letters or digits that `re2` spells out, as clauses; empty when a text
    // without any of them can match (then no rule pack holding it can use this prefilter).
    static Clauses clausesOf(const std::string &re2, const re2::RE2::Options &options);
    // Sets starts[i - from] for lines i of [from, to): kMayBegin where a match may begin,
    // kMayBeginWrapped where a wrappable pattern may begin a match that a wrap at a blank
    // carries over to the next kWrapLines - 1 lines (its words are on those lines), 0 where
    // neither; and kSpanningNear where a window pattern's word is on the line or the lines its
    // window reaches (no window pattern's match begins on a line without it). False when the
    // lines hold a CRI partial line (the caller then normalizes them all, to join the parts) or
    // vectorscan failed.
    static constexpr char kMayBegin = 1, kMayBeginWrapped = 2, kSpanningNear = 8;
    static constexpr int kWrapLines = 8;
    // How many lines before a marked line the matcher looks for the start of a wrapped match.
    static constexpr int kWrapBack = 2;
    // Anchored: one pass over every line for one word of each clause, then the clauses' other
    // words only around the lines it found; EveryWord: one pass for all the words. The same
    // result; Auto takes the one that was faster on the last lines scanned.
    enum class Scan { Auto, Anchored, EveryWord };
    bool startLines(const LogDocument &doc,
                    int from,
                    int to,
                    std::vector<char> &starts,
                    Scan scan = Scan::Auto) const;

    // What `inputs` of the constructor says of a pattern.
    static QByteArray cacheInputs(const std::string &pattern,
                                  const re2::RE2::Options &o,
                                  bool spanning,
                                  bool wrappable,
                                  int span);

private:
    static constexpr uint8_t kSingle = 1, kSpanning = 2;
    struct Database;
    void compile(const std::vector<Pattern> &patterns);
    QByteArray payload() const;
    bool restore(const QByteArray &payload);
    const Database *anchors() const;       // null when vectorscan refuses them
    QByteArray anchorInputs() const;       // its DiskCache key
    Database *m_database = nullptr;        // every word
    mutable Database *m_anchors = nullptr; // the anchors and the words of window patterns
    mutable std::once_flag m_anchorsOnce;
    std::vector<std::string> m_anchorWords;      // its vectorscan ids
    std::vector<uint8_t> m_anchorKinds;          // its vectorscan id → kSingle | kSpanning
    std::vector<char> m_wordAnchors;             // vectorscan id → an anchor
    static constexpr int kSparse = 64;           // anchored below one anchor line in kSparse
    mutable std::atomic<bool> m_sparse{false};   // the last lines scanned had few anchors
    std::vector<uint8_t> m_wordKinds;            // vectorscan id → kSingle | kSpanning
    std::vector<uint8_t> m_wordSpans;            // vectorscan id → its window patterns' span
    std::vector<uint8_t> m_anchorSpans;          // the same for the anchors' ids
    std::vector<std::vector<int>> m_wordClauses; // word → clauses of one-line patterns
    std::vector<int> m_clauseSizes;              // clause → how many words it needs
    std::vector<char> m_clauseWrappable;         // clause → of a wrappable pattern
    bool m_spanning = false;
    int m_maxSpan = 1;

    // The steps of startLines() after its first pass.
    using Hits = std::vector<std::pair<int, int>>; // line, word of a clause
    struct LineWords
    {
        int line;
        size_t begin, end; // its distinct words: hits[begin, end)
    };
    int anchorLinesIn(const Hits &hits) const;
    bool scanNearAnchors(
        const LogDocument &doc, int from, int to, std::vector<int> &anchors, Hits &hits) const;
    void markCompleteClauses(Hits &hits,
                             int from,
                             std::vector<char> &starts,
                             std::vector<int> &counts,
                             std::vector<LineWords> &lineWords) const;
    void markWrappedClauses(const Hits &hits,
                            const std::vector<LineWords> &lineWords,
                            int from,
                            std::vector<char> &starts,
                            std::vector<int> &counts) const;
};

} // namespace gputriage
