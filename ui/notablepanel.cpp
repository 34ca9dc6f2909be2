#include "notablepanel.h"
#include "counted.h"

#include "panelmodels.h"
#include "source/sectionkind.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace gputriage {

NotablePanel::NotablePanel(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_model(new NotableModel(this))
    , m_view(new QTreeView(this))
    , m_newRule(new QPushButton(tr("New Rule from This"), this))
{
    setObjectName(QStringLiteral("notablePanel"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("notableView"));
    m_view->setModel(m_model);
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

    auto current = [this] {
        return m_model->row(m_view->currentIndex());
    };
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, current] { m_newRule->setEnabled(current() != nullptr); });
    connect(m_view, &QTreeView::activated, this, [this, current] {
        if (const MessageTemplate *t = current())
            Q_EMIT exampleActivated(t->examplePath, LineNumber::fromDisplayed(t->exampleLine));
    });
    connect(m_newRule, &QPushButton::clicked, this, [this, current] {
        if (const MessageTemplate *t = current())
            Q_EMIT ruleRequested(t->example);
    });
}

void NotablePanel::setTemplates(QList<MessageTemplate> templates, qint64 lines)
{
    // Lines of value dumps (lspci -vvv, /proc/cpuinfo, nvidia-smi -q) are not messages: listed
    // after the messages of logs, whatever their count.
    auto isDump = [](const MessageTemplate &t) {
        return !t.examplePath.isEmpty() && holdsValues(sectionKind(t.examplePath));
    };
    std::stable_partition(templates.begin(), templates.end(),
                          [&](const MessageTemplate &t) { return !isDump(t); });
    m_model->setRows(templates);
    m_summary->setText(
        templates.isEmpty()
            ? tr("No line with error words was left unexplained by the rules.")
            : tr("%1 with error words (error, failed, timeout, …) that no rule matched, as %2. "
                 "Double-click one to see it; New Rule from This drafts a rule from its example.")
                  .arg(counted(lines, tr("line"), tr("lines")),
                       counted(templates.size(), tr("message shape"), tr("message shapes"))));
    m_newRule->setEnabled(false);
}

} // namespace gputriage
