#pragma once

#include "analysisjobs.h"
#include "engine/timelineindex.h"
#include "exportsettings.h"
#include "historylookup.h"
#include "jobtracker.h"
#include "report/timelinesvg.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <map>
#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace gputriage {

class Analyzer;
class ComparisonJob;
struct RuleSet;

// The open bundle and what is known about it, without widgets: the rules, the analysis of the
// bundle's paths (the CLI's entry point, Analyzer::analyzePaths, run as a job), the merged
// timeline built on demand, comparisons with other bundles, rule tests, and following the
// files as they grow. Every analysis the GUI runs is a job here; the widgets ask and show.
class AnalysisController : public QObject
{
    Q_OBJECT

public:
    using Documents = std::vector<std::shared_ptr<const LogDocument>>;
    static constexpr auto kTimelinePath = "gputriage:timeline";

    explicit AnalysisController(QObject *parent = nullptr);
    ~AnalysisController() override;

    // Loads the shipped rules, the user's and `extraFolders`, less those switched off.
    void loadRules(const QStringList &extraFolders);
    const QStringList &ruleFolders() const { return m_ruleFolders; }
    std::shared_ptr<const Analyzer> analyzer() const { return m_analyzer; }

    // Reads and analyses `paths` in the background (a newer call replaces a running one).
    // `notice` says why, with the result (e.g. "analysed again").
    void open(const QStringList &paths, const QString &notice = {});
    // The same paths again.
    void reanalyse(const QString &notice);
    const QStringList &paths() const { return m_paths; }
    // A file read and listed but left out of the analysis, until included again.
    void setExcluded(const QString &path, bool excluded);
    void cancel();
    bool isBusy() const { return m_job.isRunning(); }
    const JobState *jobState() const { return m_job.state(); }
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : -1; }

    const AnalysisResult &result() const { return m_result; }
    const Documents &documents() const { return m_result.documents; }
    const Documents &excludedDocuments() const { return m_result.excludedDocuments; }
    // What the engineer must know about reading the bundle (problems, notes, a cancelled
    // analysis); empty when all went well.
    QString problemsText() const;
    // Writes the report of the open bundle atomically; why not, or empty when written.
    QString writeReport(const QString &fileName, const ExportSettings &settings) const;
    void setBookmarks(const QList<Bookmark> &bookmarks) { m_result.bookmarks = bookmarks; }

    // The merged, time-ordered view of every dated line, built on first use: timelineReady as
    // soon as it can be read, timelineGrew while it grows, timelineComplete at the end.
    void buildTimeline();
    const std::shared_ptr<const LogDocument> &timelineDocument() const { return m_timelineDoc; }
    std::shared_ptr<const TimelineIndex> timelineIndex() const { return m_timelineIndex; }
    // The document and line a line of the timeline comes from; null when there is none.
    std::pair<std::shared_ptr<const LogDocument>, LineNumber> timelineSource(LineNumber line) const;

    // What the case library knows of the result's findings and boards, the bundle itself left
    // out: looked up as a job after each analysis (historyReady), dropped when another starts.
    bool isLookingUpHistory() const { return m_historyJob.isRunning(); }

    // Analyses `other` in the background and compares the open bundle with it: comparisonReady
    // with the id returned (0 when no rules are loaded). Comparisons run side by side.
    quint64 compareWith(const QStringList &other);
    void cancelComparison(quint64 id);  // asks it to stop; what it found is still delivered
    void discardComparison(quint64 id); // nothing is delivered
    const JobState *comparisonState(quint64 id) const;
    // The names a comparison gives bundles: their files' names, no local folders.
    static QString bundleName(const QStringList &paths);

    // Tests the rule file `path` with `text` in its place (unsaved) on the open documents, and
    // runs its rules' examples: ruleTestReady. A newer test replaces a running one.
    void testRules(const QString &path, const QByteArray &text);
    void cancelRuleTest() { m_ruleTestJob.cancel(); }
    bool isTestingRules() const { return m_ruleTestJob.isRunning(); }
    const JobState *ruleTestState() const { return m_ruleTestJob.state(); }

    // Analyses the bundle again as its files change (tail -f).
    void setFollowing(bool on);
    bool isFollowing() const { return m_watcher != nullptr; }

Q_SIGNALS:
    void rulesLoaded(const RuleSet &rules, const QStringList &errors);
    void started(const QStringList &paths, bool samePaths);
    void finished(const ChartData &chart, const QString &notice);
    void busyChanged(bool busy); // a job (analysis or timeline) started or ended
    void timelineReady();
    void timelineGrew();
    void timelineComplete();
    void timelineCancelled();
    void historyReady(const HistoryAnswer &answer);
    void comparisonReady(quint64 id, const std::shared_ptr<const BundleComparison> &comparison);
    void ruleTestReady(const RuleTest &test);

private:
    void watchFiles();

    std::shared_ptr<const Analyzer> m_analyzer;
    QStringList m_ruleFolders;
    QStringList m_paths;
    QSet<QString> m_excluded;
    QString m_notice;
    AnalysisResult m_result;
    void dropTimeline();
    std::shared_ptr<TimelineIndex> m_timelineIndex;
    std::shared_ptr<const LogDocument> m_timelineDoc;
    QTimer *m_growTimer;    // while the timeline is built: how far it got
    JobTracker m_job{this}; // the analysis, or the timeline being built
    QElapsedTimer m_clock;  // since the last open()
    JobTracker m_historyJob{this, libraryPool()};
    std::map<quint64, ComparisonJob *> m_comparisons; // children of this
    quint64 m_lastComparison = 0;
    JobTracker m_ruleTestJob{this};
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_reloadTimer; // a burst of changes reloads once
};

} // namespace gputriage
