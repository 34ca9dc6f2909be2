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

QString applicationDir()
{
    if (!QCoreApplication::instance()) // not cached: Qt has no path before the application
        return QCoreApplication::applicationDirPath();
    static const QString dir = QCoreApplication::applicationDirPath();
    return dir;
}

QString dataDir(const QString &name)
{
    const QDir appDir(applicationDir());
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

// Length of the valid UTF-8 sequence at `p` (at most `left` bytes), or 0.
int utf8Length(const unsigned char *p, qsizetype left)
{
    const unsigned c = p[0];
    int n = c < 0x80                 ? 1
            : c >= 0xC2 && c <= 0xDF ? 2
            : c >= 0xE0 && c <= 0xEF ? 3
            : c >= 0xF0 && c <= 0xF4 ? 4
                                     : 0;
    if (n == 0 || n > left)
        return 0;
    for (int i = 1; i < n; ++i)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) || (c == 0xF0 && p[1] < 0x90)
        || (c == 0xF4 && p[1] >= 0x90))
        return 0;
    return n;
}

bool isKeptByte(char16_t u)
{
    return u >= 0xDC80 && u <= 0xDCFF;
}

} // namespace

QString fromNativePath(const QByteArray &native)
{
    QString out;
    out.reserve(native.size());
    const auto *p = reinterpret_cast<const unsigned char *>(native.constData());
    for (qsizetype i = 0; i < native.size();) {
        const int n = utf8Length(p + i, native.size() - i);
        if (n == 0) {
            out.append(QChar(char16_t(0xDC00 + p[i])));
            ++i;
            continue;
        }
        out.append(QString::fromUtf8(native.constData() + i, n));
        i += n;
    }
    return out;
}

QByteArray toNativePath(const QString &path)
{
    QByteArray out;
    out.reserve(path.size());
    qsizetype from = 0;
    for (qsizetype i = 0; i <= path.size(); ++i) {
        const bool end = i == path.size();
        if (!end) {
            const char16_t u = path.at(i).unicode();
            // A low surrogate after a high one is half of a character, not a kept byte.
            if (!isKeptByte(u) || (i > 0 && path.at(i - 1).isHighSurrogate()))
                continue;
        }
        out.append(QStringView(path).mid(from, i - from).toUtf8());
        if (!end)
            out.append(char(path.at(i).unicode() - 0xDC00));
        from = i + 1;
    }
    return out;
}

bool hasNativeBytes(const QString &path)
{
    for (qsizetype i = 0; i < path.size(); ++i)
        if (isKeptByte(path.at(i).unicode()) && !(i > 0 && path.at(i - 1).isHighSurrogate()))
            return true;
    return false;
}

QString shownPath(const QString &path)
{
    if (!hasNativeBytes(path))
        return path;
    QString out = path;
    for (qsizetype i = 0; i < out.size(); ++i)
        if (isKeptByte(out.at(i).unicode()) && !(i > 0 && path.at(i - 1).isHighSurrogate()))
            out[i] = QChar(0xFFFD);
    return out;
}

QStringList nativeArguments(int argc, char **argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << fromNativePath(QByteArray(argv[i]));
    return args;
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
    if (::stat(toNativePath(path).constData(), &st) != 0)
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
