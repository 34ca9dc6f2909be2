#include "rules/exampletester.h"

#include "engine/matcher.h"

namespace gputriage {

namespace {

QString factsText(const Facts &facts)
{
    QStringList parts;
    for (const auto &[k, v] : facts)
        parts << k + QLatin1Char('=') + v;
    return parts.isEmpty() ? QStringLiteral("no facts") : parts.join(QLatin1String(", "));
}

} // namespace

QList<ExampleResult> runExamples(const std::vector<Rule> &rules)
{
    QList<ExampleResult> results;
    for (const Rule &rule : rules) {
        const Matcher matcher({rule});
        int index = 0;
        for (const RuleExample &ex : rule.examples) {
            ExampleResult r;
            r.ruleId = rule.id;
            r.file = rule.file;
            r.line = ex.line;
            r.index = ++index;
            const auto hits = matcher.matchText(ex.log);
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
