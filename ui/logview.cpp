#include "logview.h"

#include "palette.h"

#include "engine/timeline.h"
#include "engine/timelineindex.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

namespace gputriage {

namespace {
constexpr int kMaxDisplayColumns = 4000;           // longer lines are cut for display only
constexpr qint64 kMaxCopyBytes = qint64(64) << 20; // a bigger selection is copied in part
constexpr qint64 kMaxWholeLineBytes = qint64(16) << 20;
constexpr size_t kWholeLineRowBytes = 160;
} // namespace

// Collects the formats KSyntaxHighlighting assigns to one line.
class LineHighlighter : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    struct Run
    {
        int offset, length;
        KSyntaxHighlighting::Format format;
    };
    std::vector<Run> highlight(QStringView text)
    {
        m_runs.clear();
        if (definition().isValid())
            highlightLine(text, KSyntaxHighlighting::State());
        return std::move(m_runs);
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override
    {
        m_runs.push_back({offset, length, format});
    }

private:
    std::vector<Run> m_runs;
};

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
    m_current = m_anchor = -1;
    m_textAnchor = m_textCursor = {};
    m_windowLine = -1;
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

std::pair<QString, QString> LogView::lineColumns(int line) const
{
    if (!m_columns || !m_doc || line < 0 || line >= m_doc->lineCount())
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

void LogView::setLineFilter(std::optional<std::vector<int>> lines, FilterOwner owner)
{
    const bool changed = m_ownerLines.has_value() != lines.has_value() || owner != m_filterOwner;
    m_ownerLines = std::move(lines);
    m_filterOwner = m_ownerLines ? owner : FilterOwner::None;
    applyFilters(m_current);
    if (changed)
        Q_EMIT filterChanged();
}

void LogView::setStackFilter(std::optional<std::vector<int>> lines)
{
    m_stackLines = std::move(lines);
    applyFilters(m_current);
}

void LogView::applyFilters(int keep)
{
    if (m_ownerLines && m_stackLines) {
        std::vector<int> both;
        std::set_intersection(m_ownerLines->begin(), m_ownerLines->end(), m_stackLines->begin(),
                              m_stackLines->end(), std::back_inserter(both));
        m_filter = std::move(both);
    } else {
        m_filter = m_ownerLines ? m_ownerLines : m_stackLines;
    }
    m_anchor = m_current;
    updateScrollBars();
    if (keep >= 0 && m_doc) {
        const int row = std::min(rowOfLine(keep), rowCount() - 1);
        verticalScrollBar()->setValue(std::max(0, row - visibleLineCount() / 3));
    }
    viewport()->update();
}

std::vector<int> LogView::markedLines() const
{
    std::vector<int> lines;
    lines.reserve(m_marks.size());
    for (const auto &entry : m_marks)
        lines.push_back(entry.first);
    return lines;
}

int LogView::rowCount() const
{
    if (!m_doc)
        return 0;
    return m_filter ? int(m_filter->size()) : m_doc->lineCount();
}

int LogView::lineAtRow(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    return m_filter ? (*m_filter)[size_t(row)] : row;
}

int LogView::rowOfLine(int line) const
{
    if (!m_filter)
        return line;
    return int(std::lower_bound(m_filter->begin(), m_filter->end(), line) - m_filter->begin());
}

int LogView::rowAt(const QPoint &pos) const
{
    if (m_wrap)
        return rowAndSegmentAt(pos.y()).first;
    return verticalScrollBar()->value() + pos.y() / std::max(1, lineHeight());
}

void LogView::setWrap(bool wrap)
{
    if (wrap == m_wrap)
        return;
    m_wrap = wrap;
    setHorizontalScrollBarPolicy(wrap ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    horizontalScrollBar()->setValue(0);
    updateScrollBars();
    viewport()->update();
}

int LogView::wrapColumnCount() const
{
    // Fractional advances: a 7.2 px glyph counted as 7 would push the row's end out of view.
    const double width = viewport()->width() - gutterWidth() - 12;
    const double advance = std::max(1.0, QFontMetricsF(font()).horizontalAdvance(QLatin1Char('x')));
    return std::max(20, int(width / advance));
}

int LogView::segmentCount(int line) const
{
    if (!m_wrap)
        return 1;
    const int columns = wrapColumnCount();
    return std::max(1, int((displayText(line).size() + columns - 1) / columns));
}

std::pair<int, int> LogView::rowAndSegmentAt(int y) const
{
    const int lh = std::max(1, lineHeight());
    int row = verticalScrollBar()->value();
    int rowsAbove = std::max(0, y) / lh; // wrapped rows between the top and y
    for (; row < rowCount(); ++row) {
        const int segments = segmentCount(lineAtRow(row));
        if (rowsAbove < segments)
            return {row, rowsAbove};
        rowsAbove -= segments;
    }
    return {rowCount(), 0};
}

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

size_t LogView::hiddenPrefixBytes(std::string_view raw, int line) const
{
    const size_t prefix = prefixBytes(raw, line);
    if (line < 0 || line != m_windowLine)
        return prefix;
    size_t at = std::min(raw.size(), prefix + m_windowBytes);
    while (at > prefix && at < raw.size() && (static_cast<unsigned char>(raw[at]) & 0xC0) == 0x80)
        --at; // not inside a character
    return at;
}

size_t LogView::prefixBytes(std::string_view raw, int line) const
{
    if (!m_hidePrefixes || raw.empty())
        return 0;
    // The timeline shows a line without its timestamp: the prefixes are read from the whole
    // line (the host and process after a syslog stamp are a prefix only after the stamp).
    size_t before = 0;
    if (const auto *timeline
        = m_doc ? dynamic_cast<const TimelineIndex *>(m_doc->lineSource()) : nullptr;
        timeline && line >= 0)
        before = timeline->strippedBefore(line);
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

QString LogView::gutterTime(int line) const
{
    if (!m_doc || prefixTimeWidth() == 0 || line < 0 || line >= m_doc->lineCount())
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

std::string_view LogView::shownBytes(int line) const
{
    const std::string_view raw = m_doc->line(line);
    return raw.substr(hiddenPrefixBytes(raw, line));
}

void LogView::setHidePrefixes(bool hide)
{
    m_hidePrefixes = hide;
    m_windowLine = -1;
    m_maxColumns = 0;
    m_textAnchor = m_textCursor = {};
    updateScrollBars();
    viewport()->update();
}

QString LogView::displayText(int line) const
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

void LogView::showWholeLine(int line)
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
        return;
    const std::string_view full = m_doc->line(line);
    const bool cut = qint64(full.size()) > kMaxWholeLineBytes;
    const std::string_view raw = full.substr(0, size_t(kMaxWholeLineBytes));
    // The line is shown wrapped in rows of another log view, which lays out only the rows in
    // view: a 10 MB line opens at once. A row ends after a blank near its end when there is
    // one, never inside a UTF-8 sequence; the rows joined are the line.
    QByteArray rows;
    rows.reserve(qsizetype(raw.size() + raw.size() / kWholeLineRowBytes + 1));
    std::vector<size_t> rowStarts;
    for (size_t at = 0; at < raw.size();) {
        size_t end = std::min(raw.size(), at + kWholeLineRowBytes);
        if (end < raw.size()) {
            while (end > at + 1 && (uchar(raw[end]) & 0xC0) == 0x80)
                --end;
            for (size_t b = end; b > at + kWholeLineRowBytes * 3 / 4; --b)
                if (raw[b - 1] == ' ') {
                    end = b;
                    break;
                }
        }
        rowStarts.push_back(at);
        rows.append(raw.data() + at, qsizetype(end - at));
        rows += '\n';
        at = end;
    }
    // Where to open it: the first search hit on the line, else the text a rule matched.
    std::optional<size_t> target;
    if (m_search && isSearchHit(line))
        if (const auto spans = m_search->spans(raw, 1); !spans.empty())
            target = size_t(spans.front().first);
    if (const auto mark = m_marks.find(line);
        !target && mark != m_marks.end() && !mark->second.spans.empty()) {
        std::string normalized;
        std::vector<uint32_t> map;
        Normalizer::normalize(raw, normalized, &map);
        if (const size_t start = size_t(mark->second.spans.front().first); start < map.size())
            target = map[start];
    }

    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("wholeLineDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString title = tr("%1, line %2").arg(m_doc->path()).arg(m_doc->lineNumber(line));
    dialog->setWindowTitle(title);
    auto *view = new LogView(dialog);
    view->setObjectName(QStringLiteral("wholeLineView"));
    view->setFont(font());
    view->setThemeName(m_themeName);
    view->setDocument(LogDocument::fromBytes(std::move(rows), title));
    if (m_search && isSearchHit(line)) {
        view->setSearch(m_search);
        view->setSearchHits(searchLines(*view->document(), *m_search));
    }
    if (target) {
        const auto row = std::upper_bound(rowStarts.begin(), rowStarts.end(), *target);
        view->setCurrentLine(int(row - rowStarts.begin()) - 1);
    }
    QString about = cut ? tr("%L1 bytes; the first %2 MiB are shown")
                              .arg(qint64(full.size()))
                              .arg(kMaxWholeLineBytes >> 20)
                        : tr("%L1 bytes").arg(qint64(raw.size()));
    if (rowStarts.size() > 1)
        about += tr(", wrapped in %L1 rows").arg(qint64(rowStarts.size()));
    auto *info = new QLabel(about + QLatin1Char('.'), dialog);
    info->setObjectName(QStringLiteral("wholeLineInfo"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QPushButton *copyLine = buttons->addButton(tr("Copy Line"), QDialogButtonBox::ActionRole);
    copyLine->setObjectName(QStringLiteral("wholeLineCopy"));
    connect(copyLine, &QPushButton::clicked, this, [this, line] {
        if (m_doc && line < m_doc->lineCount()) {
            const std::string_view text = m_doc->line(line);
            QApplication::clipboard()->setText(QString::fromUtf8(
                text.substr(0, std::min<size_t>(text.size(), size_t(kMaxCopyBytes)))));
        }
    });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(view, 1);
    layout->addWidget(info);
    layout->addWidget(buttons);
    dialog->resize(900, 500);
    dialog->show();
    view->setFocus();
}

void LogView::setSearchHits(std::vector<int> lines)
{
    m_searchHits = std::move(lines);
    viewport()->update();
}

void LogView::setSearch(std::optional<TextSearch> search)
{
    m_search = std::move(search);
    viewport()->update();
}

bool LogView::isSearchHit(int line) const
{
    return std::binary_search(m_searchHits.begin(), m_searchHits.end(), line);
}

std::vector<std::pair<int, int>> LogView::searchSpans(int line) const
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
        return {};
    return searchSpansIn(line, shownBytes(line));
}

std::vector<std::pair<int, int>> LogView::searchSpansIn(int line, std::string_view shown) const
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

std::vector<std::pair<std::pair<int, int>, QColor>> LogView::highlighterSpans(int line) const
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
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

void LogView::revealSearchHit(int line)
{
    // A hit past the display cap of a long line: the line is shown from a little before it.
    const int oldWindow = m_windowLine;
    m_windowLine = -1;
    if (m_doc && m_search && line >= 0 && line < m_doc->lineCount()) {
        const std::string_view shown = shownBytes(line);
        if (shown.size() > size_t(kMaxDisplayColumns)) {
            const auto bytes = m_search->spans(shown, 1);
            if (!bytes.empty()
                && QString::fromUtf8(shown.data(), bytes.front().second).size()
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
        for (int line = m.line; line <= m.endLine; ++line) {
            Mark &mark = m_marks[line];
            mark.severity = std::max(mark.severity, s);
            if (line == m.line && m.end > m.start)
                mark.spans.emplace_back(m.start, m.end);
            for (const auto &fact : m.facts)
                if (fact.second.size() >= 2 && !mark.values.contains(fact.second))
                    mark.values << fact.second;
        }
    }
    viewport()->update();
}

int LogView::nextMarkedLine(int from, int delta, Severity atLeast, Severity atMost) const
{
    auto strong = [&](const auto &entry) {
        return entry.second.severity >= atLeast && entry.second.severity <= atMost;
    };
    if (delta > 0) {
        auto it = std::find_if(m_marks.upper_bound(from), m_marks.end(), strong);
        if (it == m_marks.end())
            it = std::find_if(m_marks.begin(), m_marks.end(), strong);
        return it == m_marks.end() ? -1 : it->first;
    }
    auto before = std::make_reverse_iterator(m_marks.lower_bound(from));
    auto it = std::find_if(before, m_marks.rend(), strong);
    if (it == m_marks.rend())
        it = std::find_if(m_marks.rbegin(), m_marks.rend(), strong);
    return it == m_marks.rend() ? -1 : it->first;
}

std::optional<Severity> LogView::lineSeverity(int line) const
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

int LogView::firstVisibleLine() const
{
    return lineAtRow(verticalScrollBar()->value());
}

void LogView::scrollToLine(int line)
{
    verticalScrollBar()->setValue(rowOfLine(line));
}

int LogView::visibleLineCount() const
{
    const int rows = std::max(1, viewport()->height() / std::max(1, lineHeight()));
    if (!m_wrap)
        return rows;
    // The lines whose first row is in view, each as many rows as it wraps into (as without
    // wrapping, the last may be cut at the bottom).
    int lines = 0;
    for (int row = verticalScrollBar()->value(), left = rows; row < rowCount() && left > 0; ++row) {
        left -= segmentCount(lineAtRow(row));
        ++lines;
    }
    return std::max(1, lines);
}

void LogView::updateScrollBars()
{
    int last = std::max(0, rowCount() - visibleLineCount() + 1);
    if (m_wrap) { // the top row that shows the end: as many lines from the end as fill the view
        int left = std::max(1, viewport()->height() / std::max(1, lineHeight()));
        last = rowCount();
        while (last > 0 && (left -= segmentCount(lineAtRow(last - 1))) >= 0)
            --last;
        last = std::min(last, std::max(0, rowCount() - 1));
    }
    verticalScrollBar()->setRange(0, last);
    verticalScrollBar()->setPageStep(visibleLineCount());
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
    const int first = verticalScrollBar()->value();
    const int row = m_current >= 0 && m_doc ? rowOfLine(m_current) : -1;
    const int oldRows = event->oldSize().height() / std::max(1, lineHeight());
    const bool wasShown = row >= first && row < first + oldRows;
    updateScrollBars();
    if (wasShown && row >= first + visibleLineCount() - 1)
        verticalScrollBar()->setValue(row - visibleLineCount() + 2);
}

void LogView::setCurrentLine(int line)
{
    if (!m_doc || line < 0 || line >= m_doc->lineCount())
        return;
    if (m_ownerLines && !std::binary_search(m_ownerLines->begin(), m_ownerLines->end(), line))
        setLineFilter(std::nullopt);
    m_current = m_anchor = line;
    const int row = rowOfLine(line);
    const int first = verticalScrollBar()->value();
    if (row < first || row >= first + visibleLineCount() - 1)
        verticalScrollBar()->setValue(std::max(0, row - visibleLineCount() / 3));
    horizontalScrollBar()->setValue(0);
    viewport()->update();
    Q_EMIT currentLineChanged(line);
}

void LogView::moveCurrent(int row, bool extend)
{
    if (rowCount() == 0)
        return;
    const int line = lineAtRow(std::clamp(row, 0, rowCount() - 1));
    const int anchor = extend ? (m_anchor < 0 ? m_current : m_anchor) : line;
    m_current = line;
    m_anchor = anchor < 0 ? line : anchor;
    const int r = rowOfLine(line);
    const int first = verticalScrollBar()->value();
    if (r < first)
        verticalScrollBar()->setValue(r);
    else if (r >= first + visibleLineCount() - 1)
        verticalScrollBar()->setValue(r - visibleLineCount() + 2);
    viewport()->update();
    Q_EMIT currentLineChanged(line);
}

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

void LogView::mousePressEvent(QMouseEvent *event)
{
    if (m_columns && event->button() == Qt::LeftButton
        && std::abs(event->position().toPoint().x() - (timeColumnWidth() + sourceColumnWidth() + 4))
               <= 4) {
        m_resizingColumn = true;
        return;
    }
    const int row = rowAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && m_doc && row < rowCount()) {
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
    if ((event->buttons() & Qt::LeftButton) && m_doc && rowCount() > 0) {
        if (m_textAnchor.line >= 0)
            m_textCursor = textPosAt(event->position().toPoint());
        moveCurrent(rowAt(event->position().toPoint()), true);
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void LogView::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_doc)
        return;
    std::unique_ptr<QMenu> menu(
        createContextMenu(lineAtRow(rowAt(viewport()->mapFromGlobal(event->globalPos())))));
    menu->exec(event->globalPos());
}

QMenu *LogView::createContextMenu(int line)
{
    // A right-click outside the selection selects the line under the mouse first.
    const auto [first, last] = selection();
    if (line >= 0 && !hasTextSelection() && (line < first || line > last))
        setCurrentLine(line);
    auto *menu = new QMenu(this);
    QAction *copyAction = menu->addAction(tr("&Copy"), this, &LogView::copy);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setObjectName(QStringLiteral("logCopy"));
    copyAction->setEnabled(m_current >= 0 || hasTextSelection());
    QAction *all = menu->addAction(tr("Select &All"), this, &LogView::selectAll);
    all->setShortcut(QKeySequence::SelectAll);
    all->setObjectName(QStringLiteral("logSelectAll"));
    const QString selected = hasTextSelection() ? selectedText() : QString();
    if (!selected.isEmpty() && !selected.contains(QLatin1Char('\n')) && selected.size() <= 200) {
        menu->addSeparator();
        const QString shown = selected.size() > 40 ? selected.left(39) + QChar(0x2026) : selected;
        menu->addAction(tr("&Find \u201c%1\u201d").arg(shown), this,
                        [this, selected] { Q_EMIT findRequested(selected, false); })
            ->setObjectName(QStringLiteral("logFind"));
        menu->addAction(tr("Search All &Files for \u201c%1\u201d").arg(shown), this,
                        [this, selected] { Q_EMIT findRequested(selected, true); })
            ->setObjectName(QStringLiteral("logFindAll"));
    }
    if (!actions().isEmpty()) { // the window's actions on a line (bookmark, new rule)
        menu->addSeparator();
        menu->addActions(actions());
    }
    return menu;
}

void LogView::mouseReleaseEvent(QMouseEvent *event)
{
    m_resizingColumn = false;
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void LogView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().toPoint());
    // On the text, a double-click selects the word under it (klogg's habit): letters, digits
    // and '_', with '.', ':' and '-' inside a word ("570.158.08", "0000:86:00"). On the gutter
    // (and with Enter) the line is opened.
    if (event->button() == Qt::LeftButton && row < rowCount()
        && event->position().x() >= gutterWidth()) {
        const TextPos at = textPosAt(event->position().toPoint());
        const QString text = displayText(at.line);
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
            selectText(at.line, from, to);
            return;
        }
    }
    if (event->button() == Qt::LeftButton && row < rowCount()
        && !(m_activator && m_activator(lineAtRow(row))))
        showWholeLine(lineAtRow(row));
}

bool LogView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_doc) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int line = lineAtRow(rowAt(help->pos()));
        const std::string_view raw = line >= 0 ? m_doc->line(line) : std::string_view();
        if (m_columns && line >= 0 && help->pos().x() < gutterWidth()) { // the whole source
            const auto [time, source] = m_columns(line);
            QToolTip::showText(help->globalPos(), QStringLiteral("%1  %2").arg(time, source),
                               viewport());
        } else if (line >= 0 && line == m_windowLine) {
            QToolTip::showText(help->globalPos(),
                               tr("This line of %L1 bytes is shown from byte %L2, a little before "
                                  "the search hit; double-click it or press Enter to see it whole.")
                                   .arg(qint64(raw.size()))
                                   .arg(qint64(hiddenPrefixBytes(raw, line))),
                               viewport());
        } else if (const size_t hidden = hiddenPrefixBytes(raw, line); hidden > 0)
            QToolTip::showText(help->globalPos(),
                               tr("Hidden prefix: %1")
                                   .arg(QString::fromUtf8(raw.substr(0, size_t(hidden))).trimmed()),
                               viewport());
        else if (line >= 0 && raw.size() > size_t(kMaxDisplayColumns))
            QToolTip::showText(help->globalPos(),
                               tr("This line has %L1 bytes and is cut here; double-click it or "
                                  "press Enter to see it whole.")
                                   .arg(qint64(raw.size())),
                               viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void LogView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy) && m_doc && m_current >= 0) {
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
    // lnav's keys: e / Shift+E to the next / previous error line (error or critical), w /
    // Shift+W to the next / previous warning, with "n of m" said.
    if (!(event->modifiers() & ~Qt::ShiftModifier)
        && (event->key() == Qt::Key_E || event->key() == Qt::Key_W)) {
        const bool errors = event->key() == Qt::Key_E;
        const Severity low = errors ? Severity::Error : Severity::Warning;
        const Severity high = errors ? Severity::Critical : Severity::Warning;
        const QString what = errors ? tr("error") : tr("warning");
        const int line = nextMarkedLine(m_current, extend ? -1 : +1, low, high);
        if (line < 0) {
            Q_EMIT notice(tr("No %1 line in this view").arg(what));
            return;
        }
        setCurrentLine(line);
        int number = 0, count = 0;
        for (const auto &[marked, mark] : m_marks)
            if (mark.severity >= low && mark.severity <= high) {
                ++count;
                if (marked <= line)
                    ++number;
            }
        Q_EMIT notice(errors ? tr("Error %L1 of %L2").arg(number).arg(count)
                             : tr("Warning %L1 of %L2").arg(number).arg(count));
        return;
    }
    // Shift with Left, Right, Home or End selects part of the current line.
    if (extend && m_current >= 0 && !control) {
        const int column = m_textCursor.line == m_current ? m_textCursor.column : 0;
        switch (event->key()) {
        case Qt::Key_Left: extendTextSelection(column - 1); return;
        case Qt::Key_Right: extendTextSelection(column + 1); return;
        case Qt::Key_Home: extendTextSelection(0); return;
        case Qt::Key_End: extendTextSelection(int(displayText(m_current).size())); return;
        default: break;
        }
    }
    if (extend && m_current >= 0 && control) { // Ctrl+Shift+Left/Right: by word
        const QString text = displayText(m_current);
        int column = m_textCursor.line == m_current ? m_textCursor.column : 0;
        if (event->key() == Qt::Key_Right) {
            while (column < text.size() && !text[column].isLetterOrNumber())
                ++column;
            while (column < text.size() && text[column].isLetterOrNumber())
                ++column;
            extendTextSelection(column);
            return;
        }
        if (event->key() == Qt::Key_Left) {
            while (column > 0 && !text[column - 1].isLetterOrNumber())
                --column;
            while (column > 0 && text[column - 1].isLetterOrNumber())
                --column;
            extendTextSelection(column);
            return;
        }
    }
    if (event->key() != Qt::Key_Shift && event->key() != Qt::Key_Control)
        m_textAnchor = m_textCursor = {}; // any other key ends a text selection
    const int row = m_current < 0 ? verticalScrollBar()->value() - 1 : rowOfLine(m_current);
    switch (event->key()) {
    case Qt::Key_Down: moveCurrent(row + 1, extend); return;
    case Qt::Key_Up: moveCurrent(row - 1, extend); return;
    case Qt::Key_PageDown: moveCurrent(row + visibleLineCount() - 1, extend); return;
    case Qt::Key_PageUp: moveCurrent(row - visibleLineCount() + 1, extend); return;
    case Qt::Key_Home:
        if (event->modifiers() & Qt::ControlModifier) {
            moveCurrent(0, extend);
            return;
        }
        break;
    case Qt::Key_End:
        if (event->modifiers() & Qt::ControlModifier) {
            moveCurrent(rowCount() - 1, extend);
            return;
        }
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_current >= 0 && !(m_activator && m_activator(m_current)))
            showWholeLine(m_current);
        return;
    default: break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

} // namespace gputriage
