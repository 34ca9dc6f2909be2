#include "engine/analyzer.h"

#include "engine/version.h"
#include "source/bundlelayout.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"
#include "text/normalizer.h"


#include <algorithm>
#include <mutex>
#include <thread>

namespace gputriage {

namespace {

constexpr int kChunkLines = 32 * 1024;

bool looksBinary(const LogDocument &doc)
{
    const int n = std::min(doc.lineCount(), 64);
    for (int i = 0; i < n; ++i)
        if (doc.line(i).find('\0') != std::string_view::npos)
            return true;
    return false;
}

QString displayText(std::string_view line)
{
    constexpr size_t kMax = 4096;
    const std::string raw = Normalizer::withoutEscapes(line.substr(0, kMax * 2));
    QString text = QString::fromUtf8(raw.data(), qsizetype(std::min(raw.size(), kMax)));
    if (raw.size() > kMax)
        text += QChar(0x2026);
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    return text;
}

} // namespace

Analyzer::Analyzer(const RuleSet &rules)
    : m_rules(rules)
    , m_matcher(rules.rules)
{}

std::vector<std::shared_ptr<const LogDocument>> Analyzer::openInputs(const QStringList &paths, QList<Error> &problems,
                                                                      const BundleLimits &limits)
{
    BundleReader reader(limits);
    auto docs = reader.read(paths);
    problems.append(reader.problems());
    return docs;
}

AnalysisResult Analyzer::analyzePaths(const QStringList &paths, const AnalyzeOptions &options) const
{
    QList<Error> problems;
    const auto docs = openInputs(paths, problems, options.limits);
    AnalysisResult result = analyze(docs, options);
    result.problems = problems + result.problems;
    return result;
}

std::vector<LineMatch> Analyzer::matches(const LogDocument &doc) const
{
    std::vector<LineMatch> out;
    m_matcher.match(doc, 0, doc.lineCount(), out);
    return out;
}

QList<Comparison> Analyzer::compare(const Rule &rule, const Facts &facts)
{
    QList<Comparison> out;
    for (const CompareSpec &spec : rule.compare) {
        auto value = [&](const Operand &o) -> std::optional<QString> {
            if (!o.isFact)
                return o.text;
            const auto it = facts.find(o.text);
            return it == facts.end() ? std::nullopt : std::optional<QString>(it->second);
        };
        const auto left = value(spec.left), right = value(spec.right);
        if (!left || !right)
            continue; // a fact the log did not supply: nothing to compare
        Comparison c;
        c.leftName = spec.left.isFact ? spec.left.text : QString();
        c.rightName = spec.right.isFact ? spec.right.text : QString();
        c.left = *left;
        c.right = *right;
        c.op = spec.op;
        c.holds = evaluate(*left, spec.op, *right);
        c.says = spec.says;
        out.append(c);
    }
    return out;
}

AnalysisResult Analyzer::analyze(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                 const AnalyzeOptions &options) const
{
    AnalysisResult result;
    result.packs = m_rules.packs;
    for (const Diagnostic &d : m_rules.diagnostics)
        if (d.isError())
            result.problems.append(Error{d.where.file, d.where.line, d.where.column, d.where.message});

    struct Task
    {
        size_t doc;
        int first, last;
    };
    std::vector<Task> tasks;
    std::vector<bool> skip(docs.size(), false);
    qint64 totalBytes = 0;
    for (size_t d = 0; d < docs.size(); ++d) {
        const LogDocument &doc = *docs[d];
        InputInfo info;
        info.path = doc.path();
        info.label = entryLabel(doc.path());
        info.format = doc.format();
        info.lines = doc.lineCount();
        info.bytes = doc.byteCount();
        if (looksBinary(doc)) {
            skip[d] = true;
            info.format = QStringLiteral("binary");
            info.problems.append(QStringLiteral("binary file, not analysed"));
            result.problems.append(Error{doc.path(), 0, 0, QStringLiteral("binary file, not analysed")});
        } else {
            for (int first = 0; first < doc.lineCount(); first += kChunkLines)
                tasks.push_back({d, first, std::min(doc.lineCount(), first + kChunkLines)});
            totalBytes += doc.byteCount();
        }
        result.inputs.append(info);
    }

    std::vector<std::vector<LineMatch>> hits(tasks.size());
    std::atomic<size_t> next{0};
    std::atomic<qint64> doneBytes{0};
    auto worker = [&](const Matcher &matcher) {
        for (size_t t; (t = next.fetch_add(1)) < tasks.size();) {
            if (options.cancel && options.cancel->load())
                return;
            const Task &task = tasks[t];
            const LogDocument &doc = *docs[task.doc];
            matcher.match(doc, task.first, task.last, hits[t]);
            if (options.progress) {
                const qint64 bytes = doc.lineCount() ? doc.byteCount() * (task.last - task.first) / doc.lineCount() : 0;
                options.progress(doneBytes += bytes, totalBytes);
            }
        }
    };
    const int jobs = std::clamp(options.jobs > 0 ? options.jobs : int(std::thread::hardware_concurrency()), 1,
                                std::max<int>(1, int(tasks.size())));
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j)
        threads.emplace_back([&] { worker(*m_matcher.clone()); });
    worker(m_matcher);
    for (auto &t : threads)
        t.join();
    result.cancelled = options.cancel && options.cancel->load();

