#include "notablepanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace gputriage {

NotablePanel::NotablePanel(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_view(new QTreeWidget(this))
    , m_newRule(new QPushButton(tr("New Rule from This"), this))
{
    setObjectName(QStringLiteral("notablePanel"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("notableView"));
    m_view->setHeaderLabels({tr("Count"), tr("Message (<*> varies)"), tr("Files")});
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_newRule->setObjectName(QStringLiteral("notableNewRule"));
    m_newRule->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_newRule, 0, Qt::AlignRight);

    auto current = [this]() -> const MessageTemplate * {
        const QTreeWidgetItem *item = m_view->currentItem();
        const int row
            = item ? m_view->indexOfTopLevelItem(const_cast<QTreeWidgetItem *>(item)) : -1;
        return row >= 0 && row < m_templates.size() ? &m_templates[row] : nullptr;
    };
    connect(m_view, &QTreeWidget::currentItemChanged, this,
            [this, current] { m_newRule->setEnabled(current() != nullptr); });
    connect(m_view, &QTreeWidget::itemActivated, this, [this, current] {
        if (const MessageTemplate *t = current())
            Q_EMIT exampleActivated(t->examplePath, t->exampleLine);
    });
    connect(m_newRule, &QPushButton::clicked, this, [this, current] {
        if (const MessageTemplate *t = current())
            Q_EMIT ruleRequested(t->example);
    });
}

void NotablePanel::setTemplates(const QList<MessageTemplate> &templates, qint64 lines)
{
    m_templates = templates;
    m_view->clear();
    m_summary->setText(
        templates.isEmpty()
            ? tr("No line with error words was left unexplained by the rules.")
            : tr("%L1 line(s) with error words (error, failed, timeout, …) that no rule matched, "
                 "as %2 message shape(s). Double-click one to see it; New Rule from This drafts "
                 "a rule from its example.")
                  .arg(lines)
                  .arg(templates.size()));
    for (const MessageTemplate &t : templates) {
        auto *item = new QTreeWidgetItem(
            m_view, {QString::number(t.count), t.text, QString::number(t.fileCount)});
        item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(1, QStringLiteral("%1\n\n%2:%3\n%4")
                                .arg(t.text, t.examplePath)
                                .arg(t.exampleLine)
                                .arg(t.example));
        item->setToolTip(2, t.files.join(QLatin1Char('\n')));
    }
    m_newRule->setEnabled(false);
}

} // namespace gputriage
