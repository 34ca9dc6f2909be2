#pragma once

// Lines and rows of the log view in the GUI tests: what QCOMPARE prints when they differ (found
// by argument-dependent lookup), and a list of lines written as their indexes.

#include "logview.h"
#include "text/linetypes.h"

#include <QByteArray>

#include <initializer_list>
#include <optional>
#include <vector>

namespace gputriage {

inline char *toString(LineNumber line)
{
    return qstrdup(QByteArray("line index " + QByteArray::number(line.get())).constData());
}
inline char *toString(std::optional<LineNumber> line)
{
    return line ? toString(*line) : qstrdup("no line");
}
inline char *toString(LinesCount count)
{
    return qstrdup(QByteArray(QByteArray::number(count.get()) + " lines").constData());
}
inline char *toString(ViewRow row)
{
    return qstrdup(QByteArray("row " + QByteArray::number(row.get())).constData());
}

namespace test {

// The lines of these indexes (counted from 0), as a search or filter gives them.
inline std::vector<LineNumber> lineNumbers(std::initializer_list<int> indexes)
{
    std::vector<LineNumber> lines;
    for (const int index : indexes)
        lines.emplace_back(index);
    return lines;
}

} // namespace test
} // namespace gputriage
