#pragma once

#include "rules/ruleset.h"

#include <QByteArray>

#include <optional>

namespace gputriage {

// What one rule, table or catalog file adds to a RuleSet (rules, packs, tables, catalogs,
// links), as bytes for the DiskCache: reading them back is many times faster than YAML. Only
// files that loaded without a diagnostic are kept. Patterns are kept as text with their program
// size and group names, and compiled when first needed (LazyRegex).
QByteArray serializeRuleFile(const RuleSet &part);
// Null when the bytes do not make a whole part; `file` is the file read, which every file field
// of the part names (the bytes are the same wherever the file is).
std::optional<RuleSet> deserializeRuleFile(const QByteArray &bytes, const QString &file);
// The layout's version: part of the cache key, so files of another layout are not looked up.
int ruleFileLayoutVersion();

} // namespace gputriage
