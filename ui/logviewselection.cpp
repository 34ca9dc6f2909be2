#include "logview.h"

#include "text/logdocument.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>

#include <algorithm>

namespace gputriage {

std::pair<int, int> LogView::selection() const
{
    if (m_current < 0)
        return {-1, -1};
    const int anchor = m_anchor < 0 ? m_current : m_anchor;
    return {std::min(anchor, m_current), std::max(anchor, m_current)};
}

bool LogView::hasTextSelection() const
{
    return m_doc && m_textAnchor.line >= 0 && m_textAnchor != m_textCursor;
}

QString LogView::selectedText() const
{
    if (hasTextSelection()) {
        const auto [from, to] = std::minmax(m_textAnchor, m_textCursor);
        QString out;
        for (int row = rowOfLine(from.line); row < rowCount() && lineAtRow(row) <= to.line; ++row) {
            const int line = lineAtRow(row);
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
    const auto [first, last] = selection();
    if (!m_doc || first < 0)
        return {};
    QByteArray bytes;
    for (int row = rowOfLine(first); row < rowCount() && lineAtRow(row) <= last; ++row) {
        const std::string_view line = m_doc->line(lineAtRow(row));
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

void LogView::selectText(int line, int from, int to)
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
        return;
    setCurrentLine(line);
    m_textAnchor = {line, from};
    m_textCursor = {line, to};
    ensureColumnVisible(displayText(line), to);
    viewport()->update();
}

void LogView::copy()
{
    if (m_doc && (m_current >= 0 || hasTextSelection()))
        QApplication::clipboard()->setText(selectedText());
}

void LogView::selectAll()
{
    if (!m_doc || rowCount() == 0)
        return;
    m_textAnchor = m_textCursor = {};
    m_anchor = lineAtRow(0);
    m_current = lineAtRow(rowCount() - 1);
    viewport()->update();
    Q_EMIT currentLineChanged(m_current);
}

int LogView::xOfColumn(const QString &text, int column) const
{
    return fontMetrics().horizontalAdvance(text.left(column));
}

LogView::TextPos LogView::textPosAt(const QPoint &pos) const
{
    const int row = std::clamp(rowAt(pos), 0, std::max(0, rowCount() - 1));
    const int line = lineAtRow(row);
    if (line < 0)
        return {};
    const QString text = displayText(line);
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
    if (m_current < 0)
        return;
    if (m_textAnchor.line < 0 || m_textCursor.line != m_current)
        m_textAnchor = m_textCursor
            = {m_current, m_textCursor.line == m_current ? m_textCursor.column : 0};
    const QString text = displayText(m_current);
    m_textCursor.column = std::clamp(column, 0, int(text.size()));
    ensureColumnVisible(text, m_textCursor.column);
    viewport()->update();
}

} // namespace gputriage
