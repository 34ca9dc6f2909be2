#pragma once

#include <string>

namespace fixture {

// performance-unnecessary-value-param, in a header of core/ that a source includes.
inline bool isEmpty(const std::string *items, int count, std::string separator)
{
    return count == 0 || (items[0].empty() && separator.empty());
}

inline const std::string *firstOrNone(const std::string *items, int count)
{
    return count > 0 ? items : nullptr;
}

} // namespace fixture
