#include "logview.h"

#include "linehighlighter.h"
#include "palette.h"

#include "text/logdocument.h"

#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Theme>

#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace gputriage {

// What every row of one paint shares.
struct LogView::PaintContext
{
    QPalette pal;
    const ViewPalette *vp = nullptr;
    QColor textColor, lineNumberColor;
    int lh = 0, ascent = 0, gutter = 0, scrollX = 0, wrapColumns = 0;
    std::optional<std::pair<LineNumber, LineNumber>> selection;
    bool multiSelection = false, textSelection = false;
    TextPos textFrom, textTo;
    QFont normalFont, boldFont;
};

// What one line shows, worked out once and painted on each of its wrapped rows.
struct LogView::LinePaint
{
    const ShownRow *row = nullptr;
    const Mark *mark = nullptr;
    bool selected = false;
    size_t severity = 0;
    QColor background;
    std::vector<std::pair<int, int>> matched; // columns of the shown text
    std::vector<std::pair<std::pair<int, int>, QColor>> highlights;
    std::vector<std::pair<int, int>> hits;
    bool textSelected = false;
    int selectedFrom = 0, selectedTo = 0;
};

void LogView::layoutRows()
{
    m_shownRows.clear();
    if (!m_doc)
        return;
    const int lh = lineHeight();
    const int wrapColumns = m_wrap ? wrapColumnCount() : 0;
    int widest = m_maxColumns;
    int y = 0;
    for (ViewRow rowIndex = topRow(); rowIndex <= lastRow() && y < viewport()->height();
         ++rowIndex) {
        ShownRow row;
        row.line = lineOfRow(rowIndex);
        const std::string_view raw = m_doc->line(row.line);
        row.hidden = int(hiddenPrefixBytes(raw, row.line));
        row.text = displayTextOf(raw.substr(size_t(row.hidden)));
        if (row.hidden > 0 && prefixTimeWidth() > 0)
            row.time = prefixTime(raw);
        row.runs = m_highlighter->highlight(row.text);
        widest = std::max(widest, int(row.text.size()));
        const int segments
            = wrapColumns > 0 ? std::max(1, int((row.text.size() + wrapColumns - 1) / wrapColumns))
                              : 1;
        y += segments * lh;
        m_shownRows.push_back(std::move(row));
    }
    if (widest != m_maxColumns) {
        m_maxColumns = widest;
        updateScrollBars();
    }
}

void LogView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    PaintContext c;
    c.pal = palette();
    if (!m_themeName.isEmpty()) { // a chosen theme brings its own editor colours
        using KSyntaxHighlighting::Theme;
        const Theme &theme = m_highlighter->theme();
        c.pal.setColor(QPalette::Base, QColor::fromRgba(theme.editorColor(Theme::BackgroundColor)));
        c.pal.setColor(QPalette::AlternateBase,
                       QColor::fromRgba(theme.editorColor(Theme::IconBorder)));
        c.pal.setColor(QPalette::PlaceholderText,
                       QColor::fromRgba(theme.editorColor(Theme::LineNumbers)));
        c.pal.setColor(QPalette::Text, QColor::fromRgba(theme.textColor(Theme::Normal)));
        c.pal.setColor(QPalette::Highlight,
                       QColor::fromRgba(theme.editorColor(Theme::TextSelection)));
    }
    p.fillRect(viewport()->rect(), c.pal.color(QPalette::Base));
    if (!m_doc)
        return;
    // Tints, markers and fallbacks for text that would not read on them come from one palette.
    c.vp = &ViewPalette::forBase(c.pal.color(QPalette::Base));
    c.textColor
        = readableOn(c.pal.color(QPalette::Text), {c.pal.color(QPalette::Base)}, c.vp->text);
    c.lh = lineHeight();
    c.ascent = fontMetrics().ascent();
    c.gutter = gutterWidth();
    c.scrollX = horizontalScrollBar()->value();
    c.selection = selection();
    c.multiSelection = c.selection && c.selection->first != c.selection->second;
    c.textSelection = hasTextSelection();
    std::tie(c.textFrom, c.textTo) = std::minmax(m_textAnchor, m_textCursor);
    c.normalFont = font();
    c.boldFont = font();
    c.boldFont.setBold(true);

    p.fillRect(QRect(0, 0, c.gutter, viewport()->height()), c.pal.color(QPalette::AlternateBase));
    c.lineNumberColor = readableOn(c.pal.color(QPalette::PlaceholderText),
                                   {c.pal.color(QPalette::AlternateBase)}, c.vp->muted);
    if (m_columns) { // the source column's edge, to drag
        p.setPen(c.lineNumberColor);
        const int edge = timeColumnWidth() + sourceColumnWidth() + 4;
        p.drawLine(edge, 0, edge, viewport()->height());
    }
    // Each line is one row, or with wrapping as many rows of `wrapColumns` as it needs: the
    // same painting for each, shifted left by the columns of the rows before and clipped.
    c.wrapColumns = m_wrap ? wrapColumnCount() : 0;
    int y = 0;
    for (const ShownRow &row : m_shownRows) {
        if (y >= viewport()->height())
            break;
        const LinePaint line = linePaint(c, row);
        const qsizetype size = row.text.size();
        const int segments
            = c.wrapColumns > 0 ? std::max(1, int((size + c.wrapColumns - 1) / c.wrapColumns)) : 1;
        for (int segment = 0; segment < segments && y < viewport()->height(); ++segment, y += c.lh)
            paintSegment(p, c, line, segment, y);
    }
}

