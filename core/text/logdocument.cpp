#include "text/logdocument.h"

#include "text/mappingguard.h"
#include "text/normalizer.h"

#include <QFile>
#include <QStringDecoder>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>

#ifdef __SSE2__
#include <immintrin.h>
#endif

#include <sys/mman.h>
#include <unistd.h>

namespace gputriage {

namespace {
// How much of a mapped file a pass reads before it releases the pages (see releasePages()).
constexpr size_t kReleaseStep = size_t(32) << 20;
} // namespace

LogDocument::~LogDocument() = default;

quint64 LogDocument::nextSerial()
{
    static std::atomic<quint64> serials{0};
    return ++serials;
}

std::shared_ptr<const LogDocument> LogDocument::window(std::shared_ptr<const void> owner,
                                                       std::string_view bytes,
                                                       const QString &displayPath,
                                                       int firstLineNumber)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_lineOffset = firstLineNumber - 1;
    doc->m_owner = std::move(owner);
    doc->m_data = bytes.data();
    doc->m_size = bytes.size();
    doc->decodeAndIndex();
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
        uchar *mapped = file->map(0, size);
        if (mapped) {
            doc->m_guard = std::make_unique<MappingGuard>(mapped, size_t(size));
            if (!doc->m_guard->active()) { // too many files mapped at once: read this one
                doc->m_guard.reset();
                file->unmap(mapped);
                mapped = nullptr;
            }
        }
        if (mapped) {
            doc->m_data = reinterpret_cast<const char *>(mapped);
            doc->m_size = size_t(size);
            doc->m_mapBegin = doc->m_data;
            doc->m_mapEnd = doc->m_data + doc->m_size;
            doc->m_shrank = doc->m_guard->truncated();
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
    doc->decodeAndIndex();
    // Shrunk while indexed: index only what is still there, not a tail of zero pages.
    if (doc->m_shrank && doc->m_shrank->load() && file->size() < qint64(doc->m_size)) {
        doc->m_size = size_t(std::max<qint64>(0, file->size()));
        doc->m_lineStarts.count = 0;
        doc->index();
    }
    doc->m_file = std::move(file);
    return std::shared_ptr<const LogDocument>(std::move(doc));
}

std::shared_ptr<const LogDocument> LogDocument::fromSource(std::shared_ptr<const LineSource> source,
                                                           const QString &displayPath)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_source = std::move(source);
    return doc;
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
    doc->decodeAndIndex();
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
    doc->m_owner = parent;
    doc->m_shrank = parent->m_shrank;
    doc->m_mapBegin = parent->m_mapBegin;
    doc->m_mapEnd = parent->m_mapEnd;
    firstLine = std::clamp(firstLine, 0, parent->lineCount());
    endLine = std::clamp(endLine, firstLine, parent->lineCount());
    const size_t begin = firstLine < parent->lineCount() ? parent->m_lineStarts[size_t(firstLine)]
                                                         : parent->m_size;
    const size_t end
        = endLine < parent->lineCount() ? parent->m_lineStarts[size_t(endLine)] : parent->m_size;
    doc->m_data = parent->m_data + begin;
    doc->m_size = end - begin;
    doc->m_rawData = doc->m_data;
    doc->m_rawSize = doc->m_size;
    doc->m_encoding = parent->m_encoding;
    doc->m_lineOffset = parent->m_lineOffset + firstLine;
    doc->index();
    return doc;
}

std::shared_ptr<const LogDocument>
LogDocument::decodedAs(const std::shared_ptr<const LogDocument> &doc, const QString &encoding)
{
    if (!doc || doc->m_source)
        return nullptr;
    const std::string_view raw = doc->rawBytes();
    QByteArray bytes(raw.data(), qsizetype(raw.size()));
    if (encoding.isEmpty())
        return fromBytes(std::move(bytes), doc->m_path, doc->m_lineOffset + 1);
    QStringDecoder decoder(encoding.toLatin1().constData());
    if (!decoder.isValid())
        return nullptr;
    QString text = decoder(bytes);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    std::shared_ptr<LogDocument> out(new LogDocument);
    out->m_path = doc->m_path;
    out->m_lineOffset = doc->m_lineOffset;
    out->m_raw = std::move(bytes);
    out->m_rawData = out->m_raw.constData();
    out->m_rawSize = size_t(out->m_raw.size());
    out->m_buffer = text.toUtf8();
    out->m_data = out->m_buffer.constData();
    out->m_size = size_t(out->m_buffer.size());
    out->m_encoding = encoding;
    out->index();
    return out;
}

