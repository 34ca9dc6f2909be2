#include "../engine/matcher.h"

int relative(const Matcher &matcher)
{
    return matcher.document.lines.value;
}
