#include "mainwindow.h"

#include "atomicfile.h"
#include "bookmarks.h"
#include "bundletree.h"
#include "comparetab.h"
#include "engine/analyzer.h"
#include "engine/timeline.h"
#include "engine/timelineview.h"
#include "factspanel.h"
#include "gpuspanel.h"
#include "highlighters.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "limitsdialog.h"
#include "logview.h"
#include "notablepanel.h"
#include "paths.h"
#include "pdfexport.h"
#include "report/bundlediff.h"
#include "report/reportwriter.h"
#include "report/timelinesvg.h"
#include "rules/ruleloader.h"
#include "rulesdock.h"
#include "palette.h"
#include "searchbar.h"
#include "searchresults.h"
#include "timechart.h"
#include "welcomepage.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QAction>
#include <QDialog>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDirIterator>
#include <QFileDialog>
#include <QFileSystemWatcher>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace gputriage {

namespace {
constexpr qint64 kPreviewBytes = 2 << 20; // shown at once while the whole input is read
QString seconds(qint64 ms)
{
    return QLocale().toString(double(ms) / 1000.0, 'f', ms < 10000 ? 2 : 1);
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_stack(new QStackedWidget(this))
    , m_bundle(new BundleTree(this))
    , m_logView(new LogView(this))
    , m_search(new SearchBar(m_logView, this))
    , m_workTabs(new QTabWidget(this))
    , m_sideTabs(new QTabWidget(this))
    , m_findings(new FindingsPanel(this))
    , m_facts(new FactsPanel(this))
    , m_gpus(new GpusPanel(this))
    , m_notable(new NotablePanel(this))
    , m_searchResults(new SearchResultsPanel(this))
    , m_bookmarks(new BookmarksPanel(this))
    , m_chart(new TimeChart(this))
    , m_banner(new QLabel(this))
    , m_rulesDock(new RulesDock(this))
    , m_progress(new QProgressBar(this))
    , m_cancelButton(new QToolButton(this))
    , m_statusFile(new QLabel(this))
    , m_statusPosition(new QLabel(this))
    , m_statusFormat(new QLabel(this))
    , m_statusTime(new QLabel(this))
    , m_progressTimer(new QTimer(this))
    , m_reloadTimer(new QTimer(this))
{
    setWindowTitle(tr("GPU Triage"));
    setAcceptDrops(true);
    resize(1400, 820);

    connect(m_bundle, &BundleTree::entrySelected, this,
            [this](const QString &path) { showDocument(path); });
    connect(m_bundle, &BundleTree::exclusionRequested, this,
            [this](const QString &path, bool exclude) {
                if (exclude)
                    m_excluded.insert(path);
                else
                    m_excluded.remove(path);
                m_pendingNotice = exclude ? tr("%1 excluded from the analysis").arg(path)
                                          : tr("%1 analysed again").arg(path);
                openPaths(m_openPaths);
            });
    connect(m_findings, &FindingsPanel::occurrenceShown, this,
            [this](const QString &title, int number, int count) {
                statusBar()->showMessage(
                    tr("Occurrence %1 of %2 of \u201c%3\u201d (F8 / Shift+F8)")
                        .arg(number)
                        .arg(count)
                        .arg(title));
            });
    // The findings list can follow the file shown (not the merged timeline).
    connect(m_logView, &LogView::documentChanged, this, [this] {
        const auto doc = m_logView->document();
        m_findings->setFileFilter(doc && !isTimelineShown() ? doc->path() : QString());
    });
    connect(m_findings, &FindingsPanel::occurrenceActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    connect(m_facts, &FactsPanel::sourceActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->addTab(m_findings, tr("Findings"));
    m_sideTabs->addTab(m_gpus, tr("GPUs"));
    m_sideTabs->addTab(m_facts, tr("Bundle facts"));
    // A GPU selected in the GPUs tab narrows the findings to it; the node row shows them all.
    connect(m_gpus, &GpusPanel::gpuSelected, this, [this](const QString &bus) {
        m_findings->setFindings(findingsOfGpu(m_result.findings, m_result.gpus, bus));
        if (!bus.isEmpty())
            m_sideTabs->setTabText(m_sideTabs->indexOf(m_findings), tr("Findings (GPU %1)").arg(bus));
        else
            m_sideTabs->setTabText(m_sideTabs->indexOf(m_findings), tr("Findings"));
    });
    m_sideTabs->addTab(m_notable, tr("Other messages"));
    connect(m_chart, &TimeChart::pointActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    auto *chartScroll = new QScrollArea(this);
    chartScroll->setWidget(m_chart);
    chartScroll->setWidgetResizable(true);
    m_sideTabs->addTab(chartScroll, tr("Time chart"));
    m_sideTabs->addTab(m_searchResults, tr("Search"));
    connect(m_searchResults, &SearchResultsPanel::lineActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    m_sideTabs->addTab(m_bookmarks, tr("Bookmarks"));
    connect(m_bookmarks, &BookmarksPanel::lineActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    connect(m_bookmarks, &BookmarksPanel::showRequested, this, [this] {
        m_sideTabs->show();
        m_sideTabs->setCurrentWidget(m_bookmarks);
    });
    connect(m_bookmarks, &BookmarksPanel::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_bookmarks->model(), &BookmarksModel::bookmarksChanged, this, [this] {
        m_result.bookmarks = m_bookmarks->model()->bookmarks(); // for the report
        const qsizetype n = m_result.bookmarks.size();
        m_sideTabs->setTabText(m_sideTabs->indexOf(m_bookmarks),
                               n ? tr("Bookmarks (%1)").arg(n) : tr("Bookmarks"));
        m_logView->viewport()->update();
    });
    m_bookmarks->setCurrentLineProvider([this]() -> std::optional<Bookmark> {
        const auto [doc, line] = lineSource(m_logView->currentLine());
        if (!doc)
            return std::nullopt;
        return Bookmark{doc->path(), doc->lineNumber(line), doc->lineText(line).left(1000)};
    });
    m_logView->setBookmarkTest([this](int line) {
        const auto [doc, docLine] = lineSource(line);
        return doc && m_bookmarks->model()->isBookmarked(doc->path(), doc->lineNumber(docLine));
    });
    connect(m_search, &SearchBar::searchAllFiles, this, &MainWindow::searchAllFiles);
    connect(m_logView, &LogView::findRequested, this, [this](const QString &text, bool all) {
        m_search->find(text);
        if (all)
            searchAllFiles(m_search->query());
    });
    connect(m_notable, &NotablePanel::exampleActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    connect(m_notable, &NotablePanel::ruleRequested, this,
            [this](const QString &line) { m_rulesDock->newRuleFromLine(line); });

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_bundle);
    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(m_logView, 1);
    centreLayout->addWidget(m_search);
    splitter->addWidget(centre);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 2);
    splitter->setSizes({300, 760, 440});

    m_banner->setObjectName(QStringLiteral("banner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    updateBannerColours();
    m_banner->hide();

    // The bundle, and comparisons with other bundles as closable tabs (the bar shows only
    // when there is one).
    m_workTabs->setObjectName(QStringLiteral("workTabs"));
    m_workTabs->setDocumentMode(true);
    m_workTabs->setTabsClosable(true);
    m_workTabs->tabBar()->setAutoHide(true);
    m_workTabs->addTab(splitter, tr("Bundle"));
    m_workTabs->tabBar()->setTabButton(0, QTabBar::RightSide, nullptr);
    m_workTabs->tabBar()->setTabButton(0, QTabBar::LeftSide, nullptr);
    connect(m_workTabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (index > 0)
            delete m_workTabs->widget(index);
    });
    auto *workspace = new QWidget(this);
    auto *layout = new QVBoxLayout(workspace);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_workTabs, 1);

    addDockWidget(Qt::BottomDockWidgetArea, m_rulesDock);
    m_rulesDock->hide();
    m_rulesDock->setDocumentsProvider([this] { return m_docs; });
    connect(m_rulesDock, &RulesDock::rulesChanged, this, [this](const QString &notice) {
        loadRuleSet(m_ruleFolders);
        statusBar()->showMessage(notice, 8000);
        if (!m_openPaths.isEmpty()) {
            m_pendingNotice = notice; // said again with the new result
            openPaths(m_openPaths);
        }
    });
    connect(m_rulesDock, &RulesDock::lineActivated, this,
            [this](const QString &path, int line) { showDocument(path, line); });
    auto *welcome = new WelcomePage(this);
    connect(welcome, &WelcomePage::openRequested, this, &MainWindow::chooseFiles);
    connect(welcome, &WelcomePage::sampleRequested, this, &MainWindow::openSample);
    connect(welcome, &WelcomePage::pathsRequested, this, &MainWindow::openPaths);
    m_stack->addWidget(welcome);
    m_stack->addWidget(workspace);
    setCentralWidget(m_stack);

    m_statusFile->setObjectName(QStringLiteral("statusFile"));
    m_statusFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statusPosition->setObjectName(QStringLiteral("statusPosition"));
    m_statusFormat->setObjectName(QStringLiteral("statusFormat"));
    m_statusTime->setObjectName(QStringLiteral("statusTime"));
    for (QLabel *label : {m_statusFile, m_statusPosition, m_statusFormat, m_statusTime})
        statusBar()->addPermanentWidget(label);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setMaximumWidth(220);
    m_progress->setRange(0, 0);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_progress);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop the analysis and show what was found so far"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelAnalysis);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(500);
    connect(m_reloadTimer, &QTimer::timeout, this, [this] {
        if (m_job.isRunning())
            m_reloadTimer->start(); // after the analysis running now
        else
            reload();
    });
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &MainWindow::updateProgress);
    connect(m_logView, &LogView::currentLineChanged, this, [this] {
        m_previewMoved = m_job.isRunning();
        updateStatusFields();
    });
    connect(m_logView->verticalScrollBar(), &QScrollBar::sliderMoved, this,
            [this] { m_previewMoved = m_job.isRunning(); });
    connect(m_logView, &LogView::documentChanged, this, &MainWindow::updateStatusFields);
    m_logView->setLineActivator([this](int line) {
        if (!isTimelineShown())
            return false;
        const auto [doc, docLine] = lineSource(line);
        return doc && showDocument(doc->path(), doc->lineNumber(docLine));
    });
    connect(m_logView, &LogView::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_logView, &LogView::documentPainted, this, [this] {
        if (m_firstScreenMs < 0 && m_clock.isValid()) {
            m_firstScreenMs = m_clock.elapsed();
            Q_EMIT firstScreenShown();
        }
    });
    createMenus();
    if (const QByteArray geometry = QSettings().value(QStringLiteral("geometry")).toByteArray();
        !geometry.isEmpty())
        restoreGeometry(geometry);

    const Preferences preferences = Preferences::load();
    m_logView->setFont(preferences.logFont);
    applyTheme(preferences.theme);
    loadRuleSet(preferences.ruleFolders);
}

void MainWindow::loadRuleSet(const QStringList &extraFolders)
{
    m_ruleFolders = extraFolders;
    RuleSet rules = loadRules(extraFolders);
    m_rulesDock->setRules(rules, extraFolders);
    const QStringList disabled = RulesDock::disabledRules();
    std::erase_if(rules.rules, [&](const Rule &r) { return disabled.contains(r.id); });
    m_analyzer = std::make_shared<const Analyzer>(rules);
    m_ruleSeverity.clear();
    for (const Rule &r : m_analyzer->matcher().rules())
        m_ruleSeverity.push_back(r.kind == RuleKind::Fact ? std::nullopt
                                                          : std::optional<Severity>(r.severity));
    QStringList problems;
    for (const Diagnostic &d : rules.diagnostics)
        if (d.isError())
            problems << d.toString();
    showBanner(problems.isEmpty() ? QString()
                                  : tr("Some rules could not be loaded and are disabled:\n%1")
                                        .arg(problems.join(QLatin1Char('\n'))));
    statusBar()->showMessage(tr("%n rule(s) loaded", nullptr, int(rules.rules.size())));
}

void MainWindow::applyTheme(const QString &name)
{
    m_logView->setThemeName(name);
    // The whole window follows the log's theme: a dark theme darkens the panels too.
    static const QPalette systemPalette = QApplication::palette();
    const QColor themeBase = m_logView->themeBackground();
    QApplication::setPalette(themeBase.isValid() ? ViewPalette::forBase(themeBase).toQPalette()
                                                 : systemPalette);
}

void MainWindow::applyPreferences(const Preferences &preferences)
{
    m_logView->setFont(preferences.logFont);
    applyTheme(preferences.theme);
    if (preferences.ruleFolders != m_ruleFolders) {
        loadRuleSet(preferences.ruleFolders);
        if (!m_openPaths.isEmpty())
            openPaths(m_openPaths); // the findings depend on the rules
    }
}

MainWindow::~MainWindow() = default; // the job tracker asks a running job to stop

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_rulesDock->maybeSave()) {
        event->ignore();
        return;
    }
    cancelAnalysis();
    QSettings().setValue(QStringLiteral("geometry"), saveGeometry());
    QMainWindow::closeEvent(event);
}

void MainWindow::cancelAnalysis()
{
    if (!m_job.isRunning())
        return;
    m_job.cancel();
    m_cancelButton->setEnabled(false);
    statusBar()->showMessage(tr("Cancelling…"));
}

void MainWindow::updateProgress()
{
    const JobState *job = m_job.state();
    if (!job)
        return;
    const qint64 total = job->total, done = job->done;
    if (total <= 0) {
        m_progress->setRange(0, 0); // still reading: no total yet
        return;
    }
    m_progress->setRange(0, 1000);
    m_progress->setValue(int(std::clamp<qint64>(done * 1000 / total, 0, 1000)));
    m_progress->setFormat(QStringLiteral("%1 %").arg(done * 100 / total));
}

void MainWindow::updateStatusFields()
{
    const auto doc = m_logView->document();
    if (!doc) {
        m_statusFile->clear();
        m_statusPosition->clear();
        m_statusFormat->clear();
        return;
    }
    m_statusFile->setText(isTimelineShown() ? tr("Timeline") : QFileInfo(doc->path()).fileName());
    m_statusFile->setToolTip(doc->path());
    const int line = m_logView->currentLine();
    const QLocale locale;
    m_statusPosition->setText(
        line < 0 ? tr("%n line(s)", nullptr, doc->lineCount())
                 : tr("Line %1 of %2")
                       .arg(locale.toString(doc->lineNumber(line)),
                            locale.toString(doc->lineNumber(doc->lineCount() - 1))));
    if (isTimelineShown()) {
        m_statusFormat->setText(tr("timeline (UTC) · Enter opens the line in its file"));
        m_statusFormat->setToolTip(QString());
        return;
    }
    m_statusFormat->setText(QStringLiteral("%1 · %2").arg(
        doc->format() == QLatin1String("cri") ? tr("CRI log") : tr("plain text"), doc->encoding()));
    m_statusFormat->setToolTip(tr("Line format and text encoding detected in %1").arg(doc->path()));
}

void MainWindow::showPreview(const QStringList &paths)
{
    // One plain file: its first screen is shown at once, before it is read to the end.
    if (paths.size() != 1 || !QFileInfo(paths.front()).isFile())
        return;
    QFile file(paths.front());
    if (!file.open(QIODevice::ReadOnly))
        return;
    QByteArray head = file.read(kPreviewBytes);
    if (head.isEmpty() || looksLikeArchive(std::string_view(head.constData(), size_t(head.size()))))
        return;
    if (!file.atEnd()) {
        const qsizetype cut = head.lastIndexOf('\n');
        if (cut > 0)
            head.truncate(cut + 1);
    }
    m_logView->setDocument(
        LogDocument::fromBytes(std::move(head), BundleReader::displayNames(paths).front()));
    m_previewMoved = false;
    setWindowTitle(tr("%1 — GPU Triage").arg(paths.front()));
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open File…"), this, &MainWindow::chooseFiles);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Folder…"), this, &MainWindow::chooseFolder);
    file->addAction(tr("Open &Sample Bundle"), this, &MainWindow::openSample);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    updateRecentMenu();
    QAction *compare = file->addAction(tr("&Compare with Another Bundle…"), this, [this] {
        if (m_docs.empty()) {
            showBanner(tr("Open a bundle first; the comparison starts from it."));
            return;
        }
        QList<QStringList> recent = recentBundles();
        recent.removeAll(m_openPaths);
        CompareBundleDialog dialog(recent, this);
        if (dialog.exec() == QDialog::Accepted && !dialog.paths().isEmpty())
            compareWith(dialog.paths());
    });
    compare->setObjectName(QStringLiteral("actionCompare"));
    QAction *reloadAction = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    reloadAction->setObjectName(QStringLiteral("actionReload"));
    file->addSeparator();
    QAction *exportAction
        = file->addAction(tr("&Export Report…"), this, &MainWindow::chooseExportFile);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setObjectName(QStringLiteral("actionExport"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    // Copy and Select All act on the log view; their shortcuts belong to the focused widget
    // (the findings list copies a finding as Markdown), so the menu only shows them.
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *copy = edit->addAction(tr("&Copy"), m_logView, &LogView::copy);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    copy->setObjectName(QStringLiteral("actionCopy"));
    QAction *selectAll = edit->addAction(tr("Select &All"), m_logView, &LogView::selectAll);
    selectAll->setShortcut(QKeySequence::SelectAll);
    selectAll->setShortcutContext(Qt::WidgetShortcut);
    selectAll->setObjectName(QStringLiteral("actionSelectAll"));
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find…"), m_search, &SearchBar::activate);
    find->setShortcut(QKeySequence::Find);
    find->setObjectName(QStringLiteral("actionFind"));
    QAction *findNext = edit->addAction(tr("Find Ne&xt"), m_search, &SearchBar::next);
    findNext->setShortcut(QKeySequence::FindNext);
    QAction *findPrevious = edit->addAction(tr("Find Pre&vious"), m_search, &SearchBar::previous);
    findPrevious->setShortcut(QKeySequence::FindPrevious);
    QAction *findAll = edit->addAction(tr("Search All &Files…"), this, [this] {
        if (m_search->isHidden() || m_search->input()->text().isEmpty())
            m_search->activate();
        else
            searchAllFiles(m_search->query());
    });
    findAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    findAll->setObjectName(QStringLiteral("actionSearchAllFiles"));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *goToLine = view->addAction(tr("&Go to Line…"), this, [this] {
        const auto doc = m_logView->document();
        if (!doc || doc->lineCount() == 0)
            return;
        bool ok = false;
        const int line = QInputDialog::getInt(
            this, tr("Go to line"), tr("Line number:"),
            doc->lineNumber(std::max(0, m_logView->currentLine())), doc->lineNumber(0),
            doc->lineNumber(doc->lineCount() - 1), 1, &ok);
        if (ok)
            m_logView->setCurrentLine(doc->indexOfLineNumber(line));
    });
    goToLine->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    goToLine->setObjectName(QStringLiteral("actionGoToLine"));
    QAction *next
        = view->addAction(tr("&Next Occurrence"), this, [this] { m_findings->showOccurrence(+1); });
    next->setShortcut(QKeySequence(Qt::Key_F8));
    next->setObjectName(QStringLiteral("actionNextOccurrence"));
    QAction *previous = view->addAction(tr("&Previous Occurrence"), this,
                                        [this] { m_findings->showOccurrence(-1); });
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    previous->setObjectName(QStringLiteral("actionPreviousOccurrence"));

    // lnav's habit: step through the lines that matter, here those a rule marked warning or
    // worse, across the whole file.
    auto problemLine = [this](int delta) {
        const int line
            = m_logView->nextMarkedLine(m_logView->currentLine(), delta, Severity::Warning);
        if (line < 0)
            statusBar()->showMessage(tr("No line in this file is marked warning or worse"), 5000);
        else
            m_logView->setCurrentLine(line);
    };
    QAction *nextProblem
        = view->addAction(tr("Next &Problem Line"), this, [problemLine] { problemLine(+1); });
    nextProblem->setShortcut(QKeySequence(Qt::Key_F4));
    nextProblem->setObjectName(QStringLiteral("actionNextProblem"));
    QAction *previousProblem = view->addAction(tr("Previous Problem Line"), this,
                                               [problemLine] { problemLine(-1); });
    previousProblem->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F4));
    previousProblem->setObjectName(QStringLiteral("actionPreviousProblem"));

