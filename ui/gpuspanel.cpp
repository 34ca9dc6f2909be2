#include "gpuspanel.h"

#include "engine/gpus.h"
#include "palette.h"
#include "panelmodels.h"

#include <QHeaderView>

#include <set>

namespace gputriage {

GpusPanel::GpusPanel(QWidget *parent)
    : QTreeView(parent)
    , m_model(new GpusModel(this))
{
    setObjectName(QStringLiteral("gpusPanel"));
    setModel(m_model);
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
    for (int column : {GpusModel::GpuColumn, GpusModel::NameColumn, GpusModel::ActionColumn,
                       GpusModel::EventsColumn})
        header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                Q_EMIT gpuSelected(current.data(KeyRole).toString());
            });
}

void GpusPanel::setGpus(const QList<GpuVerdict> &gpus)
{
    const QSignalBlocker blocker(selectionModel());
    m_model->setGpus(gpus);
    if (m_model->rowCount() == 0)
        return;
    setFirstColumnSpanned(0, {}, true); // the node's verdict is a sentence
    setCurrentIndex(m_model->index(0, 0));
}

QString GpusPanel::selectedGpu() const
{
    return currentIndex().data(KeyRole).toString();
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
