#include "gpuspanel.h"

#include "engine/gpus.h"
#include "palette.h"
#include "panelmodels.h"

#include <QHeaderView>
#include <QStyledItemDelegate>

#include <set>

namespace gputriage {

namespace {

// QTreeView asks a row's height without the columns' widths: the Action column's wrapped text
// is measured at its width here.
class WrappingDelegate : public QStyledItemDelegate
{
public:
    WrappingDelegate(QHeaderView *header, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_header(header)
    {}
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem wrapped(option);
        if (index.column() == GpusModel::ActionColumn)
            wrapped.rect = QRect(0, 0, m_header->sectionSize(index.column()) - 8, 1);
        return QStyledItemDelegate::sizeHint(wrapped, index);
    }

private:
    QHeaderView *m_header;
};

} // namespace

GpusPanel::GpusPanel(QWidget *parent)
    : QTreeView(parent)
    , m_model(new GpusModel(this))
{
    setObjectName(QStringLiteral("gpusPanel"));
    setModel(m_model);
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideMiddle);
    // The verdict is what the engineer reads: right after the GPU, as wide as the panel leaves,
    // wrapped rather than cut; the UUID, the longest and least read, goes last.
    setWordWrap(true);
    setItemDelegate(new WrappingDelegate(header(), this));
    setUniformRowHeights(false);
    header()->setStretchLastSection(false);
    header()->moveSection(header()->visualIndex(GpusModel::ActionColumn), 1);
    for (int column : {GpusModel::GpuColumn, GpusModel::NameColumn, GpusModel::EventsColumn})
        header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(GpusModel::ActionColumn, QHeaderView::Stretch);
    // The UUID would take the action's width in a side panel: it is in the GPU's tooltip.
    header()->setSectionResizeMode(GpusModel::UuidColumn, QHeaderView::Interactive);
    setColumnHidden(GpusModel::UuidColumn, true);
    header()->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("Action")) + 16);
    // Wrapped rows are as high as their text at the column's width: laid out again when it changes.
    connect(header(), &QHeaderView::sectionResized, this, [this](int column) {
        if (column == GpusModel::ActionColumn)
            scheduleDelayedItemsLayout();
    });
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

QList<Finding>
findingsOfGpu(const QList<Finding> &findings, const QList<GpuVerdict> &gpus, const QString &busId)
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
