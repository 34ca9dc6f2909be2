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

// Runs every rule's embedded examples against that rule alone.
QList<ExampleResult> runExamples(const std::vector<Rule> &rules);

} // namespace gputriage
