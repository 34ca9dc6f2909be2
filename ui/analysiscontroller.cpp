#include "analysiscontroller.h"
#include "settings.h"

#include "atomicfile.h"
#include "engine/analyzer.h"
#include "engine/exampletester.h"
#include "paths.h"
#include "rules/ruleloader.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace gputriage {

// A comparison's job, with a context of its own: deleting it drops what the job delivers.
class ComparisonJob : public QObject
{
public:
    using QObject::QObject;
    JobTracker job{this};
};

namespace {
bool sameFile(const QString &a, const QString &b)
{
    return QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}

RuleTest testRuleFile(const QString &path,
                      const QByteArray &text,
                      const QStringList &folders,
                      const AnalysisController::Documents &docs,
                      JobState &job)
{
    const RuleSet set = loadRules(folders, true, RuleFileText{path, text});
    RuleTest test;
    RuleSet own; // the file's rules alone, for their examples
    own.links = set.links;
    own.tables = set.tables;
    for (const Rule &r : set.rules)
        if (sameFile(r.file, path)) {
            test.ruleIds.insert(r.id);
            own.rules.push_back(r);
        }
    test.examples = runExamples(own);
    test.hasDocuments = !docs.empty();
    if (docs.empty() || test.ruleIds.empty())
        return test;
    AnalyzeOptions options;
    options.maxOccurrences = 200;
    options.cancel = &job.cancel;
    options.progress = [&job](qint64 done, qint64 total) {
        job.done = done;
        job.total = total;
    };
    test.result = Analyzer(set).analyze(docs, options);
    for (const auto &doc : docs)
        test.lines += doc->lineCount();
    return test;
}
} // namespace

AnalysisController::AnalysisController(QObject *parent)
    : QObject(parent)
    , m_growTimer(new QTimer(this))
    , m_reloadTimer(new QTimer(this))
{
    m_growTimer->setInterval(250);
    connect(m_growTimer, &QTimer::timeout, this, [this] {
        if (m_timelineIndex && !m_timelineIndex->isComplete() && m_job.isRunning())
            Q_EMIT timelineGrew();
        else
            m_growTimer->stop();
    });
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(500);
    connect(m_reloadTimer, &QTimer::timeout, this, [this] {
        if (m_job.isRunning())
            m_reloadTimer->start(); // after the analysis running now
        else
            reanalyse(tr("following: analysed again as the files grew"));
    });
}

AnalysisController::~AnalysisController() = default; // the job tracker asks a job to stop

void AnalysisController::loadRules(const QStringList &extraFolders)
{
    m_ruleFolders = extraFolders;
    RuleSet rules = gputriage::loadRules(extraFolders);
    QStringList errors;
    for (const Diagnostic &d : rules.diagnostics)
        if (d.isError())
            errors << d.toString();
    Q_EMIT rulesLoaded(rules, errors);
    const QStringList disabled = Settings::disabledRules();
    std::erase_if(rules.rules, [&](const Rule &r) { return disabled.contains(r.id); });
    m_analyzer = std::make_shared<const Analyzer>(rules);
}

void AnalysisController::open(const QStringList &paths, const QString &notice)
{
    const bool same = paths == m_paths;
    if (!same) {
        setFollowing(false);
        m_excluded.clear();
    }
    m_paths = paths;
    m_notice = notice;
    m_clock.start();
    m_historyJob.discard(); // about the result before
    // This job replaces a timeline being merged: nothing more grows. Another bundle's timeline
    // goes at once, or its notes would stand for the bundle being analysed.
    if (same)
        m_growTimer->stop();
    else
        dropTimeline();
    Q_EMIT started(paths, same);
    Q_EMIT busyChanged(true);

    struct Analysed
    {
        AnalysisResult result;
        ChartData chart;
    };
    m_job.start(
        [analyzer = m_analyzer, paths, limits = Settings::limits(),
         excluded = m_excluded](JobState &job) {
            AnalyzeOptions options;
            options.limits = limits;
            options.excluded = excluded;
            options.keepDocuments = true;
            options.keepMatches = true;
            options.unmatched = true;
            options.cancel = &job.cancel;
            options.progress = [&job](qint64 done, qint64 total) {
                job.done = done;
                job.total = total;
            };
            Analysed out{analyzer->analyzePaths(paths, options), {}};
            out.chart = timelineChartData(out.result); // dates every occurrence: not here
            return out;
        },
        [this](Analysed analysed) {
            const QList<Bookmark> bookmarks = m_result.bookmarks;
            m_result = std::move(analysed.result);
            m_result.bookmarks = bookmarks;
            dropTimeline();
            watchFiles(); // a file replaced (rotated) is watched again
            Q_EMIT busyChanged(false);
            Q_EMIT finished(analysed.chart, std::exchange(m_notice, QString()));
            if (m_job.isRunning())
                return; // analysed again meanwhile: looked up after that
            m_historyJob.start([request = historyRequest(m_result, m_paths)](
                                   JobState &job) { return lookUpHistory(request, &job.cancel); },
                               [this](const HistoryAnswer &answer) {
                                   if (!answer.cancelled)
                                       Q_EMIT historyReady(answer);
                               });
        });
}

