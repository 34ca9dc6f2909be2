#pragma once

#include "engine/templateminer.h"
#include "text/linetypes.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace gputriage {

class NotableModel;

// "Other notable messages": lines with error words that no rule matched, grouped into message
// templates, most frequent first. Activating one shows its example line; "New Rule from This"
// drafts a rule from that line.
class NotablePanel : public QWidget
{
    Q_OBJECT

public:
    explicit NotablePanel(QWidget *parent = nullptr);
    void setTemplates(QList<MessageTemplate> templates, qint64 lines);
    QTreeView *view() const { return m_view; }
    NotableModel *model() const { return m_model; }

Q_SIGNALS:
    void exampleActivated(const QString &path, LineNumber line); // a line of that file
    void ruleRequested(const QString &exampleLine);

private:
    QLabel *m_summary;
    NotableModel *m_model;
    QTreeView *m_view;
    QPushButton *m_newRule;
};

} // namespace gputriage
