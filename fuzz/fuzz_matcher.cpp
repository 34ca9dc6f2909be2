// Differential: the shipped pack over any log text must give the same hits and the same
// error-word lines with the fast paths (raw prefilter, vectorscan) as with RE2 alone, matched
// whole and in chunks of 3 lines (chunk edges, CRI partial lines, context windows).
#include "engine/matcher.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

struct Hits
{
    std::vector<gputriage::LineMatch> matches;
    std::vector<int> notable;
};

Hits run(const gputriage::Matcher &matcher, const gputriage::LogDocument &doc, int chunk)
{
    Hits h;
    for (int first = 0; first < doc.lineCount(); first += chunk)
        matcher.match(doc, first, first + chunk, h.matches, &h.notable);
    return h;
}

bool same(const Hits &a, const Hits &b)
{
    if (a.notable != b.notable || a.matches.size() != b.matches.size())
        return false;
    for (size_t i = 0; i < a.matches.size(); ++i) {
        const auto &x = a.matches[i], &y = b.matches[i];
        if (x.rule != y.rule || x.line != y.line || x.start != y.start || x.end != y.end
            || x.endLine != y.endLine || x.facts != y.facts)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace gputriage;
    static const RuleSet rules = [] {
        if (qEnvironmentVariableIsEmpty("GPUTRIAGE_RULES_DIR"))
            qputenv("GPUTRIAGE_RULES_DIR", GPUTRIAGE_SOURCE_RULES);
        return loadRules({});
    }();
    static const auto fast = std::make_unique<Matcher>(rules.rules);
    static const auto exact = [] {
        qputenv("GPUTRIAGE_NO_VECTORSCAN", "1");
        auto m = std::make_unique<Matcher>(rules.rules);
        qunsetenv("GPUTRIAGE_NO_VECTORSCAN");
        return m;
    }();
    if (rules.rules.empty())
        std::abort(); // the shipped pack was not found: nothing would be compared
    const auto doc = LogDocument::fromBytes(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), QStringLiteral("fuzz"));
    const Hits reference = run(*exact, *doc, doc->lineCount() + 1);
    for (const int chunk : {doc->lineCount() + 1, 3}) {
        const Hits hits = run(*fast, *doc, chunk);
        if (same(hits, reference))
            continue;
        auto print = [](const char *what, const Hits &h) {
            std::fprintf(stderr, "%s:", what);
            for (const LineMatch &m : h.matches)
                std::fprintf(stderr, " rule %d line %d [%d,%d) to line %d;", m.rule, m.line.get(),
                             m.start, m.end, m.endLine.get());
            std::fprintf(stderr, " error-word lines:");
            for (int line : h.notable)
                std::fprintf(stderr, " %d", line);
            std::fprintf(stderr, "\n");
        };
        std::fprintf(stderr, "chunks of %d lines differ\n", chunk);
        print("RE2 alone", reference);
        print("fast paths", hits);
        std::abort();
    }
    return 0;
}
