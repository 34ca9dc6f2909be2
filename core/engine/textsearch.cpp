#include "engine/textsearch.h"

#include "text/logdocument.h"

#include <re2/re2.h>

namespace gputriage {

Result<std::vector<int>>
searchLines(const LogDocument &doc, const SearchQuery &query, const std::atomic<bool> *cancel)
{
    std::vector<int> lines;
    if (query.text.isEmpty())
        return lines;
    RE2::Options options;
    options.set_log_errors(false);
    options.set_case_sensitive(query.caseSensitive);
    options.set_literal(!query.regex);
    const RE2 re(query.text.toStdString(), options);
    if (!re.ok())
        return Error{QString(), 0, 0, QString::fromStdString(re.error())};
    for (int i = 0; i < doc.lineCount(); ++i) {
        if ((i & 0xFFFF) == 0 && cancel && cancel->load())
            break;
        const std::string_view line = doc.line(i);
        if (RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re))
            lines.push_back(i);
    }
    return lines;
}

} // namespace gputriage
