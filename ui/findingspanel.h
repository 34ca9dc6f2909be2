#pragma once

#include "engine/finding.h"
#include "text/linetypes.h"

#include <QPersistentModelIndex>
#include <QWidget>

class QTextBrowser;
class QCheckBox;
class QLineEdit;
class QTreeView;
class QUrl;

namespace gputriage {

class FindingsModel;

// The list of findings and, for the selected one, its explanation, facts, version
// comparisons, evidence and documentation links.
class FindingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FindingsPanel(QWidget *parent = nullptr);

    void setFindings(const QList<Finding> &findings);
    FindingsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QTextBrowser *details() const { return m_details; }
    // The HTML shown for a finding (also what the details pane displays).
    static QString detailsHtml(const Finding &finding);
    // Puts the selected finding on the clipboard as a Markdown section, for a ticket.
    void copySelectedAsMarkdown();
    // Steps through the selected finding's occurrences (wrapping around), jumping to each.
    void showOccurrence(int delta);
    int currentOccurrence() const { return m_occurrence; }
    // Hides the findings whose title, rule id or severity do not contain `text`, and, with a
    // `file`, those without an occurrence in it ("follow the selected file").
    void setFilter(const QString &text);
    void setFileFilter(const QString &file);
    QLineEdit *filterBox() const { return m_filter; }
    QCheckBox *followFileBox() const { return m_followFile; }
    bool followsFile() const;
    int visibleRowCount() const; // findings shown (a GPU group's children each count)

Q_SIGNALS:
    void occurrenceActivated(const QString &path, LineNumber line); // a line of that file
    // After a jump to an occurrence: which one of how many (for the status bar).
    void occurrenceShown(const QString &title, int number, int count);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showFinding(const QModelIndex &index);
    bool matchesFilter(const Finding &f, const QString &text, bool byFile) const;
    void applyFilter();
    void linkActivated(const QUrl &url);

    FindingsModel *m_model;
    QTreeView *m_view;
    QTextBrowser *m_details;
    QLineEdit *m_filter;
    QCheckBox *m_followFile;
    QString m_file;                // the file the list follows, when it does
    QString m_detailsHtml;         // laid out again when the palette changes
    QPersistentModelIndex m_index; // the finding shown
    int m_occurrence = -1;
};

} // namespace gputriage
