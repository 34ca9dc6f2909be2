#include "logview.h"

#include "engine/timeline.h"
#include "engine/timelineindex.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QScrollBar>

#include <algorithm>

namespace gputriage {

size_t LogView::hiddenPrefixBytes(std::string_view raw, LineNumber line) const
{
    const size_t prefix = prefixBytes(raw, line);
    if (line != m_windowLine)
        return prefix;
    size_t at = std::min(raw.size(), prefix + m_windowBytes);
    while (at > prefix && at < raw.size() && (static_cast<unsigned char>(raw[at]) & 0xC0) == 0x80)
        --at; // not inside a character
    return at;
}

size_t LogView::prefixBytes(std::string_view raw, LineNumber line) const
{
    if (!m_hidePrefixes || raw.empty())
        return 0;
    // The timeline shows a line without its timestamp: the prefixes are read from the whole
    // line (the host and process after a syslog stamp are a prefix only after the stamp).
    size_t before = 0;
    if (const auto *timeline
        = m_doc ? dynamic_cast<const TimelineIndex *>(m_doc->lineSource()) : nullptr;
        timeline)
        before = timeline->strippedBefore(line.get());
    raw = std::string_view(raw.data() - before, raw.size() + before);
    if (raw.front() == '{')
        return 0; // a docker JSON record is shown as it is
    // Every level: a container's prefix, then the syslog or journald prefix of the line it
    // carries, then the kernel's timestamp; the normalizer takes off one level at a time.
    std::string normalized;
    std::vector<uint32_t> map;
    size_t hidden = 0;
    for (int level = 0; level < 4 && hidden < raw.size(); ++level) {
        const std::string_view rest = raw.substr(hidden, 4096);
        if (rest.front() == '{')
            break;
        Normalizer::normalize(rest, normalized, &map);
        if (map.empty() || map.front() == 0)
            break;
        hidden += map.front();
    }
    return std::min(hidden, raw.size()) > before ? std::min(hidden, raw.size()) - before : 0;
}

QString LogView::gutterTime(LineNumber line) const
{
    if (prefixTimeWidth() == 0 || !hasLine(line))
        return {};
    const std::string_view raw = m_doc->line(line);
    return hiddenPrefixBytes(raw, line) > 0 ? prefixTime(raw) : QString();
}

QString LogView::prefixTime(std::string_view raw) const
{
    // The time the hidden prefix said, short: "08:15:01.123" (UTC), or the kernel's uptime.
    if (const auto time = lineTime(raw))
        return formatTime(*time).mid(11, 12);
    if (const auto up = uptimeOf(raw))
        return QStringLiteral("%1.%2")
            .arg(*up / 1000000)
            .arg(*up % 1000000 / 1000, 3, 10, QLatin1Char('0'));
    return {};
}

int LogView::prefixTimeWidth() const
{
    return m_hidePrefixes && !m_columns
               ? fontMetrics().horizontalAdvance(QStringLiteral("08:15:01.123")) + 10
               : 0;
}

std::string_view LogView::shownBytes(LineNumber line) const
{
    const std::string_view raw = m_doc->line(line);
    return raw.substr(hiddenPrefixBytes(raw, line));
}

void LogView::setHidePrefixes(bool hide)
{
    m_hidePrefixes = hide;
    m_windowLine = std::nullopt;
    m_maxColumns = 0;
    m_textAnchor = m_textCursor = {};
    updateScrollBars();
    viewport()->update();
}

QString LogView::displayText(LineNumber line) const
{
    return displayTextOf(shownBytes(line));
}

QString LogView::displayTextOf(std::string_view raw)
{
    QString text
        = QString::fromUtf8(raw.substr(0, std::min<size_t>(raw.size(), kMaxDisplayColumns * 4)));
    if (text.size() > kMaxDisplayColumns)
        text = text.left(kMaxDisplayColumns) + QChar(0x2026);
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    return text;
}

} // namespace gputriage
