#include "logview.h"

#include "linehighlighter.h"

#include "text/logdocument.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <iterator>

namespace gputriage {

LogView::LogView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_repository(std::make_unique<KSyntaxHighlighting::Repository>())
    , m_highlighter(std::make_unique<LineHighlighter>())
{
    setObjectName(QStringLiteral("logView"));
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setFocusPolicy(Qt::StrongFocus);
    auto definition = m_repository->definitionForName(QStringLiteral("Log File (advanced)"));
    if (!definition.isValid())
        definition = m_repository->definitionForName(QStringLiteral("Log File (simplified)"));
    m_highlighter->setDefinition(definition);
    applyTheme();
}

LogView::~LogView() = default;

void LogView::setThemeName(const QString &name)
{
    m_themeName = name;
    applyTheme();
}

QColor LogView::themeBackground() const
{
    if (m_themeName.isEmpty())
        return {};
    const KSyntaxHighlighting::Theme theme = m_repository->theme(m_themeName);
    return theme.isValid()
               ? QColor::fromRgba(theme.editorColor(KSyntaxHighlighting::Theme::BackgroundColor))
               : QColor();
}

void LogView::applyTheme()
{
    const KSyntaxHighlighting::Theme named
        = m_themeName.isEmpty() ? KSyntaxHighlighting::Theme() : m_repository->theme(m_themeName);
    m_highlighter->setTheme(named.isValid() ? named : m_repository->themeForPalette(palette()));
    viewport()->update();
}

void LogView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    if (event->type() == QEvent::FontChange) {
        updateScrollBars();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

void LogView::setDocument(std::shared_ptr<const LogDocument> doc)
{
    m_doc = std::move(doc);
    m_columns = {};
    setMouseTracking(false);
    m_marks.clear();
    m_searchHits.clear();
    m_current = m_anchor = std::nullopt;
    m_textAnchor = m_textCursor = {};
    m_windowLine = std::nullopt;
    m_filter.reset(); // its owners set it again for the new document
    m_ownerLines.reset();
    m_stackLines.reset();
    m_filterOwner = FilterOwner::None;
    m_maxColumns = 0;
    m_painted = false;
    verticalScrollBar()->setValue(0);
    horizontalScrollBar()->setValue(0);
    updateScrollBars();
    viewport()->update();
    Q_EMIT documentChanged();
}

void LogView::linesAdded()
{
    updateScrollBars();
    viewport()->update();
}

void LogView::setLineColumns(LineColumns columns)
{
    m_columns = std::move(columns);
    setMouseTracking(bool(m_columns)); // the resize cursor over the source column's edge
    updateScrollBars();
    viewport()->update();
}

std::pair<QString, QString> LogView::lineColumns(LineNumber line) const
{
    if (!m_columns || !hasLine(line))
        return {};
    return m_columns(line);
}

int LogView::timeColumnWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("11-30 08:15:01.123")) + 12;
}

int LogView::sourceColumnWidth() const
{
    // Never more than a third of the view: the text gets the rest.
    const int chars = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    return std::clamp(m_sourceColumnChars * chars, 3 * chars,
                      std::max(3 * chars, viewport()->width() / 3));
}

void LogView::setSourceColumnWidth(int pixels)
{
    m_sourceColumnChars
        = std::max(3, pixels / std::max(1, fontMetrics().horizontalAdvance(QLatin1Char('x'))));
    updateScrollBars();
    viewport()->update();
}

void LogView::setLineFilter(std::optional<std::vector<LineNumber>> lines, FilterOwner owner)
{
    const bool changed = m_ownerLines.has_value() != lines.has_value() || owner != m_filterOwner;
    m_ownerLines = std::move(lines);
    m_filterOwner = m_ownerLines ? owner : FilterOwner::None;
    applyFilters(m_current);
    if (changed)
        Q_EMIT filterChanged();
}

void LogView::setStackFilter(std::optional<std::vector<LineNumber>> lines)
{
    m_stackLines = std::move(lines);
    applyFilters(m_current);
}