namespace {

// Counts well-formed multi-byte UTF-8 sequences and malformed bytes in a sample.
void utf8Stats(std::string_view s, int &valid, int &invalid)
{
    valid = invalid = 0;
    for (size_t i = 0; i < s.size();) {
        uint64_t word = 0;
        if (i + 8 <= s.size()) { // ASCII eight bytes at a time
            std::memcpy(&word, s.data() + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
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

bool LogDocument::decodeHead()
{
    const std::string_view s(m_data, m_size);
    m_rawData = m_data;
    m_rawSize = m_size;
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
        replaceText(text, le ? "utf-16le" : "utf-16be");
        return true;
    }
    if (s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF") {
        m_data += 3;
        m_size -= 3;
        return true;
    }
    return false;
}

void LogDocument::replaceText(const QString &text, const char *encoding)
{
    if (m_data == m_buffer.constData())
        m_raw = std::move(m_buffer); // its data stays where m_rawData points
    m_buffer = text.toUtf8();
    m_data = m_buffer.constData();
    m_size = size_t(m_buffer.size());
    m_encoding = QString::fromLatin1(encoding);
}

bool LogDocument::decodeBody()
{
    const std::string_view s(m_data, m_size);
    // A UTF-16 block appended to a UTF-8 log (a Windows tool's output added with >>) begins
    // with its byte order mark, which is never UTF-8; the text after it must look like UTF-16
    // too. One memchr pass finds both marks (FF FE, FE FF).
    for (size_t at = 0; (at = find('\xFF', at)) != std::string_view::npos; ++at) {
        const bool le = at + 1 < s.size() && s[at + 1] == '\xFE';
        const bool be = !le && at > 0 && s[at - 1] == '\xFE';
        const size_t mark = be ? at - 1 : at;
        if ((!le && !be) || utf16WithoutBom(s.substr(mark + 2)) != (le ? 1 : -1))
            continue;
        QString text = QString::fromUtf8(m_data, qsizetype(mark));
        const size_t units = (m_size - mark - 2) / 2;
        const qsizetype head = text.size();
        text.resize(head + qsizetype(units));
        for (size_t i = 0; i < units; ++i) {
            const auto b0 = static_cast<unsigned char>(s[mark + 2 + 2 * i]);
            const auto b1 = static_cast<unsigned char>(s[mark + 3 + 2 * i]);
            text[head + qsizetype(i)] = QChar(char16_t(le ? b0 | (b1 << 8) : b1 | (b0 << 8)));
        }
        text.remove(QChar(0xFEFF)); // further marks of blocks appended later
        replaceText(text, le ? "utf-8+utf-16le" : "utf-8+utf-16be");
        return true;
    }
    // Text with high bytes but not one valid UTF-8 sequence is taken as Latin-1.
    int valid = 0, invalid = 0;
    utf8Stats(s.substr(0, 1 << 20), valid, invalid);
    if (invalid > 0 && valid == 0 && s.substr(0, 1 << 16).find('\0') == std::string_view::npos) {
        replaceText(QString::fromLatin1(m_data, qsizetype(m_size)), "latin-1");
        return true;
    }
    return false;
}

void LogDocument::decodeAndIndex()
{
    if (decodeHead()) {
        index();
        return;
    }
    // The index pass says whether any byte is above ASCII; only then can the text be anything
    // but UTF-8 (the marks of UTF-16 and Latin-1 are high bytes), so ASCII is read once.
    index();
    if (m_highBytes && decodeBody()) {
        m_lineStarts.count = 0;
        index();
    }
}

namespace {

// A line ends at a newline, or at a carriage return that no newline or other return follows (old
// Mac line ends, progress bars redrawn in place): "\r\n" and "\r\r\n" end one line, not two.
inline bool endsLine(const char *data, size_t size, size_t pos)
{
    return data[pos] == '\n'
           || (data[pos] == '\r'
               && (pos + 1 == size || (data[pos + 1] != '\n' && data[pos + 1] != '\r')));
}

// The line starts of a 64-byte block from its masks of newlines and returns; `next` is the byte
// after the block (0 past the end).
template<typename Starts>
inline void pushStarts(size_t pos, uint64_t newlines, uint64_t returns, char next, Starts &starts)
{
    if (returns) {
        const uint64_t followed
            = (newlines | returns) >> 1 | uint64_t(next == '\n' || next == '\r') << 63;
        newlines |= returns & ~followed;
    }
    for (; newlines; newlines &= newlines - 1)
        starts.push_back(pos + size_t(std::countr_zero(newlines)) + 1);
}

} // namespace

namespace {

// What the index pass notes besides the line starts: a byte above ASCII, and a mark a partial
// record may begin with ("{" after a line end, " P "), with what it needs of the block before.
struct IndexMarks
{
    bool high = false;
    bool partial = false;
    bool endBefore = false;   // the byte before the block is \n or \r
    bool blankBefore = false; // the byte before the block is a blank
    // One 64-byte block's masks (bit i: byte i); `next` is the byte after it (0 past the end).
    void block(uint64_t ends, uint64_t braces, uint64_t blanks, uint64_t ps, char next)
    {
        const uint64_t afterEnd = ends << 1 | uint64_t(endBefore);
        const uint64_t afterBlank = blanks << 1 | uint64_t(blankBefore);
        const uint64_t beforeBlank = blanks >> 1 | uint64_t(next == ' ') << 63;
        partial = partial || (braces & afterEnd) != 0 || (ps & afterBlank & beforeBlank) != 0;
        endBefore = ends >> 63;
        blankBefore = blanks >> 63;
    }
    // The same for the byte at `pos`, read one at a time.
    void byte(const char *data, size_t size, size_t pos)
    {
        const char c = data[pos];
        high = high || static_cast<unsigned char>(c) >= 0x80;
        if (pos == 0 || partial)
            return;
        const char before = data[pos - 1];
        partial = (c == '{' && (before == '\n' || before == '\r'))
                  || (c == 'P' && before == ' ' && pos + 1 < size && data[pos + 1] == ' ');
    }
};

} // namespace

#ifdef __SSE2__
namespace {

// Line ends 64 bytes at a time: masks of them, one line start per set bit. Returns where the
// whole blocks end. `marks` gathers the rest of what the pass sees.
template<typename Starts>
size_t indexBlocks(const char *data, size_t size, Starts &starts, IndexMarks &marks)
{
    const __m128i newline = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i brace = _mm_set1_epi8('{'), blank = _mm_set1_epi8(' '), p = _mm_set1_epi8('P');
    __m128i any = _mm_setzero_si128();
    size_t pos = 0;
    for (; pos + 64 <= size; pos += 64) {
        uint64_t mask = 0, returns = 0, braces = 0, blanks = 0, ps = 0;
        for (int k = 0; k < 4; ++k) {
            const __m128i block
                = _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + pos + 16 * k));
            auto bits = [&](__m128i c) {
                return uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(block, c)))) << (16 * k);
            };
            mask |= bits(newline);
            returns |= bits(cr);
            if (!marks.partial) {
                braces |= bits(brace);
                blanks |= bits(blank);
                ps |= bits(p);
            }
            any = _mm_or_si128(any, block);
        }
        const char next = pos + 64 < size ? data[pos + 64] : '\0';
        if (!marks.partial)
            marks.block(mask | returns, braces, blanks, ps, next);
        pushStarts(pos, mask, returns, next, starts);
    }
    marks.high |= _mm_movemask_epi8(any) != 0;
    return pos;
}