LogView::LinePaint LogView::linePaint(const PaintContext &c, const ShownRow &row) const
{
    LinePaint l;
    l.row = &row;
    const LineNumber line = row.line;
    const QString &text = row.text;
    const auto mark = m_marks.find(line);
    l.mark = mark != m_marks.end() ? &mark->second : nullptr;
    l.selected = c.multiSelection && !c.textSelection && c.selection && line >= c.selection->first
                 && line <= c.selection->second;
    l.severity = l.mark ? size_t(l.mark->severity) : 0;
    l.background = c.pal.color(QPalette::Base);
    if (l.selected)
        l.background = c.vp->selection;
    else if (line == m_current)
        l.background = c.vp->currentLine;
    else if (l.mark)
        l.background = c.vp->lineTint[l.severity];
    const std::string_view raw = m_doc->line(line);
    const std::string_view shown = raw.substr(size_t(row.hidden));
    // Matched spans: the matches' raw byte offsets as characters of the shown text.
    if (l.mark) {
        auto columnOf = [&](LineColumn byte) {
            const int shownBytes = std::max(byte - LineColumn(row.hidden), 0);
            return int(QString::fromUtf8(raw.data() + row.hidden, shownBytes).size());
        };
        for (const auto &[start, end] : l.mark->spans)
            l.matched.emplace_back(columnOf(start), std::min<int>(columnOf(end), text.size()));
    }
    // Highlighters: their colour under the text (a whole line's fills the row), the text on
    // them redrawn in black or white, whichever reads.
    if (!m_highlighters.empty())
        l.highlights = highlighterSpansIn(shown, int(text.size()));
    l.hits = searchSpansIn(line, shown);
    l.textSelected = c.textSelection && line >= c.textFrom.line && line <= c.textTo.line;
    l.selectedFrom = l.textSelected && line == c.textFrom.line ? c.textFrom.column : 0;
    l.selectedTo = l.textSelected && line == c.textTo.line ? c.textTo.column : int(text.size());
    return l;
}

void LogView::paintGutter(QPainter &p, const PaintContext &c, const LinePaint &l, int y) const
{
    const LineNumber line = l.row->line;
    if (m_isBookmarked && m_isBookmarked(line)) {
        p.save();
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(c.vp->bookmark);
        p.setPen(Qt::NoPen);
        p.drawRoundedRect(QRectF(2, y + 1, c.gutter - 6, c.lh - 2), 3, 3);
        p.restore();
        p.setPen(c.vp->bookmarkText);
    }
    if (m_columns) {
        const auto [time, source] = m_columns(line);
        const int timeWidth = timeColumnWidth();
        p.drawText(QRect(4, y, timeWidth - 8, c.lh), Qt::AlignLeft | Qt::AlignVCenter, time);
        const int sourceWidth = sourceColumnWidth();
        p.drawText(QRect(timeWidth, y, sourceWidth, c.lh), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(source, Qt::ElideLeft, sourceWidth));
    } else {
        p.drawText(QRect(0, y, c.gutter - 8, c.lh), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(m_doc->lineNumber(line)));
        if (!l.row->time.isEmpty())
            p.drawText(QRect(4, y, prefixTimeWidth(), c.lh), Qt::AlignLeft | Qt::AlignVCenter,
                       l.row->time);
    }
}

void LogView::paintSegment(
    QPainter &p, const PaintContext &c, const LinePaint &l, int segment, int y) const
{
    const QString &text = l.row->text;
    const LineNumber line = l.row->line;
    const int segmentStart = segment * c.wrapColumns;
    const int xOffset = c.wrapColumns > 0 ? xOfColumn(text, segmentStart) : c.scrollX;
    // The right edge of this row's text: the wrap width, else the viewport's.
    const int clipRight
        = c.wrapColumns > 0
              ? c.gutter + 6
                    + xOfColumn(text, std::min<int>(segmentStart + c.wrapColumns, text.size()))
                    - xOffset
              : viewport()->width();

    const QRect rowRect(c.gutter, y, viewport()->width() - c.gutter, c.lh);
    if (l.background != c.pal.color(QPalette::Base))
        p.fillRect(rowRect, l.background);
    if (l.mark)
        p.fillRect(QRect(c.gutter - 4, y, 4, c.lh), c.vp->severity[l.severity]);
    if (isSearchHit(line))
        p.fillRect(QRect(c.gutter, y, 6, c.lh), c.vp->searchHit);

    p.setFont(c.normalFont);
    p.setPen(c.lineNumberColor);
    if (segment == 0)
        paintGutter(p, c, l, y);

    p.save();
    // A wrapped row starts at its first column: the end of the row before stays out.
    const int clipLeft = c.wrapColumns > 0 ? c.gutter + 6 : c.gutter + 2;
    p.setClipRect(QRect(clipLeft, y, std::max(0, clipRight - clipLeft), c.lh));
    const int x0 = c.gutter + 6 - xOffset;
    auto xAt = [&](int column) {
        return x0 + fontMetrics().horizontalAdvance(text.left(column));
    };
    paintUnderText(p, c, l, y, xAt);
    paintText(p, c, l, y, xAt);
    p.restore();
}

