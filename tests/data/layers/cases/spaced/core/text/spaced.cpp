#  include "engine/matcher.h"

int spaced(const Matcher &matcher)
{
    return matcher.document.lines.value;
}
