#include "text/logdocument.h"

#include "text/normalizer.h"

#include <QFile>

#include <algorithm>
#include <cstdint>
#include <cstring>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace gputriage {

LogDocument::~LogDocument()
{
#ifdef Q_OS_UNIX
    if (!m_window.empty()) {
        // Whole pages only: the pages at either end may be shared with the next window.
        const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
        const auto begin = (uintptr_t(m_window.data()) + page - 1) & ~(page - 1);
        const auto end = (uintptr_t(m_window.data()) + m_window.size()) & ~(page - 1);
        if (end > begin)
            madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
    }
#endif
}

std::shared_ptr<const LogDocument> LogDocument::window(std::shared_ptr<const void> mapping,
                                                       std::string_view bytes,
                                                       const QString &displayPath,
                                                       int firstLineNumber)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_lineOffset = firstLineNumber - 1;
    doc->m_mapping = std::move(mapping);
    doc->m_window = bytes;
    doc->m_data = bytes.data();
    doc->m_size = bytes.size();
    doc->decode();
    doc->index();
    return doc;
}

Result<std::shared_ptr<const LogDocument>> LogDocument::open(const QString &fileName,
                                                             const QString &displayPath)
{
    auto file = std::make_unique<QFile>(fileName);
    if (!file->open(QIODevice::ReadOnly))
        return Error{displayPath.isEmpty() ? fileName : displayPath, 0, 0,
                     QStringLiteral("cannot open: %1").arg(file->errorString())};
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath.isEmpty() ? fileName : displayPath;
    const qint64 size = file->size();
    if (size > 0) {
        if (uchar *mapped = file->map(0, size)) {
            doc->m_data = reinterpret_cast<const char *>(mapped);
            doc->m_size = size_t(size);
        } else {
            doc->m_buffer = file->readAll(); // pipes and special files cannot be mapped
            if (file->error() != QFile::NoError)
                return Error{doc->m_path, 0, 0,
                             QStringLiteral("cannot read: %1").arg(file->errorString())};
        }
    } else {
        doc->m_buffer = file->readAll();
    }
    if (!doc->m_data) {
        doc->m_data = doc->m_buffer.constData();
        doc->m_size = size_t(doc->m_buffer.size());
    }
    doc->m_file = std::move(file);
    doc->decode();
    doc->index();
    return std::shared_ptr<const LogDocument>(std::move(doc));
}

std::shared_ptr<const LogDocument>
LogDocument::fromBytes(QByteArray bytes, const QString &displayPath, int firstLineNumber)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_lineOffset = firstLineNumber - 1;
    doc->m_buffer = std::move(bytes);
    doc->m_data = doc->m_buffer.constData();
    doc->m_size = size_t(doc->m_buffer.size());
    doc->decode();
    doc->index();
    return doc;
}

std::shared_ptr<const LogDocument>
LogDocument::section(const std::shared_ptr<const LogDocument> &parent,
                     int firstLine,
                     int endLine,
                     const QString &displayPath)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_parent = parent;
    firstLine = std::clamp(firstLine, 0, parent->lineCount());
    endLine = std::clamp(endLine, firstLine, parent->lineCount());
    const size_t begin = firstLine < parent->lineCount() ? parent->m_lineStarts[size_t(firstLine)]
                                                         : parent->m_size;
    const size_t end
        = endLine < parent->lineCount() ? parent->m_lineStarts[size_t(endLine)] : parent->m_size;
    doc->m_data = parent->m_data + begin;
    doc->m_size = end - begin;
    doc->m_encoding = parent->m_encoding;
    doc->m_lineOffset = parent->m_lineOffset + firstLine;
    doc->index();
    return doc;
}

namespace {

// Counts well-formed multi-byte UTF-8 sequences and malformed bytes in a sample.
void utf8Stats(std::string_view s, int &valid, int &invalid)
{
    valid = invalid = 0;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        const int len = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
        bool ok = len > 0 && i + size_t(len) <= s.size();
        for (int k = 1; ok && k < len; ++k)
            ok = (static_cast<unsigned char>(s[i + size_t(k)]) & 0xC0) == 0x80;
        if (ok) {
            ++valid;
            i += size_t(len);
        } else {
            ++invalid;
            ++i;
        }
    }
}

