#include "source/bundlereader.h"

#include "paths.h"
#include "source/bugreport.h"
#include "source/chunkreader.h"
#include "source/compressedstream.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

namespace gputriage {

namespace {
constexpr qint64 kRatioGrace = qint64(1) << 20;
constexpr QLatin1Char kNest('!');
} // namespace

bool looksLikeArchive(std::string_view b)
{
    auto starts = [&](std::string_view magic) {
        return b.substr(0, magic.size()) == magic;
    };
    if (starts("\x1f\x8b")
        || starts(std::string_view("\xfd"
                                   "7zXZ\0",
                                   6))
        || starts("\x28\xb5\x2f\xfd") || starts("BZh") || starts("PK\x03\x04")
        || starts("PK\x05\x06") || starts("7z\xbc\xaf\x27\x1c"))
        return true;
    return b.size() > 262 && b.substr(257, 5) == "ustar";
}

namespace {

// Whether libarchive reads `bytes` as an archive or a compressed stream with a first entry
// (only the first header is read): a log whose first bytes only look like one is not.
bool opensAsArchive(const QByteArray &bytes)
{
    archive *a = archive_read_new();
    archive_read_support_filter_all(a);
    archive_read_support_format_all(a);
    archive_read_support_format_raw(a);
    bool is = false;
    archive_entry *entry = nullptr;
    if (archive_read_open_memory(a, bytes.constData(), size_t(bytes.size())) == ARCHIVE_OK
        && archive_read_next_header(a, &entry) >= ARCHIVE_WARN)
        is = archive_format(a) != ARCHIVE_FORMAT_MTREE
             && !(archive_format(a) == ARCHIVE_FORMAT_RAW
                  && archive_filter_code(a, 0) == ARCHIVE_FILTER_NONE);
    archive_read_free(a);
    return is;
}

} // namespace

// Reads one archive (from a file or from memory) entry by entry, within the limits.
class ArchiveWalker
{
public:
    ArchiveWalker(BundleReader &reader, QString display, int depth)
        : m_reader(reader)
        , m_display(std::move(display))
        , m_depth(depth)
    {}
    ~ArchiveWalker() { close(); }

    void walkFile(const QString &path)
    {
        QFile file(path);
        const QByteArray head = file.open(QIODevice::ReadOnly) ? file.read(8) : QByteArray();
        walkEach(
            [&] {
                return archive_read_open_filename(m_a, QFile::encodeName(path).constData(),
                                                  64 * 1024);
            },
            CompressedStream::kindOf(head.toStdString()),
            [&](CompressedStream::Kind kind) {
                return std::make_unique<CompressedStream>(kind, path);
            });
    }

    void walkMemory(const QByteArray &bytes)
    {
        const std::string_view view(bytes.constData(), size_t(bytes.size()));
        walkEach(
            [&] { return archive_read_open_memory(m_a, bytes.constData(), size_t(bytes.size())); },
            CompressedStream::kindOf(view),
            [&](CompressedStream::Kind kind) {
                return std::make_unique<CompressedStream>(kind, view);
            });
    }

private:
    // How the bytes are taken: as any archive format; as one compressed file (a gzip whose text
    // starts with NULs reads as an empty tar, one of single words as an mtree manifest); as
    // the plain file it is (a log whose first bytes only look like an archive's magic).
    enum class Mode { Archive, Compressed, Plain };
    enum class Outcome { Done, NotThisWay };

    // A compressed stream is decompressed by CompressedStream: one cut short still gives what it
    // holds.
    template<typename Open, typename MakeStream>
    void
    walkEach(Open open, std::optional<CompressedStream::Kind> compressed, MakeStream makeStream)
    {
        if (compressed) {
            const auto probe = makeStream(*compressed);
            if (probe->next().empty() && probe->cut()) {
                m_reader.problem(m_display,
                                 QStringLiteral("damaged, nothing could be read: truncated %1 "
                                                "input (its %2 bytes end inside the stream)")
                                     .arg(CompressedStream::name(*compressed))
                                     .arg(probe->consumed()));
                return;
            }
        }
        for (const Mode mode : {Mode::Archive, Mode::Compressed, Mode::Plain}) {
            close();
            m_mode = mode;
            m_a = archive_read_new();
            if (mode != Mode::Plain)
                archive_read_support_filter_all(m_a);
            if (mode == Mode::Archive)
                archive_read_support_format_all(m_a);
            archive_read_support_format_raw(m_a);
            if (compressed && mode != Mode::Plain)
                m_stream = makeStream(*compressed);
            const int opened
                = m_stream ? archive_read_open(m_a, this, nullptr, &streamRead, nullptr) : open();
            if (opened != ARCHIVE_OK) {
                // A compressed stream cut before its first block is a damaged file, not a
                // plain one: its bytes are not text.
                if (mode == Mode::Compressed
                    && errorText().contains(QLatin1String("truncated"), Qt::CaseInsensitive)) {
                    m_reader.problem(
                        m_display,
                        QStringLiteral("damaged, nothing could be read: %1").arg(errorText()));
                    return;
                }
                if (mode != Mode::Plain)
                    continue;
                m_reader.problem(m_display, QStringLiteral("cannot open: %1").arg(errorText()));
                return;
            }
            if (walk() == Outcome::Done) {
                if (m_stream)
                    reportStreamDamage();
                return;
            }
        }
    }

