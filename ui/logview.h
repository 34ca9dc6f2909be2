#pragma once

#include "engine/matcher.h"
#include "engine/textsearch.h"
#include "highlighter.h"
#include "rules/rule.h"
#include "text/linetypes.h"

#include <QAbstractScrollArea>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QMenu;
class QPainter;

namespace KSyntaxHighlighting {
class Repository;
}

namespace gputriage {

class LogDocument;
class LineHighlighter;
struct HighlightRun;

// A row of the log view: a line's place among the lines shown (all of them, or those a filter
// keeps), counted from 0. The vertical scroll bar's value is the top row. Rows and lines are
// apart (as klogg keeps them), so a row cannot be passed where a line is meant: lineAtRow() and
// rowOfLine() go from one to the other.
class ViewRow
{
public:
    constexpr ViewRow() = default;
    constexpr explicit ViewRow(int index)
        : m_index(index)
    {}
    constexpr int get() const { return m_index; }

    friend constexpr auto operator<=>(ViewRow, ViewRow) = default;
    constexpr ViewRow &operator++()
    {
        ++m_index;
        return *this;
    }
    friend constexpr ViewRow operator+(ViewRow row, LinesCount rows)
    {
        return ViewRow(row.m_index + rows.get());
    }
    friend constexpr ViewRow operator-(ViewRow row, LinesCount rows)
    {
        return ViewRow(row.m_index - rows.get());
    }
    // The rows from `b` up to `a`.
    friend constexpr LinesCount operator-(ViewRow a, ViewRow b)
    {
        return LinesCount(a.m_index - b.m_index);
    }

private:
    int m_index = 0;
};

// A read-only log view that paints only the visible lines of a LogDocument: line numbers,
// base colours from KSyntaxHighlighting's log definition, and rule matches tinted by severity
// with the matched text emphasised.
class LogView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit LogView(QWidget *parent = nullptr);
    ~LogView() override;

    void setDocument(std::shared_ptr<const LogDocument> doc);
    std::shared_ptr<const LogDocument> document() const { return m_doc; }
    // The document grew (a timeline being merged): the scroll range follows, the place stays.
    void linesAdded();

    // Columns painted in the gutter instead of line numbers: a time and a source label per line
    // (the merged timeline). The source column is elided and resized by dragging its right edge;
    // the text always gets the rest. setDocument() takes them away.
    using LineColumns = std::function<std::pair<QString, QString>(LineNumber line)>;
    void setLineColumns(LineColumns columns);
    bool hasLineColumns() const { return bool(m_columns); }
    std::pair<QString, QString> lineColumns(LineNumber line) const;
    int sourceColumnWidth() const; // pixels, as painted
    void setSourceColumnWidth(int pixels);
    // Hits to highlight (those with a severity).
    void setMatches(const std::vector<LineMatch> &matches);

    // Lines to mark as search hits (ascending), and the search whose every occurrence on those
    // lines is highlighted (the current line's more strongly).
    void setSearchHits(std::vector<LineNumber> lines);
    void setSearch(std::optional<TextSearch> search);
    bool isSearchHit(LineNumber line) const;
    // Where the search occurs on `line`, as [start, end) columns of its shown text.
    std::vector<std::pair<int, int>> searchSpans(LineNumber line) const;
    // The short time shown in the gutter for `line` while prefixes are hidden ("08:15:01.123").
    QString gutterTime(LineNumber line) const;
    // Scrolls sideways so the first occurrence of the search on `line` is in view.
    void revealSearchHit(LineNumber line);

    // Patterns painted in colour (their occurrences or whole lines), later over earlier.
    void setHighlighters(std::vector<CompiledHighlighter> highlighters);
    // The highlighter colour painted under each column of `line`'s shown text, by span.
    std::vector<std::pair<std::pair<int, int>, QColor>> highlighterSpans(LineNumber line) const;

    // A KSyntaxHighlighting theme by name; empty follows the palette (light or dark).
    void setThemeName(const QString &name);
    QString themeName() const { return m_themeName; }
    // Shows each line without its timestamp / syslog / journald / kernel prefixes, every level
    // of them (the message rules match), and the time they said, short, in the gutter; the
    // prefix is in the line's tooltip.
    void setHidePrefixes(bool hide);
    bool hidesPrefixes() const { return m_hidePrefixes; }
    // Wraps lines longer than the view into more rows (no sideways scrolling).
    void setWrap(bool wrap);
    bool wraps() const { return m_wrap; }
    int wrapColumnCount() const; // columns per row when wrapping
    // The chosen theme's background; invalid when the view follows the palette.
    QColor themeBackground() const;

