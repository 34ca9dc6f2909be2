#pragma once

#include "engine/chunklines.h"
#include "engine/finding.h"
#include "rules/rule.h"
#include "rules/ruleset.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace gputriage {

class LogDocument;

// Finds rule hits. A multi-pattern prefilter (vectorscan on ASCII text, else RE2::Set) picks
// candidate rules per line; only those run their own RE2 for the exact match and captures.
// Thread-safe once built.
class Matcher
{
public:
    explicit Matcher(const std::vector<Rule> &rules);
    // `codeTexts`: printed texts of return codes that make a line worth a look (for the
    // vocabularies) without any error word, such as Vocabulary::selfNamedTexts().
    Matcher(const std::vector<Rule> &rules, const QStringList &codeTexts);
    // A matcher with its own compiled programs: RE2 shares one DFA cache per object behind a
    // lock, so each worker thread matching with its own copy scales with the cores.
    std::unique_ptr<Matcher> clone() const;
    ~Matcher();

    const std::vector<Rule> &rules() const { return m_rules; }
    // What the rules cost the matcher (patterns too large for one set: split, slower), as
    // warnings on the rules at fault.
    const QList<Diagnostic> &diagnostics() const { return m_diagnostics; }

    // Matches lines [first, last) of `doc`; windows may read past `last` for wrapped text.
    // `notable`, when given, receives the lines no rule's pattern matched (a match a condition
    // dropped still explains its line) that contain error words ("error", "failed", "timeout",
    // …), for the message catalogs and the unknown-message templates; `explained`, when given,
    // the lines with error words that a rule's pattern did match.
    void match(const LogDocument &doc,
               int first,
               int last,
               std::vector<LineMatch> &out,
               std::vector<int> *notable = nullptr,
               std::vector<int> *explained = nullptr) const;
    // Convenience for rule examples and tests: all hits in a text.
    std::vector<LineMatch> matchText(const QString &text) const;
    // What `notable` lines are found by (an RE2 pattern): error words, or the prefix of an
    // NVIDIA kernel module whose messages are catalogued.
    static const std::string &notablePattern();
    // Whether `line` says an error word or a code text of this matcher (a notable line may
    // only have a kernel module's prefix).
    bool hasErrorWords(std::string_view line) const;

private:
    struct Sets;
    class ChunkScan; // matchLines' work on one chunk (matcher.cpp)
    Matcher(const std::vector<Rule> &rules,
            const Sets *shareFastFrom,
            const std::string &errorWords);
    // The steps of the constructor: the RE2 sets planned, and the raw prefilters built.
    void planSets(const std::string &errorWords);
    void buildRawPrefilters();
    // The fast path of match(): only the lines where the raw prefilter says a match may begin
    // are matched (with the lines around them normalized). False when it cannot be taken (no
    // raw prefilter, or a run of partial records open before the chunk): nothing was matched.
    bool matchMayBegin(const LogDocument &doc,
                       int first,
                       int last,
                       int end,
                       int behind,
                       std::vector<std::string> &normalized,
                       std::vector<LineMatch> &out,
                       std::vector<int> *notable,
                       std::vector<int> *explained) const;
    // Normalizes lines [first - behind, end) into `normalized`, joining partial records onto
    // the record they continue; `marks`, when given, gets the lines to match (see matchLines):
    // every line, but kJoinedAway for one whose text was joined onto an earlier line.
    void normalizeJoined(const LogDocument &doc,
                         int first,
                         int end,
                         int behind,
                         std::vector<std::string> &normalized,
                         std::vector<char> *marks = nullptr) const;
    // Matches lines [begin, begin + count) of `normalized`; line `begin` is document line
    // `firstLine`. Lines before `begin` are context for requires/absent conditions. `only`, when
    // given, marks the lines to match (the others are context). `fast`: candidates come from
    // the vectorscan databases (built), else from RE2::Set. `doc` holds the raw lines (a wrapped
    // message is told from the next record by them).
    void matchLines(const LogDocument &doc,
                    const ChunkLines &normalized,
                    size_t begin,
                    int firstLine,
                    int count,
                    std::vector<LineMatch> &out,
                    std::vector<int> *notable,
                    std::vector<int> *explained,
                    const std::vector<char> *only,
                    bool fast) const;
    // The vectorscan line databases, from the cache or (`compile`) compiled; false when they
    // are not in the cache and not to be compiled.
    bool fastReady(bool compile) const;
    void reportSplit();
    // The pattern of a set entry: a rule's, or the error words' (-1).
    const std::string &setPattern(int ruleIndex) const;
    bool nearbyHolds(const Rule &rule, const ChunkLines &lines, size_t at, size_t extra) const;

    std::vector<Rule> m_rules;
    std::unique_ptr<Sets> m_sets;
    QList<Diagnostic> m_diagnostics;
    bool m_wrap = true; // match messages wrapped over lines (off: GPUTRIAGE_NO_WRAP, to measure)
    int m_lookahead = 0;
    int m_lookbehind = 0;
};

} // namespace gputriage
