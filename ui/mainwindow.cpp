#include "mainwindow.h"
#include "counted.h"
#include "settings.h"

#include "bookmarks.h"
#include "comparetab.h"
#include "engine/analyzer.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "jobprogress.h"
#include "librarywindow.h"
#include "limitsdialog.h"
#include "logview.h"
#include "messagebanner.h"
#include "palette.h"
#include "paths.h"
#include "pdfexport.h"
#include "report/reportwriter.h"
#include "rulesdock.h"
#include "text/logdocument.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gputriage {

namespace {

QString seconds(qint64 ms)
{
    return QLocale().toString(double(ms) / 1000.0, 'f', ms < 10000 ? 2 : 1);
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_controller(new AnalysisController(this))
    , m_workspace(new BundleWorkspace(m_controller, this))
    , m_stack(new QStackedWidget(this))
    , m_workTabs(new QTabWidget(this))
    , m_banner(new MessageBanner(this))
    , m_rulesDock(new RulesDock(this))
    , m_progress(new JobProgress([this] { return m_controller->jobState(); }, this))
    , m_statusTime(new QLabel(this))
{
    setWindowTitle(tr("GPU Triage"));
    setAcceptDrops(true);
    resize(1400, 820);
    connectController();
    layOut();

    for (QLabel *label : m_workspace->statusFields())
        statusBar()->addPermanentWidget(label);
    m_statusTime->setObjectName(QStringLiteral("statusTime"));
    statusBar()->addPermanentWidget(m_statusTime);
    statusBar()->addPermanentWidget(m_progress);
    createMenus();
    if (const QByteArray geometry = Settings::windowGeometry(); !geometry.isEmpty())
        restoreGeometry(geometry);

    const Preferences preferences = Settings::preferences();
    logView()->setFont(preferences.logFont);
    applyTheme(preferences.theme);
    m_controller->loadRules(preferences.ruleFolders);
}

// What the workspace and the controller tell the window.
void MainWindow::connectController()
{
    connect(m_workspace, &BundleWorkspace::notice, statusBar(), &QStatusBar::showMessage);
    connect(m_workspace, &BundleWorkspace::ruleRequested, m_rulesDock, &RulesDock::newRuleFromLine);
    connect(m_workspace, &BundleWorkspace::titleChanged, this,
            [this](const QString &title) { setWindowTitle(tr("%1 — GPU Triage").arg(title)); });
    connect(m_workspace, &BundleWorkspace::timelineShown, this, &MainWindow::timelineShown);
    connect(m_controller, &AnalysisController::timelineComplete, this,
            &MainWindow::timelineComplete);
    connect(m_workspace, &BundleWorkspace::firstScreenShown, this, [this] {
        m_firstScreenMs = m_controller->elapsedMs();
        Q_EMIT firstScreenShown();
    });
    connect(m_controller, &AnalysisController::busyChanged, m_progress, &JobProgress::setBusy);
    connect(m_progress, &JobProgress::cancelRequested, this, &MainWindow::cancelAnalysis);
    connect(m_controller, &AnalysisController::finished, this,
            [this](const ChartData &, const QString &notice) { bundleAnalysed(notice); });
    connect(m_controller, &AnalysisController::historyReady, this,
            [this](const HistoryAnswer &answer) {
                findingsPanel()->model()->setHistory(answer.findings);
                gpusPanel()->model()->setHistory(answer.boards);
                if (!answer.error.isEmpty())
                    m_banner->append(answer.error);
                Q_EMIT historyShown();
            });
    connect(m_controller, &AnalysisController::rulesLoaded, this,
            [this](const RuleSet &rules, const QStringList &errors) {
                m_rulesDock->setRules(rules, m_controller->ruleFolders());
                m_banner->setText(errors.isEmpty()
                                      ? QString()
                                      : tr("Some rules could not be loaded and are disabled:\n%1")
                                            .arg(errors.join(QLatin1Char('\n'))));
                statusBar()->showMessage(
                    tr("%1 loaded").arg(counted(rules.rules.size(), tr("rule"), tr("rules"))));
            });
}

// The welcome page or the bundle's page (the banner over the work tabs), and the rules dock.
void MainWindow::layOut()
{
    // The bundle, and comparisons with other bundles as closable tabs (the bar shows only
    // when there is one).
    m_workTabs->setObjectName(QStringLiteral("workTabs"));
    m_workTabs->setDocumentMode(true);
    m_workTabs->setTabsClosable(true);
    m_workTabs->tabBar()->setAutoHide(true);
    m_workTabs->addTab(m_workspace, tr("Bundle"));
    m_workTabs->tabBar()->setTabButton(0, QTabBar::RightSide, nullptr);
    m_workTabs->tabBar()->setTabButton(0, QTabBar::LeftSide, nullptr);
    connect(m_workTabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (index > 0)
            delete m_workTabs->widget(index);
    });
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_workTabs, 1);

