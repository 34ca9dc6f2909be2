#pragma once

#include <QFile>
#include <QString>

#include <memory>
#include <optional>
#include <string_view>

namespace gputriage {

// A compressed stream (gzip, xz, zstd or bzip2; one member or several) decompressed block by
// block. A stream cut short gives every byte that decompresses: libarchive's own filters drop
// their last block, which is all of a small archive.
class CompressedStream
{
public:
    enum class Kind { Gzip, Xz, Zstd, Bzip2 };
    static std::optional<Kind> kindOf(std::string_view head);
    static QString name(Kind kind);

    CompressedStream(Kind kind, std::string_view bytes); // in memory, not copied
    CompressedStream(Kind kind, const QString &path);    // a file, read as needed
    ~CompressedStream();
    CompressedStream(const CompressedStream &) = delete;
    CompressedStream &operator=(const CompressedStream &) = delete;

    // The next decompressed block, valid until the next call; empty at the end.
    std::string_view next();
    Kind kind() const { return m_kind; }
    bool cut() const { return m_cut; }               // the input ended inside a member
    const QString &error() const { return m_error; } // corrupt data or a read error
    qint64 consumed() const { return m_consumed; }   // compressed bytes decompressed
    qint64 produced() const { return m_produced; }

    struct Codec;

private:
    bool fill();

    Kind m_kind;
    std::unique_ptr<Codec> m_codec;
    std::string_view m_memory;
    QFile m_file;
    QByteArray m_in, m_out;
    const char *m_next = nullptr; // input not taken yet
    size_t m_avail = 0;
    bool m_fromFile = false;
    bool m_inMember = false;
    bool m_done = false;
    bool m_cut = false;
    QString m_error;
    qint64 m_consumed = 0;
    qint64 m_produced = 0;
};

} // namespace gputriage
