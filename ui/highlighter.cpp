#include "highlighter.h"

namespace gputriage {

std::vector<CompiledHighlighter> compileHighlighters(const QList<Highlighter> &highlighters)
{
    std::vector<CompiledHighlighter> out;
    for (const Highlighter &h : highlighters) {
        if (!h.enabled || h.pattern.isEmpty() || !h.colour.isValid())
            continue;
        if (auto search = TextSearch::compile(SearchQuery{h.pattern, h.regex, h.caseSensitive}))
            out.push_back({std::move(search).value(), h.colour, h.wholeLine});
    }
    return out;
}

} // namespace gputriage
