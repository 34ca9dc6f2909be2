#pragma once

#include "rules/ruleset.h"

#include <QList>
#include <QString>

#include <vector>

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

// How a container or collector carries one message line (CRI, docker json-file, journald,
// kubectl --prefix, a box, colours): `wrap` takes the message and gives the line as written.
struct LineForm
{
    const char *name;
    QString (*wrap)(const QString &message);
};
const std::vector<LineForm> &containerForms();

// Runs every rule's embedded examples: a line rule against that rule alone, a bundle rule
// with all rules over the example as one document. A line rule's example of one line that
// matches must match, with the same facts, in each of `forms` too (the message taken out of
// whatever prefix the example was written with).
QList<ExampleResult> runExamples(const RuleSet &rules,
                                 const std::vector<LineForm> &forms = containerForms());

} // namespace gputriage
