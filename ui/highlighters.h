#pragma once

#include "highlighter.h"

#include <QAbstractTableModel>
#include <QDialog>

#include <vector>

class QTableView;

namespace gputriage {

// The highlighters as a table: on, pattern, regular expression, case, whole line, colour.
// A pattern that does not compile says why in its tooltip.
class HighlightersModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        EnabledColumn,
        PatternColumn,
        RegexColumn,
        CaseColumn,
        WholeLineColumn,
        ColourColumn,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    const QList<Highlighter> &highlighters() const { return m_highlighters; }
    void setHighlighters(QList<Highlighter> highlighters);
    int add(const QString &pattern); // with the next colour of a small set; returns its row
    void remove(int row);
    void move(int row, int delta);
    void setColour(int row, const QColor &colour);
    QString error(int row) const; // why the pattern does not compile, or empty

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<Highlighter> m_highlighters;
};

// View ▸ Highlighters: edit the list; OK applies and saves it.
class HighlightersDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HighlightersDialog(const QList<Highlighter> &highlighters, QWidget *parent = nullptr);
    QList<Highlighter> highlighters() const { return m_model->highlighters(); }
    HighlightersModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

private:
    HighlightersModel *m_model;
    QTableView *m_view;
};

} // namespace gputriage
