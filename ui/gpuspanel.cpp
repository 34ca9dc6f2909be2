#include "gpuspanel.h"

#include "engine/gpus.h"
#include "palette.h"

#include <QHeaderView>

#include <set>

namespace gputriage {

namespace {
constexpr int kBusRole = Qt::UserRole + 1;
} // namespace

GpusPanel::GpusPanel(QWidget *parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("gpusPanel"));
    setHeaderLabels({tr("GPU"), tr("Name"), tr("Action"), tr("Events"), tr("UUID")});
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
    header()->setSectionResizeMode(GpuColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(ActionColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(EventsColumn, QHeaderView::ResizeToContents);
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        Q_EMIT gpuSelected(item ? item->data(0, kBusRole).toString() : QString());
    });
}

void GpusPanel::setGpus(const QList<GpuVerdict> &gpus)
{
    const QSignalBlocker blocker(this);
    clear();
    if (gpus.isEmpty())
        return;
    // The node row spans the columns: its verdict is a sentence.
    auto *node = new QTreeWidgetItem(this);
    node->setText(GpuColumn, tr("Node: %1").arg(nodeVerdict(gpus)));
    node->setToolTip(GpuColumn, node->text(GpuColumn));
    QFont bold = node->font(GpuColumn);
    bold.setBold(true);
    node->setFont(GpuColumn, bold);
    node->setFirstColumnSpanned(true);
    for (const GpuVerdict &g : gpus) {
        auto *item = new QTreeWidgetItem(this);
        item->setData(0, kBusRole, g.key);
        item->setText(GpuColumn, g.key);
        item->setText(NameColumn, g.nameAndSerial());
        item->setText(UuidColumn, g.uuid);
        QStringList events;
        for (const GpuEvent &e : g.events)
            events << QStringLiteral("%1 ×%2%3")
                          .arg(e.code.isEmpty() ? e.title : e.code)
                          .arg(e.count)
                          .arg(e.currentBoot ? QString() : tr(" (earlier boot)"));
        item->setText(EventsColumn, events.join(QLatin1String(", ")));
        item->setToolTip(EventsColumn, events.join(QLatin1Char('\n')));
        if (g.hasEvents()) {
            item->setText(ActionColumn,
                          QStringLiteral("%1: %2").arg(severityName(g.severity), g.action));
            item->setForeground(ActionColumn, severityColor(g.severity));
        } else {
            item->setText(ActionColumn, tr("no events"));
        }
        item->setToolTip(ActionColumn, item->text(ActionColumn));
    }
    setCurrentItem(node);
}

QString GpusPanel::selectedGpu() const
{
    return currentItem() ? currentItem()->data(0, kBusRole).toString() : QString();
}

QList<Finding> findingsOfGpu(const QList<Finding> &findings, const QList<GpuVerdict> &gpus,
                             const QString &busId)
{
    if (busId.isEmpty())
        return findings;
    std::set<std::pair<QString, QString>> joined; // rule and title of the GPU's events
    for (const GpuVerdict &g : gpus)
        if (g.key == busId)
            for (const GpuEvent &e : g.events)
                joined.emplace(e.rule, e.title);
    QList<Finding> out;
    for (const Finding &f : findings)
        if (gpuOfFacts(f.facts) == busId || joined.count({f.ruleId, f.title}))
            out.append(f);
    return out;
}

} // namespace gputriage
