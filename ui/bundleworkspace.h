#pragma once

#include "text/linetypes.h"

#include <QWidget>

#include <map>
#include <memory>

class QAction;
class QLabel;
class QTabWidget;

namespace gputriage {

class AnalysisController;
class BookmarksPanel;
class BundleTree;
class FactsPanel;
class FiltersPanel;
class FindingsPanel;
class GpusPanel;
class LogDocument;
class LogView;
class NotablePanel;
class SearchBar;
class HitsPane;
class SearchResultsPanel;
class TimeChart;
struct ChartData;
struct LineMatch;
struct SearchQuery;

// The open bundle on screen: the file tree, the log view with its search bar, and the side
// panels (findings, GPUs, facts, other messages, time chart, search, bookmarks). It shows what
// the AnalysisController found and keeps the reader's place in each file.
class BundleWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit BundleWorkspace(AnalysisController *controller, QWidget *parent = nullptr);
    ~BundleWorkspace() override;

    // Shows a file of the bundle at `line` of that file (none: where the reader was), or the
    // timeline for AnalysisController::kTimelinePath; false when there is no such file.
    bool showDocument(const QString &path, std::optional<LineNumber> line = std::nullopt);
    // The merged timeline of every dated line; built on first use.
    void showTimeline();
    bool isTimelineShown() const;
    void timelineGrew(); // more lines merged, or all of them
    // The document and line a line of the log view comes from: the line itself, or in the
    // timeline the line of its file; null when there is none.
    std::pair<std::shared_ptr<const LogDocument>, LineNumber>
    lineSource(std::optional<LineNumber> line) const;
    // Lists every line of every file that holds the query, in the Search tab.
    void searchAllFiles(const SearchQuery &query);
    // The current line of the log view, as its file has it (for a new rule); empty if none.
    QString currentSourceLine() const;

    LogView *logView() const { return m_logView; }
    SearchBar *searchBar() const { return m_search; }
    BundleTree *bundleTree() const { return m_bundle; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    FactsPanel *factsPanel() const { return m_facts; }
    GpusPanel *gpusPanel() const { return m_gpus; }
    NotablePanel *notablePanel() const { return m_notable; }
    SearchResultsPanel *searchResults() const { return m_searchResults; }
    HitsPane *hitsPane() const { return m_hitsPane; }
    TimeChart *timeChart() const { return m_chart; }
    BookmarksPanel *bookmarksPanel() const { return m_bookmarks; }
    FiltersPanel *filtersPanel() const { return m_filters; }
    QTabWidget *sideTabs() const { return m_sideTabs; }

    // The actions the window's menus show; they act on this workspace.
    QList<QAction *> editActions() const { return m_editActions; }
    QList<QAction *> viewActions() const { return m_viewActions; }
    // The status bar fields: file, position, format.
    QList<QLabel *> statusFields() const;

Q_SIGNALS:
    void notice(const QString &text, int timeoutMs); // for the status bar
    void ruleRequested(const QString &line);         // a new rule from this log line
    void firstScreenShown();
    void timelineShown();
    void titleChanged(const QString &title); // what the log view shows

private:
    void addSidePanels();
    void connectBookmarksAndSearch();
    void layOut();
    void connectLogView();
    void connectHitsPane();
    void updateHitsPane();
    void createActions();
    void createEditActions();
    void createGoToActions();
    void createViewToggles();
    void createEncodingMenu();
    void goToLine();
    void goToTime();
    void bundleStarted(const QStringList &paths, bool samePaths);
    void bundleAnalysed(const ChartData &chart);
    void showPreview(const QStringList &paths);
    // Puts `doc` in the log view with its rule hits, keeping "Only Lines with Findings".
    void viewDocument(const std::shared_ptr<const LogDocument> &doc,
                      const std::vector<LineMatch> &matches,
                      const QString &title);
    void savePlace();
    void updateStatusFields();
    std::shared_ptr<const LogDocument>
    decodedDocument(const std::shared_ptr<const LogDocument> &doc);
    void setEncoding(const QString &encoding); // empty: as detected

    AnalysisController *m_controller;
    BundleTree *m_bundle;
    LogView *m_logView;
    SearchBar *m_search;
    QTabWidget *m_sideTabs;
    FindingsPanel *m_findings;
    FactsPanel *m_facts;
    GpusPanel *m_gpus;
    NotablePanel *m_notable;
    SearchResultsPanel *m_searchResults;
    HitsPane *m_hitsPane;
    BookmarksPanel *m_bookmarks;
    FiltersPanel *m_filters;
    std::map<QString, QString> m_encodings; // path → the encoding chosen in View > Encoding
    std::shared_ptr<const LogDocument> m_recoded, m_recodedFrom; // the last file decoded so
    TimeChart *m_chart; // the findings over time, as in the HTML report
    QLabel *m_statusFile;
    QLabel *m_statusPosition;
    QLabel *m_statusFormat;
    QAction *m_onlyFindings = nullptr;
    QList<QAction *> m_editActions, m_viewActions;
    // Where the reader was in each file of the bundle, to go back there; and the file shown
    // when the same bundle is analysed again.
    struct Place
    {
        std::optional<LineNumber> top, current; // the first visible line, the current line
    };
    std::map<QString, Place> m_places;
    void goBackTo(const Place &place);
    QString m_reopenedPath;
    bool m_previewMoved = false; // the reader moved in the preview: keep the place
    bool m_firstScreen = false;  // firstScreenShown() said for this bundle
};

} // namespace gputriage