    // Shows only these lines (ascending), e.g. the search hits; nullopt shows all.
    // `owner` says who filters ("search", "findings"), so one filter replaces the other.
    // setDocument() drops the filter without a signal; its owner sets it again.
    // Who hides the other lines, so each can take its filter back without touching another's.
    enum class FilterOwner { None, Findings, Search };
    void setLineFilter(std::optional<std::vector<LineNumber>> lines,
                       FilterOwner owner = FilterOwner::None);
    bool isFiltered() const { return m_filter.has_value(); }
    FilterOwner filterOwner() const { return m_filterOwner; }
    // The stacked include/exclude filters' lines (the Filters tab): what is shown passes both
    // them and the owner's filter above. nullopt: no stacked filter.
    void setStackFilter(std::optional<std::vector<LineNumber>> lines);
    bool isStackFiltered() const { return m_stackLines.has_value(); }
    std::vector<LineNumber> markedLines() const;            // lines a rule matched, ascending
    LinesCount rowCount() const;                            // lines shown
    std::optional<LineNumber> lineAtRow(ViewRow row) const; // none past the rows shown

    std::optional<LineNumber> currentLine() const { return m_current; }
    // Scrolls the line into the middle; a line the filter hides clears the filter.
    void setCurrentLine(LineNumber line);
    std::optional<LineNumber> firstVisibleLine() const; // none when no line is shown
    void scrollToLine(LineNumber line);                 // puts it at the top
    LinesCount visibleLineCount() const;
    // The selected lines (Shift+click, Shift+arrows): first and last; the current line alone
    // when nothing more is selected; none without a current line.
    std::optional<std::pair<LineNumber, LineNumber>> selection() const;
    // The text selected with the mouse or Shift+Left/Right/Home/End (part of a line, or from
    // inside one line to inside another), else the shown lines of the selection, joined by
    // newlines.
    QString selectedText() const;
    bool hasTextSelection() const;
    // Selects columns [from, to) of `line` (its shown text), as a mouse drag does.
    void selectText(LineNumber line, int from, int to);
    void copy(); // the selected text to the clipboard
    void selectAll();
    // The context menu over `line` (Copy, Select All, Find the selected text, then the actions
    // added to the view; none: below the last line); the caller owns it. A line outside the
    // selection becomes the current line.
    QMenu *createContextMenu(std::optional<LineNumber> line);
    // Opens a window with the whole line (long lines are cut at 4000 characters in the view).
    void showWholeLine(LineNumber line);
    // Double-click or Enter on a line calls this first; when it returns false (or is unset)
    // the whole line is shown.
    void setLineActivator(std::function<bool(LineNumber line)> activator)
    {
        m_activator = std::move(activator);
    }
    // Says which lines are bookmarked (their numbers are painted on a mark in the gutter).
    void setBookmarkTest(std::function<bool(LineNumber line)> test)
    {
        m_isBookmarked = std::move(test);
        viewport()->update();
    }
    // The next line after `from` (delta +1) or before it (-1) that a rule marked with
    // `atLeast` or worse (and no worse than `atMost`), wrapping around; none when there is none.
    // Without `from`, the first (+1) or the last (-1). The keys e / Shift+E (errors) and w /
    // Shift+W (warnings) step through them.
    std::optional<LineNumber> nextMarkedLine(std::optional<LineNumber> from,
                                             int delta,
                                             Severity atLeast,
                                             Severity atMost = Severity::Critical) const;
    // The severity shown for a line, if a rule matched it.
    std::optional<Severity> lineSeverity(LineNumber line) const;

Q_SIGNALS:
    void currentLineChanged(LineNumber line);
    void documentChanged();
    void documentPainted();           // once per setDocument(), after its first screen was painted
    void filterChanged();             // set, replaced or cleared
    void notice(const QString &text); // for the status bar
    // "Find" or "Search All Files" from the context menu, with the selected text.
    void findRequested(const QString &text, bool allFiles);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    static constexpr int kMaxDisplayColumns = 4000; // longer lines are cut for display only
    static constexpr qint64 kMaxCopyBytes = qint64(64)
                                            << 20; // a bigger selection is copied in part
    static constexpr qint64 kMaxWholeLineBytes = qint64(16) << 20;
    static constexpr size_t kWholeLineRowBytes = 160;

