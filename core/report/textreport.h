#pragma once

#include "engine/finding.h"
#include "report/reportoptions.h"

#include <QByteArray>

namespace gputriage {

// A terminal report; ANSI colours only when options.color is set.
QByteArray writeTextReport(const AnalysisResult &result, const ReportOptions &options);

// Helpers shared by the human-readable writers.
QString operandText(const QString &name, const QString &value); // "host_driver 570.158.08"
QString stripControl(const QString &text);                      // tabs and newlines become spaces
// Bundle text as one short line: controls removed, blanks collapsed, cut at `max` characters
// with an ellipsis.
QString shortLine(const QString &text, qsizetype max);
// Bidirectional controls (U+202A-U+202E, U+2066-U+2069, LRM, RLM, ALM) shown as <U+202E>: text
// from a bundle cannot reorder what a report shows (Trojan Source). stripControl applies it.
QString bidiVisible(const QString &text);
inline constexpr char16_t kBidiControls[] = {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C,
                                             0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069};
bool isBidiControl(char16_t u);
// For a terminal: control characters other than newline and tab are shown as \x1b, \x9b ...,
// and bidirectional controls as <U+202E>, so text from a bundle can neither drive the terminal
// (titles, screen clears, hidden links) nor reorder what is shown (Trojan Source).
QString terminalSafe(const QString &text);
bool isWebUrl(const QString &url);
// Bundle text for HTML: control characters removed, then escaped.
QString htmlText(const QString &text);
// "path:line: text [facts]" with whitespace runs collapsed; facts only when one differs
// from the finding's own.
QString evidenceLine(const Finding &finding, const Occurrence &occurrence);
// Where a comparison's facts were read, when that is not the finding's first evidence line:
// "host_driver from a.log:12; min_driver from table cuda-min-driver row 12.8 (…)", or empty.
QString comparisonSources(const Finding &finding, const Comparison &comparison);
// Where a finding's fact was read, when that is not the finding's first evidence line, or empty.
QString factSourceNote(const Finding &finding, const QString &fact);
// A stable id for a finding's section (rule id plus its group values), for links in reports.
QString findingAnchor(const Finding &finding);
// Where a bundle fact was seen: "path:line", or the path alone for facts from the layout.
QString factSource(const BundleFact &fact);

} // namespace gputriage