    static la_ssize_t streamRead(archive *a, void *self, const void **buffer)
    {
        CompressedStream &stream = *static_cast<ArchiveWalker *>(self)->m_stream;
        const std::string_view block = stream.next();
        *buffer = block.data();
        if (block.empty() && !stream.error().isEmpty() && stream.consumed() == 0) {
            archive_set_error(a, EINVAL, "%s", stream.error().toLocal8Bit().constData());
            return ARCHIVE_FATAL;
        }
        return la_ssize_t(block.size());
    }

    // Where a compressed stream was cut or broke, once everything before was read.
    void reportStreamDamage()
    {
        if (!m_stream->cut() && m_stream->error().isEmpty())
            return;
        const QString kind = CompressedStream::name(m_stream->kind());
        const QString where = m_stream->cut()
                                  ? QStringLiteral("cut short: its %1 stream ends after %2 bytes")
                                        .arg(kind)
                                        .arg(m_stream->consumed())
                                  : QStringLiteral("damaged: its %1 stream breaks at byte %2 (%3)")
                                        .arg(kind)
                                        .arg(m_stream->consumed())
                                        .arg(m_stream->error());
        const bool raw = archive_format(m_a) == ARCHIVE_FORMAT_RAW;
        const QString read = raw || m_lastEntry.isEmpty()
                                 ? QStringLiteral("the first %1 bytes of its content are read")
                                       .arg(m_stream->produced())
                                 : QStringLiteral("read up to %1, which is %2")
                                       .arg(m_lastEntry, m_lastWhole ? QStringLiteral("whole")
                                                                     : QStringLiteral("cut off"));
        m_reader.problem(m_display, where + QStringLiteral("; ") + read);
    }

    void close()
    {
        if (m_a)
            archive_read_free(m_a);
        m_a = nullptr;
        m_seen = 0;
        m_produced = 0;
        m_stream.reset();
        m_lastEntry.clear();
    }

    QString errorText() const
    {
        const char *e = archive_error_string(m_a);
        return e ? QString::fromLocal8Bit(e) : QStringLiteral("unknown error");
    }