    addDockWidget(Qt::BottomDockWidgetArea, m_rulesDock);
    m_rulesDock->hide();
    connect(m_rulesDock, &RulesDock::testRequested, m_controller, &AnalysisController::testRules);
    connect(m_controller, &AnalysisController::ruleTestReady, m_rulesDock, &RulesDock::showTest);
    connect(m_rulesDock, &RulesDock::rulesChanged, this, [this](const QString &notice) {
        m_controller->loadRules(m_controller->ruleFolders());
        statusBar()->showMessage(notice, 8000);
        m_controller->reanalyse(notice); // said again with the new result
    });
    connect(m_rulesDock, &RulesDock::lineActivated, this,
            [this](const QString &path, LineNumber line) { showDocument(path, line); });
    auto *welcome = new WelcomePage(this);
    connect(welcome, &WelcomePage::openRequested, this, [this] {
        if (const QStringList paths = chooseBundle(this, false); !paths.isEmpty())
            openPaths(paths);
    });
    connect(welcome, &WelcomePage::sampleRequested, this, &MainWindow::openSample);
    connect(welcome, &WelcomePage::pathsRequested, this, &MainWindow::openPaths);
    m_stack->addWidget(welcome);
    m_stack->addWidget(page);
    setCentralWidget(m_stack);
}

MainWindow::~MainWindow() = default;

void MainWindow::openPaths(const QStringList &paths)
{
    rememberRecentBundle(paths);
    fillRecentMenu(m_recentMenu, [this](const QStringList &paths) { openPaths(paths); });
    m_firstScreenMs = m_analysisMs = -1;
    m_stack->setCurrentIndex(1);
    m_statusTime->clear();
    m_banner->setText({}); // about the bundle before; this one's problems come with its result
    statusBar()->showMessage(tr("Analysing %1…").arg(paths.join(QLatin1String(", "))));
    setWindowTitle(tr("%1 — GPU Triage").arg(paths.join(QLatin1String(", "))));
    m_controller->open(paths);
}

void MainWindow::openSample()
{
    const QString sample = dataDir(QStringLiteral("sample"));
    if (sample.isEmpty())
        m_banner->setText(tr("The sample bundle is not installed."));
    else
        openPaths({sample});
}

void MainWindow::reload()
{
    m_controller->reanalyse(m_controller->isFollowing()
                                ? tr("following: analysed again as the files grew")
                                : tr("analysed again"));
}

void MainWindow::bundleAnalysed(const QString &notice)
{
    m_analysisMs = m_controller->elapsedMs();
    m_statusTime->setText(tr("Analysed in %1 s").arg(seconds(m_analysisMs)));
    const AnalysisResult &result = m_controller->result();
    m_banner->setText(m_controller->problemsText());
    statusBar()->showMessage(
        result.cancelled
            ? tr("Cancelled: %1 so far")
                  .arg(counted(result.findings.size(), tr("finding"), tr("findings")))
            : tr("%1 in %2")
                      .arg(counted(result.findings.size(), tr("finding"), tr("findings")),
                           counted(qint64(result.documents.size()), tr("file"), tr("files")))
                  + (notice.isEmpty() ? QString() : QStringLiteral(" — ") + notice));
    // The library's counts come later (AnalysisController::historyReady).
    findingsPanel()->model()->setHistory({});
    gpusPanel()->model()->setHistory({});
    Q_EMIT analysisFinished();
}

