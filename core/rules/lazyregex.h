#pragma once

#include <memory>
#include <string>

namespace re2 {
class RE2;
}

namespace gputriage {

// A rule's RE2 program, compiled the first time a line needs it: a report's lines are
// candidates for a few of a pack's rules, and compiling all of them was a sixth of a report's
// time. The pattern text and program size are known without compiling (the rule cache keeps
// them). Copies share one program; compiling is thread-safe. Every rule pattern is compiled
// with the same options (ruleRegexOptions() in ruleregexoptions.h).
class LazyRegex
{
public:
    LazyRegex() = default;
    // A pattern the loader has compiled already (to check it).
    explicit LazyRegex(std::shared_ptr<const re2::RE2> compiled);
    // A pattern known to compile (read back from the cache), with its program size.
    LazyRegex(std::string pattern, int programSize);

    explicit operator bool() const { return m_state != nullptr; }
    const std::string &pattern() const;
    int programSize() const;
    // Compiles on first use. Must not be called on an empty LazyRegex.
    const re2::RE2 &get() const;
    const re2::RE2 &operator*() const { return get(); }
    const re2::RE2 *operator->() const { return &get(); }
    // The same pattern with a program of its own, not compiled yet (for another thread, whose
    // matches then never wait on the first thread's DFA cache lock).
    LazyRegex unshared() const;

private:
    struct State;
    std::shared_ptr<State> m_state;
};

} // namespace gputriage