    Outcome walk()
    {
        archive_entry *entry = nullptr;
        int skipped = 0;
        for (;;) {
            const int r = archive_read_next_header(m_a, &entry);
            // Nothing read yet, and no archive after all (an empty one, a broken one, or no
            // archive format but a manifest's): the next way of taking the bytes.
            if (m_seen == 0 && m_mode != Mode::Plain
                && (r == ARCHIVE_EOF || r < ARCHIVE_WARN
                    || archive_format(m_a) == ARCHIVE_FORMAT_MTREE)) {
                if (m_mode == Mode::Archive && r < ARCHIVE_WARN)
                    m_damage = errorText();
                return Outcome::NotThisWay;
            }
            if (r == ARCHIVE_EOF)
                break;
            if (r < ARCHIVE_WARN) {
                if (m_stream && m_stream->cut())
                    break; // the cut is reported, with what was read
                m_reader.problem(m_display,
                                 QStringLiteral("archive is damaged after %1 entries: %2")
                                     .arg(m_seen)
                                     .arg(errorText()));
                break;
            }
            ++m_seen;
            // The raw format with nothing to decompress returns the bytes as they are.
            if (archive_format(m_a) == ARCHIVE_FORMAT_RAW && !m_stream
                && archive_filter_code(m_a, 0) == ARCHIVE_FILTER_NONE)
                m_mode = Mode::Plain;
            if (m_mode == Mode::Plain)
                m_reader.note(m_display,
                              QStringLiteral("starts like an archive but is not one%1; read as a "
                                             "plain file")
                                  .arg(m_damage.isEmpty() ? QString()
                                                          : QStringLiteral(" (%1)").arg(m_damage)));
            if (!m_reader.admitEntry(m_display))
                break;
            const bool raw = archive_format(m_a) == ARCHIVE_FORMAT_RAW;
            if (!raw && archive_entry_filetype(entry) != AE_IFREG) {
                if (archive_entry_filetype(entry) != AE_IFDIR)
                    ++skipped; // symlinks, hard links, devices: never followed
                continue;
            }
            QString name;
            if (raw) {
                name = m_display; // a compressed single file stands for its content
            } else {
                const char *utf8 = archive_entry_pathname_utf8(entry);
                const QString original
                    = utf8 ? QString::fromUtf8(utf8)
                           : QString::fromLocal8Bit(archive_entry_pathname(entry));
                bool changed = false;
                name = m_display + kNest + BundleReader::sanitizeEntryName(original, &changed);
                if (changed)
                    m_reader.note(
                        name,
                        QStringLiteral("unsafe entry name '%1' shown sanitized").arg(original));
            }
            if (archive_entry_size_is_set(entry)
                && archive_entry_size(entry) > m_reader.m_limits.maxEntryBytes) {
                m_reader.problem(
                    name, QStringLiteral("entry claims %1 bytes, over the limit of %2; skipped")
                              .arg(archive_entry_size(entry))
                              .arg(m_reader.m_limits.maxEntryBytes));
                continue;
            }
            QByteArray data;
            m_chunks = 0;
            m_nextLine = 1;
            m_lineless = 0;
            m_streamable = -1;
            m_lastEntry = name.mid(m_display.size() + 1);
            m_lastWhole = false;
            if (!readData(name, data))
                return Outcome::Done;
            if (m_chunks > 0) {
                m_reader.m_sink(LogDocument::fromBytes(std::move(data), name, m_nextLine), -1,
                                true);
                continue;
            }
            if (data.isEmpty() && !raw)
                continue;
            // Taken as the plain file it is: a log, whatever its first bytes look like.
            if (m_mode == Mode::Plain) {
                m_reader.addDocument(LogDocument::fromBytes(std::move(data), name));
                continue;
            }
            if (!m_reader.addBytes(std::move(data), name, m_depth))
                return Outcome::Done;
        }
        if (skipped)
            m_reader.note(m_display,
                          QStringLiteral("%1 link/device entries not followed").arg(skipped));
        return Outcome::Done;
    }

    // Reads the current entry; false stops the whole archive (a limit was hit).
    bool readData(const QString &name, QByteArray &data)
    {
        const BundleLimits &limits = m_reader.m_limits;
        qint64 entryBytes = 0;
        // Blocks, not archive_read_data(): that drops what it had copied when a read fails.
        const char *block = nullptr;
        size_t blockSize = 0;
        for (;;) {
            if (blockSize == 0) {
                const void *b = nullptr;
                la_int64_t offset = 0;
                const int r = archive_read_data_block(m_a, &b, &blockSize, &offset);
                if (r == ARCHIVE_EOF) {
                    m_lastWhole = true;
                    return true;
                }
                if (r < ARCHIVE_WARN) {
                    m_reader.problem(
                        name, QStringLiteral("read error, entry truncated: %1").arg(errorText()));
                    return true; // keep what was read; the next header says the archive broke
                }
                block = static_cast<const char *>(b);
                if (offset > entryBytes) { // a hole of a sparse entry reads as zeros
                    data.append(QByteArray(
                        qsizetype(std::min<qint64>(offset - entryBytes, limits.maxEntryBytes)),
                        '\0'));
                    entryBytes = offset;
                }
                continue;
            }
            // Taken in slices, so each limit stops within one of them.
            const char *buffer = block;
            const la_ssize_t n = la_ssize_t(std::min<size_t>(blockSize, 64 * 1024));
            block += n;
            blockSize -= size_t(n);
            m_produced += n;
            entryBytes += n;
            m_reader.m_totalBytes += n;
            if (entryBytes > limits.maxEntryBytes) {
                m_reader.problem(name, QStringLiteral("entry larger than %1 bytes; truncated")
                                           .arg(limits.maxEntryBytes));
                archive_read_data_skip(m_a);
                return true;
            }
            if (m_reader.m_totalBytes > limits.maxTotalBytes) {
                m_reader.problem(
                    name,
                    QStringLiteral("bundle larger than %1 MiB decompressed; the rest is not read "
                                   "(raise the limit with --max-total-size, or in Settings, "
                                   "Bundle Limits)")
                        .arg(limits.maxTotalBytes >> 20));
                return false;
            }
            const qint64 consumed = std::max<qint64>(1, m_stream ? m_stream->consumed()
                                                                 : archive_filter_bytes(m_a, -1));
            if (m_produced > kRatioGrace && m_produced / consumed > limits.maxRatio) {
                m_reader.problem(
                    name, QStringLiteral(
                              "decompresses more than %1:1 (an archive bomb?); not read further")
                              .arg(limits.maxRatio));
                data.clear();
                return false;
            }
            data.append(buffer, qsizetype(n));
            if (m_reader.m_sink && data.size() >= limits.streamChunkBytes && m_streamable < 0)
                m_streamable = !looksLikeArchive({data.constData(), 512})
                               && BundleReader::streamable(data.left(64 * 1024), name);
            if (m_streamable == 1 && data.size() >= limits.streamChunkBytes) {
                // Only the bytes added since the last look can hold the first line end (a long
                // line must not be searched again on every read).
                if (!memchr(data.constData() + m_lineless, '\n',
                            size_t(data.size() - m_lineless))) {
                    m_lineless = data.size();
                    continue;
                }
                streamChunk(name, data);
                m_lineless = 0;
            }
        }
    }

