#pragma once

#include "result.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

class QFile;

namespace gputriage {

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
    // `bytes` of a file mapping that `mapping` keeps alive. The pages are handed back to the
    // system when the document goes (they stay in the page cache), so streaming a mapped file
    // holds memory only for the windows in use.
    static std::shared_ptr<const LogDocument> window(std::shared_ptr<const void> mapping,
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

    QString path() const { return m_path; }
    qint64 byteCount() const { return qint64(m_size); }
    int lineCount() const { return int(m_lineStarts.size()); }
    // Line `index` (0-based) without its line terminator.
    std::string_view line(int index) const;
    QString lineText(int index) const { return QString::fromUtf8(line(index)); }
    // The 1-based line number to show for line `index` (sections count from their parent's start).
    int lineNumber(int index) const { return index + 1 + m_lineOffset; }
    int indexOfLineNumber(int number) const { return number - 1 - m_lineOffset; }
    // "cri" when lines carry a CRI prefix, else "plain".
    QString format() const { return m_format; }
    // How the bytes were decoded: "utf-8", "utf-16le", "utf-16be" or "latin-1".
    QString encoding() const { return m_encoding; }
    // Memory held by the line index (not the text).
    size_t indexBytes() const { return m_lineStarts.capacity() * sizeof(m_lineStarts[0]); }
    // The whole text (for section splitting and nested archives).
    std::string_view bytes() const { return {m_data, m_size}; }

private:
    LogDocument() = default;
    void index();
    void decode();

    QString m_path;
    std::unique_ptr<QFile> m_file;
    QByteArray m_buffer;
    const char *m_data = nullptr;
    size_t m_size = 0;
    std::vector<uint64_t> m_lineStarts;
    QString m_format;
    QString m_encoding = QStringLiteral("utf-8");
    int m_lineOffset = 0;
    std::shared_ptr<const LogDocument> m_parent; // keeps a section's bytes alive
    std::shared_ptr<const void> m_mapping;       // keeps a window's bytes alive
    std::string_view m_window;                   // a window's mapped bytes
};

} // namespace gputriage
