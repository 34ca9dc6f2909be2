#pragma once

#include <string_view>

namespace gputriage {

// A character of a word as RE2's \w and \b read it: ASCII letters, digits and '_'.
inline bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls `f` with each run of word characters of `text`, in order, until it returns true;
// returns whether one did.
template<typename F>
bool anyWord(std::string_view text, F f)
{
    for (size_t i = 0; i < text.size();) {
        if (!isWordChar(text[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && isWordChar(text[j]))
            ++j;
        if (f(text.substr(i, j - i)))
            return true;
        i = j;
    }
    return false;
}

} // namespace gputriage
