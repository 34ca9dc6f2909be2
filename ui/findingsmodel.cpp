#include "findingsmodel.h"

#include "palette.h"

#include <algorithm>

namespace gputriage {

void FindingsModel::setFindings(QList<Finding> findings)
{
    // Most severe first; among equals the most frequent first.
    std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
        return a.severity != b.severity ? a.severity > b.severity : a.count > b.count;
    });
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

const Finding *FindingsModel::finding(int row) const
{
    return row >= 0 && row < m_findings.size() ? &m_findings[row] : nullptr;
}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    const Finding *f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return severityName(f->severity);
        case TitleColumn: return f->title;
        case CountColumn: return f->count;
        }
        break;
    case Qt::ToolTipRole: return f->ruleId;
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return severityColor(f->severity);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case RuleIdRole: return f->ruleId;
    case SeverityRole: return int(f->severity);
    }
    return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case TitleColumn: return tr("Finding");
    case CountColumn: return tr("Count");
    }
    return {};
}

} // namespace gputriage
