#pragma once

#include "engine/finding.h"
#include "report/reportwriter.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace gputriage {

// What a report export writes, as chosen in the export dialog (and remembered in Settings).
struct ExportSettings
{
    ReportFormat format = ReportFormat::Html;
    std::optional<Severity> minSeverity;
    int maxEvidence = 10;
    bool redact = false;
    bool unmatched = false; // the "Other notable messages" section
    QString title = QStringLiteral("GPU Triage report");

    QString suffix() const; // "html", "md", …
};

// The report's bytes for `settings` (PDF rendered from the HTML report).
QByteArray renderReport(const AnalysisResult &result, const ExportSettings &settings);

} // namespace gputriage
