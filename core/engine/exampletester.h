#pragma once

#include "rules/ruleset.h"

#include <QList>
#include <QString>

namespace gputriage {

struct ExampleResult
{
    QString ruleId;
    QString file;
    int line = 0;  // where the example is written
    int index = 0; // 1-based within the rule
    bool passed = false;
    QString message; // why it failed, or what matched
};

// Runs every rule's embedded examples: a line rule against that rule alone, a bundle rule
// with all rules over the example as one document.
QList<ExampleResult> runExamples(const RuleSet &rules);

} // namespace gputriage
