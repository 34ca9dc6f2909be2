#include "atomicfile.h"

#include <QSaveFile>

#include <cerrno>
#include <cstring>

namespace gputriage {

QString writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    errno = 0;
    const bool ok = file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size()
                    && file.flush() && file.commit();
    if (ok)
        return {};
    const int cause = errno;
    QString qt = file.errorString();
    if (cause != 0 && (qt.isEmpty() || qt.contains(QLatin1String("Unknown error"))))
        return QString::fromLocal8Bit(std::strerror(cause));
    if (cause != 0 && !qt.contains(QString::fromLocal8Bit(std::strerror(cause))))
        return QStringLiteral("%1 (%2)").arg(qt, QString::fromLocal8Bit(std::strerror(cause)));
    return qt;
}

} // namespace gputriage
