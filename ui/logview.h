#pragma once

#include "engine/matcher.h"
#include "rules/rule.h"

#include <QAbstractScrollArea>

#include <map>
#include <memory>
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

    int currentLine() const { return m_current; } // 0-based, -1 if none
    void setCurrentLine(int line);                // scrolls it into the middle
    int firstVisibleLine() const;
    int visibleLineCount() const;
    // The severity shown for a line, if a rule matched it.
    std::optional<Severity> lineSeverity(int line) const;

Q_SIGNALS:
    void currentLineChanged(int line);
    void documentChanged();
    void documentPainted(); // once per setDocument(), after its first screen was painted

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Mark
    {
        Severity severity = Severity::Info;
        std::vector<std::pair<int, int>> spans; // normalized byte offsets on the first line
    };
    void updateScrollBars();
    void applyTheme();
    int lineHeight() const;
    int gutterWidth() const;

    std::shared_ptr<const LogDocument> m_doc;
    std::map<int, Mark> m_marks;
    int m_current = -1;
    std::vector<int> m_searchHits;
    int m_maxColumns = 0;
    bool m_painted = false;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<LineHighlighter> m_highlighter;
};

} // namespace gputriage