void LogView::paintUnderText(QPainter &p,
                             const PaintContext &c,
                             const LinePaint &l,
                             int y,
                             const std::function<int(int)> &xAt) const
{
    const QString &text = l.row->text;
    for (const auto &[a, b] : l.matched)
        p.fillRect(QRect(xAt(a), y + 1, xAt(b) - xAt(a), c.lh - 2), c.vp->spanTint[l.severity]);

    for (const auto &[span, colour] : l.highlights) {
        const bool whole = span.first == 0 && span.second == int(text.size());
        p.fillRect(whole && !l.selected
                       ? QRect(c.gutter, y, viewport()->width() - c.gutter, c.lh)
                       : QRect(xAt(span.first), y, xAt(span.second) - xAt(span.first), c.lh),
                   colour);
    }

    // Search hits: every occurrence, the current line's in a stronger colour; the text on them
    // is drawn dark again over them, whatever the theme.
    for (const auto &[a, b] : l.hits)
        p.fillRect(QRect(xAt(a), y, xAt(b) - xAt(a), c.lh),
                   l.row->line == m_current ? c.vp->searchCurrent : c.vp->searchHit);
    // Selected text (part of a line or several).
    if (l.textSelected)
        p.fillRect(QRect(xAt(l.selectedFrom), y,
                         std::max(2, xAt(l.selectedTo) - xAt(l.selectedFrom)), c.lh),
                   c.vp->selection);
}

void LogView::paintText(QPainter &p,
                        const PaintContext &c,
                        const LinePaint &l,
                        int y,
                        const std::function<int(int)> &xAt) const
{
    const QString &text = l.row->text;
    const KSyntaxHighlighting::Theme &theme = m_highlighter->theme();
    int column = 0;
    // A theme's colour that would not read on this line's tint (punctuation on a critical
    // line) is drawn in the palette's text colour.
    const bool spans = l.mark && !l.mark->spans.empty();
    auto readable = [&](const QColor &colour) {
        return spans ? readableOn(colour, {l.background, c.vp->spanTint[l.severity]}, c.vp->text)
                     : readableOn(colour, {l.background}, c.vp->text);
    };
    const QColor plainColor = readable(c.textColor);
    auto drawPlain = [&](int from, int to) {
        if (to <= from)
            return;
        p.setFont(c.normalFont);
        p.setPen(plainColor);
        p.drawText(xAt(from), y + c.ascent, text.mid(from, to - from));
    };
    for (const auto &run : l.row->runs) {
        drawPlain(column, run.offset);
        p.setFont(run.format.isBold(theme) ? c.boldFont : c.normalFont);
        p.setPen(run.format.hasTextColor(theme) ? readable(run.format.textColor(theme))
                                                : plainColor);
        p.drawText(xAt(run.offset), y + c.ascent, text.mid(run.offset, run.length));
        column = run.offset + run.length;
    }
    drawPlain(column, int(text.size()));
    for (const auto &[span, colour] : l.highlights) {
        p.setFont(c.normalFont);
        p.setPen(readableOn(c.vp->text, {colour},
                            contrastRatio(Qt::black, colour) >= 4.5 ? QColor(Qt::black)
                                                                    : QColor(Qt::white)));
        p.drawText(xAt(span.first), y + c.ascent, text.mid(span.first, span.second - span.first));
    }
    for (const auto &[a, b] : l.hits) {
        p.setFont(c.normalFont);
        p.setPen(c.vp->searchText);
        p.drawText(xAt(a), y + c.ascent, text.mid(a, b - a));
    }
    if (l.textSelected) {
        p.setFont(c.normalFont);
        p.setPen(c.vp->selectedText);
        p.drawText(xAt(l.selectedFrom), y + c.ascent,
                   text.mid(l.selectedFrom, l.selectedTo - l.selectedFrom));
    }
    if (l.mark) {
        p.setPen(QPen(c.vp->severity[l.severity], 2));
        for (const QString &value : l.mark->values)
            for (qsizetype at = text.indexOf(value); at >= 0;
                 at = text.indexOf(value, at + value.size())) {
                const qsizetype after = at + value.size();
                if ((at > 0 && text[at - 1].isLetterOrNumber())
                    || (after < text.size() && text[after].isLetterOrNumber()))
                    continue; // "13" inside "400131" is not the captured value
                p.drawLine(xAt(int(at)), y + c.ascent + 2, xAt(int(at + value.size())),
                           y + c.ascent + 2);
            }
    }
}

} // namespace gputriage
