#include "report/reportoptions.h"

#include <QTimeZone>

namespace gputriage {

QDateTime ReportOptions::generationTime(bool deterministic)
{
    if (deterministic)
        return QDateTime::fromSecsSinceEpoch(0, QTimeZone::UTC);
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    if (ok)
        return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::UTC);
    return QDateTime::currentDateTimeUtc().addMSecs(-QDateTime::currentDateTimeUtc().time().msec());
}

} // namespace gputriage
