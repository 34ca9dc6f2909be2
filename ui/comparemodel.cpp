#include "comparemodel.h"

#include "palette.h"

#include <QGuiApplication>
#include <QPalette>

namespace gputriage {

QString changeText(BundleDiff::Change change)
{
    switch (change) {
    case BundleDiff::Change::New: return QObject::tr("new");
    case BundleDiff::Change::Gone: return QObject::tr("gone");
    case BundleDiff::Change::Changed: return QObject::tr("changed");
    case BundleDiff::Change::Same: break;
    }
    return QObject::tr("unchanged");
}

void CompareModel::setDiff(BundleDiff diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.findings.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const BundleDiff::FindingChange &c = m_diff.findings[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ChangeColumn: return changeText(c.change);
        case SeverityColumn: return severityName(c.severity);
        case FindingColumn: return c.title;
        case BeforeColumn: return c.before;
        case AfterColumn: return c.after;
        default: return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == SeverityColumn)
            return severityColor(c.severity);
        if (index.column() == ChangeColumn && c.change == BundleDiff::Change::Same)
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == BeforeColumn || index.column() == AfterColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole: return c.ruleId;
    default: return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ChangeColumn: return tr("Change");
    case SeverityColumn: return tr("Severity");
    case FindingColumn: return tr("Finding");
    case BeforeColumn: return tr("Before");
    case AfterColumn: return tr("After");
    default: return {};
    }
}

} // namespace gputriage
