#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

namespace gputriage {

// A table with one row per value of `Row` (a finding's fact, a message template, a GPU):
// subclasses name the columns and say each cell; the rows are replaced as a whole.
template<typename Row>
class RowsModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(QList<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    const QList<Row> &rows() const { return m_rows; }
    const Row *row(const QModelIndex &index) const
    {
        return index.isValid() && index.model() == this && index.row() < m_rows.size()
                   ? &m_rows[index.row()]
                   : nullptr;
    }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(headers().size());
    }
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
            || section >= headers().size())
            return {};
        return headers().at(section);
    }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        return cell(m_rows[index.row()], index.column(), role);
    }

protected:
    virtual QStringList headers() const = 0;
    virtual QVariant cell(const Row &row, int column, int role) const = 0;

private:
    QList<Row> m_rows;
};

} // namespace gputriage
