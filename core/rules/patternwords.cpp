#include "rules/patternwords.h"

#include <re2/filtered_re2.h>

#include <algorithm>
#include <map>
#include <set>

namespace gputriage {

namespace {

constexpr int kMinAtom = 3; // FilteredRE2 ignores shorter literals (they filter nothing)
constexpr size_t kMinWord = 3;

// The ASCII letter-and-digit words of a lowercased atom, of at least kMinWord bytes.
std::vector<std::string> wordsOf(const std::string &atom)
{
    std::vector<std::string> words;
    std::string word;
    for (const char c : atom + ' ') {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            word.push_back(c);
            continue;
        }
        if (word.size() >= kMinWord)
            words.push_back(word);
        word.clear();
    }
    return words;
}

// Words in nearly every line of some log format (CRI and docker prefixes, the keys of logfmt and
// Go's slog: "level=… source=… msg=…") or of most logs:
// left out of a clause that has other words, so they do not make every line a candidate.
bool isCommonWord(const std::string &w)
{
    static const std::set<std::string> common{
        "stdout",  "stderr", "std",    "out", "err", "log", "stream", "time", "info",
        "version", "level",  "source", "msg", "the", "and", "for",    "with", "this"};
    return common.count(w) > 0;
}

// What the raw text of a line must hold for one pattern to match it: any of the returned
// clauses, each a set of words that must all be there. FilteredRE2 gives the pattern's atoms
// and a monotone AND/OR formula over them (one filter per pattern: shared by many, an atom
// such as "nvrm: xid (" is pruned from them as too common). The clauses are the formula's
// minimal passing sets of atoms, found by shrinking and then excluding each member in turn
// (every other minimal set lacks one of them); atoms without a word count as present. Empty
// when the pattern passes without any word, or has too many such sets to list.
PatternClauses clausesFromPattern(const std::string &pattern, const RE2::Options &options)
{
    re2::FilteredRE2 filter(kMinAtom);
    int id = 0;
    if (filter.Add(pattern, options, &id) != RE2::NoError)
        return {};
    std::vector<std::string> atoms;
    filter.Compile(&atoms);
    std::vector<int> wordless, worded;
    std::vector<std::vector<std::string>> words;
    for (size_t a = 0; a < atoms.size(); ++a) {
        words.push_back(wordsOf(atoms[a]));
        (words.back().empty() ? wordless : worded).push_back(int(a));
    }
    auto passes = [&](const std::vector<int> &present) {
        std::vector<int> all = wordless, passed;
        all.insert(all.end(), present.begin(), present.end());
        std::sort(all.begin(), all.end());
        filter.AllPotentials(all, &passed);
        return !passed.empty();
    };
    if (passes({}))
        return {};
    std::set<std::vector<int>> terms, explored;
    int budget = 2000;
    std::function<bool(const std::vector<int> &)> explore = [&](const std::vector<int> &excluded) {
        if (!explored.insert(excluded).second)
            return true;
        if (--budget < 0)
            return false;
        std::vector<int> term;
        for (int a : worded)
            if (!std::binary_search(excluded.begin(), excluded.end(), a))
                term.push_back(a);
        if (!passes(term))
            return true;
        for (size_t i = 0; i < term.size();) {
            std::vector<int> smaller = term;
            smaller.erase(smaller.begin() + std::ptrdiff_t(i));
            if (passes(smaller))
                term = std::move(smaller);
            else
                ++i;
        }
        terms.insert(term);
        for (int t : term) {
            std::vector<int> next = excluded;
            next.insert(std::upper_bound(next.begin(), next.end(), t), t);
            if (!explore(next))
                return false;
        }
        return true;
    };
    if (!explore({}))
        return {};
    std::vector<std::vector<std::string>> clauses;
    for (const std::vector<int> &term : terms) {
        std::vector<std::string> clause;
        for (int a : term)
            clause.insert(clause.end(), words[size_t(a)].begin(), words[size_t(a)].end());
        std::sort(clause.begin(), clause.end());
        clause.erase(std::unique(clause.begin(), clause.end()), clause.end());
        if (!std::all_of(clause.begin(), clause.end(), isCommonWord))
            std::erase_if(clause, isCommonWord);
        clauses.push_back(std::move(clause));
    }
    return clauses;
}

// The `n` words of a clause to look for: uncommon and long ones first (fewer and longer words
// make the scan faster, and a line needs all the words of a clause, so any of them will do).
std::vector<std::string> bestWordsOf(std::vector<std::string> clause, size_t n)
{
    std::sort(clause.begin(), clause.end(), [](const auto &x, const auto &y) {
        return std::tuple(!isCommonWord(x), x.size(), y)
               > std::tuple(!isCommonWord(y), y.size(), x);
    });
    clause.resize(std::min(clause.size(), n));
    return clause;
}

// The top-level alternatives of a pattern (split at each `|` outside groups and character
// classes), each with the pattern's leading flag group `(?i)` if it has one; one element when
// the pattern has no top-level alternation.
std::vector<std::string> topLevelAlternatives(const std::string &pattern)
{
    std::string flags;
    size_t start = 0;
    if (pattern.rfind("(?", 0) == 0) {
        const size_t close = pattern.find(')');
        if (close != std::string::npos
            && pattern.find_first_not_of("imsU-", 2) == close) { // a flag group, not (?P<...>
            flags = pattern.substr(0, close + 1);
            start = close + 1;
        }
    }
    std::vector<std::string> alternatives;
    std::string current;
    int depth = 0;
    bool inClass = false;
    for (size_t i = start; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size()) {
            current += c;
            current += pattern[++i];
            continue;
        }
        if (inClass) {
            // `]` right after `[` or `[^` is a literal member, not the class's end.
            const bool first = current.ends_with("[") || current.ends_with("[^");
            if (c == ']' && !first)
                inClass = false;
        } else if (c == '[') {
            inClass = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            --depth;
        } else if (c == '|' && depth == 0) {
            alternatives.push_back(flags + current);
            current.clear();
            continue;
        }
        current += c;
    }
    alternatives.push_back(flags + current);
    return alternatives;
}

} // namespace

PatternClauses requiredWords(const std::string &re2, const re2::RE2::Options &options)
{
    PatternClauses clauses = clausesFromPattern(re2, options);
    if (!clauses.empty())
        return clauses;
    // The minimal sets of a pattern with many alternatives can be too many to list at once;
    // each top-level alternative's are few, and the pattern's are their union. An alternative
    // that needs no word still makes every line a candidate.
    const std::vector<std::string> alternatives = topLevelAlternatives(re2);
    if (alternatives.size() < 2)
        return clauses;
    std::set<std::vector<std::string>> all;
    for (const std::string &alternative : alternatives) {
        const PatternClauses own = clausesFromPattern(alternative, options);
        if (own.empty())
            return {};
        all.insert(own.begin(), own.end());
    }
    return PatternClauses(all.begin(), all.end());
}

std::vector<std::string> bestWords(std::vector<std::string> clause, size_t n)
{
    return bestWordsOf(std::move(clause), n);
}

} // namespace gputriage
