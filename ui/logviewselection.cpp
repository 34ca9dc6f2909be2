#include "logview.h"

#include "text/logdocument.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>

#include <algorithm>

namespace gputriage {

std::optional<std::pair<LineNumber, LineNumber>> LogView::selection() const
{
    if (!m_current)
        return std::nullopt;
    const LineNumber anchor = m_anchor.value_or(*m_current);
    return std::pair(std::min(anchor, *m_current), std::max(anchor, *m_current));
}

bool LogView::hasTextSelection() const
{
    return m_doc && m_textAnchor.line && m_textAnchor != m_textCursor;
}

QString LogView::selectedText() const
{
    if (hasTextSelection()) {
        const TextPos from = std::min(m_textAnchor, m_textCursor);
        const TextPos to = std::max(m_textAnchor, m_textCursor);
        if (!from.line || !to.line)
            return {};
        const LineNumber first = *from.line, last = *to.line;
        QString out;
        for (ViewRow row = rowOfLine(first); row <= lastRow() && lineOfRow(row) <= last; ++row) {
            const LineNumber line = lineOfRow(row);
            const QString text = displayText(line);
            const int a = line == from.line ? std::min<int>(from.column, text.size()) : 0;
            const int b = line == to.line ? std::min<int>(to.column, text.size()) : text.size();
            if (line != from.line)
                out += QLatin1Char('\n');
            if (line != to.line || b >= text.size()) {
                // Whole rest of the line: from the raw text, not cut for display.
                const std::string_view raw = shownBytes(line);
                QString whole = QString::fromUtf8(raw.data(), qsizetype(raw.size()));
                whole.replace(QLatin1Char('\t'), QLatin1Char(' '));
                out += whole.mid(a);
            } else {
                out += text.mid(a, b - a);
            }
            if (out.size() > kMaxCopyBytes / 2) {
                Q_EMIT const_cast<LogView *>(this)->notice(
                    tr("Copied the first %1 MiB of the selection").arg(kMaxCopyBytes >> 20));
                break;
            }
        }
        return out;
    }
    const auto lines = selection();
    if (!m_doc || !lines)
        return {};
    const auto [first, last] = *lines;
    QByteArray bytes;
    for (ViewRow row = rowOfLine(first); row <= lastRow() && lineOfRow(row) <= last; ++row) {
        const std::string_view line = m_doc->line(lineOfRow(row));
        if (bytes.size() + qint64(line.size()) > kMaxCopyBytes) {
            Q_EMIT const_cast<LogView *>(this)->notice(
                tr("Copied the first %1 MiB of the selection").arg(kMaxCopyBytes >> 20));
            break;
        }
        if (!bytes.isEmpty())
            bytes += '\n';
        bytes.append(line.data(), qsizetype(line.size()));
    }
    return QString::fromUtf8(bytes);
}

void LogView::selectText(LineNumber line, int from, int to)
{
    if (!hasLine(line))
        return;
    setCurrentLine(line);
    m_textAnchor = {line, from};
    m_textCursor = {line, to};
    ensureColumnVisible(displayText(line), to);
    viewport()->update();
}

void LogView::copy()
{
    if (m_doc && (m_current || hasTextSelection()))
        QApplication::clipboard()->setText(selectedText());
}

void LogView::selectAll()
{
    if (!m_doc || rowCount() == LinesCount(0))
        return;
    m_textAnchor = m_textCursor = {};
    m_anchor = lineOfRow(ViewRow(0));
    m_current = lineOfRow(lastRow());
    viewport()->update();
    Q_EMIT currentLineChanged(*m_current);
}

int LogView::xOfColumn(const QString &text, int column) const
{
    return fontMetrics().horizontalAdvance(text.left(column));
}

LogView::TextPos LogView::textPosAt(const QPoint &pos) const
{
    const std::optional<LineNumber> line
        = lineAtRow(std::clamp(rowAt(pos), ViewRow(0), std::max(ViewRow(0), lastRow())));
    if (!line)
        return {};
    const QString text = displayText(*line);
    // With wrapping, x is from the start of the wrapped row under it.
    const int segmentStart = m_wrap ? rowAndSegmentAt(pos.y()).second * wrapColumnCount() : 0;
    const int x = pos.x()
                  - (gutterWidth() + 6
                     - (m_wrap ? xOfColumn(text, segmentStart) : horizontalScrollBar()->value()));
    // The column boundary nearest to x.
    int low = m_wrap ? std::min<int>(segmentStart, int(text.size())) : 0;
    int high = m_wrap ? std::min<int>(segmentStart + wrapColumnCount(), int(text.size()))
                      : int(text.size());
    while (low < high) {
        const int mid = (low + high) / 2;
        const int middle = (xOfColumn(text, mid) + xOfColumn(text, mid + 1)) / 2;
        if (middle < x)
            low = mid + 1;
        else
            high = mid;
    }
    return {line, low};
}

void LogView::ensureColumnVisible(const QString &text, int column)
{
    if (m_wrap)
        return; // every column is in view
    const int x = xOfColumn(text, column);
    const int width = viewport()->width() - gutterWidth() - 12;
    QScrollBar *bar = horizontalScrollBar();
    if (x < bar->value() || x > bar->value() + width) {
        if (bar->maximum() < x)
            bar->setRange(0, x + width / 2);
        bar->setValue(std::max(0, x - width / 3));
    }
}

void LogView::extendTextSelection(int column)
{
    if (!m_current)
        return;
    if (!m_textAnchor.line || m_textCursor.line != m_current)
        m_textAnchor = m_textCursor
            = {m_current, m_textCursor.line == m_current ? m_textCursor.column : 0};
    const QString text = displayText(*m_current);
    m_textCursor.column = std::clamp(column, 0, int(text.size()));
    ensureColumnVisible(text, m_textCursor.column);
    viewport()->update();
}

} // namespace gputriage