    QAction *timeline
        = view->addAction(tr("&Timeline of All Files"), this, &MainWindow::showTimeline);
    timeline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    timeline->setObjectName(QStringLiteral("actionTimeline"));
    view->addSeparator();
    QAction *hidePrefixes = view->addAction(tr("&Hide Line Prefixes"));
    hidePrefixes->setObjectName(QStringLiteral("actionHidePrefixes"));
    hidePrefixes->setCheckable(true);
    hidePrefixes->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    hidePrefixes->setToolTip(tr("Show each line's message without its timestamp, host and "
                                "process prefix (in the line's tooltip)"));
    hidePrefixes->setChecked(QSettings().value(QStringLiteral("view/hidePrefixes")).toBool());
    m_logView->setHidePrefixes(hidePrefixes->isChecked());
    connect(hidePrefixes, &QAction::toggled, this, [this](bool on) {
        m_logView->setHidePrefixes(on);
        QSettings().setValue(QStringLiteral("view/hidePrefixes"), on);
    });
    QAction *wrap = view->addAction(tr("&Wrap Long Lines"));
    wrap->setObjectName(QStringLiteral("actionWrap"));
    wrap->setCheckable(true);
    wrap->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Z));
    wrap->setToolTip(tr("Show lines longer than the view on several rows"));
    wrap->setChecked(QSettings().value(QStringLiteral("view/wrap")).toBool());
    m_logView->setWrap(wrap->isChecked());
    connect(wrap, &QAction::toggled, this, [this](bool on) {
        m_logView->setWrap(on);
        QSettings().setValue(QStringLiteral("view/wrap"), on);
    });
    QAction *showTree = view->addAction(tr("Show File &Tree"));
    showTree->setObjectName(QStringLiteral("actionShowTree"));
    showTree->setCheckable(true);
    showTree->setChecked(true);
    showTree->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_1));
    connect(showTree, &QAction::toggled, m_bundle, &QWidget::setVisible);
    QAction *showSide = view->addAction(tr("Show Side &Panel"));
    showSide->setObjectName(QStringLiteral("actionShowSidePanel"));
    showSide->setCheckable(true);
    showSide->setChecked(true);
    showSide->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_2));
    connect(showSide, &QAction::toggled, m_sideTabs, &QWidget::setVisible);
    m_follow = view->addAction(tr("&Follow Files"));
    m_follow->setObjectName(QStringLiteral("actionFollow"));
    m_follow->setCheckable(true);
    m_follow->setShortcut(QKeySequence(Qt::Key_F10));
    m_follow->setToolTip(tr("Analyse the bundle again as its files grow and show the end of the "
                            "file (tail -f)"));
    connect(m_follow, &QAction::toggled, this, &MainWindow::setFollowing);
    QAction *highlighters = view->addAction(tr("High&lighters…"), this, [this] {
        HighlightersDialog dialog(loadHighlighters(), this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        saveHighlighters(dialog.highlighters());
        m_logView->setHighlighters(compileHighlighters(dialog.highlighters()));
    });
    highlighters->setObjectName(QStringLiteral("actionHighlighters"));
    highlighters->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_logView->setHighlighters(compileHighlighters(loadHighlighters()));
    view->addSeparator();
    m_onlyFindings = view->addAction(tr("Only Lines with &Findings"));
    m_onlyFindings->setObjectName(QStringLiteral("actionOnlyFindings"));
    m_onlyFindings->setCheckable(true);
    m_onlyFindings->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    m_onlyFindings->setToolTip(tr("Hide the lines no rule matched"));
    connect(m_onlyFindings, &QAction::toggled, this, [this](bool on) {
        if (on)
            m_logView->setLineFilter(m_logView->markedLines(), QStringLiteral("findings"));
        else if (m_logView->filterOwner() == QLatin1String("findings"))
            m_logView->setLineFilter(std::nullopt);
    });
    connect(m_logView, &LogView::filterChanged, this, [this] {
        if (m_logView->filterOwner() != QLatin1String("findings")) {
            const QSignalBlocker blocker(m_onlyFindings);
            m_onlyFindings->setChecked(false);
        }
    });

    QMenu *bookmarks = menuBar()->addMenu(tr("&Bookmarks"));
    bookmarks->addActions({m_bookmarks->toggleAction(), m_bookmarks->noteAction()});
    bookmarks->addSeparator();
    bookmarks->addActions({m_bookmarks->nextAction(), m_bookmarks->previousAction()});
    m_logView->addActions({m_bookmarks->toggleAction(), m_bookmarks->noteAction()});

    QMenu *rulesMenu = menuBar()->addMenu(tr("&Rules"));
    // The same shortcut shows and hides the rules dock.
    QAction *showRules = rulesMenu->addAction(tr("&Rules and Editor"), this, [this] {
        if (m_rulesDock->isVisible() && !m_rulesDock->visibleRegion().isEmpty()) {
            m_rulesDock->hide();
            return;
        }
        m_rulesDock->show();
        m_rulesDock->raise();
    });
    showRules->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    showRules->setObjectName(QStringLiteral("actionRules"));
    QAction *newRule = rulesMenu->addAction(tr("&New Rule from Selected Line"), this,
                                            &MainWindow::newRuleFromCurrentLine);
    newRule->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    newRule->setObjectName(QStringLiteral("actionNewRule"));
    m_logView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_logView->addAction(newRule);

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    QAction *preferences = settings->addAction(tr("&Preferences…"), this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.preferences().save();
        applyPreferences(dialog.preferences());
    });
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setObjectName(QStringLiteral("actionPreferences"));
    QAction *limits = settings->addAction(tr("Bundle &Limits…"), this, [this] {
        LimitsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted)
            LimitsDialog::save(dialog.limits());
    });
    limits->setObjectName(QStringLiteral("actionLimits"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        auto *dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    shortcuts->setObjectName(QStringLiteral("actionShortcuts"));
    help->addAction(tr("&About GPU Triage"), this, [this] {
        QMessageBox::about(
            this, tr("About GPU Triage"),
            tr("<b>GPU Triage %1</b><p>Finds known NVIDIA GPU conditions in log bundles, "
               "explains them and links NVIDIA's documentation.</p>")
                .arg(QStringLiteral(GPUTRIAGE_VERSION)));
    });
}

void MainWindow::chooseFiles()
{
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open log files"), settings.value(QStringLiteral("lastDir")).toString());
    if (files.isEmpty())
        return;
    settings.setValue(QStringLiteral("lastDir"), QFileInfo(files.front()).absolutePath());
    openPaths(files);
}

void MainWindow::chooseFolder()
{
    QSettings settings;
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open a folder of logs"), settings.value(QStringLiteral("lastDir")).toString());
    if (dir.isEmpty())
        return;
    settings.setValue(QStringLiteral("lastDir"), dir);
    openPaths({dir});
}

void MainWindow::chooseExportFile()
{
    if (m_docs.empty()) {
        showBanner(tr("Open a bundle first; the report describes what is open."));
        return;
    }
    ExportDialog dialog(m_result, this);
    connect(&dialog, &ExportDialog::exportRequested, this,
            [this](const QString &fileName, const ExportSettings &settings) {
                if (exportReport(fileName, settings))
                    statusBar()->showMessage(tr("Report written to %1").arg(fileName), 5000);
            });
    dialog.exec();
}

bool MainWindow::exportReport(const QString &fileName)
{
    ExportSettings settings;
    const ReportFormatInfo *format = reportFormatOfSuffix(QFileInfo(fileName).suffix());
    settings.format = QString::fromLatin1(format ? format->id : "html");
    return exportReport(fileName, settings);
}

bool MainWindow::exportReport(const QString &fileName, const ExportSettings &settings)
{
    if (const QString input = inputOverwrittenBy(fileName, m_openPaths); !input.isEmpty()) {
        showBanner(tr("The report was not saved: %1 would replace or land inside the bundle %2. "
                      "Choose a file outside the bundle.")
                       .arg(fileName, input));
        return false;
    }
    if (const QString error = writeFileAtomically(fileName, renderReport(m_result, settings));
        !error.isEmpty()) {
        showBanner(tr("Could not write the report to %1: %2").arg(fileName, error));
        return false;
    }
    return true;
}

void MainWindow::openSample()
{
    const QString sample = dataDir(QStringLiteral("sample"));
    if (sample.isEmpty()) {
        showBanner(tr("The sample bundle is not installed."));
        return;
    }
    openPaths({sample});
}

void MainWindow::updateBannerColours()
{
    const ViewPalette &vp = ViewPalette::ofApplication();
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: %2; padding: 6px; border-bottom: 1px "
                       "solid %2; }")
            .arg(vp.bannerBackground.name(), vp.bannerText.name()));
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateBannerColours();
    QMainWindow::changeEvent(event);
}