    void streamChunk(const QString &name, QByteArray &data)
    {
        m_reader.streamChunk(name, data, m_chunks, m_nextLine);
    }

    BundleReader &m_reader;
    QString m_display;
    int m_depth;
    archive *m_a = nullptr;
    Mode m_mode = Mode::Archive;
    QString m_damage;                           // why the bytes were not an archive after all
    std::unique_ptr<CompressedStream> m_stream; // decompressed here, not by libarchive
    QString m_lastEntry;                        // inside the archive
    bool m_lastWhole = false;
    int m_seen = 0;
    qint64 m_produced = 0;
    int m_chunks = 0;         // chunks of the current entry already streamed
    qsizetype m_lineless = 0; // the current entry's kept bytes, from the start, without a line end
    int m_streamable = -1;    // whether the current entry may go in chunks: -1 not decided yet
    int m_nextLine = 1;       // line number the current entry's kept data starts at
};

QString BundleReader::sanitizeEntryName(const QString &name, bool *changed)
{
    QString n = name;
    n.replace(QLatin1Char('\\'), QLatin1Char('/'));
    if (n.size() >= 2 && n[1] == QLatin1Char(':') && n[0].isLetter())
        n = n.mid(2);
    QStringList parts;
    for (const QString &p : n.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (p == QLatin1String(".") || p == QLatin1String(".."))
            continue;
        parts << p;
    }
    QString out = parts.join(QLatin1Char('/'));
    for (QChar &c : out)
        if (c.category() == QChar::Other_Control)
            c = QChar(0xFFFD);
    if (out.isEmpty())
        out = QStringLiteral("(unnamed)");
    if (changed) {
        QString plain = name;
        while (plain.startsWith(QLatin1String("./")))
            plain = plain.mid(2);
        if (plain.endsWith(QLatin1Char('/')))
            plain.chop(1);
        *changed = out != plain;
    }
    return out;
}

bool BundleReader::admitEntry(const QString &display)
{
    if (++m_entries <= m_limits.maxEntries)
        return true;
    if (!m_entryLimitReported)
        problem(
            display,
            QStringLiteral("more than %1 entries; the rest is not read").arg(m_limits.maxEntries));
    m_entryLimitReported = true;
    return false;
}

void BundleReader::addDocument(std::shared_ptr<const LogDocument> doc)
{
    auto deliver = [this](std::shared_ptr<const LogDocument> d) {
        if (m_sink)
            m_sink(std::move(d), -1, false);
        else
            m_docs.push_back(std::move(d));
    };
    if (isBugReport(*doc)) {
        // Sections count as entries (the report itself already did).
        const int room = std::max(1, m_limits.maxEntries - m_entries + 1);
        auto sections = splitBugReport(doc, room);
        m_entries += int(sections.size()) - 1;
        if (!sections.empty() && sections.back()->path().endsWith(QLatin1String(" more sections")))
            note(doc->path(), QStringLiteral("more sections than --max-entries allows; the last "
                                             "section holds the rest"));
        for (auto &section : sections)
            deliver(std::move(section));
        return;
    }
    deliver(std::move(doc));
}

bool BundleReader::addBytes(QByteArray bytes, const QString &display, int depth)
{
    if (looksLikeArchive(std::string_view(bytes.constData(), size_t(bytes.size())))) {
        if (depth >= m_limits.maxDepth) {
            // Its first bytes only look like an archive's: the plain log it is, at any depth.
            if (!opensAsArchive(bytes)) {
                note(display, QStringLiteral("starts like an archive but is not one; read as a "
                                             "plain file"));
                addDocument(LogDocument::fromBytes(std::move(bytes), display));
                return true;
            }
            problem(display, QStringLiteral("archive nested deeper than %1 levels; not opened")
                                 .arg(m_limits.maxDepth));
            return true;
        }
        ArchiveWalker(*this, display, depth + 1).walkMemory(bytes);
        return true;
    }
    addDocument(LogDocument::fromBytes(std::move(bytes), display));
    return true;
}

// Hands the complete lines of `data` to the sink, keeping the last few as context that
// starts the next chunk.
void BundleReader::streamChunk(const QString &name, QByteArray &data, int &chunks, int &nextLine)
{
    const qsizetype cut = data.lastIndexOf('\n');
    if (cut < 0)
        return; // one enormous line so far; keep reading
    // The chunk's buffer becomes the document (no copy); only the context lines and the
    // unfinished last line are copied into the next chunk.
    QByteArray unfinished = data.mid(cut + 1);
    data.truncate(cut + 1);
    auto doc = LogDocument::fromBytes(std::move(data), name, nextLine);
    const int lines = doc->lineCount();
    const int own = std::max(1, lines - kChunkContextLines);
    const std::string_view bytes = doc->bytes();
    const size_t keepFrom
        = own < lines ? size_t(doc->line(own).data() - bytes.data()) : bytes.size();
    data = QByteArray(bytes.data() + keepFrom, qsizetype(bytes.size() - keepFrom));
    data.append(unfinished);
    m_sink(doc, own, chunks > 0);
    ++chunks;
    nextLine += own;
}

bool BundleReader::streamable(const QByteArray &head, const QString &display)
{
    const auto doc = LogDocument::fromBytes(head, display); // its encoding detection decides
    return !doc->encoding().contains(u"utf-16") && !isBugReport(*doc);
}

// A large plain log read in chunks, so memory stays near one chunk (the CLI's streaming
// analysis); false when the file must be read whole (UTF-16, binary, a bug report to split).
bool BundleReader::streamPlainFile(const QString &path, const QString &display)
{
    QFile file(path);
    // Up to 8 chunks (512 MiB by default) a mapped file is faster and its memory goes back on
    // its own; past that, memory matters more.
    if (!m_sink || !file.open(QIODevice::ReadOnly) || file.size() <= 8 * m_limits.streamChunkBytes)
        return false;
    QByteArray data = file.read(64 * 1024);
    // A mapped file costs no memory: one with NULs (binary, or a hole) is read whole.
    if (data.contains('\0') || !streamable(data, display))
        return false;
    // Chunks of at most 4 MiB: the line index reads each while the copy is still in the cache.
    const qint64 chunkBytes = std::min<qint64>(m_limits.streamChunkBytes, 4 << 20);
    streamPooled(file, data, display, chunkBytes);
    return true;
}

// Hands each chunk's complete lines to the sink as ChunkReader reads them; the last lines of a
// chunk are context for it and start the next one.
void BundleReader::streamPooled(QFile &file,
                                const QByteArray &head,
                                const QString &display,
                                qint64 chunkBytes)
{
    ChunkReader reader(file, head, chunkBytes, kChunkContextLines);
    int chunks = 0, nextLine = 1;
    for (bool last = false; !last;) {
        const ChunkReader::Chunk chunk = reader.next();
        last = chunk.last;
        if (!chunk.error.isEmpty())
            problem(display, QStringLiteral("read error: %1").arg(chunk.error));
        if (chunk.longLine >= 0)
            m_problems.append(Error{display, nextLine + chunk.longLine, 0,
                                    QStringLiteral("a line of %1 MiB; its first %2 MiB are read")
                                        .arg(double(chunk.longLineBytes) / (1 << 20), 0, 'f', 1)
                                        .arg(ChunkReader::kKeptLineBytes >> 20),
                                    true});
        auto doc = LogDocument::window(
            chunk.buffer, std::string_view(chunk.buffer.get(), chunk.length), display, nextLine);
        if (last) {
            if (chunks > 0)
                m_sink(doc, -1, true);
            else
                addDocument(doc);
            break;
        }
        const int own = doc->lineCount() - chunk.context;
        m_sink(doc, own, chunks > 0);
        ++chunks;
        nextLine += own;
    }
}

namespace {

// A file whose size says nothing of its content: the kernel's tables (procfs, sysfs, debugfs)
// report 0 or a page, and may give gigabytes (/proc/self/pagemap) or wait for more (/proc/kmsg).
bool isKernelFile(int fd, const struct stat &st)
{
    if (st.st_size == 0)
        return true;
#ifdef __linux__
    struct statfs fs{};
    if (::fstatfs(fd, &fs) == 0) {
        switch (fs.f_type) {
        case PROC_SUPER_MAGIC:
        case SYSFS_MAGIC:
        case DEBUGFS_MAGIC:
        case TRACEFS_MAGIC: return true;
        default: break;
        }
    }
#else
    Q_UNUSED(fd);
#endif
    return false;
}

QString errnoText()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

} // namespace

bool BundleReader::firstRead(const struct stat &st, const QString &display, bool folder)
{
    const auto [it, inserted]
        = m_read.emplace(std::pair(quint64(st.st_dev), quint64(st.st_ino)), display);
    if (!inserted)
        note(display,
             QStringLiteral("the same %1 as %2: read once")
                 .arg(folder ? QStringLiteral("folder") : QStringLiteral("file"), it->second));
    return inserted;
}

void BundleReader::addKernelFile(int fd, const QString &display)
{
    const qint64 bound = std::min(kKernelFileBytes, m_limits.maxEntryBytes);
    QByteArray bytes;
    bool waits = false;
    QString error;
    for (;;) {
        // A block past the bound says whether there is more (some files, /proc/self/pagemap,
        // refuse reads that are not whole records).
        const qint64 want = std::min<qint64>(1 << 20, bound + 4096 - bytes.size());
        if (want <= 0)
            break;
        const qsizetype at = bytes.size();
        bytes.resize(at + want);
        const ssize_t got = ::read(fd, bytes.data() + at, size_t(want));
        bytes.resize(at + std::max<ssize_t>(got, 0));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            waits = true;
        else if (got < 0)
            error = errnoText();
        if (got <= 0)
            break;
    }
    ::close(fd);
    if (!error.isEmpty()) {
        problem(display, QStringLiteral("read error: %1").arg(error));
        if (bytes.isEmpty())
            return;
    }
    if (bytes.size() > bound) {
        bytes.truncate(bound);
        note(display, QStringLiteral("a file of the kernel's tables (its size is not known ahead): "
                                     "only its first %1 MiB are read")
                          .arg(bound >> 20));
    }
    if (waits)
        note(display, QStringLiteral("has no more data for now (reading on would wait for the "
                                     "kernel): what it held was read"));
    if (looksLikeArchive(std::string_view(bytes.constData(), size_t(bytes.size()))))
        ArchiveWalker(*this, display, 1).walkMemory(bytes);
    else if (admitEntry(display))
        addDocument(LogDocument::fromBytes(std::move(bytes), display));
}

int BundleReader::openInput(const char *native, const QString &display)
{
    // Non-blocking, so a file of the kernel's tables that has nothing to give yet never waits.
    const int fd = ::open(native, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        problem(display, QStringLiteral("cannot open: %1").arg(errnoText()));
        return -1;
    }
    struct stat st{};
    if (::fstat(fd, &st) == 0 && !firstRead(st, display)) {
        ::close(fd);
        return -1;
    }
    if (isKernelFile(fd, st)) {
        addKernelFile(fd, display);
        return -1;
    }
    return fd;
}

void BundleReader::addFile(const QString &path, const QString &display)
{
    const int fd = openInput(QFile::encodeName(path).constData(), display);
    if (fd < 0)
        return;
    ::close(fd);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        problem(display, QStringLiteral("cannot open: %1").arg(file.errorString()));
        return;
    }
    const QByteArray head = file.read(512);
    file.close();
    if (looksLikeArchive(std::string_view(head.constData(), size_t(head.size())))) {
        ArchiveWalker(*this, display, 1).walkFile(path);
        return;
    }
    if (!admitEntry(display))
        return;
    if (streamPlainFile(path, display))
        return;
    auto doc = LogDocument::open(path, display);
    if (doc)
        addDocument(std::move(doc).value());
    else
        m_problems.append(doc.error());
}

