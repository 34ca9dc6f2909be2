#include "engine/exampletester.h"

#include "engine/analyzer.h"
#include "engine/matcher.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <tuple>

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
        m.line = f.occurrences.isEmpty() ? LineNumber()
                                         : LineNumber::fromDisplayed(f.occurrences.front().line);
        m.facts = f.facts;
        hits.push_back(m);
    }
    return hits;
}

// Whether `hits` hold a match with the example's facts; what matched or why not.
std::pair<bool, QString> checked(const std::vector<LineMatch> &hits, const RuleExample &ex)
{
    if (ex.expectNone)
        return {hits.empty(), hits.empty() ? QStringLiteral("no match, as expected")
                                           : QStringLiteral("expected no match, but line %1 "
                                                            "matched (%2)")
                                                 .arg(hits.front().line.displayed())
                                                 .arg(factsText(hits.front().facts))};
    if (hits.empty())
        return {false, QStringLiteral("expected a match, found none")};
    for (const LineMatch &m : hits) {
        bool all = true;
        for (const auto &[k, v] : ex.expectFacts) {
            const auto it = m.facts.find(k);
            all = all && it != m.facts.end() && it->second == v;
        }
        if (all)
            return {true, QStringLiteral("matched line %1 (%2)")
                              .arg(m.line.displayed())
                              .arg(factsText(m.facts))};
    }
    Facts expected(ex.expectFacts.begin(), ex.expectFacts.end());
    return {false, QStringLiteral("facts differ: expected %1, got %2")
                       .arg(factsText(expected), factsText(hits.front().facts))};
}

// The message of a one-line example, without the prefix it was written with; empty for an
// example of several lines.
QString singleMessage(const QString &log)
{
    const QStringList lines = log.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() != 1)
        return {};
    std::string message;
    Normalizer::normalize(lines.front().toStdString(), message);
    return QString::fromStdString(message);
}

// Go's encoding/json, as docker's json-file driver writes a record.
QString dockerJsonString(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"': out += QLatin1String("\\\""); break;
        case '\\': out += QLatin1String("\\\\"); break;
        case '<': out += QLatin1String("\\u003c"); break;
        case '>': out += QLatin1String("\\u003e"); break;
        case '&': out += QLatin1String("\\u0026"); break;
        case '\t': out += QLatin1String("\\t"); break;
        default: out += c;
        }
    }
    return out;
}

} // namespace

const std::vector<LineForm> &containerForms()
{
    static const std::vector<LineForm> forms{
        {"CRI",
         [](const QString &m) -> QString {
             return QStringLiteral("2025-11-30T08:15:02.118374652Z stderr F ") + m;
         }},
        {"docker json-file",
         [](const QString &m) -> QString {
             return QStringLiteral("{\"log\":\"") + dockerJsonString(m)
                    + QStringLiteral(
                        "\\n\",\"stream\":\"stderr\",\"time\":\"2025-11-30T08:15:02.118374652Z\"}");
         }},
        {"journald",
         [](const QString &m) -> QString {
             return QStringLiteral("Nov 30 08:15:02 gpu-node-3 app[4242]: ") + m;
         }},
        {"kubectl --prefix",
         [](const QString &m) -> QString {
             return QStringLiteral("[pod/gpu-job-7d9f/main] ") + m;
         }},
        {"box",
         [](const QString &m) -> QString {
             return QStringLiteral("\u2502 ") + m + QStringLiteral(" \u2502");
         }},
        {"colours",
         [](const QString &m) -> QString {
             return QStringLiteral("\x1b[1;31m") + m + QStringLiteral("\x1b[0m");
         }},
    };
    return forms;
}

QList<ExampleResult> runExamples(const RuleSet &set, const std::vector<LineForm> &forms)
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
            std::tie(r.passed, r.message) = checked(hits, ex);
            const QString message = rule.scope == RuleScope::Line && r.passed && !ex.expectNone
                                        ? singleMessage(ex.log)
                                        : QString();
            for (const LineForm &form : forms) {
                if (message.isEmpty())
                    break;
                const auto [held, why] = checked(matcher.matchText(form.wrap(message)), ex);
                if (!held) {
                    r.passed = false;
                    r.message = QStringLiteral("matches as written, but not in the %1 form: %2")
                                    .arg(QLatin1String(form.name), why);
                    break;
                }
            }
            results.append(r);
        }
    }
    return results;
}

} // namespace gputriage
