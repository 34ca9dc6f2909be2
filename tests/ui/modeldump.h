#pragma once

// A model as indented text (KDAB Hotspot's habit in its model tests): the header, then each
// row's cells joined by " | ", children two spaces further in. Compared whole, a test shows
// every cell that changed.

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QStringList>

namespace gputriage::test {

// A tester that watches every change of `model` for as long as the model lives, failing the test
// that made a change break the model's contract.
inline QAbstractItemModelTester *watchModel(QAbstractItemModel *model)
{
    return new QAbstractItemModelTester(
        model, QAbstractItemModelTester::FailureReportingMode::QtTest, model);
}

inline void
dumpRows(const QAbstractItemModel &model, const QModelIndex &parent, int depth, QStringList &out)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        QStringList cells;
        for (int column = 0; column < model.columnCount(parent); ++column)
            cells << model.index(row, column, parent).data().toString();
        while (!cells.isEmpty() && cells.back().isEmpty())
            cells.removeLast();
        out << QString(depth * 2, QLatin1Char(' ')) + cells.join(QLatin1String(" | "));
        dumpRows(model, model.index(row, 0, parent), depth + 1, out);
    }
}

inline QStringList dumpModel(const QAbstractItemModel &model)
{
    QStringList header;
    for (int column = 0; column < model.columnCount(); ++column)
        header << model.headerData(column, Qt::Horizontal).toString();
    QStringList out{header.join(QLatin1String(" | "))};
    dumpRows(model, {}, 0, out);
    return out;
}

} // namespace gputriage::test