void MainWindow::showBanner(const QString &text)
{
    m_banner->setText(text);
    m_banner->setVisible(!text.isEmpty());
}

void MainWindow::rememberRecent(const QStringList &paths)
{
    rememberRecentBundle(paths);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QList<QStringList> recent = recentBundles();
    for (const QStringList &paths : recent) {
        QString label = paths.join(QLatin1String(", "));
        if (label.size() > 90)
            label = QChar(0x2026) + label.right(89);
        m_recentMenu->addAction(label, this, [this, paths] { openPaths(paths); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::openPaths(const QStringList &paths)
{
    // The same bundle again (rules changed): come back to the file and place being read.
    savePlace();
    const auto shown = m_logView->document();
    m_reopenedPath = paths == m_openPaths && shown ? shown->path() : QString();
    if (paths != m_openPaths) {
        setFollowing(false);
        m_places.clear();
        m_excluded.clear();
        m_bookmarks->setBundle(paths);
    }
    m_openPaths = paths;
    rememberRecent(paths);
    startJob();
    m_clock.start();
    m_firstScreenMs = m_analysisMs = -1;
    m_stack->setCurrentIndex(1);
    m_statusTime->clear();
    statusBar()->showMessage(tr("Analysing %1…").arg(paths.join(QLatin1String(", "))));
    setWindowTitle(tr("%1 — GPU Triage").arg(paths.join(QLatin1String(", "))));
    m_searchResults->clear();
    showPreview(paths);

    struct Analysed
    {
        std::vector<std::shared_ptr<const LogDocument>> docs, excludedDocs;
        AnalysisResult result;
        ChartData chart;
    };
    // A newer open replaces this job: its result is dropped.
    m_job.start(
        [analyzer = m_analyzer, paths, limits = LimitsDialog::load(),
         excluded = m_excluded](JobState &job) {
            Analysed out;
            QList<Error> problems;
            out.docs = Analyzer::openInputs(paths, problems, limits);
            std::erase_if(out.docs, [&](const std::shared_ptr<const LogDocument> &doc) {
                if (!excluded.contains(doc->path()))
                    return false;
                out.excludedDocs.push_back(doc);
                problems.append(Error{.file = doc->path(),
                                      .message = tr("excluded from the analysis by the engineer"),
                                      .warning = true});
                return true;
            });
            AnalyzeOptions options;
            options.keepMatches = true;
            options.unmatched = true;
            options.cancel = &job.cancel;
            options.progress = [&job](qint64 done, qint64 total) {
                job.done = done;
                job.total = total;
            };
            out.result = analyzer->analyze(out.docs, options);
            out.result.addReadProblems(problems);
            out.chart = timelineChartData(out.result); // dates every occurrence: not here
            return out;
        },
        [this](Analysed analysed) {
            analysisDone(std::move(analysed.docs), std::move(analysed.excludedDocs),
                         std::move(analysed.result), std::move(analysed.chart));
        });
}

void MainWindow::analysisDone(std::vector<std::shared_ptr<const LogDocument>> docs,
                              std::vector<std::shared_ptr<const LogDocument>> excludedDocs,
                              AnalysisResult result,
                              ChartData chart)
{
    endJob();
    m_timelineDoc.reset();
    m_timelineSources.clear();
    m_timelineMatches.clear();
    m_analysisMs = m_clock.elapsed();
    m_statusTime->setText(tr("Analysed in %1 s").arg(seconds(m_analysisMs)));
    // Where the user was reading in the preview, to stay there.
    const auto preview = m_logView->document();
    const int previewTop = m_logView->firstVisibleLine();
    const int previewLine = m_logView->currentLine();
    const bool keepPlace = preview && m_previewMoved;
    m_docs = std::move(docs);
    m_excludedDocs = std::move(excludedDocs);
    m_result = std::move(result);
    m_result.bookmarks = m_bookmarks->model()->bookmarks();

    QList<BundleTree::Entry> entries;
    QString firstWithHits;
    for (size_t i = 0; i < m_docs.size(); ++i) {
        BundleTree::Entry e;
        e.path = m_docs[i]->path();
        e.label
            = i < size_t(m_result.inputs.size()) ? m_result.inputs[qsizetype(i)].label : QString();
        if (i < m_result.matches.size()) {
            for (const LineMatch &m : m_result.matches[i]) {
                if (m_ruleSeverity.at(size_t(m.rule)) == std::nullopt)
                    continue;
                ++e.hits;
                e.worst = std::max(e.worst.value_or(Severity::Info),
                                   *m_ruleSeverity.at(size_t(m.rule)));
            }
        }
        if (e.hits && firstWithHits.isEmpty())
            firstWithHits = e.path;
        entries.append(e);
    }
    for (const auto &doc : m_excludedDocs)
        entries.append(BundleTree::Entry{.path = doc->path(), .excluded = true});
    m_bundle->setEntries(entries, QString::fromLatin1(kTimelinePath));
    m_facts->setFacts(m_result.facts);
    m_gpus->setGpus(m_result.gpus);
    m_sideTabs->setTabText(m_sideTabs->indexOf(m_findings), tr("Findings"));
    m_notable->setTemplates(m_result.unmatched, m_result.unmatchedLines);
    m_chart->setData(std::move(chart));
    m_sideTabs->setTabText(m_sideTabs->indexOf(m_notable),
                           m_result.unmatched.isEmpty()
                               ? tr("Other messages")
                               : tr("Other messages (%1)").arg(m_result.unmatched.size()));
    m_findings->setFindings(m_result.findings);

    QStringList problems;
    for (const Error &e : m_result.problems)
        problems << e.toString();
    const bool onlyNotes = std::all_of(m_result.problems.begin(), m_result.problems.end(),
                                       [](const Error &e) { return e.warning; });
    QString banner = problems.isEmpty() ? QString()
                     : m_docs.empty()
                         ? tr("Nothing in the bundle could be read:\n%1")
                               .arg(problems.join(QLatin1Char('\n')))
                     : onlyNotes
                         ? tr("Notes on the bundle:\n%1").arg(problems.join(QLatin1Char('\n')))
                         : tr("Problems while reading the bundle (the rest was analysed):\n%1")
                               .arg(problems.join(QLatin1Char('\n')));
    if (m_result.cancelled)
        banner.prepend(tr("The analysis was cancelled: the findings cover only the part of the "
                          "bundle read before that.%1")
                           .arg(banner.isEmpty() ? QString() : QStringLiteral("\n")));
    showBanner(banner);

    if (!m_reopenedPath.isEmpty() && showDocument(m_reopenedPath)) {
        // showDocument() put the place back
    } else if (keepPlace && showDocument(preview->path())) {
        m_logView->setCurrentLine(previewLine);
        m_logView->scrollToLine(previewTop);
    } else if (const Finding *top = m_findings->model()->finding(m_findings->model()->index(0, 0));
               top && !top->occurrences.isEmpty()) {
        const Occurrence &o = top->occurrences.front();
        showDocument(o.path, o.line);
    } else if (!m_docs.empty()) {
        showDocument(firstWithHits.isEmpty() ? m_docs.front()->path() : firstWithHits);
    } else {
        m_logView->setDocument(nullptr);
    }
    statusBar()->showMessage(
        m_result.cancelled
            ? tr("Cancelled: %1 finding(s) so far").arg(m_result.findings.size())
            : tr("%1 finding(s) in %2 file(s)").arg(m_result.findings.size()).arg(m_docs.size())
                  + (m_pendingNotice.isEmpty() ? QString()
                                               : QStringLiteral(" — ") + m_pendingNotice));
    m_pendingNotice.clear();
    if (m_watcher) {
        watchBundle(); // a file replaced (rotated) is watched again
        if (const auto doc = m_logView->document(); doc && doc->lineCount() > 0)
            m_logView->setCurrentLine(doc->lineCount() - 1);
    }
    updateStatusFields();
    Q_EMIT analysisFinished();
}

void MainWindow::reload()
{
    if (m_openPaths.isEmpty())
        return;
    if (m_pendingNotice.isEmpty())
        m_pendingNotice = m_watcher ? tr("following: analysed again as the files grew")
                                    : tr("analysed again");
    openPaths(m_openPaths);
}

void MainWindow::setFollowing(bool on)
{
    if (on == isFollowing())
        return;
    if (m_follow && m_follow->isChecked() != on) {
        const QSignalBlocker blocker(m_follow);
        m_follow->setChecked(on);
    }
    delete m_watcher;
    m_watcher = nullptr;
    if (!on) {
        m_reloadTimer->stop();
        statusBar()->showMessage(tr("No longer following the files"), 5000);
        return;
    }
    m_watcher = new QFileSystemWatcher(this);
    auto changed = [this] { m_reloadTimer->start(); };
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, changed);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, changed);
    watchBundle();
    if (const auto doc = m_logView->document(); doc && doc->lineCount() > 0)
        m_logView->setCurrentLine(doc->lineCount() - 1);
    statusBar()->showMessage(tr("Following the files: new lines are analysed as they come (F10 "
                                "stops)"),
                             5000);
}

void MainWindow::watchBundle()
{
    if (!m_watcher)
        return;
    // The inputs, and the files of a folder (a bounded number: a large tree is reloaded by F5).
    QStringList paths;
    for (const QString &input : m_openPaths) {
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

void MainWindow::searchAllFiles(const SearchQuery &query)
{
    if (query.text.isEmpty() || m_docs.empty())
        return;
    m_sideTabs->setCurrentWidget(m_searchResults);
    m_searchResults->search(m_docs, query);
}

void MainWindow::newRuleFromCurrentLine()
{
    // In the timeline: the line as its file has it, without the timeline's columns.
    const auto [doc, line] = lineSource(m_logView->currentLine());
    if (!doc) {
        statusBar()->showMessage(tr("Select a log line first"), 5000);
        return;
    }
    m_rulesDock->newRuleFromLine(doc->lineText(line));
}

void MainWindow::startJob()
{
    m_progress->setRange(0, 0);
    m_progress->show();
    m_cancelButton->setEnabled(true);
    m_cancelButton->show();
    m_progressTimer->start();
}

void MainWindow::endJob()
{
    m_progressTimer->stop();
    m_progress->hide();
    m_cancelButton->hide();
}

void MainWindow::compareWith(const QStringList &other)
{
    if (m_job.isRunning() || m_openPaths.isEmpty())
        return;
    auto *tab = new CompareTab(m_workTabs);
    const QString name = QFileInfo(other.value(0)).fileName();
    m_workTabs->setCurrentIndex(m_workTabs->addTab(tab, tr("Compare: %1").arg(name)));
    m_workTabs->setTabToolTip(m_workTabs->indexOf(tab), other.join(QLatin1Char('\n')));
    connect(tab, &CompareTab::leftLineActivated, this, [this](const QString &path, int line) {
        m_workTabs->setCurrentIndex(0);
        showDocument(path, line);
    });
    connect(tab, &CompareTab::finished, this, [this, tab] { Q_EMIT comparisonShown(tab->html()); });
    tab->start(m_analyzer, LimitsDialog::load(), m_result, CompareTab::bundleName(m_openPaths),
               other, m_ruleSeverity);
}

bool MainWindow::isTimelineShown() const
{
    return m_timelineDoc && m_logView->document() == m_timelineDoc;
}

std::pair<QString, int> MainWindow::timelineSource(int line) const
{
    if (line < 0 || size_t(line) >= m_timelineSources.size())
        return {};
    const auto [doc, docLine] = m_timelineSources[size_t(line)];
    return {m_docs[size_t(doc)]->path(), docLine};
}

std::pair<std::shared_ptr<const LogDocument>, int> MainWindow::lineSource(int line) const
{
    const auto doc = m_logView->document();
    if (!doc || line < 0 || line >= doc->lineCount())
        return {};
    if (!isTimelineShown())
        return {doc, line};
    if (size_t(line) >= m_timelineSources.size())
        return {};
    const auto [source, sourceLine] = m_timelineSources[size_t(line)];
    return {m_docs[size_t(source)], sourceLine};
}

void MainWindow::savePlace()
{
    // Only a document of the bundle analysed (not a preview, not a bundle being replaced).
    const auto doc = m_logView->document();
    if (doc && (doc == m_timelineDoc || std::find(m_docs.begin(), m_docs.end(), doc) != m_docs.end()))
        m_places[doc->path()] = {m_logView->firstVisibleLine(), m_logView->currentLine()};
}

void MainWindow::viewDocument(const std::shared_ptr<const LogDocument> &doc,
                              const std::vector<LineMatch> &matches,
                              const QString &title)
{
    savePlace(); // to come back to it
    m_logView->setDocument(doc);
    m_logView->setMatches(matches, m_ruleSeverity);
    if (m_onlyFindings->isChecked())
        m_logView->setLineFilter(m_logView->markedLines(), QStringLiteral("findings"));
    setWindowTitle(tr("%1 — GPU Triage").arg(title));
}

void MainWindow::showTimeline()
{
    if (m_timelineDoc) {
        if (m_logView->document() != m_timelineDoc)
            viewDocument(m_timelineDoc, m_timelineMatches, tr("Timeline"));
        m_bundle->selectPath(QString::fromLatin1(kTimelinePath));
        Q_EMIT timelineShown();
        return;
    }
    if (m_docs.empty() || m_job.isRunning())
        return;
    startJob();
    statusBar()->showMessage(tr("Ordering the bundle's lines by time…"));
    m_job.start(
        [docs = m_docs, matches = m_result.matches, clock = m_result.clock,
         limit = m_timelineLimit](JobState &job) {
            return buildTimelineDocument(docs, clock, matches, QString::fromLatin1(kTimelinePath),
                                         limit, qsizetype(256) << 20, &job.cancel);
        },
        [this](TimelineDocument timeline) { timelineDone(std::move(timeline)); });
}

void MainWindow::timelineDone(TimelineDocument timeline)
{
    endJob();
    if (!timeline.doc) {
        statusBar()->showMessage(tr("Timeline cancelled"), 5000);
        return;
    }
    m_timelineMatches = std::move(timeline.matches);
    m_timelineDoc = std::move(timeline.doc);
    m_timelineSources = std::move(timeline.sources);
    statusBar()->showMessage(timeline.note);
    if (timeline.cut) // said where it stays, not only in the status bar
        showBanner(m_banner->isVisible() ? m_banner->text() + QLatin1Char('\n') + timeline.note
                                         : timeline.note);
    showTimeline();
}

bool MainWindow::showDocument(const QString &path, int line)
{
    if (path == QLatin1String(kTimelinePath)) {
        showTimeline();
        return true;
    }
    for (size_t i = 0; i < m_docs.size(); ++i) {
        if (m_docs[i]->path() != path)
            continue;
        const bool switched = m_logView->document() != m_docs[i];
        if (switched)
            viewDocument(
                m_docs[i],
                i < m_result.matches.size() ? m_result.matches[i] : std::vector<LineMatch>(), path);
        m_bundle->selectPath(path);
        if (line > 0) {
            m_logView->setCurrentLine(m_docs[i]->indexOfLineNumber(line));
        } else if (const auto place = m_places.find(path); switched && place != m_places.end()) {
            // Back in a file: where the user was reading it.
            m_logView->setCurrentLine(place->second.second);
            m_logView->scrollToLine(place->second.first);
        }
        return true;
    }
    for (const auto &doc : m_excludedDocs) { // shown as it is: no rule ran on it
        if (doc->path() != path)
            continue;
        if (m_logView->document() != doc)
            viewDocument(doc, {}, tr("%1 (excluded)").arg(path));
        m_bundle->selectPath(path);
        if (line > 0)
            m_logView->setCurrentLine(doc->indexOfLineNumber(line));
        return true;
    }
    return false;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (!paths.isEmpty())
        openPaths(paths);
}

} // namespace gputriage