void MainWindow::cancelAnalysis()
{
    if (!m_controller->isBusy())
        return;
    m_controller->cancel();
    statusBar()->showMessage(tr("Cancelling…"));
}

bool MainWindow::isTimelineComplete() const
{
    const auto index = m_controller->timelineIndex();
    return index && index->isComplete() && !m_controller->isBusy();
}

size_t MainWindow::timelineIndexBytes() const
{
    const auto index = m_controller->timelineIndex();
    return index ? index->indexBytes() : 0;
}

std::pair<QString, LineNumber> MainWindow::timelineSource(LineNumber line) const
{
    const auto [doc, docLine] = m_controller->timelineSource(line);
    return {doc ? doc->path() : QString(), docLine};
}

void MainWindow::applyTheme(const QString &name)
{
    logView()->setThemeName(name);
    // The whole window follows the log's theme: a dark theme darkens the panels too.
    static const QPalette systemPalette = QApplication::palette();
    const QColor themeBase = logView()->themeBackground();
    QApplication::setPalette(themeBase.isValid() ? ViewPalette::forBase(themeBase).toQPalette()
                                                 : systemPalette);
}

void MainWindow::applyPreferences(const Preferences &preferences)
{
    logView()->setFont(preferences.logFont);
    applyTheme(preferences.theme);
    if (preferences.ruleFolders != m_controller->ruleFolders()) {
        m_controller->loadRules(preferences.ruleFolders);
        m_controller->reanalyse({}); // the findings depend on the rules
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_rulesDock->maybeSave()) {
        event->ignore();
        return;
    }
    cancelAnalysis();
    Settings::setWindowGeometry(saveGeometry());
    QMainWindow::closeEvent(event);
}

void MainWindow::newRuleFromCurrentLine()
{
    if (const QString line = m_workspace->currentSourceLine(); !line.isNull())
        m_rulesDock->newRuleFromLine(line);
    else
        statusBar()->showMessage(tr("Select a log line first"), 5000);
}

void MainWindow::chooseCompare()
{
    if (m_controller->documents().empty()) {
        m_banner->setText(tr("Open a bundle first; the comparison starts from it."));
        return;
    }
    QList<QStringList> recent = recentBundles();
    recent.removeAll(m_controller->paths());
    CompareBundleDialog dialog(recent, this);
    if (dialog.exec() == QDialog::Accepted && !dialog.paths().isEmpty())
        compareWith(dialog.paths());
}

void MainWindow::compareWith(const QStringList &other)
{
    if (m_controller->isBusy() || m_controller->paths().isEmpty())
        return;
    auto *tab = new CompareTab(m_workTabs);
    const QString name = QFileInfo(other.value(0)).fileName();
    m_workTabs->setCurrentIndex(m_workTabs->addTab(tab, tr("Compare: %1").arg(name)));
    m_workTabs->setTabToolTip(m_workTabs->indexOf(tab), other.join(QLatin1Char('\n')));
    connect(tab, &CompareTab::leftLineActivated, this,
            [this](const QString &path, LineNumber line) {
                m_workTabs->setCurrentIndex(0);
                showDocument(path, line);
            });
    connect(tab, &CompareTab::finished, this, [this, tab] { Q_EMIT comparisonShown(tab->html()); });
    tab->showAnalysing(AnalysisController::bundleName(m_controller->paths()), other);
    const quint64 id = m_controller->compareWith(other);
    connect(m_controller, &AnalysisController::comparisonReady, tab,
            [tab, id](quint64 ready, const std::shared_ptr<const BundleComparison> &comparison) {
                if (ready == id)
                    tab->setComparison(comparison);
            });
    connect(tab, &QObject::destroyed, m_controller,
            [controller = m_controller, id] { controller->discardComparison(id); });
}

void MainWindow::chooseExportFile()
{
    if (m_controller->documents().empty()) {
        m_banner->setText(tr("Open a bundle first; the report describes what is open."));
        return;
    }
    ExportDialog dialog(m_controller->result(), this);
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
    settings.format
        = reportFormatOfSuffix(QFileInfo(fileName).suffix()).value_or(ReportFormat::Html);
    return exportReport(fileName, settings);
}

