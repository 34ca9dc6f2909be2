#include "engine/textsearch.h"

#include "text/logdocument.h"

#include <re2/re2.h>

namespace gputriage {

Result<TextSearch> TextSearch::compile(const SearchQuery &query)
{
    RE2::Options options;
    options.set_log_errors(false);
    options.set_case_sensitive(query.caseSensitive);
    options.set_literal(!query.regex);
    auto re = std::make_shared<const RE2>(query.text.toStdString(), options);
    if (!re->ok())
        return Error{QString(), 0, 0, QString::fromStdString(re->error())};
    TextSearch search;
    search.m_re = std::move(re);
    return search;
}

bool TextSearch::matches(std::string_view line) const
{
    return m_re && RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), *m_re);
}

std::vector<std::pair<int, int>> TextSearch::spans(std::string_view line, size_t max) const
{
    std::vector<std::pair<int, int>> out;
    if (!m_re)
        return out;
    const re2::StringPiece text(line.data(), line.size());
    re2::StringPiece hit;
    for (size_t pos = 0; pos <= line.size() && out.size() < max;) {
        if (!m_re->Match(text, pos, line.size(), RE2::UNANCHORED, &hit, 1))
            break;
        const auto start = size_t(hit.data() - line.data());
        const size_t end = start + hit.size();
        if (end > start)
            out.emplace_back(int(start), int(end));
        pos = end > start ? end : start + 1; // an empty match moves on
    }
    return out;
}

Result<std::vector<LineNumber>>
searchLines(const LogDocument &doc, const SearchQuery &query, const std::atomic<bool> *cancel)
{
    std::vector<LineNumber> lines;
    if (query.text.isEmpty())
        return lines;
    const auto compiled = TextSearch::compile(query);
    if (!compiled)
        return compiled.error();
    return searchLines(doc, compiled.value(), cancel);
}

std::vector<LineNumber>
searchLines(const LogDocument &doc, const TextSearch &search, const std::atomic<bool> *cancel)
{
    std::vector<LineNumber> lines;
    PagesBehind pages(doc);
    for (int i = 0; i < doc.lineCount(); ++i) {
        pages.passed(i);
        if ((i & 0xFFFF) == 0 && cancel && cancel->load())
            break;
        if (search.matches(doc.line(i)))
            lines.emplace_back(i);
    }
    return lines;
}

Result<BundleSearch> searchBundle(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                  const SearchQuery &query,
                                  size_t maxHits,
                                  const std::atomic<bool> *cancel)
{
    BundleSearch out;
    if (query.text.isEmpty())
        return out;
    const auto compiled = TextSearch::compile(query);
    if (!compiled)
        return compiled.error();
    const TextSearch &search = compiled.value();
    for (size_t d = 0; d < docs.size(); ++d) {
        const LogDocument &doc = *docs[d];
        PagesBehind pages(doc);
        for (int i = 0; i < doc.lineCount(); ++i) {
            pages.passed(i);
            if ((i & 0xFFFF) == 0 && cancel && cancel->load())
                return out;
            if (!search.matches(doc.line(i)))
                continue;
            if (out.hits.size() == maxHits) {
                out.capped = true;
                return out;
            }
            out.hits.push_back({int(d), LineNumber(i)});
        }
    }
    return out;
}

} // namespace gputriage
