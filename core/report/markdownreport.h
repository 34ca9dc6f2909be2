#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>

namespace gputriage {

// Markdown for tickets (GitHub/GitLab): summary table, one section per finding, evidence in
// fenced blocks. Text from the bundle is escaped; fences are longer than any backtick run.
QByteArray writeMarkdownReport(const AnalysisResult &result, const ReportOptions &options);

// One finding's section, also what the GUI copies to the clipboard.
QString markdownFinding(const Finding &finding, const ReportOptions &options);

QString markdownEscape(const QString &text);
QString markdownFence(const QStringList &lines);

} // namespace gputriage
