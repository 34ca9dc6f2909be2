#include "exportsettings.h"

#include "pdfexport.h"
#include "report/redactor.h"

namespace gputriage {

QString ExportSettings::suffix() const
{
    return reportFormatSuffix(format);
}

QByteArray renderReport(const AnalysisResult &result, const ExportSettings &settings)
{
    ReportOptions options;
    options.generated = ReportOptions::generationTime(false);
    options.maxEvidence = settings.maxEvidence;
    if (!settings.title.trimmed().isEmpty())
        options.title = settings.title.trimmed();
    AnalysisResult shown = reportView(result, settings.minSeverity, settings.redact);
    if (!settings.unmatched) {
        shown.unmatched.clear();
        shown.unmatchedLines = 0;
    }
    if (settings.format == ReportFormat::Pdf)
        return renderPdf(QString::fromUtf8(writeReport(shown, ReportFormat::Html, options)),
                         options.title);
    return writeReport(shown, settings.format, options);
}

} // namespace gputriage
