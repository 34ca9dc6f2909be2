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

    static Result<std::shared_ptr<const LogDocument>> open(const QString &fileName, const QString &displayPath = {});
    static std::shared_ptr<const LogDocument> fromBytes(QByteArray bytes, const QString &displayPath);

    QString path() const { return m_path; }
    qint64 byteCount() const { return qint64(m_size); }
    int lineCount() const { return int(m_lineStarts.size()); }
    // Line `index` (0-based) without its line terminator.
    std::string_view line(int index) const;
    QString lineText(int index) const { return QString::fromUtf8(line(index)); }
    // "cri" when lines carry a CRI prefix, else "plain".
    QString format() const { return m_format; }

private:
    LogDocument() = default;
    void index();

    QString m_path;
    std::unique_ptr<QFile> m_file;
    QByteArray m_buffer;
    const char *m_data = nullptr;
    size_t m_size = 0;
    std::vector<uint64_t> m_lineStarts;
    QString m_format;
};

} // namespace gputriage
