#pragma once

#include <QDateTime>
#include <QString>

namespace gputriage {

struct ReportOptions
{
    QDateTime generated;  // UTC; fixed by --deterministic or SOURCE_DATE_EPOCH
    int maxEvidence = 10; // evidence lines per finding in human-readable formats
    bool color = false;   // ANSI colours in the text format
    QString title = QStringLiteral("GPU Triage report");

    // Now, or SOURCE_DATE_EPOCH when set, or the epoch when `deterministic`.
    static QDateTime generationTime(bool deterministic);
};

} // namespace gputriage
