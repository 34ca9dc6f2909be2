#pragma once

#include "result.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class QFile;
struct stat;

namespace gputriage {

class LogDocument;

// Bundles are hostile input: everything is read in memory, nothing is extracted or followed.
struct BundleLimits
{
    int maxEntries = 100000;
    int maxDepth = 3;                           // archives inside archives
    qint64 maxEntryBytes = qint64(2) << 30;     // one decompressed entry
    qint64 maxTotalBytes = qint64(8) << 30;     // everything decompressed: a laptop's worth
    int maxRatio = 1000;                        // decompressed : compressed, past 1 MiB
    qint64 streamChunkBytes = qint64(64) << 20; // chunk size when streaming to a sink
};

// Turns files, folders and archives into log documents. Archives (.tar, .tar.gz/.tgz/.xz/.zst/
// .bz2, .zip) and compressed single files (.gz/.xz/.zst/.bz2) are recognised by their content;
// entries are named `outer.zip!inner.tgz!pods/app.log`. nvidia-bug-report logs are split into
// one document per section. Problems (unreadable, corrupt, over a limit, unsafe names) are
// reported and everything readable is still returned.
class BundleReader
{
public:
    explicit BundleReader(BundleLimits limits = {})
        : m_limits(limits)
    {}

    // Receives each document as soon as it is read instead of read() collecting them. Large
    // decompressed entries then arrive in chunks: lines [0, matchLines) belong to the chunk,
    // the rest is context for wrapped messages and comes again at the start of the next chunk
    // (`continuation`). Memory stays near one chunk whatever the entry's size.
    using Sink = std::function<void(
        std::shared_ptr<const LogDocument> doc, int matchLines, bool continuation)>;
    void setSink(Sink sink) { m_sink = std::move(sink); }
    static constexpr int kChunkContextLines = 64;
    // How much of a file of the kernel's tables is read (/proc/self/pagemap would give terabytes).
    static constexpr qint64 kKernelFileBytes = qint64(16) << 20;

    std::vector<std::shared_ptr<const LogDocument>> read(const QStringList &paths);
    // The same for bytes already in memory (a pasted log, an attachment, a fuzzer's input).
    std::vector<std::shared_ptr<const LogDocument>> readBytes(QByteArray bytes,
                                                              const QString &name);
    const QList<Error> &problems() const { return m_problems; }

    // "name!with/../odd/name" made safe for display: no absolute paths, drive letters or "..".
    static QString sanitizeEntryName(const QString &name, bool *changed = nullptr);
    // How files given on their own are named in documents and reports: a relative path as
    // given, an absolute one by its name (with as many parent folders as tell it apart from the
    // others given), so reports do not carry the engineer's local folders.
    static QStringList displayNames(const QStringList &paths);

private:
    friend class ArchiveWalker;
    void addFile(const QString &path, const QString &display);
    // Opens a file on disk for reading, after the checks every input passes (read once, a kernel
    // file with a bound); -1 when it was dealt with or cannot be read.
    int openInput(const char *native, const QString &display);
    void addFolder(const QString &path);
    // A file whose name is not valid UTF-8 (Qt cannot name it): read through its bytes' name.
    void addFileByNativeName(const std::string &native, const QString &display);
    void addDocument(std::shared_ptr<const LogDocument> doc);
    // Counts one more entry; false (reported once) when that passes the entry limit.
    bool admitEntry(const QString &display);
    void addStandardInput(const QString &display);
    bool addBytes(QByteArray bytes, const QString &display, int depth);
    void streamChunk(const QString &name, QByteArray &data, int &chunks, int &nextLine);
    void
    streamPooled(QFile &file, const QByteArray &head, const QString &display, qint64 chunkBytes);
    bool streamPlainFile(const QString &path, const QString &display);
    // Whether an entry starting with `head` may be read in chunks: not a bug report (it is
    // split into sections) nor UTF-16 (decoded whole); those are read whole.
    static bool streamable(const QByteArray &head, const QString &display);
    // False (with a note) when the file or folder of this device and inode was read already,
    // under another name (named twice, or a file and its folder); else remembers it.
    bool firstRead(const struct stat &st, const QString &display, bool folder = false);
    // A file of the kernel's tables (procfs, sysfs: size 0 or unknown) through `fd`, opened
    // non-blocking: read up to a bound, never waiting for more. Closes `fd`.
    void addKernelFile(int fd, const QString &display);
    void problem(const QString &path, const QString &message)
    {
        m_problems.append(Error{path, 0, 0, message});
    }
    void note(const QString &path, const QString &message)
    {
        m_problems.append(Error{path, 0, 0, message, true});
    }

    BundleLimits m_limits;
    bool m_stdinRead = false;
    Sink m_sink;
    std::vector<std::shared_ptr<const LogDocument>> m_docs;
    QList<Error> m_problems;
    qint64 m_totalBytes = 0;
    int m_entries = 0;
    bool m_entryLimitReported = false;
    // (device, inode) of each file and folder read → the name it was read as.
    std::map<std::pair<quint64, quint64>, QString> m_read;
};

// True when `bytes` start like an archive or a compressed stream.
bool looksLikeArchive(std::string_view bytes);

} // namespace gputriage