void LogView::applyFilters(std::optional<LineNumber> keep)
{
    if (m_ownerLines && m_stackLines) {
        std::vector<LineNumber> both;
        std::set_intersection(m_ownerLines->begin(), m_ownerLines->end(), m_stackLines->begin(),
                              m_stackLines->end(), std::back_inserter(both));
        m_filter = std::move(both);
    } else {
        m_filter = m_ownerLines ? m_ownerLines : m_stackLines;
    }
    m_anchor = m_current;
    updateScrollBars();
    if (keep && m_doc)
        scrollRowToThird(std::min(rowOfLine(*keep), lastRow()));
    viewport()->update();
}

std::vector<LineNumber> LogView::markedLines() const
{
    std::vector<LineNumber> lines;
    lines.reserve(m_marks.size());
    for (const auto &entry : m_marks)
        lines.push_back(entry.first);
    return lines;
}

LinesCount LogView::rowCount() const
{
    if (!m_doc)
        return LinesCount(0);
    return LinesCount(m_filter ? int(m_filter->size()) : m_doc->lineCount());
}

std::optional<LineNumber> LogView::lineAtRow(ViewRow row) const
{
    if (row < ViewRow(0) || row > lastRow())
        return std::nullopt;
    return lineOfRow(row);
}

bool LogView::hasLine(LineNumber line) const
{
    return m_doc && line >= LineNumber(0) && line.get() < m_doc->lineCount();
}

LineNumber LogView::lineOfRow(ViewRow row) const
{
    return m_filter ? (*m_filter)[size_t(row.get())] : LineNumber(row.get());
}

ViewRow LogView::rowOfLine(LineNumber line) const
{
    if (!m_filter)
        return ViewRow(line.get());
    return ViewRow(
        int(std::lower_bound(m_filter->begin(), m_filter->end(), line) - m_filter->begin()));
}

ViewRow LogView::lastRow() const
{
    return ViewRow(0) + rowCount() - LinesCount(1);
}

ViewRow LogView::rowAt(const QPoint &pos) const
{
    if (m_wrap)
        return rowAndSegmentAt(pos.y()).first;
    return topRow() + LinesCount(pos.y() / std::max(1, lineHeight()));
}

ViewRow LogView::topRow() const
{
    return ViewRow(verticalScrollBar()->value());
}

void LogView::setTopRow(ViewRow row)
{
    verticalScrollBar()->setValue(row.get());
}

void LogView::scrollRowToThird(ViewRow row)
{
    setTopRow(row - LinesCount(visibleLineCount().get() / 3));
}

void LogView::setSearchHits(std::vector<LineNumber> lines)
{
    m_searchHits = std::move(lines);
    viewport()->update();
}

void LogView::setSearch(std::optional<TextSearch> search)
{
    m_search = std::move(search);
    viewport()->update();
}

bool LogView::isSearchHit(LineNumber line) const
{
    return std::binary_search(m_searchHits.begin(), m_searchHits.end(), line);
}

std::vector<std::pair<int, int>> LogView::searchSpans(LineNumber line) const
{
    if (!hasLine(line))
        return {};
    return searchSpansIn(line, shownBytes(line));
}

std::vector<std::pair<int, int>> LogView::searchSpansIn(LineNumber line,
                                                        std::string_view shown) const
{
    if (!m_search || !isSearchHit(line))
        return {};
    return columnSpans(*m_search, shown);
}

std::vector<std::pair<int, int>> LogView::columnSpans(const TextSearch &search,
                                                      std::string_view shown)
{
    std::vector<std::pair<int, int>> columns;
    const std::string_view raw = shown.substr(0, kMaxDisplayColumns * 4); // what is shown
    int lastByte = 0, lastColumn = 0; // UTF-16 columns counted once along the line
    auto column = [&](int byte) {
        lastColumn += int(QString::fromUtf8(raw.data() + lastByte, byte - lastByte).size());
        lastByte = byte;
        return lastColumn;
    };
    for (const auto &[start, end] : search.spans(raw)) {
        const int a = column(start);
        const int b = column(end);
        if (a >= kMaxDisplayColumns)
            break;
        columns.emplace_back(a, std::min(b, kMaxDisplayColumns));
    }
    return columns;
}

void LogView::setHighlighters(std::vector<CompiledHighlighter> highlighters)
{
    m_highlighters = std::move(highlighters);
    viewport()->update();
}

std::vector<std::pair<std::pair<int, int>, QColor>> LogView::highlighterSpans(LineNumber line) const
{
    if (!hasLine(line))
        return {};
    const std::string_view shown = shownBytes(line);
    return highlighterSpansIn(shown, int(displayTextOf(shown).size()));
}