template<typename Starts>
__attribute__((target("avx2"))) size_t
indexBlocksAvx2(const char *data, size_t size, Starts &starts, IndexMarks &marks)
{
    const __m256i newline = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    const __m256i brace = _mm256_set1_epi8('{'), blank = _mm256_set1_epi8(' ');
    const __m256i p = _mm256_set1_epi8('P');
    __m256i any = _mm256_setzero_si256();
    size_t pos = 0;
    for (; pos + 64 <= size; pos += 64) {
        const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + pos));
        const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + pos + 32));
        const auto bits = [lo, hi](__m256i c) __attribute__((target("avx2"))) {
            return uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, c))))
                   | uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, c)))) << 32;
        };
        const uint64_t mask = bits(newline);
        const uint64_t returns = bits(cr);
        any = _mm256_or_si256(any, _mm256_or_si256(lo, hi));
        const char next = pos + 64 < size ? data[pos + 64] : '\0';
        if (!marks.partial)
            marks.block(mask | returns, bits(brace), bits(blank), bits(p), next);
        pushStarts(pos, mask, returns, next, starts);
    }
    marks.high |= _mm256_movemask_epi8(any) != 0;
    return pos;
}

} // namespace
#endif

void LogDocument::LineStarts::setCapacity(size_t newRoom)
{
    newRoom = std::max(newRoom, count);
    if (newRoom == 0) {
        std::free(data);
        data = nullptr;
        room = 0;
        return;
    }
    auto *grown = static_cast<uint64_t *>(std::realloc(data, newRoom * sizeof(uint64_t)));
    if (!grown)
        throw std::bad_alloc();
    data = grown;
    room = newRoom;
}

