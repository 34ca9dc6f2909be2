#pragma once

#include <QString>

namespace gputriage {

// "1 file", "3 files": a count with its noun in the right number (plain digits, so reports of
// the same input stay byte-identical on every machine).
inline QString plural(qint64 n, QStringView one, QStringView many)
{
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many).toString();
}

} // namespace gputriage
