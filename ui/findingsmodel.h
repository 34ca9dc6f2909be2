#pragma once

#include "engine/finding.h"

#include <QAbstractItemModel>
#include <QHash>

#include <vector>

namespace gputriage {

// Findings of one analysis in the report's order (severity, then count). Findings of one rule
// that differ only by GPU (their group_by values other than the GPU's bus id or UUID are the
// same) are children of one row that names how many GPUs; the others are rows of their own.
class FindingsModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, TitleColumn, CountColumn, ColumnCount };
    enum Role { RuleIdRole = Qt::UserRole + 1, SeverityRole };

    using QAbstractItemModel::QAbstractItemModel;

    void setFindings(QList<Finding> findings);
    // The finding of a row; for a row grouping GPUs, its first (most severe) child's.
    const Finding *finding(const QModelIndex &index) const;
    // Whether a top-level row groups the findings of several GPUs.
    bool isGroup(const QModelIndex &index) const;
    bool hasGroups() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // What the case library knows of each finding, by signature (findingSignature()): a short
    // note shown before the title ("[seen in 3 bundles] Xid 79 …") and the last few in its
    // tooltip.
    struct History
    {
        QString note, details;
    };
    void setHistory(QHash<QString, History> history);

    // The facts that name a GPU (bus id, UUID): findings differing only in these are grouped.
    static bool isGpuFact(const QString &name);

private:
    struct Row
    {
        std::vector<int> findings; // indexes into m_findings; more than one: a GPU group
        QString title;             // of a group: the first title, its GPU replaced by "N GPUs"
        int count = 0;
    };
    const Row *rowOf(const QModelIndex &index) const; // top-level rows only

    QList<Finding> m_findings;
    std::vector<Row> m_rows;
    QHash<QString, History> m_history;
};

} // namespace gputriage
