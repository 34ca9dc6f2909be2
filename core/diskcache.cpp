#include "diskcache.h"

#include "codedigest.h"
#include "paths.h"
#include "timings.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace gputriage {

namespace {

constexpr char kMagic[] = "GPUTRIAGE-CACHE\n"; // 16 bytes
constexpr qsizetype kMagicSize = 16;

std::mutex notesMutex;
QStringList &notes()
{
    static QStringList list;
    return list;
}

void note(const QString &text)
{
    std::lock_guard lock(notesMutex);
    if (!notes().contains(text))
        notes().append(text);
}

// The code that derives what is cached (a digest of core's sources, made by the build) and the
// Qt it runs with: another build may derive other data from the same inputs. Not the binary's own
// size and time, which stripping and relinking change: the command line, the GUI and the
// databases shipped beside them share entries.
const QByteArray &programIdentity()
{
    static const QByteArray id
        = QByteArray(GPUTRIAGE_VERSION " " GPUTRIAGE_CODE_DIGEST " Qt ") + qVersion();
    return id;
}

// The inputs go in as their length and 128-bit digest: SHA-256 over a pack's patterns was 15 %
// of a one-line analysis.
QByteArray keyOf(const QByteArray &kind, const QByteArray &inputs)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QByteArray head
        = QByteArray::number(DiskCache::kFormat) + '\0' + programIdentity() + '\0' + kind + '\0';
    h.addData(head);
    h.addData(QByteArray(QByteArray::number(inputs.size()) + '\0' + DiskCache::digest(inputs)));
    return h.result();
}

// A 64-bit checksum: every changed byte changes it (xor and odd multiplication are bijective).
quint64 checksum(const QByteArray &bytes, quint64 seed = 0x9e3779b97f4a7c15ULL)
{
    quint64 h = seed ^ quint64(bytes.size());
    const char *p = bytes.constData();
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    for (; i + 8 <= n; i += 8) {
        quint64 w;
        std::memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < n; ++i)
        h = (h ^ quint64(static_cast<unsigned char>(p[i]))) * 0x100000001b3ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

void put32(QByteArray &out, quint32 v)
{
    out.append(reinterpret_cast<const char *>(&v), 4);
}
void put64(QByteArray &out, quint64 v)
{
    out.append(reinterpret_cast<const char *>(&v), 8);
}

// Reads the fixed-size fields of the header, in order.
struct Reader
{
    const QByteArray &bytes;
    qsizetype at = 0;
    bool take(void *out, qsizetype n)
    {
        if (bytes.size() - at < n)
            return false;
        std::memcpy(out, bytes.constData() + at, size_t(n));
        at += n;
        return true;
    }
    std::optional<QByteArray> bytesOf(qsizetype n)
    {
        if (n < 0 || bytes.size() - at < n)
            return std::nullopt;
        QByteArray out = bytes.mid(at, n);
        at += n;
        return out;
    }
};

void prune(const QString &dir)
{
    QDir d(dir);
    // Newest first; another run's files being written (name.XXXXXX) are young.
    const QFileInfoList files = d.entryInfoList(QDir::Files, QDir::Time);
    for (qsizetype i = DiskCache::kMaxFiles; i < files.size(); ++i)
        QFile::remove(files[i].absoluteFilePath());
}

} // namespace

QString DiskCache::directory()
{
    if (qEnvironmentVariableIntValue("GPUTRIAGE_NO_CACHE") != 0)
        return {};
    if (qEnvironmentVariableIsSet("GPUTRIAGE_CACHE_DIR"))
        return qEnvironmentVariable("GPUTRIAGE_CACHE_DIR");
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return base.isEmpty() ? QString() : base + QLatin1String("/gputriage/compiled");
}

QByteArray DiskCache::digest(const QByteArray &bytes)
{
    QByteArray out;
    put64(out, checksum(bytes));
    put64(out, checksum(bytes, 0xc2b2ae3d27d4eb4fULL));
    return out;
}

namespace {

QString fileNameOf(const QByteArray &kind,
                   const QByteArray &key,
                   const QString &dir = DiskCache::directory())
{
    if (dir.isEmpty())
        return {};
    return dir + QLatin1Char('/') + QString::fromLatin1(kind) + QLatin1Char('-')
           + QString::fromLatin1(key.toHex().left(32));
}

} // namespace

QString DiskCache::fileName(const QByteArray &kind, const QByteArray &inputs)
{
    return fileNameOf(kind, keyOf(kind, inputs));
}

bool DiskCache::has(const QByteArray &kind, const QByteArray &inputs)
{
    const QByteArray key = keyOf(kind, inputs);
    for (const QString &dir : {directory(), shippedDirectory()})
        if (const QString file = fileNameOf(kind, key, dir); !file.isEmpty() && QFile::exists(file))
            return true;
    return false;
}

QString DiskCache::shippedDirectory()
{
    if (qEnvironmentVariableIntValue("GPUTRIAGE_NO_CACHE") != 0)
        return {};
    if (qEnvironmentVariableIsSet("GPUTRIAGE_SHIPPED_CACHE_DIR"))
        return qEnvironmentVariable("GPUTRIAGE_SHIPPED_CACHE_DIR");
    // Beside the binary in the build tree; installed, under lib/ (the databases are the CPU
    // architecture's, not share/'s).
    const QDir appDir(applicationDir());
    for (const QString &dir :
         {appDir.filePath(QStringLiteral("compiled")),
          appDir.filePath(QStringLiteral("../" GPUTRIAGE_INSTALL_LIBDIR "/gputriage/compiled"))})
        if (QFileInfo(dir).isDir())
            return QDir::cleanPath(dir);
    return {};
}

