#pragma once

#include "engine/finding.h"

#include <QAbstractTableModel>

namespace gputriage {

// Findings of one analysis, one row each, in the report's order (severity, then rule id).
class FindingsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, TitleColumn, CountColumn, ColumnCount };
    enum Role { RuleIdRole = Qt::UserRole + 1, SeverityRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setFindings(QList<Finding> findings);
    const Finding *finding(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Finding> m_findings;
};

} // namespace gputriage
