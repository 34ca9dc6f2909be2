#pragma once

#include <re2/re2.h>

namespace gputriage {

// The options every rule pattern is compiled with: by the loader, from the cache, and lazily.
RE2::Options ruleRegexOptions();

} // namespace gputriage