    struct Mark
    {
        Severity severity = Severity::Info;
        std::vector<std::pair<LineColumn, LineColumn>> spans; // the matches' raw spans
        QStringList values; // captured facts (versions, bus ids), underlined where they appear
    };
    struct TextPos
    {
        std::optional<LineNumber> line; // none: no text position
        int column = 0;                 // of the line's shown text
        auto operator<=>(const TextPos &) const = default;
    };
    // The rows in view, laid out before each paint (prefixes found, text cut, formats read), so
    // painting only reads them.
    struct ShownRow
    {
        LineNumber line;
        int hidden = 0; // bytes of prefix not shown
        QString text;   // as painted
        QString time;   // the hidden prefix's time, for the gutter
        std::vector<HighlightRun> runs;
    };
    void layoutRows();
    struct PaintContext;
    struct LinePaint;
    LinePaint linePaint(const PaintContext &c, const ShownRow &row) const;
    void
    paintSegment(QPainter &p, const PaintContext &c, const LinePaint &l, int segment, int y) const;
    void paintGutter(QPainter &p, const PaintContext &c, const LinePaint &l, int y) const;
    void paintUnderText(QPainter &p,
                        const PaintContext &c,
                        const LinePaint &l,
                        int y,
                        const std::function<int(int)> &xAt) const;
    void paintText(QPainter &p,
                   const PaintContext &c,
                   const LinePaint &l,
                   int y,
                   const std::function<int(int)> &xAt) const;
    // As painted: cut at kMaxDisplayColumns, tabs as blanks.
    QString displayText(LineNumber line) const;
    static QString displayTextOf(std::string_view shown);
    std::vector<std::pair<int, int>> searchSpansIn(LineNumber line, std::string_view shown) const;
    // Where `search` occurs in the shown bytes of a line, as columns of its shown text.
    static std::vector<std::pair<int, int>> columnSpans(const TextSearch &search,
                                                        std::string_view shown);
    std::vector<std::pair<std::pair<int, int>, QColor>> highlighterSpansIn(std::string_view shown,
                                                                           int textSize) const;
    size_t hiddenPrefixBytes(std::string_view raw, LineNumber line) const; // `line` shows `raw`
    size_t prefixBytes(std::string_view raw, LineNumber line) const; // without the window below
    QString prefixTime(std::string_view raw) const;
    int prefixTimeWidth() const; // the gutter's time column while prefixes are hidden
    std::string_view shownBytes(LineNumber line) const; // the line without a hidden prefix
    TextPos textPosAt(const QPoint &pos) const;
    int xOfColumn(const QString &text, int column) const; // from the text's left edge
    void ensureColumnVisible(const QString &text, int column);
    void extendTextSelection(int column);
    // Keys of keyPressEvent(): true when the key was taken.
    bool stepToMarkedLine(QKeyEvent *event, bool back);
    bool selectByKey(QKeyEvent *event, bool extend, bool control);
    void updateScrollBars();
    bool hasLine(LineNumber line) const; // a line of the document
    // The line a row shows, for a row that is shown (below rowCount()).
    LineNumber lineOfRow(ViewRow row) const;
    ViewRow rowOfLine(LineNumber line) const; // the row showing `line`, or of the next shown line
    ViewRow lastRow() const;                  // the last row shown (-1 when none is)
    ViewRow rowAt(const QPoint &pos) const;
    // The vertical scroll bar counts rows: the top row, and scrolling to put one at the top
    // (the bar keeps it in its range) or a third of the way down.
    ViewRow topRow() const;
    void setTopRow(ViewRow row);
    void scrollRowToThird(ViewRow row);
    void moveCurrent(ViewRow row, bool extend);
    void applyTheme();
    int lineHeight() const;
    int gutterWidth() const;

    std::shared_ptr<const LogDocument> m_doc;
    LineColumns m_columns;
    int m_sourceColumnChars = 18; // the source column's width, in characters
    bool m_resizingColumn = false;
    int timeColumnWidth() const;
    std::map<LineNumber, Mark> m_marks;
    std::optional<LineNumber> m_current;
    std::optional<LineNumber> m_anchor; // the other end of the selection
    void applyFilters(std::optional<LineNumber> keep);
    // A line longer than the display cap whose search hit lies past it is shown from a little
    // before the hit: its bytes after the prefix that are skipped.
    std::optional<LineNumber> m_windowLine;
    size_t m_windowBytes = 0;
    std::optional<std::vector<LineNumber>> m_filter; // the lines shown: owner's ∩ stack's
    std::optional<std::vector<LineNumber>> m_ownerLines, m_stackLines;
    FilterOwner m_filterOwner = FilterOwner::None;
    std::function<bool(LineNumber)> m_activator;
    std::function<bool(LineNumber)> m_isBookmarked;
    QString m_themeName;
    std::vector<LineNumber> m_searchHits;
    std::optional<TextSearch> m_search;
    std::vector<CompiledHighlighter> m_highlighters;
    TextPos m_textAnchor, m_textCursor; // a text selection when they differ
    int m_maxColumns = 0;
    bool m_hidePrefixes = false;
    bool m_wrap = false;
    // With wrapping: the row (of lines shown) under y, and which of its wrapped rows.
    std::pair<ViewRow, int> rowAndSegmentAt(int y) const;
    int segmentCount(LineNumber line) const;
    bool m_painted = false;
    std::vector<ShownRow> m_shownRows;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<LineHighlighter> m_highlighter;
};

} // namespace gputriage