std::vector<std::pair<std::pair<int, int>, QColor>>
LogView::highlighterSpansIn(std::string_view shown, int textSize) const
{
    std::vector<std::pair<std::pair<int, int>, QColor>> out;
    for (const CompiledHighlighter &h : m_highlighters) {
        if (h.wholeLine) {
            if (h.search.matches(shown.substr(0, kMaxDisplayColumns * 4)))
                out.push_back({{0, textSize}, h.colour});
            continue;
        }
        for (const auto &span : columnSpans(h.search, shown))
            out.emplace_back(span, h.colour);
    }
    return out;
}

void LogView::revealSearchHit(LineNumber line)
{
    // A hit past the display cap of a long line: the line is shown from a little before it.
    const std::optional<LineNumber> oldWindow = m_windowLine;
    m_windowLine = std::nullopt;
    if (m_search && hasLine(line)) {
        const std::string_view shown = shownBytes(line);
        if (shown.size() > size_t(kMaxDisplayColumns)) {
            const auto bytes = m_search->spans(shown, 1);
            if (!bytes.empty()
                && QString::fromUtf8(QByteArrayView(shown).first(bytes.front().second)).size()
                       > kMaxDisplayColumns - 8) {
                m_windowLine = line;
                m_windowBytes = size_t(std::max(0, bytes.front().first - 400));
            }
        }
    }
    if (m_windowLine != oldWindow) {
        m_maxColumns = 0;
        updateScrollBars();
        viewport()->update();
    }
    const auto spans = searchSpans(line);
    if (spans.empty())
        return;
    const QString text = displayText(line);
    ensureColumnVisible(text, spans.front().second);
    ensureColumnVisible(text, spans.front().first);
}

void LogView::setMatches(const std::vector<LineMatch> &matches)
{
    m_marks.clear();
    for (const LineMatch &m : matches) {
        if (!m.severity)
            continue;
        const Severity s = *m.severity;
        for (LineNumber line = m.line; line <= m.endLine; ++line) {
            Mark &mark = m_marks[line];
            mark.severity = std::max(mark.severity, s);
            if (line == m.line && m.rawEnd > m.rawStart)
                mark.spans.emplace_back(m.rawStart, m.rawEnd);
            for (const auto &fact : m.facts)
                if (fact.second.size() >= 2 && !mark.values.contains(fact.second))
                    mark.values << fact.second;
        }
    }
    viewport()->update();
}

std::optional<LineNumber> LogView::nextMarkedLine(std::optional<LineNumber> from,
                                                  int delta,
                                                  Severity atLeast,
                                                  Severity atMost) const
{
    auto strong = [&](const auto &entry) {
        return entry.second.severity >= atLeast && entry.second.severity <= atMost;
    };
    if (delta > 0) {
        auto it = std::find_if(from ? m_marks.upper_bound(*from) : m_marks.begin(), m_marks.end(),
                               strong);
        if (it == m_marks.end())
            it = std::find_if(m_marks.begin(), m_marks.end(), strong);
        return it == m_marks.end() ? std::nullopt : std::optional(it->first);
    }
    auto before = std::make_reverse_iterator(from ? m_marks.lower_bound(*from) : m_marks.begin());
    auto it = std::find_if(before, m_marks.rend(), strong);
    if (it == m_marks.rend())
        it = std::find_if(m_marks.rbegin(), m_marks.rend(), strong);
    return it == m_marks.rend() ? std::nullopt : std::optional(it->first);
}

std::optional<Severity> LogView::lineSeverity(LineNumber line) const
{
    const auto it = m_marks.find(line);
    return it == m_marks.end() ? std::nullopt : std::optional<Severity>(it->second.severity);
}

int LogView::lineHeight() const
{
    return fontMetrics().height();
}

int LogView::gutterWidth() const
{
    if (m_columns)
        return timeColumnWidth() + sourceColumnWidth() + 12;
    const int digits = QString::number(m_doc ? m_doc->lineNumber(m_doc->lineCount()) : 1).size();
    return fontMetrics().horizontalAdvance(QLatin1Char('9')) * (digits + 2) + prefixTimeWidth();
}

