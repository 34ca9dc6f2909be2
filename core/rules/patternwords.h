#pragma once

#include <re2/re2.h>

#include <string>
#include <vector>

namespace gputriage {

// The words of 3+ ASCII letters or digits that every match of a pattern must contain, from
// RE2's FilteredRE2 atoms: one clause per alternative, all of a clause's words together.
// Empty when a text without any such word can match. Normalization never splits or changes
// these words, so the raw bytes of a line hold them too (the engine's RawPrefilter looks for
// them; the rule loader warns about a pattern that has none).
using PatternClauses = std::vector<std::vector<std::string>>;
PatternClauses requiredWords(const std::string &re2, const re2::RE2::Options &options);
// The `n` words of a clause that filter best (longest and least common first).
std::vector<std::string> bestWords(std::vector<std::string> clause, size_t n);

} // namespace gputriage
