#include "text/fixture.h"

namespace fixture {

// modernize-use-nullptr: 0 for a null pointer.
int countNonEmpty(const std::string *items, int count)
{
    const std::string *none = 0;
    int n = 0;
    for (int i = 0; i < count; ++i)
        if (!items[i].empty())
            ++n;
    return firstOrNone(items, count) != none ? n : 0;
}

} // namespace fixture
