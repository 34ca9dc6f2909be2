#pragma once

#include "engine/matcher.h"
#include "rules/rule.h"

#include <QAbstractScrollArea>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace KSyntaxHighlighting {
class Repository;
}

namespace gputriage {

class LogDocument;
class LineHighlighter;

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
    // Hits to highlight; `ruleSeverity` by LineMatch::rule, empty for rules not to highlight.
    void setMatches(const std::vector<LineMatch> &matches,
                    const std::vector<std::optional<Severity>> &ruleSeverity);

    // Lines to mark as search hits (0-based, ascending).
    void setSearchHits(std::vector<int> lines);
    bool isSearchHit(int line) const;

    // A KSyntaxHighlighting theme by name; empty follows the palette (light or dark).
    void setThemeName(const QString &name);
    QString themeName() const { return m_themeName; }

    // Shows only these lines (0-based, ascending), e.g. the search hits; nullopt shows all.
    // `owner` says who filters ("search", "findings"), so one filter replaces the other.
    // setDocument() drops the filter without a signal; its owner sets it again.
    void setLineFilter(std::optional<std::vector<int>> lines, const QString &owner = {});
    bool isFiltered() const { return m_filter.has_value(); }
    QString filterOwner() const { return m_filterOwner; }
    std::vector<int> markedLines() const; // lines a rule matched, ascending
    int rowCount() const;                 // lines shown
    int lineAtRow(int row) const;

    int currentLine() const { return m_current; } // 0-based, -1 if none
    // Scrolls the line into the middle; a line the filter hides clears the filter.
    void setCurrentLine(int line);
    int firstVisibleLine() const;
    void scrollToLine(int line); // puts it at the top
    int visibleLineCount() const;
    // The selected lines (Shift+click, Shift+arrows): first and last, 0-based; the current line
    // alone when nothing more is selected.
    std::pair<int, int> selection() const;
    QString selectedText() const; // shown lines of the selection, newline-separated
    // Opens a window with the whole line (long lines are cut at 4000 characters in the view).
    void showWholeLine(int line);
    // Double-click or Enter on a line calls this first; when it returns false (or is unset)
    // the whole line is shown.
    void setLineActivator(std::function<bool(int line)> activator)
    {
        m_activator = std::move(activator);
    }
    // The severity shown for a line, if a rule matched it.
    std::optional<Severity> lineSeverity(int line) const;

Q_SIGNALS:
    void currentLineChanged(int line);
    void documentChanged();
    void documentPainted();           // once per setDocument(), after its first screen was painted
    void filterChanged();             // set, replaced or cleared
    void notice(const QString &text); // for the status bar

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Mark
    {
        Severity severity = Severity::Info;
        std::vector<std::pair<int, int>> spans; // normalized byte offsets on the first line
        QStringList values; // captured facts (versions, bus ids), underlined where they appear
    };
    void updateScrollBars();
    int rowOfLine(int line) const; // the row showing `line`, or of the next shown line
    int rowAt(const QPoint &pos) const;
    void moveCurrent(int row, bool extend);
    void applyTheme();
    int lineHeight() const;
    int gutterWidth() const;

    std::shared_ptr<const LogDocument> m_doc;
    std::map<int, Mark> m_marks;
    int m_current = -1;
    int m_anchor = -1; // the other end of the selection
    std::optional<std::vector<int>> m_filter;
    QString m_filterOwner;
    std::function<bool(int)> m_activator;
    QString m_themeName;
    std::vector<int> m_searchHits;
    int m_maxColumns = 0;
    bool m_painted = false;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<LineHighlighter> m_highlighter;
};

} // namespace gputriage
