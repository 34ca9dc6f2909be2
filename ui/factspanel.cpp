#include "factspanel.h"

#include "panelmodels.h"

#include <QHeaderView>
#include <QStyle>

namespace gputriage {

FactsPanel::FactsPanel(QWidget *parent)
    : QTreeView(parent)
    , m_model(new FactsModel(this))
{
    setObjectName(QStringLiteral("factsPanel"));
    m_model->setConflictIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    setModel(m_model);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
    header()->setSectionResizeMode(FactsModel::NameColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(FactsModel::ValueColumn, QHeaderView::ResizeToContents);
    connect(this, &QTreeView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT sourceActivated(index.data(PathRole).toString(),
                               LineNumber::fromDisplayed(index.data(LineRole).toInt()));
    });
}

void FactsPanel::setFacts(const QList<BundleFact> &facts)
{
    m_model->setRows(facts);
}

} // namespace gputriage
