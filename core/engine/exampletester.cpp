#include "engine/exampletester.h"

#include "engine/analyzer.h"
#include "engine/matcher.h"
#include "text/logdocument.h"

namespace gputriage {

namespace {

QString factsText(const Facts &facts)
{
    QStringList parts;
    for (const auto &[k, v] : facts)
        parts << k + QLatin1Char('=') + v;
    return parts.isEmpty() ? QStringLiteral("no facts") : parts.join(QLatin1String(", "));
}

// A bundle rule's example is a small bundle in one text: it is analysed with every rule, and
// the rule's findings stand in for line hits.
std::vector<LineMatch> bundleHits(const Analyzer &analyzer, const Rule &rule, const QString &log)
{
    AnalyzeOptions options;
    options.jobs = 1;
    const auto result = analyzer.analyze(
        {LogDocument::fromBytes(log.toUtf8(), QStringLiteral("example"))}, options);
    std::vector<LineMatch> hits;
    for (const Finding &f : result.findings) {
        if (f.ruleId != rule.id)
            continue;
        LineMatch m;
        m.line = f.occurrences.isEmpty() ? 0 : f.occurrences.front().line - 1;
        m.facts = f.facts;
        hits.push_back(m);
    }
    return hits;
}

} // namespace

QList<ExampleResult> runExamples(const RuleSet &set)
{
    QList<ExampleResult> results;
    std::unique_ptr<Analyzer> analyzer;
    for (const Rule &rule : set.rules) {
        if (rule.scope == RuleScope::Bundle && !analyzer)
            analyzer = std::make_unique<Analyzer>(set);
        const Matcher matcher(rule.scope == RuleScope::Line ? std::vector<Rule>{rule}
                                                            : std::vector<Rule>{});
        int index = 0;
        for (const RuleExample &ex : rule.examples) {
            ExampleResult r;
            r.ruleId = rule.id;
            r.file = rule.file;
            r.line = ex.line;
            r.index = ++index;
            const auto hits = rule.scope == RuleScope::Line ? matcher.matchText(ex.log)
                                                            : bundleHits(*analyzer, rule, ex.log);
            if (ex.expectNone) {
                r.passed = hits.empty();
                r.message = r.passed ? QStringLiteral("no match, as expected")
                                     : QStringLiteral("expected no match, but line %1 matched (%2)")
                                           .arg(hits.front().line + 1)
                                           .arg(factsText(hits.front().facts));
            } else if (hits.empty()) {
                r.message = QStringLiteral("expected a match, found none");
            } else {
                for (const LineMatch &m : hits) {
                    bool all = true;
                    for (const auto &[k, v] : ex.expectFacts) {
                        const auto it = m.facts.find(k);
                        all = all && it != m.facts.end() && it->second == v;
                    }
                    if (all) {
                        r.passed = true;
                        r.message = QStringLiteral("matched line %1 (%2)")
                                        .arg(m.line + 1)
                                        .arg(factsText(m.facts));
                        break;
                    }
                }
                if (!r.passed) {
                    Facts expected(ex.expectFacts.begin(), ex.expectFacts.end());
                    r.message = QStringLiteral("facts differ: expected %1, got %2")
                                    .arg(factsText(expected), factsText(hits.front().facts));
                }
            }
            results.append(r);
        }
    }
    return results;
}

} // namespace gputriage
