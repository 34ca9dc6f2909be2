#pragma once

#include "result.h"
#include "text/linetypes.h"

#include <QString>

#include <algorithm>
#include <atomic>

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string_view>
#include <vector>

class QFile;

namespace gputriage {

// How a file's lines are written: plain text, or with a CRI prefix (container logs).
enum class LineFormat { Plain, Cri };

class MappingGuard;

// Lines that another object supplies (the merged timeline's references into other documents).
// The count may grow while the lines are read; a line once counted never changes.
class LineSource
{
public:
    virtual ~LineSource() = default;
    virtual int lineCount() const = 0;
    virtual std::string_view line(int index) const = 0;
    // The lines [first, end) were read by a pass that will not come back to them (see
    // LogDocument::releaseLines()).
    virtual void releaseLines(int /*first*/, int /*end*/) const {}
};

// The bytes of one log (memory-mapped when possible) and the offsets of its lines.
// Immutable after load, so threads may read it concurrently.
class LogDocument
{
public:
    ~LogDocument();

    static Result<std::shared_ptr<const LogDocument>> open(const QString &fileName,
                                                           const QString &displayPath = {});
    // `firstLineNumber` - 1 is added to line numbers (for chunks of a streamed entry).
    static std::shared_ptr<const LogDocument>
    fromBytes(QByteArray bytes, const QString &displayPath, int firstLineNumber = 1);
    // `bytes` that `owner` keeps alive (a streamed chunk in a pooled buffer).
    static std::shared_ptr<const LogDocument> window(std::shared_ptr<const void> owner,
                                                     std::string_view bytes,
                                                     const QString &displayPath,
                                                     int firstLineNumber);
    // Lines [firstLine, endLine) of `parent` as a document of its own that shares its bytes;
    // its line numbers still count from the start of the parent (see lineNumber()).
    static std::shared_ptr<const LogDocument>
    section(const std::shared_ptr<const LogDocument> &parent,
            int firstLine,
            int endLine,
            const QString &displayPath);

    // A document whose lines `source` supplies (no bytes of its own; bytes() is empty).
    static std::shared_ptr<const LogDocument> fromSource(std::shared_ptr<const LineSource> source,
                                                         const QString &displayPath);
    const LineSource *lineSource() const { return m_source.get(); }

    QString path() const { return m_path; }
    // Unique among the documents of this process: what a document is known by once it may be
    // gone (another one may be made at its address).
    quint64 serial() const { return m_serial; }
    qint64 byteCount() const { return qint64(m_size); }
    int lineCount() const { return m_source ? m_source->lineCount() : int(m_lineStarts.size()); }
    // The text of `line` without its line terminator.
    std::string_view line(LineNumber line) const;
    QString lineText(LineNumber line) const { return QString::fromUtf8(this->line(line)); }
    // The number to show for `line` (a section's count from its parent's start).
    int lineNumber(LineNumber line) const { return line.displayed() + m_lineOffset; }
    // The line shown as `number`.
    LineNumber lineOfNumber(int number) const
    {
        return LineNumber::fromDisplayed(number - m_lineOffset);
    }
    // The same by a plain index, for the callers not converted to LineNumber yet.
    std::string_view line(int index) const { return line(LineNumber(index)); }
    QString lineText(int index) const { return lineText(LineNumber(index)); }
    int lineNumber(int index) const { return lineNumber(LineNumber(index)); }
    int indexOfLineNumber(int number) const { return lineOfNumber(number).get(); }
    // Cri when lines carry a CRI prefix.
    LineFormat format() const { return m_format; }
    // How the bytes were decoded: "utf-8", "utf-16le", "utf-16be" or "latin-1" (detected), or
    // the encoding decodedAs() was given.
    QString encoding() const { return m_encoding; }
    // The bytes as read, before decoding (a section's: its part of its parent's text).
    std::string_view rawBytes() const { return {m_rawData, m_rawSize}; }
    // The raw bytes of `doc` decoded as `encoding` ("utf-8", "latin-1", "windows-1252",
    // "utf-16le", "utf-16be"; empty: detected again): a document of the same path and line
    // numbers. Null for an encoding Qt does not know or a document of another's lines.
    static std::shared_ptr<const LogDocument>
    decodedAs(const std::shared_ptr<const LogDocument> &doc, const QString &encoding);
    // Memory held by the line index (not the text).
    size_t indexBytes() const { return m_lineStarts.capacity() * sizeof(m_lineStarts[0]); }
    // The whole text (for section splitting and nested archives).
    std::string_view bytes() const { return {m_data, m_size}; }
    // Raised when the mapped file shrank while it was read: the lines past its new end read as
    // NUL bytes. Null for documents that are not mapped from a file.
    std::shared_ptr<const std::atomic<bool>> shrankWhileRead() const { return m_shrank; }

