#pragma once

#include "engine/finding.h"
#include "rules/rule.h"

#include <optional>

namespace gputriage {

// Masks what identifies a customer in evidence lines: IPv4/IPv6 and MAC addresses, e-mail
// addresses, host names with a domain, and secrets (bearer tokens, key=value secrets, long
// hex/base64 strings). Versions, PCI bus ids and GPU UUIDs are kept.
QString redact(const QString &text);

// The result as a report shows it: findings below `minSeverity` left out, and evidence
// redacted when asked.
AnalysisResult
reportView(const AnalysisResult &result, std::optional<Severity> minSeverity, bool redactEvidence);

} // namespace gputriage