// Windows tools write UTF-16 without a byte order mark too: ASCII text then has a NUL in every
// other byte. +1 for little endian, -1 for big endian, 0 when the sample does not look so.
int utf16WithoutBom(std::string_view s)
{
    const size_t n = std::min<size_t>(s.size(), 4096) & ~size_t(1);
    if (n < 8)
        return 0;
    size_t zeroEven = 0, zeroOdd = 0;
    for (size_t i = 0; i < n; i += 2) {
        zeroEven += s[i] == '\0';
        zeroOdd += s[i + 1] == '\0';
    }
    const size_t pairs = n / 2;
    if (zeroOdd * 10 >= pairs * 9 && zeroEven * 10 < pairs)
        return 1;
    if (zeroEven * 10 >= pairs * 9 && zeroOdd * 10 < pairs)
        return -1;
    return 0;
}

} // namespace

void LogDocument::decode()
{
    const std::string_view s(m_data, m_size);
    auto replaceWith = [this](const QString &text, const char *encoding) {
        m_buffer = text.toUtf8();
        m_data = m_buffer.constData();
        m_size = size_t(m_buffer.size());
        m_encoding = QString::fromLatin1(encoding);
    };
    const bool bom
        = s.size() >= 2 && (s.substr(0, 2) == "\xFF\xFE" || s.substr(0, 2) == "\xFE\xFF");
    const int unmarked = bom ? 0 : utf16WithoutBom(s);
    if (bom || unmarked) {
        const bool le = bom ? s[0] == '\xFF' : unmarked > 0;
        const size_t skip = bom ? 2 : 0;
        QByteArray raw = QByteArray::fromRawData(m_data + skip, qsizetype(m_size - skip));
        QString text(qsizetype(raw.size() / 2), Qt::Uninitialized);
        for (qsizetype i = 0; i + 1 < raw.size(); i += 2) {
            const auto lo = static_cast<unsigned char>(raw[le ? i : i + 1]);
            const auto hi = static_cast<unsigned char>(raw[le ? i + 1 : i]);
            text[i / 2] = QChar(char16_t(lo | (hi << 8)));
        }
        replaceWith(text, le ? "utf-16le" : "utf-16be");
        return;
    }
    if (s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF") {
        m_data += 3;
        m_size -= 3;
        return;
    }
    // Text with high bytes but not one valid UTF-8 sequence is taken as Latin-1.
    int valid = 0, invalid = 0;
    utf8Stats(s.substr(0, 1 << 20), valid, invalid);
    if (invalid > 0 && valid == 0 && s.substr(0, 1 << 16).find('\0') == std::string_view::npos)
        replaceWith(QString::fromLatin1(m_data, qsizetype(m_size)), "latin-1");
}

void LogDocument::index()
{
    m_lineStarts.reserve(m_size / 64 + 1);
    size_t pos = 0;
    while (pos < m_size) {
        m_lineStarts.push_back(pos);
        const void *nl = std::memchr(m_data + pos, '\n', m_size - pos);
        if (!nl)
            break;
        pos = size_t(static_cast<const char *>(nl) - m_data) + 1;
    }
    // The reserve guessed short lines: a big document (the GUI keeps it) returns the rest, so
    // the index stays at 8 bytes per line; small and streamed chunks are not worth the copy.
    const size_t unused = (m_lineStarts.capacity() - m_lineStarts.size()) * sizeof(uint64_t);
    if (unused > (size_t(4) << 20) && unused * 8 > m_lineStarts.size() * sizeof(uint64_t))
        m_lineStarts.shrink_to_fit();
    int cri = 0, sampled = 0;
    for (int i = 0; i < lineCount() && sampled < 20; ++i) {
        const std::string_view l = line(i);
        if (l.empty())
            continue;
        ++sampled;
        bool isCri = false;
        Normalizer::timestampPrefixLength(l, &isCri);
        cri += isCri;
    }
    m_format = sampled > 0 && cri * 2 > sampled ? QStringLiteral("cri") : QStringLiteral("plain");
}

std::string_view LogDocument::line(int index) const
{
    if (index < 0 || index >= lineCount())
        return {};
    const size_t start = m_lineStarts[size_t(index)];
    size_t end = size_t(index) + 1 < m_lineStarts.size() ? m_lineStarts[size_t(index) + 1] : m_size;
    if (end > start && m_data[end - 1] == '\n')
        --end;
    if (end > start && m_data[end - 1] == '\r')
        --end;
    return {m_data + start, end - start};
}

} // namespace gputriage
