#pragma once

#include "report/bundlediff.h"

#include <QAbstractTableModel>

namespace gputriage {

// "new", "gone", "changed" or "unchanged".
QString changeText(BundleDiff::Change change);

// Every finding of the two bundles: new, gone, changed, then unchanged.
class CompareModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ChangeColumn,
        SeverityColumn,
        FindingColumn,
        BeforeColumn,
        AfterColumn,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setDiff(BundleDiff diff);
    const BundleDiff &diff() const { return m_diff; }
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    BundleDiff m_diff;
};

} // namespace gputriage
