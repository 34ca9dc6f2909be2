#pragma once

#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

#include <map>

namespace gputriage::test {

// A corpus's `conditions:`: each condition key with the rule ids that recognise it.
using ConditionMap = std::map<QString, QStringList>;

// Adds the `conditions:` of a corpus file (expected.yaml, conditions.yaml) to `into`: a key
// already there is recognised by the rules of both lists.
inline void readConditions(const QString &file, ConditionMap &into)
{
    const YAML::Node root = YAML::LoadFile(file.toStdString());
    for (const auto &c : root["conditions"]) {
        QStringList &rules = into[QString::fromStdString(c.first.as<std::string>())];
        for (const auto &r : c.second)
            if (const QString rule = QString::fromStdString(r.as<std::string>());
                !rules.contains(rule))
                rules << rule;
    }
}

} // namespace gputriage::test
