#include "rules/lazyregex.h"

#include "rules/ruleloader.h"
#include "rules/ruleregexoptions.h"

#include <mutex>

namespace gputriage {

RE2::Options ruleRegexOptions()
{
    RE2::Options options;
    options.set_log_errors(false);
    // A huge pattern fails to compile instead of growing.
    options.set_max_mem(RuleLoader::kMaxRegexMemory);
    return options;
}

struct LazyRegex::State
{
    std::string pattern;
    int programSize = 0;
    std::once_flag once;
    std::shared_ptr<const RE2> regex;
};

LazyRegex::LazyRegex(std::shared_ptr<const RE2> compiled)
    : m_state(std::make_shared<State>())
{
    m_state->pattern = compiled->pattern();
    m_state->programSize = compiled->ProgramSize();
    std::call_once(m_state->once, [&] { m_state->regex = std::move(compiled); });
}

LazyRegex::LazyRegex(std::string pattern, int programSize)
    : m_state(std::make_shared<State>())
{
    m_state->pattern = std::move(pattern);
    m_state->programSize = programSize;
}

const std::string &LazyRegex::pattern() const
{
    return m_state->pattern;
}

int LazyRegex::programSize() const
{
    return m_state->programSize;
}

const RE2 &LazyRegex::get() const
{
    State &s = *m_state;
    std::call_once(s.once,
                   [&s] { s.regex = std::make_shared<const RE2>(s.pattern, ruleRegexOptions()); });
    return *s.regex;
}

LazyRegex LazyRegex::unshared() const
{
    return m_state ? LazyRegex(m_state->pattern, m_state->programSize) : LazyRegex();
}

} // namespace gputriage
