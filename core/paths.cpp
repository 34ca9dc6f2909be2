#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <sys/stat.h>

#include <algorithm>
#include <optional>
#include <vector>

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

namespace {

struct FileId
{
    dev_t dev = 0;
    ino_t ino = 0;
    bool isDir = false;
    bool operator==(const FileId &o) const { return dev == o.dev && ino == o.ino; }
};

std::optional<FileId> fileId(const QString &path)
{
    struct stat st{};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return std::nullopt;
    return FileId{st.st_dev, st.st_ino, S_ISDIR(st.st_mode)};
}

} // namespace

QString inputOverwrittenBy(const QString &output, const QStringList &inputs)
{
    if (output.isEmpty() || output == QLatin1String("-"))
        return {};
    const std::optional<FileId> target = fileId(output);
    // Every folder above the output, symlinks resolved: an input folder among them holds it.
    std::vector<FileId> folders;
    // A symlink is written through (QSaveFile too): the folders above its target count.
    const QFileInfo info(output);
    const QString real = info.exists() ? info.canonicalFilePath() : QString();
    QDir dir(QFileInfo(real.isEmpty() ? info.absoluteFilePath() : real).absolutePath());
    if (const QString folder = dir.canonicalPath(); !folder.isEmpty()) {
        dir.setPath(folder);
        for (;;) {
            if (const auto id = fileId(dir.path()))
                folders.push_back(*id);
            if (dir.isRoot() || !dir.cdUp())
                break;
        }
    }
    for (const QString &input : inputs) {
        if (input == QLatin1String("-"))
            continue;
        const std::optional<FileId> in = fileId(input);
        if (!in)
            continue;
        if (target && *target == *in)
            return input;
        if (in->isDir && std::find(folders.begin(), folders.end(), *in) != folders.end())
            return input;
    }
    return {};
}

} // namespace gputriage
