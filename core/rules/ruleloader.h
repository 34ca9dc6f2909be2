#pragma once

#include "rules/ruleset.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace gputriage {

// Reads `gputriage/rules/v1` YAML into a RuleSet. Never throws: every problem becomes a
// Diagnostic with file:line:col, and a bad rule is left out without affecting the others.
class RuleLoader
{
public:
    static constexpr qsizetype kMaxRuleFileBytes = qsizetype(8) << 20;
    static constexpr int64_t kMaxRegexMemory = int64_t(8) << 20; // per pattern (RE2 max_mem)

    explicit RuleLoader(RuleSet &into)
        : m_set(into)
    {}

    void loadText(const QByteArray &yaml, const QString &fileName, bool user = false);
    void loadFile(const QString &path, bool user = false);
    // A file, or a folder searched recursively for *.yaml / *.yml (tables included).
    void loadPath(const QString &path, bool user = false);

    // Shipped rules: $GPUTRIAGE_RULES_DIR, next to the binary (build tree), or <prefix>/share.
    static QString shippedRulesDir();
    // User rules: $XDG_CONFIG_HOME/gputriage/rules.
    static QString userRulesDir();

private:
    RuleSet &m_set;
};

// After loading: user rules replace shipped ones of the same id, link names become references,
// and what rules say about other rules, facts and tables is checked.
void finishRules(RuleSet &set);

// The rule `id` of the pack text `yaml` as a "rules:" list item of its own, with the pack's
// anchors and aliases (*gpu-uuid) written out, so it loads on its own (an override of a shipped
// rule). Comments are not kept. Empty when the text has no such rule.
QByteArray standaloneRuleYaml(const QByteArray &yaml, const QString &id);

// Loads the default packs (shipped + user, unless `defaults` is false) plus `extraPaths`.
RuleSet loadRules(const QStringList &extraPaths, bool defaults = true);

} // namespace gputriage
