#pragma once

#include "engine/finding.h"
#include "rules/rule.h"

#include <optional>

namespace gputriage {

// What is masked besides what redact() always masks: host names the bundle revealed elsewhere
// (learnHosts), and on request GPU serial numbers and user names in paths.
struct Redaction
{
    QStringList hosts;
    bool serials = false;
    bool userNames = false;
};

// Masks what identifies a customer in evidence lines: IPv4/IPv6 and MAC addresses, e-mail
// addresses, host names (with a domain, in syslog and journal prefixes, shell prompts, NCCL
// prefixes, standard bundle names), and secrets (bearer tokens, key=value secrets, URL
// credentials, cookies, long hex/base64 strings). Versions, PCI bus ids and GPU UUIDs are kept.
QString redact(const QString &text);
QString redact(const QString &text, const Redaction &extra);

// The host names `result` reveals where a host is named by its position (a syslog host field,
// an NCCL prefix, uname, a shell prompt, a must-gather node folder, a sosreport or bug report
// name), to be masked wherever else they appear.
QStringList learnHosts(const AnalysisResult &result);

// The result as a report shows it: findings below `minSeverity` left out, and evidence
// redacted when asked (with the hosts it reveals learnt and added to `extra`).
AnalysisResult reportView(const AnalysisResult &result,
                          std::optional<Severity> minSeverity,
                          bool redactEvidence,
                          const Redaction &extra = {});

} // namespace gputriage