std::vector<std::shared_ptr<const LogDocument>> BundleReader::readBytes(QByteArray bytes,
                                                                        const QString &name)
{
    const QString display = sanitizeEntryName(name);
    // As addFile() does for a file on disk.
    if (looksLikeArchive(std::string_view(bytes.constData(), size_t(bytes.size()))))
        ArchiveWalker(*this, display, 1).walkMemory(bytes);
    else if (admitEntry(display))
        addDocument(LogDocument::fromBytes(std::move(bytes), display));
    return std::move(m_docs);
}

namespace {

// What stat() says of a path named on the command line (symlinks followed).
enum class PathKind { Missing, Regular, Folder, StandardInput, Special };

PathKind pathKind(const QString &path)
{
    if (path == QLatin1String("-"))
        return PathKind::StandardInput;
    struct stat st{};
    if (::stat(toNativePath(path).constData(), &st) != 0)
        return PathKind::Missing;
    if (S_ISREG(st.st_mode))
        return PathKind::Regular;
    if (S_ISDIR(st.st_mode))
        return PathKind::Folder;
    // /dev/stdin, /proc/self/fd/0: the pipe this process reads.
    struct stat in{};
    if (::fstat(STDIN_FILENO, &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino)
        return PathKind::StandardInput;
    return PathKind::Special;
}

QString specialKind(const QString &path)
{
    struct stat st{};
    ::stat(toNativePath(path).constData(), &st);
    return S_ISFIFO(st.st_mode)   ? QStringLiteral("a pipe (FIFO)")
           : S_ISCHR(st.st_mode)  ? QStringLiteral("a character device")
           : S_ISBLK(st.st_mode)  ? QStringLiteral("a block device")
           : S_ISSOCK(st.st_mode) ? QStringLiteral("a socket")
                                  : QStringLiteral("not a regular file");
}

} // namespace

void BundleReader::addStandardInput(const QString &display)
{
    if (m_stdinRead) {
        problem(display, QStringLiteral("standard input was already read"));
        return;
    }
    m_stdinRead = true;
    // Read once, whole, up to the entry limit; then sniffed like a file (archives, .gz ...).
    QByteArray bytes;
    const qint64 limit = m_limits.maxEntryBytes;
    bool cut = false;
    for (;;) {
        const qint64 want = std::min<qint64>(1 << 20, limit - bytes.size());
        if (want <= 0) {
            char probe;
            cut = ::read(STDIN_FILENO, &probe, 1) > 0;
            break;
        }
        const qsizetype at = bytes.size();
        bytes.resize(at + want);
        const ssize_t got = ::read(STDIN_FILENO, bytes.data() + at, size_t(want));
        if (got < 0 && errno == EINTR) {
            bytes.resize(at);
            continue;
        }
        bytes.resize(at + std::max<ssize_t>(got, 0));
        if (got < 0)
            problem(display,
                    QStringLiteral("read error: %1").arg(QString::fromLocal8Bit(strerror(errno))));
        if (got <= 0)
            break;
    }
    if (cut)
        problem(display, QStringLiteral("standard input is larger than %1 MiB (--max-entry-size): "
                                        "only the first %1 MiB were analysed")
                             .arg(limit >> 20));
    if (looksLikeArchive(std::string_view(bytes.constData(), size_t(bytes.size()))))
        ArchiveWalker(*this, display, 1).walkMemory(bytes);
    else if (admitEntry(display))
        addDocument(LogDocument::fromBytes(std::move(bytes), display));
}

// Files of a folder are named from the folder itself ("sample/pods/app.log"), so reports do not
// carry the engineer's local directory layout. The walk is on the names' bytes: names that are
// not valid UTF-8 are read too, and folders that cannot be read are reported.
void BundleReader::addFolder(const QString &path)
{
    namespace fs = std::filesystem;
    const QDir base(QFileInfo(QDir(path).absolutePath()).absolutePath());
    auto display = [&](const std::string &native) {
        return shownPath(QDir::cleanPath(base.relativeFilePath(
            QFileInfo(fromNativePath(QByteArray::fromStdString(native))).absoluteFilePath())));
    };
    // A folder named twice, or inside one named before, is read once.
    const std::string root = toNativePath(path).toStdString();
    if (struct stat st{}; ::stat(root.c_str(), &st) == 0 && !firstRead(st, display(root), true))
        return;
    std::vector<std::string> files;
    int links = 0;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, ec);
    for (const fs::recursive_directory_iterator end; !ec && it != end; it.increment(ec)) {
        const fs::file_status status = it->symlink_status(ec);
        if (ec) {
            ec.clear();
            ++links;
        } else if (fs::is_symlink(status)
                   || (!fs::is_regular_file(status) && !fs::is_directory(status))) {
            ++links;
        } else if (fs::is_directory(status)) {
            struct stat st{};
            if (::stat(it->path().c_str(), &st) == 0
                && !firstRead(st, display(it->path().native()), true)) {
                it.disable_recursion_pending();
            } else if (::access(it->path().c_str(), R_OK | X_OK) != 0) {
                problem(display(it->path().native()),
                        QStringLiteral("folder cannot be read (%1); its files are not analysed")
                            .arg(QString::fromLocal8Bit(strerror(errno))));
                it.disable_recursion_pending();
            }
        } else {
            files.push_back(it->path().native());
        }
    }
    if (ec)
        problem(
            display(root),
            QStringLiteral("folder read stopped: %1").arg(QString::fromStdString(ec.message())));
    std::sort(files.begin(), files.end());
    std::set<QByteArray> badFolders;
    for (const std::string &f : files) {
        const QByteArray bytes = QByteArray::fromStdString(f);
        const QString name = QFile::decodeName(bytes);
        if (QFile::encodeName(name) == bytes) {
            addFile(name, display(f));
            continue;
        }
        // Named once, where the name first goes wrong: the file's, or a folder's above it.
        qsizetype end = 0;
        while (end < bytes.size()) {
            end = bytes.indexOf('/', end + 1);
            if (end < 0)
                end = bytes.size();
            if (hasNativeBytes(fromNativePath(bytes.left(end))))
                break;
        }
        const QByteArray first = bytes.left(end);
        if (first == bytes)
            note(display(f), QStringLiteral("file name is not valid UTF-8 (shown with U+FFFD for "
                                            "its other bytes)"));
        else if (badFolders.insert(first).second)
            note(display(first.toStdString()),
                 QStringLiteral("folder name is not valid UTF-8 (shown with U+FFFD for its other "
                                "bytes)"));
        addFileByNativeName(f, display(f));
    }
    if (links)
        note(display(root), QStringLiteral("%1 symlinks or special files not followed").arg(links));
}