bool MainWindow::exportReport(const QString &fileName, const ExportSettings &settings)
{
    const QString error = m_controller->writeReport(fileName, settings);
    m_banner->setText(error);
    return error.isEmpty();
}

void MainWindow::createMenus()
{
    auto add = [this](QMenu *menu, const QString &text, const char *name, const QKeySequence &key,
                      auto slot) {
        QAction *a = menu->addAction(text, this, slot);
        a->setObjectName(QString::fromLatin1(name));
        a->setShortcut(key);
        return a;
    };
    QMenu *file = menuBar()->addMenu(tr("&File"));
    auto choose = [this](bool folder) {
        if (const QStringList paths = chooseBundle(this, folder); !paths.isEmpty())
            openPaths(paths);
    };
    add(file, tr("&Open File…"), "actionOpen", QKeySequence::Open, [choose] { choose(false); });
    add(file, tr("Open &Folder…"), "actionOpenFolder", {}, [choose] { choose(true); });
    add(file, tr("Open &Sample Bundle"), "actionOpenSample", {}, [this] { openSample(); });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    fillRecentMenu(m_recentMenu, [this](const QStringList &paths) { openPaths(paths); });
    add(file, tr("&Compare with Another Bundle…"), "actionCompare", {},
        [this] { chooseCompare(); });
    add(file, tr("Re&load"), "actionReload", QKeySequence::Refresh, [this] { reload(); });
    add(file, tr("Case &Library…"), "actionLibrary", {}, [this] {
        auto *window = new LibraryWindow({}, this);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
    });
    file->addSeparator();
    add(file, tr("&Export Report…"), "actionExport", QKeySequence(Qt::CTRL | Qt::Key_E),
        [this] { chooseExportFile(); });
    file->addSeparator();
    add(file, tr("&Quit"), "actionQuit", QKeySequence::Quit,
        [] { QApplication::closeAllWindows(); });

    menuBar()->addMenu(tr("&Edit"))->addActions(m_workspace->editActions());
    menuBar()->addMenu(tr("&View"))->addActions(m_workspace->viewActions());

    QMenu *bookmarks = menuBar()->addMenu(tr("&Bookmarks"));
    const BookmarksPanel *panel = bookmarksPanel();
    bookmarks->addActions({panel->toggleAction(), panel->noteAction()});
    bookmarks->addSeparator();
    bookmarks->addActions({panel->nextAction(), panel->previousAction()});

    QMenu *rules = menuBar()->addMenu(tr("&Rules"));
    // The same shortcut shows and hides the rules dock.
    add(rules, tr("&Rules and Editor"), "actionRules",
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), [this] {
            if (m_rulesDock->isVisible() && !m_rulesDock->visibleRegion().isEmpty()) {
                m_rulesDock->hide();
                return;
            }
            m_rulesDock->show();
            m_rulesDock->raise();
        });
    QAction *newRule
        = add(rules, tr("&New Rule from Selected Line"), "actionNewRule",
              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), [this] { newRuleFromCurrentLine(); });
    // The view's own menu (Copy, Select All, Find) lists its actions after its own.
    logView()->addAction(newRule);

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    add(settings, tr("&Preferences…"), "actionPreferences", QKeySequence::Preferences, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        Settings::setPreferences(dialog.preferences());
        applyPreferences(dialog.preferences());
    });
    add(settings, tr("Bundle &Limits…"), "actionLimits", {}, [this] {
        LimitsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted)
            Settings::setLimits(dialog.limits());
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&Keyboard Shortcuts"), "actionShortcuts", QKeySequence(Qt::CTRL | Qt::Key_Slash),
        [this] {
            auto *dialog = new ShortcutsDialog(menuBar(), this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->show();
        });
    add(help, tr("&About GPU Triage"), "actionAbout", {}, [this] {
        QMessageBox::about(this, tr("About GPU Triage"),
                           tr("<b>GPU Triage %1</b><p>Finds known NVIDIA GPU conditions in log "
                              "bundles, explains them and links NVIDIA's documentation.</p>")
                               .arg(QStringLiteral(GPUTRIAGE_VERSION)));
    });
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