void LogDocument::index()
{
    // Reserve for the line length of the first 64 KiB (plus a margin), so a big document
    // seldom grows or shrinks its index.
    const std::string_view head(m_data, std::min<size_t>(m_size, 64 * 1024));
    const size_t headLines = size_t(std::count(head.begin(), head.end(), '\n')) + 1;
    m_lineStarts.setCapacity(m_size / std::max<size_t>(1, head.size() / headLines) * 9 / 8 + 1024);
    if (m_size > 0)
        m_lineStarts.push_back(0);
    size_t pos = 0;
    IndexMarks marks;
#ifdef __SSE2__
    static const bool avx2 = __builtin_cpu_supports("avx2");
    // In steps whose pages are released once indexed (a step given one byte more, so that a
    // return at its end sees the byte after it).
    struct Shifted
    {
        LineStarts &starts;
        size_t base;
        void push_back(size_t v) { starts.push_back(base + v); }
    };
    for (size_t step = 0; pos + 64 <= m_size; pos = step) {
        const size_t length = std::min(kReleaseStep, m_size - pos);
        Shifted starts{m_lineStarts, pos};
        const size_t size = pos + length < m_size ? length + 1 : length;
        step = pos
               + (avx2 ? indexBlocksAvx2(m_data + pos, size, starts, marks)
                       : indexBlocks(m_data + pos, size, starts, marks));
        if (step == pos)
            break;
        releasePages(m_data + pos, m_data + step);
    }
#endif
    for (; pos < m_size; ++pos) {
        if (endsLine(m_data, m_size, pos))
            m_lineStarts.push_back(pos + 1);
        marks.byte(m_data, m_size, pos);
    }
    m_highBytes = marks.high;
    m_partialMarks = marks.partial;
    if (!m_lineStarts.empty() && m_lineStarts.back() == m_size)
        m_lineStarts.pop_back(); // the text ends with a newline: no empty line after it
    m_lineStarts.setCapacity(m_lineStarts.size()); // 8 bytes per line
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
    m_format = sampled > 0 && cri * 2 > sampled ? LineFormat::Cri : LineFormat::Plain;
}

void LogDocument::releasePages(const char *from, const char *to) const
{
    // Only within the mapping: text decoded into memory has no copy to read again.
    // GPUTRIAGE_KEEP_PAGES=1 keeps them (to measure what releasing saves).
    static const bool keep = qEnvironmentVariableIsSet("GPUTRIAGE_KEEP_PAGES");
    if (keep || !m_mapBegin || from < m_mapBegin || to > m_mapEnd || from >= to)
        return;
    static const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
    // Whole pages inside the range; the mapping's last page is whole in the mapping. Offsets
    // from the mapping's start (page aligned), so the pointer is the mapping's own.
    const auto base = reinterpret_cast<uintptr_t>(m_mapBegin);
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(from) - base + page - 1) & ~(page - 1);
    uintptr_t end = reinterpret_cast<uintptr_t>(to) - base;
    end = to == m_mapEnd ? (end + page - 1) & ~(page - 1) : end & ~(page - 1);
    if (begin < end)
        madvise(const_cast<char *>(m_mapBegin) + begin, end - begin, MADV_DONTNEED);
}

void LogDocument::releaseLines(int first, int end) const
{
    if (m_source) {
        m_source->releaseLines(first, end);
        return;
    }
    first = std::max(first, 0);
    end = std::min(end, lineCount());
    if (!m_mapBegin || first >= end)
        return;
    releasePages(m_data + m_lineStarts[size_t(first)], size_t(end) < m_lineStarts.size()
                                                           ? m_data + m_lineStarts[size_t(end)]
                                                           : m_data + m_size);
}

// Steps aligned on the text, each released as the scan leaves it: a scan that stops at every
// hit and goes on from there releases each step once.
template<typename Read>
bool LogDocument::readSteps(size_t from, Read read) const
{
    for (size_t pos = from; pos < m_size;) {
        const size_t stepEnd = std::min(m_size, (pos / kReleaseStep + 1) * kReleaseStep);
        if (read(pos, stepEnd))
            return true;
        releasePages(m_data + (stepEnd - 1) / kReleaseStep * kReleaseStep, m_data + stepEnd);
        pos = stepEnd;
    }
    return false;
}

size_t LogDocument::find(char c, size_t from) const
{
    size_t at = std::string_view::npos;
    readSteps(from, [&](size_t pos, size_t end) {
        const void *hit = std::memchr(m_data + pos, c, end - pos);
        if (hit)
            at = size_t(static_cast<const char *>(hit) - m_data);
        return hit != nullptr;
    });
    return at;
}

std::string_view LogDocument::line(LineNumber line) const
{
    const int index = line.get();
    if (m_source)
        return m_source->line(index);
    if (index < 0 || index >= lineCount())
        return {};
    const size_t start = m_lineStarts[size_t(index)];
    size_t end = size_t(index) + 1 < m_lineStarts.size() ? m_lineStarts[size_t(index) + 1] : m_size;
    if (end > start && m_data[end - 1] == '\n')
        --end;
    while (end > start && m_data[end - 1] == '\r')
        --end;
    return {m_data + start, end - start};
}

} // namespace gputriage