    // Resident memory: the pages of a mapped file count in this process's RSS once read, though
    // they are clean copies of the page cache. A pass over a large document gives back the whole
    // pages of what it has read (the kernel reads them again from its cache if they are touched
    // later), so memory holds a step of the pass, not the file. No-op for text held in memory.
    void releasePages(const char *from, const char *to) const;
    // The pages of lines [first, end) (of the lines' documents, for a document of references).
    void releaseLines(int first, int end) const;
    // The first `c` at or after `from` in bytes() (npos if none), read in steps that are
    // released behind the scan.
    size_t find(char c, size_t from = 0) const;
    // Whether a line may be a partial record (a CRI 'P' tag, a docker json-file record): the text
    // begins with '{' or holds "\n{", "\r{" or " P " (noted by the line index's pass); true for
    // a document of others' lines.
    bool mayHoldPartialRecords() const { return m_size == 0 || m_data[0] == '{' || m_partialMarks; }

private:
    LogDocument() = default;
    // Calls read(begin, end) for the steps of bytes() from `from` on, releasing each step's pages
    // once it is read, until `read` returns true (then so does this).
    template<typename Read>
    bool readSteps(size_t from, Read read) const;
    void index();
    // Text in another encoding than UTF-8 is decoded to it: marked UTF-16 or UTF-8 at the start
    // (decodeHead), a UTF-16 block appended or Latin-1 (decodeBody, read only when the index saw
    // a byte above ASCII). Each returns whether it changed the text.
    bool decodeHead();
    bool decodeBody();
    void decodeAndIndex();
    void replaceText(const QString &text, const char *encoding);

    QString m_path;
    quint64 m_serial = nextSerial();
    static quint64 nextSerial();
    std::unique_ptr<QFile> m_file;
    std::unique_ptr<MappingGuard> m_guard; // after m_file: unguarded before it is unmapped
    std::shared_ptr<const std::atomic<bool>> m_shrank;
    QByteArray m_buffer;
    QByteArray m_raw; // the bytes read, kept when decoding replaced m_buffer
    const char *m_data = nullptr;
    size_t m_size = 0;
    const char *m_rawData = nullptr;
    size_t m_rawSize = 0;
    // Offsets of the line starts. Grown and trimmed with realloc, which moves the pages of a
    // big index instead of copying them, so it can be cut to its exact size.
    struct LineStarts
    {
        uint64_t *data = nullptr;
        size_t count = 0, room = 0;
        LineStarts() = default;
        LineStarts(const LineStarts &) = delete;
        LineStarts &operator=(const LineStarts &) = delete;
        ~LineStarts() { std::free(data); }
        size_t size() const { return count; }
        size_t capacity() const { return room; }
        bool empty() const { return count == 0; }
        uint64_t operator[](size_t i) const { return data[i]; }
        uint64_t back() const { return data[count - 1]; }
        void pop_back() { --count; }
        void push_back(uint64_t v)
        {
            if (count == room)
                setCapacity(std::max<size_t>(1024, room + room / 2));
            data[count++] = v;
        }
        void setCapacity(size_t newRoom); // never below size()
    };
    LineStarts m_lineStarts;
    LineFormat m_format = LineFormat::Plain;
    bool m_highBytes = false;    // a byte above ASCII (index())
    bool m_partialMarks = false; // "\n{", "\r{" or " P " (index())
    QString m_encoding = QStringLiteral("utf-8");
    int m_lineOffset = 0;
    std::shared_ptr<const void> m_owner; // keeps a section's or a window's bytes alive
    std::shared_ptr<const LineSource> m_source;
    // The file mapping m_data lies in (a section's or a window's: its parent's); null when the
    // text is in memory.
    const char *m_mapBegin = nullptr;
    const char *m_mapEnd = nullptr;
};

// Releases the pages of a document behind a pass that reads its lines in order (a scan, a
// search, a merge): call passed(i) as line i is reached; the destructor releases the rest.
class PagesBehind
{
public:
    explicit PagesBehind(const LogDocument &doc, int first = 0)
        : m_doc(&doc)
        , m_first(first)
    {}
    ~PagesBehind() { m_doc->releaseLines(m_first, m_end); }
    PagesBehind(const PagesBehind &) = delete;
    PagesBehind &operator=(const PagesBehind &) = delete;

    void passed(int line)
    {
        m_end = std::max(m_end, line + 1);
        if ((line & 0xFFF) == 0 && line - m_first >= kStepLines) {
            m_doc->releaseLines(m_first, line);
            m_first = line;
        }
    }

private:
    static constexpr int kStepLines = 1 << 16; // about 8 MiB of a container log

    const LogDocument *m_doc;
    int m_first;
    int m_end = 0;
};

} // namespace gputriage
