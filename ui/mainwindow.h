#pragma once

#include "analysiscontroller.h"
#include "bundleworkspace.h"
#include "exportdialog.h"
#include "settings.h"
#include "settingsdialog.h"
#include "welcomepage.h"

#include <QMainWindow>

class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;

namespace gputriage {

class JobProgress;
class MessageBanner;
class RulesDock;

// The window: menus, status bar, the welcome page or the bundle's workspace with comparison
// tabs beside it, the rules dock, and a banner for what the engineer must know.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens files and folders and analyses them in the background.
    void openPaths(const QStringList &paths);
    void openSample();
    // Analyses the open bundle again (File ▸ Reload), keeping the place in the file shown.
    void reload();
    // Writes the report of the open bundle; without settings the format follows the file's
    // suffix (.html, .md, .json, .pdf, .txt). Saved atomically; false with a banner on failure.
    bool exportReport(const QString &fileName);
    bool exportReport(const QString &fileName, const ExportSettings &settings);
    // Applies fonts, theme and rule folders; new rule folders reload the rules and re-analyse.
    void applyPreferences(const Preferences &preferences);
    // Analyses `other` and shows what changed from the open bundle to it in a new tab
    // (File ▸ Compare); comparisonShown() when it is there.
    void compareWith(const QStringList &other);
    // Opens the rule editor with a draft rule made from the current log line.
    void newRuleFromCurrentLine();
    // Stops the running analysis; what was analysed so far is shown, marked incomplete.
    void cancelAnalysis();

    AnalysisController *controller() const { return m_controller; }
    BundleWorkspace *workspace() const { return m_workspace; }
    const AnalysisResult &result() const { return m_controller->result(); }
    bool isBusy() const { return m_controller->isBusy(); }
    bool isFollowing() const { return m_controller->isFollowing(); }
    RulesDock *rulesDock() const { return m_rulesDock; }
    static QList<QStringList> recentBundles() { return Settings::recentBundles(); }
    // Milliseconds from openPaths() to the first screen of text, and to the analysis result.
    qint64 firstScreenMs() const { return m_firstScreenMs; }
    qint64 analysisMs() const { return m_analysisMs; }

    // The workspace's, for scripts and tests.
    bool showDocument(const QString &path, std::optional<LineNumber> line = std::nullopt)
    {
        return m_workspace->showDocument(path, line);
    }
    void showTimeline() { m_workspace->showTimeline(); }
    bool isTimelineShown() const { return m_workspace->isTimelineShown(); }
    // Every dated line merged (the timeline is shown, and readable, while it grows).
    bool isTimelineComplete() const;
    size_t timelineIndexBytes() const; // the merge index's memory (for bench_gui)
    static constexpr auto kTimelinePath = AnalysisController::kTimelinePath;
    // The file and line a line of the timeline comes from.
    std::pair<QString, LineNumber> timelineSource(LineNumber line) const;
    std::pair<std::shared_ptr<const LogDocument>, LineNumber>
    lineSource(std::optional<LineNumber> line) const
    {
        return m_workspace->lineSource(line);
    }
    void searchAllFiles(const SearchQuery &query) { m_workspace->searchAllFiles(query); }
    LogView *logView() const { return m_workspace->logView(); }
    SearchBar *searchBar() const { return m_workspace->searchBar(); }
    FindingsPanel *findingsPanel() const { return m_workspace->findingsPanel(); }
    BundleTree *bundleTree() const { return m_workspace->bundleTree(); }
    FactsPanel *factsPanel() const { return m_workspace->factsPanel(); }
    GpusPanel *gpusPanel() const { return m_workspace->gpusPanel(); }
    NotablePanel *notablePanel() const { return m_workspace->notablePanel(); }
    SearchResultsPanel *searchResults() const { return m_workspace->searchResults(); }
    TimeChart *timeChart() const { return m_workspace->timeChart(); }
    BookmarksPanel *bookmarksPanel() const { return m_workspace->bookmarksPanel(); }

Q_SIGNALS:
    void analysisFinished();
    void firstScreenShown();
    void timelineShown();
    void timelineComplete();
    void comparisonShown(const QString &html);
    void historyShown(); // the case library's counts are on the findings and GPUs

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void connectController();
    void layOut();
    void createMenus();
    void chooseCompare();
    void chooseExportFile();
    void applyTheme(const QString &name); // the log's theme, and a window palette to match
    void bundleAnalysed(const QString &notice);

    AnalysisController *m_controller;
    BundleWorkspace *m_workspace;
    QStackedWidget *m_stack;
    QTabWidget *m_workTabs; // the bundle, then comparisons
    MessageBanner *m_banner;
    RulesDock *m_rulesDock;
    JobProgress *m_progress;
    QLabel *m_statusTime;
    QMenu *m_recentMenu = nullptr;
    qint64 m_firstScreenMs = -1;
    qint64 m_analysisMs = -1;
};

} // namespace gputriage