std::optional<LineNumber> LogView::firstVisibleLine() const
{
    return lineAtRow(topRow());
}

void LogView::scrollToLine(LineNumber line)
{
    setTopRow(rowOfLine(line));
}

LinesCount LogView::visibleLineCount() const
{
    const int rows = std::max(1, viewport()->height() / std::max(1, lineHeight()));
    if (!m_wrap)
        return LinesCount(rows);
    // The lines whose first row is in view, each as many rows as it wraps into (as without
    // wrapping, the last may be cut at the bottom).
    int lines = 0;
    int left = rows;
    for (ViewRow row = topRow(); row <= lastRow() && left > 0; ++row) {
        left -= segmentCount(lineOfRow(row));
        ++lines;
    }
    return LinesCount(std::max(1, lines));
}

void LogView::updateScrollBars()
{
    // The top row that shows the end.
    ViewRow last
        = std::max(ViewRow(0), ViewRow(0) + rowCount() - visibleLineCount() + LinesCount(1));
    if (m_wrap) { // as many lines from the end as fill the view
        int left = std::max(1, viewport()->height() / std::max(1, lineHeight()));
        last = ViewRow(0) + rowCount();
        while (last > ViewRow(0) && (left -= segmentCount(lineOfRow(last - LinesCount(1)))) >= 0)
            last = last - LinesCount(1);
        last = std::min(last, std::max(ViewRow(0), lastRow()));
    }
    verticalScrollBar()->setRange(0, last.get());
    verticalScrollBar()->setPageStep(visibleLineCount().get());
    const int charWidth = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    const int textWidth = viewport()->width() - gutterWidth();
    horizontalScrollBar()->setRange(
        0, std::max(0, m_maxColumns * charWidth - textWidth + 4 * charWidth));
    horizontalScrollBar()->setPageStep(std::max(1, textWidth));
    horizontalScrollBar()->setSingleStep(charWidth * 4);
}

void LogView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    // A banner above or the sideways scroll bar took rows away: the current line, in view
    // before, stays in view (not under the scroll bar).
    const ViewRow first = topRow();
    const auto oldRows = LinesCount(event->oldSize().height() / std::max(1, lineHeight()));
    const bool wasShown = m_current && m_doc && rowOfLine(*m_current) >= first
                          && rowOfLine(*m_current) < first + oldRows;
    updateScrollBars();
    if (wasShown && rowOfLine(*m_current) >= first + visibleLineCount() - LinesCount(1))
        setTopRow(rowOfLine(*m_current) - visibleLineCount() + LinesCount(2));
}

void LogView::setCurrentLine(LineNumber line)
{
    if (!hasLine(line))
        return;
    if (m_ownerLines && !std::binary_search(m_ownerLines->begin(), m_ownerLines->end(), line))
        setLineFilter(std::nullopt);
    m_current = m_anchor = line;
    const ViewRow row = rowOfLine(line);
    const ViewRow first = topRow();
    if (row < first || row >= first + visibleLineCount() - LinesCount(1))
        scrollRowToThird(row);
    horizontalScrollBar()->setValue(0);
    viewport()->update();
    Q_EMIT currentLineChanged(line);
}

void LogView::moveCurrent(ViewRow row, bool extend)
{
    if (rowCount() == LinesCount(0))
        return;
    const LineNumber line = lineOfRow(std::clamp(row, ViewRow(0), lastRow()));
    if (!extend)
        m_anchor = line;
    else if (!m_anchor) // the selection grows from the line that was current
        m_anchor = m_current.value_or(line);
    m_current = line;
    const ViewRow r = rowOfLine(line);
    const ViewRow first = topRow();
    if (r < first)
        setTopRow(r);
    else if (r >= first + visibleLineCount() - LinesCount(1))
        setTopRow(r - visibleLineCount() + LinesCount(2));
    viewport()->update();
    Q_EMIT currentLineChanged(line);
}

