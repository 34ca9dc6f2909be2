#pragma once

#include "engine/textsearch.h"
#include "jobtracker.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace gputriage {

class LogView;

// Ctrl+F: searches the open document off the GUI thread as the user types (a newer search
// cancels the one running), marks every hit in the log view and steps through them.
class SearchBar : public QWidget
{
    Q_OBJECT

public:
    SearchBar(LogView *view, QWidget *parent = nullptr);
    ~SearchBar() override;

    void activate(); // show, focus and select the text
    void next();
    void previous();
    QLineEdit *input() const { return m_input; }
    QCheckBox *regexBox() const { return m_regex; }
    QCheckBox *onlyMatchingBox() const { return m_only; }
    QCheckBox *hideMatchingBox() const { return m_exclude; }
    QSpinBox *contextBox() const { return m_context; }
    QLabel *status() const { return m_status; }
    QToolButton *allFilesButton() const { return m_allFiles; }
    SearchQuery query() const;
    // Shows the bar with `text` searched (from the log view's context menu).
    void find(const QString &text);
    const std::vector<LineNumber> &hits() const { return m_hits; }
    // Searches confirmed with Enter, newest first (kept between runs); Up and Down in the
    // input go through them.
    const QStringList &history() const { return m_history; }

Q_SIGNALS:
    void searchFinished();
    void searchAllFiles(const SearchQuery &query); // the user asked for every file of the bundle
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void startSearch();
    void searchDone(Result<std::vector<LineNumber>> result);
    void jump(int delta);
    void updateStatus();
    void applyFilter();
    void close();
    void remember();

    LogView *m_view;
    QLineEdit *m_input;
    QCheckBox *m_regex;
    QCheckBox *m_case;
    QCheckBox *m_only;
    QCheckBox *m_exclude; // filter the hits out instead of in
    QSpinBox *m_context;  // lines shown around each hit with "only matching"
    QLabel *m_status;
    QToolButton *m_allFiles;
    std::vector<LineNumber> m_hits;
    QStringList m_history;
    int m_historyAt = -1;   // the entry shown by Up/Down, -1 for none
    JobTracker m_job{this}; // the search of the current document
};

} // namespace gputriage
