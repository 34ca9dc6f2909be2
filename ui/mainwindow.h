#pragma once

#include "engine/finding.h"
#include "engine/timelineview.h"
#include "jobtracker.h"
#include "exportdialog.h"
#include "settingsdialog.h"
#include "welcomepage.h"

#include <QMainWindow>

#include <QElapsedTimer>
#include <QImage>
#include <QSet>

#include <map>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QFileSystemWatcher;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QToolButton;

namespace gputriage {

class Analyzer;
class BookmarksPanel;
class BundleTree;
class FactsPanel;
class GpusPanel;
class FindingsPanel;
class LogDocument;
class LogView;
class NotablePanel;
class RulesDock;
class SearchBar;
class SearchResultsPanel;
class TimeChart;
struct ChartData;
struct SearchQuery;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens files and folders and analyses them in the background.
    void openPaths(const QStringList &paths);
    void openSample();
    bool showDocument(const QString &path, int line = 0); // line is 1-based; 0 = keep position
    // Writes the report of the open bundle; without settings the format follows the file's
    // suffix (.html, .md, .json, .pdf, .txt). Saved atomically; false with a banner on failure.
    bool exportReport(const QString &fileName);
    bool exportReport(const QString &fileName, const ExportSettings &settings);

    LogView *logView() const { return m_logView; }
    SearchBar *searchBar() const { return m_search; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    BundleTree *bundleTree() const { return m_bundle; }
    FactsPanel *factsPanel() const { return m_facts; }
    GpusPanel *gpusPanel() const { return m_gpus; }
    RulesDock *rulesDock() const { return m_rulesDock; }
    NotablePanel *notablePanel() const { return m_notable; }
    SearchResultsPanel *searchResults() const { return m_searchResults; }
    // Lists every line of every file that holds the query, in the Search tab.
    void searchAllFiles(const SearchQuery &query);
    TimeChart *timeChart() const { return m_chart; }
    BookmarksPanel *bookmarksPanel() const { return m_bookmarks; }
    // Opens the rule editor with a draft rule made from the current log line.
    void newRuleFromCurrentLine();
    // Bundles opened before, newest first (each a list of paths), kept in QSettings.
    static QList<QStringList> recentBundles() { return gputriage::recentBundles(); }
    const AnalysisResult &result() const { return m_result; }
    // Applies fonts, theme and rule folders; new rule folders reload the rules and re-analyse.
    void applyPreferences(const Preferences &preferences);

    // Analyses `other` and shows what changed from the open bundle to it in a new tab
    // (File ▸ Compare); comparisonShown() when it is there.
    void compareWith(const QStringList &other);

    // The merged, time-ordered view of every dated line of the bundle; built on first use.
    void showTimeline();
    bool isTimelineShown() const;
    // The most lines the merged timeline shows (the earliest; the rest is said in the banner).
    void setTimelineLimit(size_t lines) { m_timelineLimit = lines; }
    // The file and line (0-based) a line of the timeline view comes from.
    std::pair<QString, int> timelineSource(int line) const;
    // The document and line (0-based) a line of the log view comes from: the line itself, or
    // in the timeline the line of its file; null when there is none.
    std::pair<std::shared_ptr<const LogDocument>, int> lineSource(int line) const;
    static constexpr auto kTimelinePath = "gputriage:timeline";

    // Analyses the open bundle again (File ▸ Reload), keeping the place in the file shown.
    void reload();
    // Follows the bundle's files as they grow: each change analyses it again and shows the
    // end of the file (View ▸ Follow Files, as `tail -f`).
    void setFollowing(bool on);
    bool isFollowing() const { return m_watcher != nullptr; }

    // True while a bundle is being read and analysed.
    bool isBusy() const { return m_job.isRunning(); }
    // Stops the running analysis; what was analysed so far is shown, marked incomplete.
    void cancelAnalysis();
    // Milliseconds from openPaths() to the first screen of text, and to the analysis result.
    qint64 firstScreenMs() const { return m_firstScreenMs; }
    qint64 analysisMs() const { return m_analysisMs; }

Q_SIGNALS:
    void analysisFinished();
    void firstScreenShown();
    void timelineShown();
    void comparisonShown(const QString &html);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createMenus();
    void chooseFiles();
    void chooseFolder();
    void chooseExportFile();
    void showBanner(const QString &text);
    void rememberRecent(const QStringList &paths);
    void updateRecentMenu();
    void showPreview(const QStringList &paths);
    // Puts `doc` in the log view with its rule hits, keeping "Only Lines with Findings".
    void viewDocument(const std::shared_ptr<const LogDocument> &doc,
                      const std::vector<LineMatch> &matches,
                      const QString &title);
    void loadRuleSet(const QStringList &extraFolders);
    void startJob();
    void endJob();
    void updateBannerColours();
    void savePlace();
    void applyTheme(const QString &name); // the log's theme, and a window palette to match
    void timelineDone(TimelineDocument timeline);
    void updateProgress();
    void updateStatusFields();
    void analysisDone(std::vector<std::shared_ptr<const LogDocument>> docs,
                      std::vector<std::shared_ptr<const LogDocument>> excludedDocs,
                      AnalysisResult result,
                      ChartData chart);

    std::shared_ptr<const Analyzer> m_analyzer;
    QStringList m_openPaths; // what openPaths() was last given
    // Where the user was in each file of the bundle (first visible line, current line), to go
    // back there; and the file shown when the same bundle is analysed again.
    std::map<QString, std::pair<int, int>> m_places;
    QString m_reopenedPath;
    QStringList m_ruleFolders;
    QString m_pendingNotice; // why the bundle is being analysed again
    std::vector<std::shared_ptr<const LogDocument>> m_docs; // analysed
    // Files the engineer excluded from the analysis (by path): still listed and shown.
    QSet<QString> m_excluded;
    std::vector<std::shared_ptr<const LogDocument>> m_excludedDocs;
    AnalysisResult m_result;
    size_t m_timelineLimit = 2'000'000;
    std::vector<std::optional<Severity>> m_ruleSeverity; // empty for fact rules

    QStackedWidget *m_stack;
    BundleTree *m_bundle;
    LogView *m_logView;
    SearchBar *m_search;
    QTabWidget *m_workTabs; // the bundle, then comparisons
    QTabWidget *m_sideTabs;
    FindingsPanel *m_findings;
    FactsPanel *m_facts;
    GpusPanel *m_gpus;
    NotablePanel *m_notable;
    SearchResultsPanel *m_searchResults;
    BookmarksPanel *m_bookmarks;
    TimeChart *m_chart; // the findings over time, as in the HTML report
    QLabel *m_banner;
    RulesDock *m_rulesDock;
    QProgressBar *m_progress;
    QMenu *m_recentMenu = nullptr;
    QAction *m_onlyFindings = nullptr;
    QToolButton *m_cancelButton;
    QLabel *m_statusFile;
    QLabel *m_statusPosition;
    QLabel *m_statusFormat;
    QLabel *m_statusTime;
    QTimer *m_progressTimer;
    QFileSystemWatcher *m_watcher = nullptr; // the bundle's files, while following them
    QTimer *m_reloadTimer;                   // a burst of changes reloads once
    QAction *m_follow = nullptr;
    void watchBundle();

    JobTracker m_job{this}; // the analysis, or the timeline being built
    QElapsedTimer m_clock;      // since the last openPaths()
    qint64 m_firstScreenMs = -1;
    qint64 m_analysisMs = -1;
    bool m_previewMoved = false; // the user moved in the preview: keep the place
    std::shared_ptr<const LogDocument> m_timelineDoc;
    std::vector<std::pair<int, int>> m_timelineSources; // per timeline line: document, line
    std::vector<LineMatch> m_timelineMatches;
};

} // namespace gputriage