void LogView::mousePressEvent(QMouseEvent *event)
{
    if (m_columns && event->button() == Qt::LeftButton
        && std::abs(event->position().toPoint().x() - (timeColumnWidth() + sourceColumnWidth() + 4))
               <= 4) {
        m_resizingColumn = true;
        return;
    }
    const ViewRow row = rowAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && m_doc && row <= lastRow()) {
        // A drag selects text; Shift+click extends the selection by whole lines.
        const bool extend = event->modifiers() & Qt::ShiftModifier;
        m_textAnchor = m_textCursor = extend ? TextPos{} : textPosAt(event->position().toPoint());
        moveCurrent(row, extend);
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void LogView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_columns) {
        const int x = event->position().toPoint().x();
        if (m_resizingColumn) {
            setSourceColumnWidth(x - timeColumnWidth() - 4);
            return;
        }
        const bool onEdge = std::abs(x - (timeColumnWidth() + sourceColumnWidth() + 4)) <= 4;
        if (onEdge)
            viewport()->setCursor(Qt::SplitHCursor);
        else
            viewport()->unsetCursor();
    }
    if ((event->buttons() & Qt::LeftButton) && m_doc && rowCount() > LinesCount(0)) {
        if (m_textAnchor.line)
            m_textCursor = textPosAt(event->position().toPoint());
        moveCurrent(rowAt(event->position().toPoint()), true);
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void LogView::mouseReleaseEvent(QMouseEvent *event)
{
    m_resizingColumn = false;
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void LogView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const std::optional<LineNumber> line = lineAtRow(rowAt(event->position().toPoint()));
    // On the text, a double-click selects the word under it (klogg's habit): letters, digits
    // and '_', with '.', ':' and '-' inside a word ("570.158.08", "0000:86:00"). On the gutter
    // (and with Enter) the line is opened.
    if (event->button() == Qt::LeftButton && line && event->position().x() >= gutterWidth()) {
        const TextPos at = textPosAt(event->position().toPoint()); // on `line`
        const QString text = displayText(*line);
        auto isWord = [&](int i) {
            return text[i].isLetterOrNumber() || text[i] == u'_';
        };
        auto inWord = [&](int i) {
            return i >= 0 && i < text.size()
                   && (isWord(i)
                       || ((text[i] == u'.' || text[i] == u':' || text[i] == u'-') && i > 0
                           && i + 1 < text.size() && isWord(i - 1) && isWord(i + 1)));
        };
        int from = std::min<int>(at.column, int(text.size()) - 1);
        if (!inWord(from) && inWord(from - 1))
            --from;
        if (inWord(from)) {
            int to = from;
            while (inWord(from - 1))
                --from;
            while (inWord(to))
                ++to;
            selectText(*line, from, to);
            return;
        }
    }
    if (event->button() == Qt::LeftButton && line && !(m_activator && m_activator(*line)))
        showWholeLine(*line);
}

bool LogView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_doc) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const std::optional<LineNumber> line = lineAtRow(rowAt(help->pos()));
        if (!line) {
            QToolTip::hideText();
            return true;
        }
        const std::string_view raw = m_doc->line(*line);
        if (m_columns && help->pos().x() < gutterWidth()) { // the whole source
            const auto [time, source] = m_columns(*line);
            QToolTip::showText(help->globalPos(), QStringLiteral("%1  %2").arg(time, source),
                               viewport());
        } else if (line == m_windowLine) {
            QToolTip::showText(help->globalPos(),
                               tr("This line of %L1 bytes is shown from byte %L2, a little before "
                                  "the search hit; double-click it or press Enter to see it whole.")
                                   .arg(qint64(raw.size()))
                                   .arg(qint64(hiddenPrefixBytes(raw, *line))),
                               viewport());
        } else if (const size_t hidden = hiddenPrefixBytes(raw, *line); hidden > 0)
            QToolTip::showText(help->globalPos(),
                               tr("Hidden prefix: %1")
                                   .arg(QString::fromUtf8(raw.substr(0, size_t(hidden))).trimmed()),
                               viewport());
        else if (raw.size() > size_t(kMaxDisplayColumns))
            QToolTip::showText(help->globalPos(),
                               tr("This line has %L1 bytes and is cut here; double-click it or "
                                  "press Enter to see it whole.")
                                   .arg(qint64(raw.size())),
                               viewport());
        else
            QToolTip::hideText();
        return true;
    }
    if (event->type() != QEvent::Paint)
        return QAbstractScrollArea::viewportEvent(event);
    // What the rows show is worked out before painting; painting changes nothing.
    layoutRows();
    const bool handled = QAbstractScrollArea::viewportEvent(event);
    if (!m_painted && m_doc) {
        m_painted = true;
        Q_EMIT documentPainted();
    }
    return handled;
}