    // Tasks are in document and line order, so findings collect occurrences in order too.
    const auto &rules = m_matcher.rules();
    if (options.keepMatches) {
        result.matches.resize(docs.size());
        for (size_t t = 0; t < tasks.size(); ++t) {
            auto &into = result.matches[tasks[t].doc];
            into.insert(into.end(), hits[t].begin(), hits[t].end());
        }
    }
    std::vector<Finding> byRule(rules.size());
    std::map<std::pair<QString, QString>, BundleFact> facts;
    for (const BundleFact &f : layoutFacts(docs))
        facts.emplace(std::pair(f.name, f.value), f);
    for (size_t t = 0; t < tasks.size(); ++t) {
        const LogDocument &doc = *docs[tasks[t].doc];
        for (LineMatch &m : hits[t]) {
            const Rule &rule = rules[size_t(m.rule)];
            if (rule.kind == RuleKind::Fact) {
                for (const auto &[name, value] : m.facts) {
                    auto [it, inserted] = facts.try_emplace(std::pair(name, value),
                                                            BundleFact{name, value, doc.path(), doc.lineNumber(m.line), rule.id});
                    if (!inserted)
                        ++it->second.count;
                }
                continue;
            }
            Finding &f = byRule[size_t(m.rule)];
            if (f.count == 0)
                f.facts = m.facts;
            ++f.count;
            if (f.occurrences.size() < options.maxOccurrences) {
                Occurrence o;
                o.path = doc.path();
                o.line = doc.lineNumber(m.line);
                o.endLine = doc.lineNumber(m.endLine);
                o.text = displayText(doc.line(m.line));
                o.time = QString::fromStdString(Normalizer::timestamp(doc.line(m.line)));
                o.facts = std::move(m.facts);
                f.occurrences.append(std::move(o));
            }
        }
    }
    for (size_t r = 0; r < rules.size(); ++r) {
        Finding &f = byRule[r];
        if (f.count == 0)
            continue;
        const Rule &rule = rules[r];
        f.ruleId = rule.id;
        f.title = rule.title;
        f.severity = rule.severity;
        f.pack = rule.pack;
        f.explain = rule.explain;
        f.action = rule.action;
        f.references = rule.references;
        f.tags = rule.tags;
        f.comparisons = compare(rule, f.facts);
        result.findings.append(std::move(f));
    }
    for (auto &[key, fact] : facts)
        result.facts.append(std::move(fact));
    std::sort(result.findings.begin(), result.findings.end(), [](const Finding &a, const Finding &b) {
        if (a.severity != b.severity)
            return a.severity > b.severity;
        return a.ruleId < b.ruleId;
    });
    return result;
}

int AnalysisResult::countAtLeast(Severity severity) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const Finding &f) { return f.severity >= severity; }));
}

int AnalysisResult::countOf(Severity severity) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const Finding &f) { return f.severity == severity; }));
}

} // namespace gputriage
