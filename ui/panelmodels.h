#pragma once

#include <QHash>

#include "engine/finding.h"
#include "engine/templateminer.h"
#include "rowsmodel.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <optional>

namespace gputriage {

// Roles the panels' models share: the file and 1-based line a row leads to.
enum PanelRole {
    PathRole = Qt::UserRole + 1,
    LineRole,
    KeyRole,
    ConflictRole
}; // ConflictRole: a fact the bundle states otherwise elsewhere

// Bundle facts (driver, CUDA, GPU, kernel versions) with the file and line they came from.
class FactsModel : public RowsModel<BundleFact>
{
    Q_OBJECT

public:
    enum Column { NameColumn, ValueColumn, SourceColumn };
    using RowsModel::RowsModel;
    // The icon beside a value the bundle states otherwise elsewhere: the widget style's warning
    // icon, which the panel sets (the model knows no widgets).
    void setConflictIcon(const QIcon &icon) { m_conflictIcon = icon; }

protected:
    QStringList headers() const override;
    QVariant cell(const BundleFact &fact, int column, int role) const override;

private:
    QIcon m_conflictIcon;
};

// "Other messages": error lines no rule matched, as message templates, most frequent first.
class NotableModel : public RowsModel<MessageTemplate>
{
    Q_OBJECT

public:
    enum Column { CountColumn, MessageColumn, FilesColumn };
    using RowsModel::RowsModel;

protected:
    QStringList headers() const override;
    QVariant cell(const MessageTemplate &t, int column, int role) const override;
};

// The node's verdict, then one row per GPU: bus id, name, the strongest action NVIDIA's
// resolutions call for, its events and UUID. KeyRole gives the bus id (empty for the node).
struct GpuRow
{
    QString nodeVerdict; // the node row's sentence; empty on a GPU row
    GpuVerdict gpu;
};
class GpusModel : public RowsModel<GpuRow>
{
    Q_OBJECT

public:
    // The name (with the serial number) next to the bus id, so both fit at the default width.
    enum Column { GpuColumn, NameColumn, ActionColumn, EventsColumn, UuidColumn };
    using RowsModel::RowsModel;
    void setGpus(const QList<GpuVerdict> &gpus);
    // The board's records in the case library, by bus id: a short note after its name
    // ("[2 records in the library]") and the records in its tooltip.
    struct BoardHistory
    {
        QString note, details;
    };
    void setHistory(QHash<QString, BoardHistory> history);

protected:
    QStringList headers() const override;
    QVariant cell(const GpuRow &row, int column, int role) const override;

private:
    QHash<QString, BoardHistory> m_history;
};

// Two levels of text rows (the rule editor's test results: each finding with its lines, the
// examples with each one's outcome); a row may lead to a file's line.
struct TextRow
{
    QString text, note; // the two columns
    QString toolTip;
    QString key;  // KeyRole
    QString path; // PathRole; with LineRole, where the row leads
    int line = 0;
    std::optional<Severity> severity; // colours the text
    QList<TextRow> children;          // one level only
};
class TextTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    TextTreeModel(const QStringList &headers, QObject *parent = nullptr);
    void setRows(QList<TextRow> rows);
    const QList<TextRow> &rows() const { return m_rows; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    const TextRow *rowOf(const QModelIndex &index) const;

    QStringList m_headers;
    QList<TextRow> m_rows;
};

} // namespace gputriage
