#pragma once

#include "rules/ruleset.h"

#include <QByteArray>

#include <optional>

namespace gputriage {

// What one rule, table or catalog file adds to a RuleSet (rules, packs, tables, catalogs,
// links), as bytes for the DiskCache: reading them back is many times faster than YAML. Only
// files that loaded without a diagnostic are kept. Patterns are kept as text and compiled again.
QByteArray serializeRuleFile(const RuleSet &part);
// Null when the bytes do not make a whole part (or a pattern no longer compiles).
std::optional<RuleSet> deserializeRuleFile(const QByteArray &bytes);

} // namespace gputriage
