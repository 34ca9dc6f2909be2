#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace gputriage {

QString dataDir(const QString &name)
{
    const QDir appDir(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
         {appDir.filePath(name), appDir.filePath(QLatin1String("../share/gputriage/") + name)}) {
        if (QFileInfo(candidate).isDir())
            return QDir::cleanPath(candidate);
    }
    return QStandardPaths::locate(QStandardPaths::GenericDataLocation,
                                  QLatin1String("gputriage/") + name,
                                  QStandardPaths::LocateDirectory);
}

} // namespace gputriage
