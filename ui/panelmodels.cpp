#include "panelmodels.h"

#include "engine/gpus.h"
#include "palette.h"
#include "report/textreport.h"

#include <QFont>

namespace gputriage {

QStringList FactsModel::headers() const
{
    return {tr("Fact"), tr("Value"), tr("Source")};
}

// A driver version the bundle states twice differently (the module loaded and the one
// installed, the kernel's and nvidia-smi's): the other values, else empty.
static QStringList conflictingValues(const QList<BundleFact> &facts, const BundleFact &fact)
{
    if (!fact.name.endsWith(QLatin1String("driver")))
        return {};
    QStringList others;
    for (const BundleFact &f : facts)
        if (f.name == fact.name && f.value != fact.value && !others.contains(f.value))
            others << f.value;
    return others;
}

QVariant FactsModel::cell(const BundleFact &fact, int column, int role) const
{
    if (column == ValueColumn
        && (role == Qt::DecorationRole || role == Qt::ToolTipRole || role == ConflictRole)) {
        const QStringList others = conflictingValues(rows(), fact);
        if (role == ConflictRole)
            return !others.isEmpty();
        if (!others.isEmpty())
            return role == Qt::DecorationRole
                       ? QVariant(m_conflictIcon)
                       : QVariant(tr("%1 — conflicts: the bundle also says %2")
                                      .arg(fact.value, others.join(QLatin1String(", "))));
    }
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return fact.name;
        if (column == ValueColumn)
            return fact.value;
        return QString(factSource(fact)
                       + (fact.count > 1 ? tr("  (seen %1×)").arg(fact.count) : QString()));
    case PathRole: return fact.path;
    case LineRole: return fact.line;
    default: return {};
    }
}

QStringList NotableModel::headers() const
{
    return {tr("Count"), tr("Message (<*> varies)"), tr("Files")};
}

QVariant NotableModel::cell(const MessageTemplate &t, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return column == CountColumn     ? QVariant(QString::number(t.count))
               : column == MessageColumn ? QVariant(t.text)
                                         : QVariant(QString::number(t.fileCount));
    case Qt::TextAlignmentRole:
        return column == CountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (column == MessageColumn)
            return QStringLiteral("%1\n\n%2:%3\n%4")
                .arg(t.text, t.examplePath)
                .arg(t.exampleLine)
                .arg(t.example);
        return column == FilesColumn ? QVariant(t.files.join(QLatin1Char('\n'))) : QVariant();
    case PathRole: return t.examplePath;
    case LineRole: return t.exampleLine;
    default: return {};
    }
}

void GpusModel::setGpus(const QList<GpuVerdict> &gpus)
{
    QList<GpuRow> rows;
    if (!gpus.isEmpty())
        rows.append(GpuRow{nodeVerdict(gpus), {}});
    for (const GpuVerdict &g : gpus)
        rows.append(GpuRow{{}, g});
    setRows(std::move(rows));
}

void GpusModel::setHistory(QHash<QString, BoardHistory> history)
{
    m_history = std::move(history);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

QStringList GpusModel::headers() const
{
    return {tr("GPU"), tr("Name"), tr("Action"), tr("Events"), tr("UUID")};
}

QVariant GpusModel::cell(const GpuRow &row, int column, int role) const
{
    if (!row.nodeVerdict.isEmpty()) { // the node row: a sentence the view spans over the columns
        if (column != GpuColumn)
            return {};
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return tr("Node: %1").arg(row.nodeVerdict);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return role == KeyRole ? QVariant(QString()) : QVariant();
    }
    const GpuVerdict &g = row.gpu;
    auto events = [&](const QString &separator) {
        QStringList out;
        for (const GpuEvent &e : g.events)
            out << QStringLiteral("%1 ×%2%3")
                       .arg(e.code.isEmpty() ? e.title : e.code)
                       .arg(e.count)
                       .arg(e.currentBoot ? QString() : tr(" (earlier boot)"));
        return out.join(separator);
    };
    const QString action = g.hasEvents()
                               ? QStringLiteral("%1: %2").arg(severityName(g.severity), g.action)
                               : tr("no events");
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case GpuColumn: return g.key;
        case NameColumn:
            if (const auto it = m_history.constFind(g.key); it != m_history.cend())
                return QString(g.nameAndSerial() + QStringLiteral(" [") + it->note
                               + QLatin1Char(']'));
            return g.nameAndSerial();
        case ActionColumn: return action;
        case EventsColumn: return events(QStringLiteral(", "));
        case UuidColumn: return g.uuid;
        default: return {};
        }
    case Qt::ToolTipRole:
        if (const auto it = m_history.constFind(g.key);
            column == NameColumn && it != m_history.cend())
            return it->details;
        return column == ActionColumn   ? QVariant(action)
               : column == EventsColumn ? QVariant(events(QStringLiteral("\n")))
               : column == GpuColumn && !g.uuid.isEmpty()
                   ? QVariant(QStringLiteral("%1\n%2").arg(g.key, g.uuid))
                   : QVariant();
    case Qt::ForegroundRole:
        return column == ActionColumn && g.hasEvents() ? QVariant(severityColor(g.severity))
                                                       : QVariant();
    case KeyRole: return g.key;
    default: return {};
    }
}

TextTreeModel::TextTreeModel(const QStringList &headers, QObject *parent)
    : QAbstractItemModel(parent)
    , m_headers(headers)
{}

void TextTreeModel::setRows(QList<TextRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

// A top-level row's index has internal id 0; a child's, its parent's row + 1.
QModelIndex TextTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex TextTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int TextTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_rows[parent.row()].children.size());
}

int TextTreeModel::columnCount(const QModelIndex &) const
{
    return int(m_headers.size());
}

QVariant TextTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
        || section >= m_headers.size())
        return {};
    return m_headers.at(section);
}

const TextRow *TextTreeModel::rowOf(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return nullptr;
    if (index.internalId() == 0)
        return &m_rows[index.row()];
    return &m_rows[qsizetype(index.internalId() - 1)].children[index.row()];
}

QVariant TextTreeModel::data(const QModelIndex &index, int role) const
{
    const TextRow *row = rowOf(index);
    if (!row)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == 0 ? row->text : index.column() == 1 ? row->note : QString();
    case Qt::ToolTipRole:
        return index.column() == 0 && !row->toolTip.isEmpty() ? QVariant(row->toolTip) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == 0 && row->severity ? QVariant(severityColor(*row->severity))
                                                    : QVariant();
    case KeyRole: return row->key;
    case PathRole: return row->path;
    case LineRole: return row->line;
    default: return {};
    }
}

} // namespace gputriage
