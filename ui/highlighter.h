#pragma once

#include "engine/textsearch.h"

#include <QColor>
#include <QList>

#include <vector>

namespace gputriage {

// A pattern the engineer wants to see in colour in every file (klogg's highlighters): its
// occurrences, or the whole line, painted in `colour`.
struct Highlighter
{
    QString pattern;
    bool regex = false;
    bool caseSensitive = false;
    QColor colour;
    bool wholeLine = false;
    bool enabled = true;
    bool operator==(const Highlighter &) const = default;
};

// A highlighter ready to paint with.
struct CompiledHighlighter
{
    TextSearch search;
    QColor colour;
    bool wholeLine = false;
};

// The enabled highlighters whose pattern compiles, in order (a later one paints over).
std::vector<CompiledHighlighter> compileHighlighters(const QList<Highlighter> &highlighters);

} // namespace gputriage
