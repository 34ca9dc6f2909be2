#pragma once

#include <QLocale>
#include <QString>

namespace gputriage {

// "1 hit", "53,708 hits": a count in the user's locale with its noun in the right number.
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return QLocale().toString(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

} // namespace gputriage
