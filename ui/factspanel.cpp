#include "factspanel.h"

#include "report/textreport.h"

#include <QHeaderView>

namespace gputriage {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kLineRole = Qt::UserRole + 2;
} // namespace

FactsPanel::FactsPanel(QWidget *parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("factsPanel"));
    setHeaderLabels({tr("Fact"), tr("Value"), tr("Source")});
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const int line = item->data(0, kLineRole).toInt();
        Q_EMIT sourceActivated(item->data(0, kPathRole).toString(), line);
    });
}

void FactsPanel::setFacts(const QList<BundleFact> &facts)
{
    clear();
    for (const BundleFact &f : facts) {
        auto *item = new QTreeWidgetItem(this);
        item->setText(0, f.name);
        item->setText(1, f.value);
        QString where = factSource(f);
        if (f.count > 1)
            where += tr("  (seen %1×)").arg(f.count);
        item->setText(2, where);
        item->setToolTip(2, where);
        item->setData(0, kPathRole, f.path);
        item->setData(0, kLineRole, f.line);
    }
}

} // namespace gputriage