namespace {

// The payload of the file at `path` if it holds entry `wanted` made by one of `builders`.
std::optional<QByteArray> loadFile(const QString &path,
                                   const QByteArray &wanted,
                                   const QList<QByteArray> &builders,
                                   bool shipped)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt; // not cached yet (or unreadable: rebuilt all the same)
    const QByteArray bytes = file.readAll();
    const QString name
        = (shipped ? QStringLiteral("shipped cache file ") : QStringLiteral("cache file "))
          + QFileInfo(path).fileName();
    auto damaged = [&](const char *why) {
        note(QStringLiteral("%1 is damaged (%2); rebuilt").arg(name, QString::fromLatin1(why)));
        return std::nullopt;
    };
    Reader r{bytes};
    char magic[kMagicSize];
    quint32 format = 0, builderSize = 0;
    if (!r.take(magic, kMagicSize) || std::memcmp(magic, kMagic, kMagicSize) != 0)
        return damaged("not a cache file");
    if (!r.take(&format, 4))
        return damaged("truncated");
    if (format != DiskCache::kFormat) {
        note(QStringLiteral("%1 has another format (%2); rebuilt").arg(name).arg(format));
        return std::nullopt;
    }
    if (!r.take(&builderSize, 4))
        return damaged("truncated");
    const auto madeBy = r.bytesOf(qsizetype(builderSize));
    const auto key = r.bytesOf(32);
    quint64 size = 0, sum = 0;
    if (!madeBy || !key || !r.take(&size, 8) || !r.take(&sum, 8))
        return damaged("truncated");
    if (*key != wanted)
        return damaged("another entry's key");
    if (!builders.contains(*madeBy)) {
        note(QStringLiteral("%1 was made for %2, not %3; rebuilt")
                 .arg(name, QString::fromUtf8(*madeBy), QString::fromUtf8(builders.front())));
        return std::nullopt;
    }
    if (quint64(bytes.size() - r.at) != size)
        return damaged(quint64(bytes.size() - r.at) < size ? "truncated" : "too long");
    QByteArray payload = bytes.mid(r.at);
    if (checksum(payload) != sum)
        return damaged("checksum");
    return payload;
}

} // namespace

std::optional<QByteArray> DiskCache::load(const QByteArray &kind,
                                          const QByteArray &inputs,
                                          const QByteArray &builder,
                                          const QByteArray &portable)
{
    // (The inputs are hashed once: for the rule prefilters they are every pattern.)
    const QByteArray wanted = keyOf(kind, inputs);
    const QString path = fileNameOf(kind, wanted);
    if (path.isEmpty())
        return std::nullopt;
    if (auto payload = loadFile(path, wanted, {builder}, false))
        return payload;
    // What the program was shipped with: compiled for any CPU, and for the shipped packs only.
    const QString shipped = fileNameOf(kind, wanted, shippedDirectory());
    if (shipped.isEmpty())
        return std::nullopt;
    QList<QByteArray> builders{builder};
    if (!portable.isEmpty() && portable != builder)
        builders << portable;
    return loadFile(shipped, wanted, builders, true);
}

bool DiskCache::store(const QByteArray &kind,
                      const QByteArray &inputs,
                      const QByteArray &builder,
                      const QByteArray &payload)
{
    const QByteArray key = keyOf(kind, inputs);
    const QString path = fileNameOf(kind, key);
    if (path.isEmpty() || !QDir().mkpath(QFileInfo(path).path()))
        return false;
    const PhaseTimer timer("write cache");
    QByteArray out;
    out.reserve(kMagicSize + 64 + builder.size() + payload.size());
    out.append(kMagic, kMagicSize);
    put32(out, kFormat);
    put32(out, quint32(builder.size()));
    out.append(builder);
    out.append(key);
    put64(out, quint64(payload.size()));
    put64(out, checksum(payload));
    out.append(payload);
    // Written aside and renamed into place: never half a file under the name. Not synced to disk
    // (QSaveFile would, at a cost that showed in a first run): a file cut by a crash fails its
    // checksum and is rebuilt.
    QTemporaryFile file(path + QStringLiteral(".XXXXXX"));
    file.setAutoRemove(false);
    if (!file.open() || file.write(out) != out.size() || !file.flush()) {
        file.remove();
        return false;
    }
    file.close();
    if (std::rename(QFile::encodeName(file.fileName()).constData(),
                    QFile::encodeName(path).constData())
        != 0) {
        file.remove();
        return false;
    }
    static std::once_flag pruned; // once a run is enough
    std::call_once(pruned, [&] { prune(QFileInfo(path).path()); });
    return true;
}

void DiskCache::reject(const QByteArray &kind, const QByteArray &inputs, const QString &why)
{
    note(QStringLiteral("cache file %1 is not usable (%2); rebuilt")
             .arg(QFileInfo(fileName(kind, inputs)).fileName(), why));
}

QStringList DiskCache::takeNotes()
{
    std::lock_guard lock(notesMutex);
    return std::exchange(notes(), {});
}

} // namespace gputriage
