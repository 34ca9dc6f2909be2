#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>

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

// The test data folder, with a slash: `builtIn` (the source tree's), or GPUTRIAGE_TESTDATA to
// score another checkout's corpus (a branch's excerpts and bundles) with this build.
inline QString corpusRoot(const QString &builtIn)
{
    QString root = qEnvironmentVariable("GPUTRIAGE_TESTDATA", builtIn);
    return root.endsWith(u'/') ? root : root + u'/';
}

} // namespace gputriage::test
