#include "text/logdocument.h"

#include "text/normalizer.h"

#include <QFile>

#include <cstring>

namespace gputriage {

LogDocument::~LogDocument() = default;

Result<std::shared_ptr<const LogDocument>> LogDocument::open(const QString &fileName, const QString &displayPath)
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
                return Error{doc->m_path, 0, 0, QStringLiteral("cannot read: %1").arg(file->errorString())};
        }
    } else {
        doc->m_buffer = file->readAll();
    }
    if (!doc->m_data) {
        doc->m_data = doc->m_buffer.constData();
        doc->m_size = size_t(doc->m_buffer.size());
    }
    doc->m_file = std::move(file);
    doc->index();
    return std::shared_ptr<const LogDocument>(std::move(doc));
}

std::shared_ptr<const LogDocument> LogDocument::fromBytes(QByteArray bytes, const QString &displayPath)
{
    std::shared_ptr<LogDocument> doc(new LogDocument);
    doc->m_path = displayPath;
    doc->m_buffer = std::move(bytes);
    doc->m_data = doc->m_buffer.constData();
    doc->m_size = size_t(doc->m_buffer.size());
    doc->index();
    return doc;
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
