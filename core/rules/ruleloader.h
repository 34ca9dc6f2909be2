#pragma once

#include "rules/ruleset.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

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
    // `yaml` is read in place of the file at `path` wherever that file loads (the rule
    // editor's unsaved text); finish() loads it at the end if no folder held the file.
    void replaceFile(const QString &path, const QByteArray &yaml);
    void finish();

    // Shipped rules: $GPUTRIAGE_RULES_DIR, next to the binary (build tree), or <prefix>/share.
    static QString shippedRulesDir();
    // User rules: $XDG_CONFIG_HOME/gputriage/rules.
    static QString userRulesDir();

private:
    static QByteArray cacheInputs(const QString &fileName, bool user, const QByteArray &yaml);
    // Reads back, in parallel, the files of `files` the DiskCache holds.
    void prefetch(const QStringList &files, bool user);

    RuleSet &m_set;
    QString m_replacedPath; // absolute
    QByteArray m_replacement;
    bool m_replaced = false;
    std::map<QByteArray, RuleSet> m_prefetched; // by path and cache inputs
};

// After loading: user rules replace shipped ones of the same id, link names become references,
// and what rules say about other rules, facts and tables is checked.
void finishRules(RuleSet &set);

// The rule `id` of the pack text `yaml` as a "rules:" list item of its own, with the pack's
// anchors and aliases (*gpu-uuid) written out, so it loads on its own (an override of a shipped
// rule). Comments are not kept. Empty when the text has no such rule.
QByteArray standaloneRuleYaml(const QByteArray &yaml, const QString &id);

// What the rule editor has in place of a file: its text, not yet saved.
struct RuleFileText
{
    QString path;
    QByteArray yaml;
};

// Loads the default packs (shipped + user, unless `defaults` is false) plus `extraPaths`;
// with `replacing`, its text stands for that file, as the rules will load once it is saved.
RuleSet loadRules(const QStringList &extraPaths,
                  bool defaults = true,
                  const std::optional<RuleFileText> &replacing = std::nullopt);

} // namespace gputriage
