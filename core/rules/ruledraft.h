#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <string_view>

namespace gputriage {

// A rule proposed from one log line: the line as rules see it (prefixes, boxes and escapes
// removed), escaped, with the parts that change between occurrences generalized. Versions,
// bus ids, GPU UUIDs and numbers become named captures (facts); timestamps, pids and hex
// values become plain patterns.
struct RuleDraft
{
    QString id;                       // "user.nvrm-xid-pci", from the line's first words
    QString title;                    // the line, shortened
    QString pattern;                  // RE2 syntax, matched against normalized lines
    std::map<QString, QString> facts; // capture name → value in the given line
    QString line;                     // the normalized line

    // A complete rule file (schema, pack "user", the rule with an example of the line) to edit.
    QByteArray yaml() const;
};

RuleDraft draftRuleFromLine(std::string_view rawLine);

} // namespace gputriage
