#include "report/reportwriter.h"

#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/textreport.h"

namespace gputriage {

QStringList textReportFormats()
{
    return {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
            QStringLiteral("html")};
}

QByteArray
writeReport(const AnalysisResult &result, const QString &format, const ReportOptions &options)
{
    if (format == QLatin1String("json"))
        return writeJsonReport(result, options);
    if (format == QLatin1String("markdown"))
        return writeMarkdownReport(result, options);
    if (format == QLatin1String("html"))
        return writeHtmlReport(result, options);
    if (format == QLatin1String("text"))
        return writeTextReport(result, options);
    return {};
}

} // namespace gputriage
