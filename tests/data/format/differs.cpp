// Not formatted as .clang-format asks (indentation, braces, spacing): the format check fails.
#include <string>

namespace fixture {

int lengthOf( const std::string& text ) {
  return static_cast<int>( text.size() );
}

} // namespace fixture
