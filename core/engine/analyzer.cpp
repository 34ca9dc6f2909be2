#include "engine/analyzer.h"

#include "engine/version.h"
#include "source/bundlelayout.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QHash>

#include <algorithm>
#include <mutex>
#include <thread>

namespace gputriage {

namespace {

constexpr int kChunkLines = 32 * 1024;
constexpr qint64 kBatchBytes = qint64(64) << 20;
constexpr size_t kBatchTasks = 256;

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

std::vector<std::shared_ptr<const LogDocument>>
Analyzer::openInputs(const QStringList &paths, QList<Error> &problems, const BundleLimits &limits)
{
    BundleReader reader(limits);
    auto docs = reader.read(paths);
    problems.append(reader.problems());
    return docs;
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
    AnalysisSession session(*this, options);
    for (const auto &doc : docs)
        session.add(doc);
    return session.finish();
}

AnalysisResult Analyzer::analyzePaths(const QStringList &paths, const AnalyzeOptions &options) const
{
    // Documents are analysed as the reader produces them and then released, so memory holds
    // about one batch (and one chunk of a huge compressed entry) at a time.
    AnalysisSession session(*this, options);
    BundleReader reader(options.limits);
    reader.setSink([&](std::shared_ptr<const LogDocument> doc, int matchLines, bool continuation) {
        session.add(doc, matchLines, continuation);
    });
    reader.read(paths);
    AnalysisResult result = session.finish();
    result.addReadProblems(reader.problems());
    return result;
}

struct AnalysisSession::Batch
{
    struct Task
    {
        size_t input;
        std::shared_ptr<const LogDocument> doc;
        int first, last;
    };
    std::vector<Task> tasks;
    qint64 bytes = 0;
};

AnalysisSession::AnalysisSession(const Analyzer &analyzer, const AnalyzeOptions &options)
    : m_analyzer(analyzer)
    , m_options(options)
    , m_batch(std::make_unique<Batch>())
    , m_byRule(analyzer.matcher().rules().size())
{
    m_result.packs = analyzer.rules().packs;
    for (const Diagnostic &d : analyzer.rules().diagnostics)
        if (d.isError())
            m_result.problems.append(
                Error{d.where.file, d.where.line, d.where.column, d.where.message});
    const int jobs = options.jobs > 0 ? options.jobs : int(std::thread::hardware_concurrency());
    for (int j = 1; j < std::max(1, jobs); ++j)
        m_matchers.push_back(analyzer.matcher().clone());
}

AnalysisSession::~AnalysisSession() = default;

void AnalysisSession::add(const std::shared_ptr<const LogDocument> &doc,
                          int matchLines,
                          bool continuation)
{
    const int lines = matchLines < 0 ? doc->lineCount() : std::min(matchLines, doc->lineCount());
    qint64 bytes = doc->byteCount();
    if (lines < doc->lineCount() && lines > 0)
        bytes = qint64(doc->line(lines - 1).data() + doc->line(lines - 1).size()
                       - doc->bytes().data())
                + 1;
    m_paths.append(doc->path());
    if (continuation && !m_result.inputs.isEmpty() && m_result.inputs.back().path == doc->path()) {
        m_result.inputs.back().lines += lines;
        m_result.inputs.back().bytes += bytes;
    } else {
        InputInfo info;
        info.path = doc->path();
        info.label = entryLabel(doc->path());
        info.format = doc->format();
        info.lines = lines;
        info.bytes = bytes;
        if (looksBinary(*doc)) {
            info.format = QStringLiteral("binary");
            info.problems.append(QStringLiteral("note: binary file, listed but not analysed"));
            m_result.problems.append(Error{
                doc->path(), 0, 0, QStringLiteral("binary file, listed but not analysed"), true});
        }
        m_result.inputs.append(info);
        if (m_options.keepMatches)
            m_result.matches.emplace_back();
    }
    if (m_result.inputs.back().format == QLatin1String("binary"))
        return;
    const size_t input = size_t(m_result.inputs.size() - 1);
    for (int first = 0; first < lines; first += kChunkLines)
        m_batch->tasks.push_back({input, doc, first, std::min(lines, first + kChunkLines)});
    m_batch->bytes += bytes;
    m_totalBytes += bytes;
    if (m_batch->bytes >= kBatchBytes || m_batch->tasks.size() >= kBatchTasks)
        flush();
}

void AnalysisSession::flush()
{
    auto &tasks = m_batch->tasks;
    if (tasks.empty())
        return;
    std::vector<std::vector<LineMatch>> hits(tasks.size());
    std::atomic<size_t> next{0};
    auto worker = [&](const Matcher &matcher) {
        for (size_t t; (t = next.fetch_add(1)) < tasks.size();) {
            if (m_options.cancel && m_options.cancel->load())
                return;
            const auto &task = tasks[t];
            matcher.match(*task.doc, task.first, task.last, hits[t]);
            if (m_options.progress) {
                const LogDocument &doc = *task.doc;
                const qint64 bytes
                    = doc.lineCount() ? doc.byteCount() * (task.last - task.first) / doc.lineCount()
                                      : 0;
                m_options.progress(m_doneBytes += bytes, m_totalBytes);
            }
        }
    };
    const size_t helpers = std::min(m_matchers.size(), tasks.size() - 1);
    std::vector<std::thread> threads;
    for (size_t j = 0; j < helpers; ++j)
        threads.emplace_back([&, j] { worker(*m_matchers[j]); });
    worker(m_analyzer.matcher());
    for (auto &t : threads)
        t.join();

    // Tasks are in document and line order, so findings collect occurrences in order too.
    const auto &rules = m_analyzer.matcher().rules();
    for (size_t t = 0; t < tasks.size(); ++t) {
        const LogDocument &doc = *tasks[t].doc;
        if (m_options.keepMatches) {
            auto &into = m_result.matches[tasks[t].input];
            into.insert(into.end(), hits[t].begin(), hits[t].end());
        }
        for (LineMatch &m : hits[t]) {
            const Rule &rule = rules[size_t(m.rule)];
            if (rule.kind == RuleKind::Fact) {
                for (const auto &[name, value] : m.facts) {
                    auto [it, inserted] = m_facts.try_emplace(
                        std::pair(name, value),
                        BundleFact{name, value, doc.path(), doc.lineNumber(m.line), rule.id});
                    if (!inserted)
                        ++it->second.count;
                }
                continue;
            }
            Finding &f = m_byRule[size_t(m.rule)];
            if (f.count == 0)
                f.facts = m.facts;
            ++f.count;
            if (f.occurrences.size() < m_options.maxOccurrences) {
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
    tasks.clear();
    m_batch->bytes = 0;
}

AnalysisResult AnalysisSession::finish()
{
    flush();
    const auto &rules = m_analyzer.matcher().rules();
    for (const BundleFact &f : layoutFacts(m_paths))
        m_facts.emplace(std::pair(f.name, f.value), f);
    for (size_t r = 0; r < rules.size(); ++r) {
        Finding &f = m_byRule[r];
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
        f.comparisons = Analyzer::compare(rule, f.facts);
        m_result.findings.append(std::move(f));
    }
    for (auto &[key, fact] : m_facts)
        m_result.facts.append(std::move(fact));
    std::sort(m_result.findings.begin(), m_result.findings.end(),
              [](const Finding &a, const Finding &b) {
                  if (a.severity != b.severity)
                      return a.severity > b.severity;
                  return a.ruleId < b.ruleId;
              });
    m_result.cancelled = m_options.cancel && m_options.cancel->load();
    return std::move(m_result);
}

void AnalysisResult::addReadProblems(const QList<Error> &readProblems)
{
    problems = readProblems + problems;
    QHash<QString, qsizetype> byPath;
    for (qsizetype i = 0; i < inputs.size(); ++i)
        byPath.insert(inputs[i].path, i);
    for (const Error &e : readProblems) {
        if (e.file.isEmpty())
            continue;
        auto it = byPath.find(e.file);
        if (it == byPath.end() && e.warning)
            continue; // a note about a folder or archive as a whole
        if (it == byPath.end()) {
            // An archive or file that yielded no entry of its own still appears in the inventory.
            InputInfo info;
            info.path = e.file;
            info.format = QStringLiteral("unread");
            inputs.append(info);
            it = byPath.insert(e.file, inputs.size() - 1);
        }
        inputs[*it].problems.append(e.warning ? QLatin1String("note: ") + e.message : e.message);
    }
}

int AnalysisResult::readInputCount() const
{
    return int(std::count_if(inputs.begin(), inputs.end(), [](const InputInfo &in) {
        return in.format != QLatin1String("unread");
    }));
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
