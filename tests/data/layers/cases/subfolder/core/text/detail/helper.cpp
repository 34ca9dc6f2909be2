#include "report/finding.h"

int helper(const Finding &finding)
{
    return finding.matcher.document.lines.value;
}
