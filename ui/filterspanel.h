#pragma once

#include "engine/textsearch.h"
#include "jobtracker.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace gputriage {

class LogView;

// The Filters tab: stacked include and exclude filters, as lnav's :filter-in and :filter-out.
// Each is a regular expression (case-insensitive) that can be switched off and on; the log view
// shows the lines that pass every filter switched on: they match each "in" and no "out" one.
// The lines are found off the GUI thread, again for each document shown.
class FiltersPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { In, Out };
    struct Filter
    {
        Kind kind = Kind::In;
        QString pattern;
        bool enabled = true;
        int hits = -1; // lines matching it in the document shown; -1 not counted yet
    };

    explicit FiltersPanel(LogView *view, QWidget *parent = nullptr);

    // False (with the reason shown inline) for an invalid expression.
    bool addFilter(Kind kind, const QString &pattern);
    void setEnabled(int index, bool enabled);
    void removeFilter(int index);
    const std::vector<Filter> &filters() const { return m_filters; }
    // Finds the lines again (the merged timeline got all its lines).
    void apply();

    QLineEdit *patternInput() const { return m_pattern; }
    QComboBox *kindBox() const { return m_kind; }
    QPushButton *addButton() const { return m_add; }
    QTreeWidget *list() const { return m_list; }
    QLabel *status() const { return m_status; }

Q_SIGNALS:
    void filtersApplied(); // the log view shows what the filters let through

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void refreshList();

    LogView *m_view;
    QLineEdit *m_pattern;
    QComboBox *m_kind;
    QPushButton *m_add;
    QPushButton *m_remove;
    QTreeWidget *m_list;
    QLabel *m_status;
    std::vector<Filter> m_filters;
    JobTracker m_job{this};
};

} // namespace gputriage