QString AnalysisController::problemsText() const
{
    QStringList problems;
    for (const Error &e : m_result.problems)
        problems << e.toString();
    const bool onlyNotes = std::all_of(m_result.problems.begin(), m_result.problems.end(),
                                       [](const Error &e) { return e.warning; });
    const QString list = problems.join(QLatin1Char('\n'));
    QString text = problems.isEmpty()    ? QString()
                   : documents().empty() ? tr("Nothing in the bundle could be read:\n%1").arg(list)
                   : onlyNotes           ? tr("Notes on the bundle:\n%1").arg(list)
                                         : tr("Problems while reading the bundle (the rest was "
                                                        "analysed):\n%1")
                                     .arg(list);
    if (m_result.cancelled)
        text.prepend(tr("The analysis was cancelled: the findings cover only the part of the "
                        "bundle read before that.%1")
                         .arg(text.isEmpty() ? QString() : QStringLiteral("\n")));
    return text;
}

QString AnalysisController::writeReport(const QString &fileName,
                                        const ExportSettings &settings) const
{
    if (const QString input = inputOverwrittenBy(fileName, m_paths); !input.isEmpty())
        return tr("The report was not saved: %1 would replace or land inside the bundle %2. "
                  "Choose a file outside the bundle.")
            .arg(fileName, input);
    if (const QString error = writeFileAtomically(fileName, renderReport(m_result, settings));
        !error.isEmpty())
        return tr("Could not write the report to %1: %2").arg(fileName, error);
    return {};
}

void AnalysisController::reanalyse(const QString &notice)
{
    if (!m_paths.isEmpty())
        open(m_paths, notice);
}

void AnalysisController::setExcluded(const QString &path, bool excluded)
{
    if (excluded)
        m_excluded.insert(path);
    else
        m_excluded.remove(path);
    reanalyse(excluded ? tr("%1 excluded from the analysis").arg(path)
                       : tr("%1 analysed again").arg(path));
}

void AnalysisController::cancel()
{
    m_job.cancel();
}

void AnalysisController::buildTimeline()
{
    if (m_timelineDoc) {
        Q_EMIT timelineReady();
        return;
    }
    if (documents().empty() || m_job.isRunning())
        return;
    Q_EMIT busyChanged(true);
    auto index = std::make_shared<TimelineIndex>(documents(), m_result.clock, m_result.matches);
    m_timelineIndex = index;
    m_timelineDoc = LogDocument::fromSource(index, QString::fromLatin1(kTimelinePath));
    m_job.start(
        [index](JobState &job) {
            job.total = index->totalLines();
            return index->build(&job.cancel, &job.done);
        },
        [this, index](bool complete) {
            m_growTimer->stop();
            Q_EMIT busyChanged(false);
            if (index != m_timelineIndex)
                return;
            if (!complete) {
                dropTimeline();
                Q_EMIT timelineCancelled();
                return;
            }
            Q_EMIT timelineGrew();
            Q_EMIT timelineComplete();
        });
    m_growTimer->start();
    Q_EMIT timelineReady(); // readable while it grows
}