void BundleReader::addFileByNativeName(const std::string &native, const QString &display)
{
    const int fd = openInput(native.c_str(), display);
    if (fd < 0)
        return;
    // Blocking again: a regular file's reads do not wait, and QFile retries none that return
    // early.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    QFile file;
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        problem(display, QStringLiteral("cannot open: %1").arg(file.errorString()));
        return;
    }
    if (file.size() > m_limits.maxEntryBytes) {
        problem(
            display,
            QStringLiteral("file is larger than %1 bytes; not read").arg(m_limits.maxEntryBytes));
        return;
    }
    QByteArray bytes = file.readAll();
    if (looksLikeArchive(std::string_view(bytes.constData(), size_t(bytes.size()))))
        ArchiveWalker(*this, display, 1).walkMemory(bytes);
    else if (admitEntry(display))
        addDocument(LogDocument::fromBytes(std::move(bytes), display));
}

QStringList BundleReader::displayNames(const QStringList &paths)
{
    QStringList names;
    for (const QString &path : paths)
        names << QDir::cleanPath(shownPath(path));
    // Absolute paths lose their folders, one more kept while two names are the same.
    std::vector<int> kept(size_t(paths.size()), 1);
    for (int round = 0; round < 64; ++round) {
        QStringList shown = names;
        for (qsizetype i = 0; i < names.size(); ++i)
            if (QDir::isAbsolutePath(names[i]) && names[i] != QLatin1String("/"))
                shown[i] = names[i].section(QLatin1Char('/'), -kept[size_t(i)]);
        bool clash = false;
        for (qsizetype i = 0; i < shown.size(); ++i)
            for (qsizetype j = i + 1; j < shown.size(); ++j)
                if (shown[i] == shown[j] && names[i] != names[j]) {
                    ++kept[size_t(i)];
                    ++kept[size_t(j)];
                    clash = true;
                }
        if (!clash)
            return shown;
    }
    return names;
}

std::vector<std::shared_ptr<const LogDocument>> BundleReader::read(const QStringList &paths)
{
    const QStringList names = displayNames(paths);
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString &path = paths[i];
        const PathKind kind = pathKind(path);
        if (kind == PathKind::StandardInput) {
            addStandardInput(QStringLiteral("stdin"));
        } else if (kind == PathKind::Special) {
            problem(shownPath(path), QStringLiteral("%1, not read (only files and folders are; "
                                                    "pipe data to '-' to read standard input)")
                                         .arg(specialKind(path)));
        } else if (kind == PathKind::Folder) {
            addFolder(path);
        } else if (kind == PathKind::Regular && hasNativeBytes(path)) {
            note(names[i], QStringLiteral("file name is not valid UTF-8 (shown with U+FFFD for "
                                          "its other bytes)"));
            addFileByNativeName(toNativePath(path).toStdString(), names[i]);
        } else if (kind == PathKind::Regular) {
            addFile(path, names[i]);
        } else {
            problem(shownPath(path), QStringLiteral("no such file or folder"));
        }
    }
    return std::move(m_docs);
}

} // namespace gputriage
