#include "findingsmodel.h"

#include "library/libraryentry.h"
#include "palette.h"

#include <QHash>

#include <algorithm>

namespace gputriage {

namespace {
constexpr quintptr kTopLevel = 0; // internal id of top-level rows; children: parent row + 1

// The GPU of a finding, as its group_by facts name it ("0000:3b:00").
QStringList gpuValues(const Finding &f)
{
    QStringList values;
    for (const auto &[name, value] : f.group)
        if (FindingsModel::isGpuFact(name) && !value.isEmpty())
            values << value;
    return values;
}
} // namespace

bool FindingsModel::isGpuFact(const QString &name)
{
    static const QStringList names{QStringLiteral("pci"),     QStringLiteral("gpu"),
                                   QStringLiteral("gpu_pci"), QStringLiteral("gpu_uuid"),
                                   QStringLiteral("bus_id"),  QStringLiteral("uuid")};
    return names.contains(name);
}

void FindingsModel::setFindings(QList<Finding> findings)
{
    // Most severe first; among equals the most frequent first.
    std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
        return a.severity != b.severity ? a.severity > b.severity : a.count > b.count;
    });
    beginResetModel();
    m_findings = std::move(findings);
    m_rows.clear();
    QHash<QString, size_t> groupOf; // rule id and non-GPU group values → row
    for (int i = 0; i < m_findings.size(); ++i) {
        const Finding &f = m_findings[i];
        QString key = f.ruleId;
        bool byGpu = false;
        for (const auto &[name, value] : f.group) {
            if (isGpuFact(name))
                byGpu = true;
            else
                key += QLatin1Char('\x1f') + name + QLatin1Char('=') + value;
        }
        if (const auto it = groupOf.constFind(key); byGpu && it != groupOf.cend()) {
            Row &row = m_rows[*it];
            row.findings.push_back(i);
            row.count += f.count;
            continue;
        }
        if (byGpu)
            groupOf.insert(key, m_rows.size());
        m_rows.push_back(Row{{i}, f.title, f.count});
    }
    for (Row &row : m_rows) {
        if (row.findings.size() < 2)
            continue;
        const Finding &first = m_findings[row.findings.front()];
        const QString gpus = tr("%1 GPUs").arg(row.findings.size()); // always two or more
        const QStringList values = gpuValues(first);
        QString title = first.title;
        bool replaced = false;
        for (const QString &value : values) {
            for (const QString &named : {QString(QLatin1String("GPU ") + value), value}) {
                if (!title.contains(named))
                    continue;
                title.replace(named, replaced ? QString() : gpus);
                replaced = true;
                break;
            }
        }
        row.title = replaced ? title.simplified() : title + QLatin1String(" \u2014 ") + gpus;
    }
    endResetModel();
}

const FindingsModel::Row *FindingsModel::rowOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() != kTopLevel || index.row() >= int(m_rows.size()))
        return nullptr;
    return &m_rows[size_t(index.row())];
}

const Finding *FindingsModel::finding(const QModelIndex &index) const
{
    if (!index.isValid())
        return nullptr;
    if (index.internalId() == kTopLevel) {
        const Row *row = rowOf(index);
        return row ? &m_findings[row->findings.front()] : nullptr;
    }
    const size_t parent = size_t(index.internalId() - 1);
    if (parent >= m_rows.size() || index.row() >= int(m_rows[parent].findings.size()))
        return nullptr;
    return &m_findings[m_rows[parent].findings[size_t(index.row())]];
}

bool FindingsModel::isGroup(const QModelIndex &index) const
{
    const Row *row = rowOf(index);
    return row && row->findings.size() > 1;
}

bool FindingsModel::hasGroups() const
{
    return std::any_of(m_rows.begin(), m_rows.end(),
                       [](const Row &r) { return r.findings.size() > 1; });
}

QModelIndex FindingsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_rows.size()) ? createIndex(row, column, kTopLevel) : QModelIndex();
    if (!isGroup(parent) || row >= int(m_rows[size_t(parent.row())].findings.size()))
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex FindingsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kTopLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kTopLevel);
}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.column() != 0 || !isGroup(parent))
        return 0;
    return int(m_rows[size_t(parent.row())].findings.size());
}

int FindingsModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

void FindingsModel::setHistory(QHash<QString, History> history)
{
    m_history = std::move(history);
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, TitleColumn), index(int(m_rows.size()) - 1, TitleColumn));
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    const Finding *f = finding(index);
    if (!f)
        return {};
    const Row *row = rowOf(index); // null for a child
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return severityName(f->severity);
        case TitleColumn:
            if (row && !m_history.isEmpty())
                if (const auto it = m_history.constFind(findingSignature(*f));
                    it != m_history.cend())
                    return QString(QLatin1Char('[') + it->note + QStringLiteral("] ") + row->title);
            if (row)
                return row->title;
            return QStringLiteral("GPU %1").arg(gpuValues(*f).join(QLatin1String(", ")));
        case CountColumn: return row ? row->count : f->count;
        default: break;
        }
        break;
    case Qt::ToolTipRole: {
        QString tip = row ? f->ruleId : f->title + QLatin1Char('\n') + f->ruleId;
        if (const auto it = m_history.constFind(findingSignature(*f)); it != m_history.cend())
            tip += QLatin1Char('\n') + it->details;
        return tip;
    }
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
    default: break;
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
    default: return {};
    }
}

} // namespace gputriage