void AnalysisController::dropTimeline()
{
    m_growTimer->stop();
    m_timelineIndex.reset();
    m_timelineDoc.reset();
}

std::pair<std::shared_ptr<const LogDocument>, LineNumber>
AnalysisController::timelineSource(LineNumber line) const
{
    if (!m_timelineIndex || line < LineNumber(0) || line.get() >= m_timelineIndex->lineCount())
        return {};
    const TimelineIndex::Ref ref = m_timelineIndex->ref(line.get());
    return {m_timelineIndex->documents().at(ref.doc), ref.at()};
}

QString AnalysisController::bundleName(const QStringList &paths)
{
    QStringList names;
    for (const QString &path : paths)
        names << QFileInfo(path).fileName();
    return names.join(QLatin1String(", "));
}

quint64 AnalysisController::compareWith(const QStringList &other)
{
    if (!m_analyzer)
        return 0;
    const quint64 id = ++m_lastComparison;
    auto *comparison = new ComparisonJob(this);
    m_comparisons.emplace(id, comparison);
    AnalysisResult left = m_result;
    left.matches.clear();
    left.documents.clear();
    left.excludedDocuments.clear();
    comparison->job.start(
        [analyzer = m_analyzer, limits = Settings::limits(), other, left = std::move(left),
         leftName = bundleName(m_paths)](JobState &job) mutable {
            AnalyzeOptions options;
            options.limits = limits;
            options.keepMatches = true;
            options.keepDocuments = true;
            options.cancel = &job.cancel;
            options.progress = [&job](qint64 done, qint64 total) {
                job.done = done;
                job.total = total;
            };
            auto out = std::make_shared<BundleComparison>();
            out->right = analyzer->analyzePaths(other, options);
            out->diff = diffResults(left, out->right, leftName, bundleName(other));
            out->left = std::move(left);
            return std::shared_ptr<const BundleComparison>(std::move(out));
        },
        [this, id](const std::shared_ptr<const BundleComparison> &out) {
            if (const auto it = m_comparisons.find(id); it != m_comparisons.end()) {
                it->second->deleteLater();
                m_comparisons.erase(it);
            }
            Q_EMIT comparisonReady(id, out);
        });
    return id;
}

void AnalysisController::cancelComparison(quint64 id)
{
    if (const auto it = m_comparisons.find(id); it != m_comparisons.end())
        it->second->job.cancel();
}

void AnalysisController::discardComparison(quint64 id)
{
    if (const auto it = m_comparisons.find(id); it != m_comparisons.end()) {
        delete it->second; // its job is asked to stop, and its context is gone
        m_comparisons.erase(it);
    }
}

const JobState *AnalysisController::comparisonState(quint64 id) const
{
    const auto it = m_comparisons.find(id);
    return it == m_comparisons.end() ? nullptr : it->second->job.state();
}

void AnalysisController::testRules(const QString &path, const QByteArray &text)
{
    m_ruleTestJob.start([path, text, folders = m_ruleFolders, docs = documents()](
                            JobState &job) { return testRuleFile(path, text, folders, docs, job); },
                        [this](const RuleTest &test) { Q_EMIT ruleTestReady(test); });
}

void AnalysisController::setFollowing(bool on)
{
    if (on == isFollowing())
        return;
    delete m_watcher;
    m_watcher = nullptr;
    if (!on) {
        m_reloadTimer->stop();
        return;
    }
    m_watcher = new QFileSystemWatcher(this);
    auto changed = [this] {
        m_reloadTimer->start();
    };
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, changed);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, changed);
    watchFiles();
}

void AnalysisController::watchFiles()
{
    if (!m_watcher)
        return;
    // The inputs, and the files of a folder (a bounded number: a large tree is reloaded by F5).
    QStringList paths;
    for (const QString &input : m_paths) {
        paths << input;
        if (!QFileInfo(input).isDir())
            continue;
        QDirIterator it(input, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        for (int n = 0; it.hasNext() && n < 500; ++n)
            paths << it.next();
    }
    const QStringList watched = m_watcher->files() + m_watcher->directories();
    paths.removeIf([&](const QString &p) { return watched.contains(p); });
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}

} // namespace gputriage
