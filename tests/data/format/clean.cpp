// Formatted as .clang-format asks: the format check passes.
#include <string>

namespace fixture {

int lengthOf(const std::string &text)
{
    return static_cast<int>(text.size());
}

} // namespace fixture