// lnav's keys: e / Shift+E to the next / previous error line (error or critical), w /
// Shift+W to the next / previous warning, with "n of m" said.
bool LogView::stepToMarkedLine(QKeyEvent *event, bool back)
{
    if ((event->modifiers() & ~Qt::ShiftModifier)
        || (event->key() != Qt::Key_E && event->key() != Qt::Key_W))
        return false;
    const bool errors = event->key() == Qt::Key_E;
    const Severity low = errors ? Severity::Error : Severity::Warning;
    const Severity high = errors ? Severity::Critical : Severity::Warning;
    const QString what = errors ? tr("error") : tr("warning");
    const std::optional<LineNumber> line = nextMarkedLine(m_current, back ? -1 : +1, low, high);
    if (!line) {
        Q_EMIT notice(tr("No %1 line in this view").arg(what));
        return true;
    }
    setCurrentLine(*line);
    int number = 0, count = 0;
    for (const auto &[marked, mark] : m_marks)
        if (mark.severity >= low && mark.severity <= high) {
            ++count;
            if (marked <= *line)
                ++number;
        }
    Q_EMIT notice(errors ? tr("Error %L1 of %L2").arg(number).arg(count)
                         : tr("Warning %L1 of %L2").arg(number).arg(count));
    return true;
}

// Shift with Left, Right, Home or End selects part of the current line; with Ctrl, Left and
// Right select by word.
bool LogView::selectByKey(QKeyEvent *event, bool extend, bool control)
{
    if (extend && m_current && !control) {
        const int column = m_textCursor.line == m_current ? m_textCursor.column : 0;
        switch (event->key()) {
        case Qt::Key_Left: extendTextSelection(column - 1); return true;
        case Qt::Key_Right: extendTextSelection(column + 1); return true;
        case Qt::Key_Home: extendTextSelection(0); return true;
        case Qt::Key_End: extendTextSelection(int(displayText(*m_current).size())); return true;
        default: break;
        }
    }
    if (extend && m_current && control) { // Ctrl+Shift+Left/Right: by word
        const QString text = displayText(*m_current);
        int column = m_textCursor.line == m_current ? m_textCursor.column : 0;
        if (event->key() == Qt::Key_Right) {
            while (column < text.size() && !text[column].isLetterOrNumber())
                ++column;
            while (column < text.size() && text[column].isLetterOrNumber())
                ++column;
            extendTextSelection(column);
            return true;
        }
        if (event->key() == Qt::Key_Left) {
            while (column > 0 && !text[column - 1].isLetterOrNumber())
                --column;
            while (column > 0 && text[column - 1].isLetterOrNumber())
                --column;
            extendTextSelection(column);
            return true;
        }
    }
    return false;
}

void LogView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy) && m_doc && m_current) {
        copy();
        return;
    }
    if (event->matches(QKeySequence::SelectAll) && m_doc) {
        selectAll();
        return;
    }
    if (!m_doc) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const bool control = event->modifiers() & Qt::ControlModifier;
    if (stepToMarkedLine(event, extend) || selectByKey(event, extend, control))
        return;
    if (event->key() != Qt::Key_Shift && event->key() != Qt::Key_Control)
        m_textAnchor = m_textCursor = {}; // any other key ends a text selection
    const ViewRow row = m_current ? rowOfLine(*m_current) : topRow() - LinesCount(1);
    const LinesCount page = visibleLineCount() - LinesCount(1);
    switch (event->key()) {
    case Qt::Key_Down: moveCurrent(row + LinesCount(1), extend); return;
    case Qt::Key_Up: moveCurrent(row - LinesCount(1), extend); return;
    case Qt::Key_PageDown: moveCurrent(row + page, extend); return;
    case Qt::Key_PageUp: moveCurrent(row - page, extend); return;
    case Qt::Key_Home:
        if (event->modifiers() & Qt::ControlModifier) {
            moveCurrent(ViewRow(0), extend);
            return;
        }
        break;
    case Qt::Key_End:
        if (event->modifiers() & Qt::ControlModifier) {
            moveCurrent(lastRow(), extend);
            return;
        }
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_current && !(m_activator && m_activator(*m_current)))
            showWholeLine(*m_current);
        return;
    default: break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

} // namespace gputriage
