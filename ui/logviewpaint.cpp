#include "logview.h"

#include "linehighlighter.h"
#include "palette.h"

#include "text/logdocument.h"
#include "text/normalizer.h"

#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Theme>

#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace gputriage {

void LogView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    QPalette pal = palette();
    if (!m_themeName.isEmpty()) { // a chosen theme brings its own editor colours
        using KSyntaxHighlighting::Theme;
        const Theme &theme = m_highlighter->theme();
        pal.setColor(QPalette::Base, QColor::fromRgba(theme.editorColor(Theme::BackgroundColor)));
        pal.setColor(QPalette::AlternateBase,
                     QColor::fromRgba(theme.editorColor(Theme::IconBorder)));
        pal.setColor(QPalette::PlaceholderText,
                     QColor::fromRgba(theme.editorColor(Theme::LineNumbers)));
        pal.setColor(QPalette::Text, QColor::fromRgba(theme.textColor(Theme::Normal)));
        pal.setColor(QPalette::Highlight,
                     QColor::fromRgba(theme.editorColor(Theme::TextSelection)));
    }
    p.fillRect(viewport()->rect(), pal.color(QPalette::Base));
    if (!m_doc)
        return;
    // Tints, markers and fallbacks for text that would not read on them come from one palette.
    const ViewPalette &vp = ViewPalette::forBase(pal.color(QPalette::Base));
    const QColor textColor
        = readableOn(pal.color(QPalette::Text), {pal.color(QPalette::Base)}, vp.text);

    const int lh = lineHeight();
    const int ascent = fontMetrics().ascent();
    const int gutter = gutterWidth();
    const int scrollX = horizontalScrollBar()->value();
    const int firstRow = verticalScrollBar()->value();
    const auto [selFirst, selLast] = selection();
    const bool multiSelection = selFirst != selLast;
    const bool textSelection = hasTextSelection();
    const auto [textFrom, textTo] = std::minmax(m_textAnchor, m_textCursor);
    const QFont normalFont = font();
    QFont boldFont = font();
    boldFont.setBold(true);
    int widest = m_maxColumns;

    p.fillRect(QRect(0, 0, gutter, viewport()->height()), pal.color(QPalette::AlternateBase));
    const QColor lineNumberColor = readableOn(pal.color(QPalette::PlaceholderText),
                                              {pal.color(QPalette::AlternateBase)}, vp.muted);
    if (m_columns) { // the source column's edge, to drag
        p.setPen(lineNumberColor);
        const int edge = timeColumnWidth() + sourceColumnWidth() + 4;
        p.drawLine(edge, 0, edge, viewport()->height());
    }
    // Each line is one row, or with wrapping as many rows of `wrapColumns` as it needs: the
    // same painting for each, shifted left by the columns of the rows before and clipped.
    const int wrapColumns = m_wrap ? wrapColumnCount() : 0;
    int y = 0;
    for (int rowIndex = firstRow; rowIndex < rowCount() && y < viewport()->height(); ++rowIndex) {
        const int line = lineAtRow(rowIndex);
        const std::string_view raw = m_doc->line(line);
        const int hidden = int(hiddenPrefixBytes(raw, line)); // normalizes the line: once per row
        const std::string_view shown = raw.substr(size_t(hidden));
        const QString text = displayTextOf(shown);
        widest = std::max(widest, int(text.size()));
        // What a line shows is worked out once, then painted on each of its wrapped rows.
        const auto mark = m_marks.find(line);
        const bool selected
            = multiSelection && !textSelection && line >= selFirst && line <= selLast;
        const size_t severity = mark != m_marks.end() ? size_t(mark->second.severity) : 0;
        QColor background = pal.color(QPalette::Base);
        if (selected)
            background = vp.selection;
        else if (line == m_current)
            background = vp.currentLine;
        else if (mark != m_marks.end())
            background = vp.lineTint[severity];
        // Matched spans: map normalized byte offsets back to characters of the original line.
        std::vector<std::pair<int, int>> matched; // columns of the shown text
        if (mark != m_marks.end() && !mark->second.spans.empty()) {
            std::string normalized;
            std::vector<uint32_t> map;
            Normalizer::normalize(raw, normalized, &map);
            auto columnOf = [&](int byte) { // raw byte offset → column of the shown text
                byte = std::max(byte - hidden, 0);
                return int(QString::fromUtf8(raw.data() + hidden, byte).size());
            };
            for (const auto &[start, end] : mark->second.spans) {
                if (map.empty() || start >= int(map.size()) || end <= start)
                    continue;
                const int lastByte = int(map[size_t(std::min<int>(end, int(map.size())) - 1)]) + 1;
                const int a = columnOf(int(map[size_t(start)]));
                matched.emplace_back(a, std::min<int>(columnOf(lastByte), text.size()));
            }
        }
        // Highlighters: their colour under the text (a whole line's fills the row), the text on
        // them redrawn in black or white, whichever reads.
        const auto highlights = m_highlighters.empty()
                                    ? decltype(highlighterSpansIn({}, 0))()
                                    : highlighterSpansIn(shown, int(text.size()));
        const auto hits = searchSpansIn(line, shown);
        const bool textSelected = textSelection && line >= textFrom.line && line <= textTo.line;
        const int selectedFrom = textSelected && line == textFrom.line ? textFrom.column : 0;
        const int selectedTo
            = textSelected && line == textTo.line ? textTo.column : int(text.size());
        const auto runs = m_highlighter->highlight(text);
        const int segments
            = wrapColumns > 0 ? std::max(1, int((text.size() + wrapColumns - 1) / wrapColumns)) : 1;
        for (int segment = 0; segment < segments && y < viewport()->height(); ++segment, y += lh) {
            const int segmentStart = segment * wrapColumns;
            const int xOffset = wrapColumns > 0 ? xOfColumn(text, segmentStart) : scrollX;
            // The right edge of this row's text: the wrap width, else the viewport's.
            const int clipRight
                = wrapColumns > 0 ? gutter + 6
                                        + xOfColumn(text, std::min<int>(segmentStart + wrapColumns,
                                                                        text.size()))
                                        - xOffset
                                  : viewport()->width();

            const QRect row(gutter, y, viewport()->width() - gutter, lh);
            if (background != pal.color(QPalette::Base))
                p.fillRect(row, background);
            if (mark != m_marks.end())
                p.fillRect(QRect(gutter - 4, y, 4, lh), vp.severity[severity]);
            if (isSearchHit(line))
                p.fillRect(QRect(gutter, y, 6, lh), vp.searchHit);

            p.setFont(normalFont);
            p.setPen(lineNumberColor);
            if (segment == 0 && m_isBookmarked && m_isBookmarked(line)) {
                p.save();
                p.setRenderHint(QPainter::Antialiasing);
                p.setBrush(vp.bookmark);
                p.setPen(Qt::NoPen);
                p.drawRoundedRect(QRectF(2, y + 1, gutter - 6, lh - 2), 3, 3);
                p.restore();
                p.setPen(vp.bookmarkText);
            }
            if (segment == 0 && m_columns) {
                const auto [time, source] = m_columns(line);
                const int timeWidth = timeColumnWidth();
                p.drawText(QRect(4, y, timeWidth - 8, lh), Qt::AlignLeft | Qt::AlignVCenter, time);
                const int sourceWidth = sourceColumnWidth();
                p.drawText(QRect(timeWidth, y, sourceWidth, lh), Qt::AlignLeft | Qt::AlignVCenter,
                           fontMetrics().elidedText(source, Qt::ElideLeft, sourceWidth));
            } else if (segment == 0) {
                p.drawText(QRect(0, y, gutter - 8, lh), Qt::AlignRight | Qt::AlignVCenter,
                           QString::number(m_doc->lineNumber(line)));
                if (hidden > 0 && prefixTimeWidth() > 0)
                    p.drawText(QRect(4, y, prefixTimeWidth(), lh), Qt::AlignLeft | Qt::AlignVCenter,
                               prefixTime(raw));
            }

            p.save();
            // A wrapped row starts at its first column: the end of the row before stays out.
            const int clipLeft = wrapColumns > 0 ? gutter + 6 : gutter + 2;
            p.setClipRect(QRect(clipLeft, y, std::max(0, clipRight - clipLeft), lh));
            const int x0 = gutter + 6 - xOffset;
            auto xAt = [&](int column) {
                return x0 + fontMetrics().horizontalAdvance(text.left(column));
            };

            for (const auto &[a, b] : matched)
                p.fillRect(QRect(xAt(a), y + 1, xAt(b) - xAt(a), lh - 2), vp.spanTint[severity]);

            for (const auto &[span, colour] : highlights) {
                const bool whole = span.first == 0 && span.second == int(text.size());
                p.fillRect(whole && !selected
                               ? QRect(gutter, y, viewport()->width() - gutter, lh)
                               : QRect(xAt(span.first), y, xAt(span.second) - xAt(span.first), lh),
                           colour);
            }

            // Search hits: every occurrence, the current line's in a stronger colour; the text
            // on them is drawn dark again below, whatever the theme.
            for (const auto &[a, b] : hits)
                p.fillRect(QRect(xAt(a), y, xAt(b) - xAt(a), lh),
                           line == m_current ? vp.searchCurrent : vp.searchHit);
            // Selected text (part of a line or several).
            if (textSelected)
                p.fillRect(QRect(xAt(selectedFrom), y,
                                 std::max(2, xAt(selectedTo) - xAt(selectedFrom)), lh),
                           vp.selection);

            int column = 0;
            // A theme's colour that would not read on this line's tint (punctuation on a critical
            // line) is drawn in the palette's text colour.
            const bool spans = mark != m_marks.end() && !mark->second.spans.empty();
            auto readable = [&](const QColor &colour) {
                return spans ? readableOn(colour, {background, vp.spanTint[severity]}, vp.text)
                             : readableOn(colour, {background}, vp.text);
            };
            const QColor plainColor = readable(textColor);
            auto drawPlain = [&](int from, int to) {
                if (to <= from)
                    return;
                p.setFont(normalFont);
                p.setPen(plainColor);
                p.drawText(xAt(from), y + ascent, text.mid(from, to - from));
            };
            for (const auto &run : runs) {
                drawPlain(column, run.offset);
                p.setFont(run.format.isBold(m_highlighter->theme()) ? boldFont : normalFont);
                p.setPen(run.format.hasTextColor(m_highlighter->theme())
                             ? readable(run.format.textColor(m_highlighter->theme()))
                             : plainColor);
                p.drawText(xAt(run.offset), y + ascent, text.mid(run.offset, run.length));
                column = run.offset + run.length;
            }
            drawPlain(column, int(text.size()));
            for (const auto &[span, colour] : highlights) {
                p.setFont(normalFont);
                p.setPen(readableOn(vp.text, {colour},
                                    contrastRatio(Qt::black, colour) >= 4.5 ? QColor(Qt::black)
                                                                            : QColor(Qt::white)));
                p.drawText(xAt(span.first), y + ascent,
                           text.mid(span.first, span.second - span.first));
            }
            for (const auto &[a, b] : hits) {
                p.setFont(normalFont);
                p.setPen(vp.searchText);
                p.drawText(xAt(a), y + ascent, text.mid(a, b - a));
            }
            if (textSelected) {
                p.setFont(normalFont);
                p.setPen(vp.selectedText);
                p.drawText(xAt(selectedFrom), y + ascent,
                           text.mid(selectedFrom, selectedTo - selectedFrom));
            }
            if (mark != m_marks.end()) {
                p.setPen(QPen(vp.severity[severity], 2));
                for (const QString &value : mark->second.values)
                    for (qsizetype at = text.indexOf(value); at >= 0;
                         at = text.indexOf(value, at + value.size())) {
                        const qsizetype after = at + value.size();
                        if ((at > 0 && text[at - 1].isLetterOrNumber())
                            || (after < text.size() && text[after].isLetterOrNumber()))
                            continue; // "13" inside "400131" is not the captured value
                        p.drawLine(xAt(int(at)), y + ascent + 2, xAt(int(at + value.size())),
                                   y + ascent + 2);
                    }
            }
            p.restore();
        }
    }
    if (widest != m_maxColumns) {
        m_maxColumns = widest;
        updateScrollBars();
    }
    if (!m_painted) {
        m_painted = true;
        Q_EMIT documentPainted();
    }
}

} // namespace gputriage
