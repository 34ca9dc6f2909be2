#include "bundleworkspace.h"
#include "counted.h"
#include "settings.h"

#include "analysiscontroller.h"
#include "bookmarks.h"
#include "bundletree.h"
#include "engine/analyzer.h"
#include "engine/timelineindex.h"
#include "factspanel.h"
#include "filterspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "highlighters.h"
#include "logview.h"
#include "notablepanel.h"
#include "searchbar.h"
#include "searchresults.h"
#include "source/bundlereader.h"
#include "source/sectionkind.h"
#include "text/logdocument.h"
#include "timechart.h"

#include <QAction>
#include <QActionGroup>
#include <QDateTime>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStringDecoder>
#include <QTabWidget>
#include <QTimeZone>
#include <QVBoxLayout>

namespace gputriage {

namespace {

LineNumber lastLineOf(const LogDocument &doc)
{
    return LineNumber(doc.lineCount() - 1);
}

// "2025-11-30 08:15", "2025-11-30T08:15:30.5Z", or "08:15[:30]" on the day of `day`; UTC.
std::optional<int64_t> parseGoToTime(QString text, std::optional<int64_t> day)
{
    text = text.trimmed();
    text.replace(QLatin1Char('T'), QLatin1Char(' '));
    if (text.endsWith(QLatin1Char('Z')))
        text.chop(1);
    for (const char *format :
         {"yyyy-MM-dd HH:mm:ss.zzz", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"}) {
        QDateTime when = QDateTime::fromString(text, QLatin1String(format));
        if (when.isValid()) {
            when.setTimeZone(QTimeZone::UTC);
            return when.toMSecsSinceEpoch() * 1000;
        }
    }
    for (const char *format : {"HH:mm:ss.zzz", "HH:mm:ss", "HH:mm"}) {
        const QTime time = QTime::fromString(text, QLatin1String(format));
        if (!time.isValid())
            continue;
        const QDate date = day ? QDateTime::fromMSecsSinceEpoch(*day / 1000, QTimeZone::UTC).date()
                               : QDate::currentDate();
        return QDateTime(date, time, QTimeZone::UTC).toMSecsSinceEpoch() * 1000;
    }
    return std::nullopt;
}

// The timeline's source column: each file's short name, and a long bug-report section title
// by its kind ("Kernel log"), numbered when several share one; the whole name is in the tooltip.
QStringList timelineLabels(const TimelineIndex &index)
{
    QStringList labels = index.labels();
    QHash<QString, int> taken;
    for (qsizetype d = 0; d < labels.size(); ++d) {
        const SectionKind kind = sectionKind(index.documents()[size_t(d)]->path());
        if (labels[d].size() <= 20 || kind == SectionKind::Log)
            continue;
        const QString name = sectionKindName(kind);
        const int n = ++taken[name];
        labels[d] = n == 1 ? name : QStringLiteral("%1 %2").arg(name).arg(n);
    }
    return labels;
}

} // namespace

namespace {
constexpr qint64 kPreviewBytes = 2 << 20; // shown at once while the whole input is read
} // namespace

BundleWorkspace::BundleWorkspace(AnalysisController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_bundle(new BundleTree(this))
    , m_logView(new LogView(this))
    , m_search(new SearchBar(m_logView, this))
    , m_sideTabs(new QTabWidget(this))
    , m_findings(new FindingsPanel(this))
    , m_facts(new FactsPanel(this))
    , m_gpus(new GpusPanel(this))
    , m_notable(new NotablePanel(this))
    , m_searchResults(new SearchResultsPanel(this))
    , m_hitsPane(new HitsPane(this))
    , m_bookmarks(new BookmarksPanel(this))
    , m_filters(new FiltersPanel(m_logView, this))
    , m_chart(new TimeChart(this))
    , m_statusFile(new QLabel(this))
    , m_statusPosition(new QLabel(this))
    , m_statusFormat(new QLabel(this))
{
    addSidePanels();
    connectBookmarksAndSearch();
    layOut();
    connectLogView();
    connectHitsPane();
    createActions();

    connect(m_controller, &AnalysisController::started, this, &BundleWorkspace::bundleStarted);
    connect(m_controller, &AnalysisController::finished, this, &BundleWorkspace::bundleAnalysed);
    connect(m_controller, &AnalysisController::timelineReady, this, &BundleWorkspace::showTimeline);
    connect(m_controller, &AnalysisController::timelineGrew, this, &BundleWorkspace::timelineGrew);
    connect(m_controller, &AnalysisController::timelineCancelled, this,
            [this] { Q_EMIT notice(tr("Timeline cancelled"), 5000); });
}

// The side tabs and what their panels ask of the workspace.
void BundleWorkspace::addSidePanels()
{
    auto showLine = [this](const QString &path, LineNumber line) {
        showDocument(path, line);
    };
    connect(m_bundle, &BundleTree::entrySelected, this,
            [this](const QString &path) { showDocument(path); });
    connect(m_bundle, &BundleTree::exclusionRequested, m_controller,
            &AnalysisController::setExcluded);
    connect(m_findings, &FindingsPanel::occurrenceShown, this,
            [this](const QString &title, int number, int count) {
                // Short enough that the status bar's file and line labels leave room for it.
                const QString shown = fontMetrics().elidedText(
                    title, Qt::ElideRight, fontMetrics().averageCharWidth() * 36);
                Q_EMIT notice(tr("Occurrence %1 of %2 of \u201c%3\u201d (F8 / Shift+F8)")
                                  .arg(number)
                                  .arg(count)
                                  .arg(shown),
                              0);
            });
    // The findings list can follow the file shown (not the merged timeline).
    connect(m_logView, &LogView::documentChanged, this, [this] {
        const auto doc = m_logView->document();
        m_findings->setFileFilter(doc && !isTimelineShown() ? doc->path() : QString());
    });
    connect(m_findings, &FindingsPanel::occurrenceActivated, this, showLine);
    connect(m_facts, &FactsPanel::sourceActivated, this, showLine);
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->addTab(m_findings, tr("Findings"));
    m_sideTabs->addTab(m_gpus, tr("GPUs"));
    m_sideTabs->addTab(m_facts, tr("Bundle facts"));
    // A GPU selected in the GPUs tab narrows the findings to it; the node row shows them all.
    connect(m_gpus, &GpusPanel::gpuSelected, this, [this](const QString &bus) {
        const AnalysisResult &result = m_controller->result();
        m_findings->setFindings(findingsOfGpu(result.findings, result.gpus, bus));
        m_sideTabs->setTabText(m_sideTabs->indexOf(m_findings),
                               bus.isEmpty() ? tr("Findings") : tr("Findings (GPU %1)").arg(bus));
    });
    // A double-click on a GPU shows its findings (the filter above), not the GPUs tab again.
    connect(m_gpus, &QTreeView::activated, this, [this](const QModelIndex &index) {
        m_gpus->setCurrentIndex(index);
        m_sideTabs->setCurrentWidget(m_findings);
    });
    m_sideTabs->addTab(m_notable, tr("Other messages"));
    connect(m_chart, &TimeChart::pointActivated, this, showLine);
    auto *chartScroll = new QScrollArea(this);
    chartScroll->setWidget(m_chart);
    chartScroll->setWidgetResizable(true);
    m_sideTabs->addTab(chartScroll, tr("Time chart"));
    m_sideTabs->addTab(m_searchResults, tr("Search"));
    connect(m_searchResults, &SearchResultsPanel::lineActivated, this, showLine);
    m_sideTabs->addTab(m_bookmarks, tr("Bookmarks"));
    m_sideTabs->addTab(m_filters, tr("Filters"));
}

void BundleWorkspace::connectBookmarksAndSearch()
{
    auto showLine = [this](const QString &path, LineNumber line) {
        showDocument(path, line);
    };
    connect(m_bookmarks, &BookmarksPanel::lineActivated, this, showLine);
    connect(m_bookmarks, &BookmarksPanel::showRequested, this, [this] {
        m_sideTabs->show();
        m_sideTabs->setCurrentWidget(m_bookmarks);
    });
    connect(m_bookmarks, &BookmarksPanel::notice, this,
            [this](const QString &text) { Q_EMIT notice(text, 5000); });
    connect(m_bookmarks->model(), &BookmarksModel::bookmarksChanged, this, [this] {
        const QList<Bookmark> bookmarks = m_bookmarks->model()->bookmarks();
        m_controller->setBookmarks(bookmarks); // for the report
        m_sideTabs->setTabText(m_sideTabs->indexOf(m_bookmarks),
                               bookmarks.isEmpty() ? tr("Bookmarks")
                                                   : tr("Bookmarks (%1)").arg(bookmarks.size()));
        m_logView->viewport()->update();
    });
    m_bookmarks->setCurrentLineProvider([this]() -> std::optional<Bookmark> {
        const auto [doc, line] = lineSource(m_logView->currentLine());
        if (!doc)
            return std::nullopt;
        return Bookmark{doc->path(), doc->lineNumber(line), doc->lineText(line).left(1000)};
    });
    m_logView->setBookmarkTest([this](LineNumber line) {
        const auto [doc, docLine] = lineSource(line);
        return doc && m_bookmarks->model()->isBookmarked(doc->path(), doc->lineNumber(docLine));
    });
    connect(m_search, &SearchBar::searchAllFiles, this, &BundleWorkspace::searchAllFiles);
    connect(m_logView, &LogView::findRequested, this, [this](const QString &text, bool all) {
        m_search->find(text);
        if (all)
            searchAllFiles(m_search->query());
    });
    connect(m_notable, &NotablePanel::exampleActivated, this, showLine);
    connect(m_notable, &NotablePanel::ruleRequested, this, &BundleWorkspace::ruleRequested);
}

// The file tree, the log view over its search bar, the side tabs.
void BundleWorkspace::layOut()
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_bundle);
    // The text over its search bar, and under them the search's hit lines (klogg's way).
    auto *centre = new QSplitter(Qt::Vertical, this);
    centre->setObjectName(QStringLiteral("textAndHits"));
    auto *text = new QWidget(centre);
    auto *textLayout = new QVBoxLayout(text);
    textLayout->setContentsMargins(0, 0, 0, 0);
    textLayout->setSpacing(0);
    textLayout->addWidget(m_logView, 1);
    textLayout->addWidget(m_search);
    centre->addWidget(text);
    centre->addWidget(m_hitsPane);
    centre->setStretchFactor(0, 3);
    centre->setStretchFactor(1, 1);
    centre->setChildrenCollapsible(false);
    splitter->addWidget(centre);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 2);
    splitter->setSizes({300, 760, 440});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

// The hit lines under the text follow the search bar, and the text and they follow each other.
void BundleWorkspace::connectHitsPane()
{
    connect(m_search, &SearchBar::searchFinished, this, &BundleWorkspace::updateHitsPane);
    connect(m_search, &SearchBar::closed, this, &BundleWorkspace::updateHitsPane);
    connect(m_hitsPane, &HitsPane::lineActivated, this,
            [this](LineNumber line) { m_logView->setCurrentLine(line); });
    connect(m_logView, &LogView::currentLineChanged, m_hitsPane, [this](LineNumber line) {
        if (m_hitsPane->isVisible())
            m_hitsPane->followLine(line);
    });
}

void BundleWorkspace::updateHitsPane()
{
    const bool shown
        = Settings::showHitsPane() && !m_search->isHidden() && !m_search->input()->text().isEmpty();
    m_hitsPane->setHits(m_logView->document(), shown ? m_search->hits() : std::vector<LineNumber>(),
                        m_search->query());
    m_hitsPane->setVisible(shown);
    if (shown)
        m_hitsPane->followLine(m_logView->currentLine().value_or(LineNumber(0)));
}

// The status fields and what the log view tells the workspace.
void BundleWorkspace::connectLogView()
{
    m_statusFile->setObjectName(QStringLiteral("statusFile"));
    m_statusFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statusPosition->setObjectName(QStringLiteral("statusPosition"));
    m_statusFormat->setObjectName(QStringLiteral("statusFormat"));
    connect(m_logView, &LogView::currentLineChanged, this, [this] {
        m_previewMoved = m_controller->isBusy();
        updateStatusFields();
    });
    connect(m_logView->verticalScrollBar(), &QScrollBar::sliderMoved, this,
            [this] { m_previewMoved = m_controller->isBusy(); });
    connect(m_logView, &LogView::documentChanged, this, &BundleWorkspace::updateStatusFields);
    m_logView->setLineActivator([this](LineNumber line) {
        if (!isTimelineShown())
            return false;
        const auto [doc, docLine] = lineSource(line);
        return doc
               && showDocument(doc->path(), LineNumber::fromDisplayed(doc->lineNumber(docLine)));
    });
    connect(m_logView, &LogView::notice, this,
            [this](const QString &text) { Q_EMIT notice(text, 5000); });
    connect(m_logView, &LogView::documentPainted, this, [this] {
        if (!m_firstScreen && m_controller->elapsedMs() >= 0) {
            m_firstScreen = true;
            Q_EMIT firstScreenShown();
        }
    });
}

BundleWorkspace::~BundleWorkspace() = default;

QList<QLabel *> BundleWorkspace::statusFields() const
{
    return {m_statusFile, m_statusPosition, m_statusFormat};
}

namespace {

// The actions of the menus, owned by and acting in the context of `owner`.
template<typename Slot>
QAction *action(QObject *owner,
                QList<QAction *> &list,
                const QString &text,
                const char *name,
                const QKeySequence &key,
                Slot slot)
{
    auto *a = new QAction(text, owner);
    a->setObjectName(QString::fromLatin1(name));
    a->setShortcut(key);
    QObject::connect(a, &QAction::triggered, owner, slot);
    list << a;
    return a;
}

void separator(QObject *owner, QList<QAction *> &list)
{
    auto *a = new QAction(owner);
    a->setSeparator(true);
    list << a;
}

template<typename Slot>
QAction *toggle(QObject *owner,
                QList<QAction *> &list,
                const QString &text,
                const char *name,
                const QKeySequence &key,
                bool on,
                Slot slot)
{
    auto *a = new QAction(text, owner);
    a->setObjectName(QString::fromLatin1(name));
    a->setShortcut(key);
    a->setCheckable(true);
    a->setChecked(on);
    QObject::connect(a, &QAction::toggled, owner, slot);
    list << a;
    return a;
}

} // namespace

void BundleWorkspace::createActions()
{
    createEditActions();
    createGoToActions();
    createViewToggles();
    createEncodingMenu();
    m_logView->addActions({m_bookmarks->toggleAction(), m_bookmarks->noteAction()});
    for (QAction *a : m_editActions + m_viewActions)
        addAction(a); // the shortcuts work without the menus too
}

void BundleWorkspace::createEditActions()
{
    // Copy and Select All act on the log view; their shortcuts belong to the focused widget
    // (the findings list copies a finding as Markdown), so the menu only shows them.
    auto &edit = m_editActions;
    action(this, edit, tr("&Copy"), "actionCopy", QKeySequence::Copy, [this] {
        m_logView->copy();
    })->setShortcutContext(Qt::WidgetShortcut);
    action(this, edit, tr("Select &All"), "actionSelectAll", QKeySequence::SelectAll, [this] {
        m_logView->selectAll();
    })->setShortcutContext(Qt::WidgetShortcut);
    separator(this, edit);
    action(this, edit, tr("&Find…"), "actionFind", QKeySequence::Find,
           [this] { m_search->activate(); });
    action(this, edit, tr("Find Ne&xt"), "actionFindNext", QKeySequence::FindNext,
           [this] { m_search->next(); });
    action(this, edit, tr("Find Pre&vious"), "actionFindPrevious", QKeySequence::FindPrevious,
           [this] { m_search->previous(); });
    action(this, edit, tr("Search All &Files…"), "actionSearchAllFiles",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G), [this] {
               if (m_search->isHidden() || m_search->input()->text().isEmpty())
                   m_search->activate();
               else
                   searchAllFiles(m_search->query());
           });
}

void BundleWorkspace::createGoToActions()
{
    auto &view = m_viewActions;
    action(this, view, tr("&Go to Line…"), "actionGoToLine", QKeySequence(Qt::CTRL | Qt::Key_G),
           [this] { goToLine(); });
    // lnav's :goto with a time: in the timeline the first line at or after it, in a file the
    // first line dated at or after it. A time without a date takes the current line's date.
    action(this, view, tr("Go to &Time…"), "actionGoToTime",
           QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_G), [this] { goToTime(); });
    action(this, view, tr("&Next Occurrence"), "actionNextOccurrence", QKeySequence(Qt::Key_F8),
           [this] { m_findings->showOccurrence(+1); });
    action(this, view, tr("&Previous Occurrence"), "actionPreviousOccurrence",
           QKeySequence(Qt::SHIFT | Qt::Key_F8), [this] { m_findings->showOccurrence(-1); });
    // lnav's habit: step through the lines that matter, here those a rule marked warning or
    // worse, across the whole file.
    auto problemLine = [this](int delta) {
        const std::optional<LineNumber> line
            = m_logView->nextMarkedLine(m_logView->currentLine(), delta, Severity::Warning);
        if (!line)
            Q_EMIT notice(tr("No line in this file is marked warning or worse"), 5000);
        else
            m_logView->setCurrentLine(*line);
    };
    action(this, view, tr("Next &Problem Line"), "actionNextProblem", QKeySequence(Qt::Key_F4),
           [problemLine] { problemLine(+1); });
    action(this, view, tr("Previous Problem Line"), "actionPreviousProblem",
           QKeySequence(Qt::SHIFT | Qt::Key_F4), [problemLine] { problemLine(-1); });
    action(this, view, tr("&Timeline of All Files"), "actionTimeline",
           QKeySequence(Qt::CTRL | Qt::Key_T), [this] { showTimeline(); });
}

void BundleWorkspace::goToLine()
{
    const auto doc = m_logView->document();
    if (!doc || doc->lineCount() == 0)
        return;
    const int first = doc->lineNumber(0), last = doc->lineNumber(doc->lineCount() - 1);
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("goToLineDialog"));
    dialog.setWindowTitle(tr("Go to Line"));
    dialog.setLabelText(
        tr("Line number (%1 to %2):").arg(QLocale().toString(first), QLocale().toString(last)));
    dialog.setInputMode(QInputDialog::IntInput);
    dialog.setIntRange(first, last);
    dialog.setIntValue(doc->lineNumber(m_logView->currentLine().value_or(LineNumber(0))));
    // Wide enough for its title with the application's name the window manager adds.
    dialog.setMinimumWidth(
        dialog.fontMetrics().horizontalAdvance(dialog.windowTitle() + QStringLiteral(" — ")
                                               + QGuiApplication::applicationDisplayName())
        + 160);
    if (dialog.exec() == QDialog::Accepted)
        m_logView->setCurrentLine(doc->lineOfNumber(dialog.intValue()));
}

void BundleWorkspace::goToTime()
{
    const auto doc = m_logView->document();
    if (!doc || doc->lineCount() == 0)
        return;
    const auto index = isTimelineShown() ? m_controller->timelineIndex() : nullptr;
    const LineNumber current = m_logView->currentLine().value_or(LineNumber(0));
    std::optional<int64_t> here;
    if (index)
        here = index->timeOf(current.get());
    else // the current line's time, or of a line above it
        for (LineNumber line = current;
             line >= LineNumber(0) && !here && current - line < LinesCount(10000); --line)
            here = m_controller->result().clock.timeOf(doc->path(), doc->lineNumber(line),
                                                       doc->line(line));
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("goToTimeDialog"));
    dialog.setWindowTitle(tr("Go to Time"));
    dialog.setLabelText(tr("Date and time (UTC), or a time on the current line's day:"));
    dialog.setTextValue(here ? formatTime(*here).left(19) : QString());
    dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(dialog.labelText()) + 60);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const auto target = parseGoToTime(dialog.textValue(), here);
    if (!target) {
        Q_EMIT notice(
            tr("Not a time: %1 (try 2025-11-30 08:15 or 08:15:30)").arg(dialog.textValue()), 5000);
        return;
    }
    std::optional<LineNumber> line;
    if (index) {
        line = LineNumber(std::min(index->rowAtTime(*target), doc->lineCount() - 1));
    } else {
        for (LineNumber i(0); i.get() < doc->lineCount() && !line; ++i)
            if (const auto t = m_controller->result().clock.timeOf(doc->path(), doc->lineNumber(i),
                                                                   doc->line(i));
                t && *t >= *target)
                line = i;
    }
    if (!line || *line < LineNumber(0)) {
        Q_EMIT notice(tr("No line at or after %1").arg(formatTime(*target)), 5000);
        return;
    }
    m_logView->setCurrentLine(*line);
}

void BundleWorkspace::createViewToggles()
{
    auto &view = m_viewActions;
    separator(this, view);
    toggle(this, view, tr("&Hide Line Prefixes"), "actionHidePrefixes",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), Settings::hidePrefixes(),
           [this](bool on) {
               m_logView->setHidePrefixes(on);
               Settings::setHidePrefixes(on);
           })
        ->setToolTip(tr("Show each line's message without its timestamp, host and process "
                        "prefix (in the line's tooltip)"));
    m_logView->setHidePrefixes(view.back()->isChecked());
    toggle(this, view, tr("&Wrap Long Lines"), "actionWrap", QKeySequence(Qt::ALT | Qt::Key_Z),
           Settings::wrapLines(),
           [this](bool on) {
               m_logView->setWrap(on);
               Settings::setWrapLines(on);
           })
        ->setToolTip(tr("Show lines longer than the view on several rows"));
    m_logView->setWrap(view.back()->isChecked());
    toggle(this, view, tr("Show Search &Hits Under the Text"), "actionShowHitsPane",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_3), Settings::showHitsPane(),
           [this](bool on) {
               Settings::setShowHitsPane(on);
               updateHitsPane();
           })
        ->setToolTip(tr("While searching, list the open file's hit lines under it; a click "
                        "goes to the line"));
    toggle(this, view, tr("Show File &Tree"), "actionShowTree",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_1), true,
           [this](bool on) { m_bundle->setVisible(on); });
    toggle(this, view, tr("Show Side &Panel"), "actionShowSidePanel",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_2), true,
           [this](bool on) { m_sideTabs->setVisible(on); });
    QAction *follow
        = toggle(this, view, tr("&Follow Files"), "actionFollow", QKeySequence(Qt::Key_F10), false,
                 [this](bool on) {
                     m_controller->setFollowing(on);
                     if (!on) {
                         Q_EMIT notice(tr("No longer following the files"), 5000);
                         return;
                     }
                     if (const auto doc = m_logView->document(); doc && doc->lineCount() > 0)
                         m_logView->setCurrentLine(lastLineOf(*doc));
                     Q_EMIT notice(tr("Following the files: new lines are analysed as "
                                      "they come (F10 stops)"),
                                   5000);
                 });
    follow->setToolTip(tr("Analyse the bundle again as its files grow and show the end of the "
                          "file (tail -f)"));
    connect(m_controller, &AnalysisController::started, follow, [this, follow] {
        const QSignalBlocker blocker(follow); // a new bundle is not followed
        follow->setChecked(m_controller->isFollowing());
    });
    action(this, view, tr("High&lighters…"), "actionHighlighters",
           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), [this] {
               HighlightersDialog dialog(Settings::highlighters(), this);
               if (dialog.exec() != QDialog::Accepted)
                   return;
               Settings::setHighlighters(dialog.highlighters());
               m_logView->setHighlighters(compileHighlighters(dialog.highlighters()));
           });
    m_logView->setHighlighters(compileHighlighters(Settings::highlighters()));
    separator(this, view);
    m_onlyFindings = toggle(this, view, tr("Only Lines with &Findings"), "actionOnlyFindings",
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), false, [this](bool on) {
                                if (on)
                                    m_logView->setLineFilter(m_logView->markedLines(),
                                                             LogView::FilterOwner::Findings);
                                else if (m_logView->filterOwner() == LogView::FilterOwner::Findings)
                                    m_logView->setLineFilter(std::nullopt);
                            });
    m_onlyFindings->setToolTip(tr("Hide the lines no rule matched"));
    connect(m_logView, &LogView::filterChanged, this, [this] {
        if (m_logView->filterOwner() != LogView::FilterOwner::Findings) {
            const QSignalBlocker blocker(m_onlyFindings);
            m_onlyFindings->setChecked(false);
        }
    });
}

// View > Encoding: the open file decoded again as chosen (kept per file for the session).
void BundleWorkspace::createEncodingMenu()
{
    auto *encodings = new QMenu(tr("&Encoding"), this);
    encodings->menuAction()->setObjectName(QStringLiteral("menuEncoding"));
    auto *encodingGroup = new QActionGroup(encodings);
    const std::pair<QString, QString> choices[] = {
        {QString(), tr("&Auto (as detected)")},
        {QStringLiteral("utf-8"), tr("&UTF-8")},
        {QStringLiteral("latin-1"), tr("&Latin-1 (ISO 8859-1)")},
        {QStringLiteral("windows-1252"), tr("&Windows-1252")},
        {QStringLiteral("utf-16le"), tr("UTF-16 L&E")},
        {QStringLiteral("utf-16be"), tr("UTF-16 &BE")},
    };
    for (const auto &[name, label] : choices) {
        if (!name.isEmpty() && !QStringDecoder(name.toLatin1().constData()).isValid())
            continue; // Qt built without the codec
        QAction *a = encodings->addAction(label);
        a->setObjectName(name.isEmpty() ? QStringLiteral("actionEncodingAuto")
                                        : QStringLiteral("actionEncoding-%1").arg(name));
        a->setData(name);
        a->setCheckable(true);
        a->setChecked(name.isEmpty());
        encodingGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, name] { setEncoding(name); });
    }
    connect(m_logView, &LogView::documentChanged, encodings, [this, encodingGroup, encodings] {
        const auto doc = m_logView->document();
        encodings->setEnabled(doc && !doc->lineSource());
        const auto chosen = doc ? m_encodings.find(doc->path()) : m_encodings.end();
        const QString name = chosen == m_encodings.end() ? QString() : chosen->second;
        for (QAction *a : encodingGroup->actions())
            if (a->data().toString() == name)
                a->setChecked(true);
    });
    m_viewActions.append(encodings->menuAction());
}

void BundleWorkspace::bundleStarted(const QStringList &paths, bool samePaths)
{
    // The same bundle again (rules changed): come back to the file and place being read.
    savePlace();
    const auto shown = m_logView->document();
    m_reopenedPath = samePaths && shown ? shown->path() : QString();
    if (!samePaths) {
        m_places.clear();
        m_encodings.clear();
        m_bookmarks->setBundle(paths);
        m_sideTabs->setCurrentWidget(m_findings); // another bundle starts with its findings
        // Nothing of the bundle before stays beside the one being read.
        m_findings->setFindings({});
        m_bundle->setEntries({});
        m_facts->setFacts({});
        m_gpus->setGpus({});
        m_notable->setTemplates({}, 0);
        m_sideTabs->setTabText(m_sideTabs->indexOf(m_notable), tr("Other messages"));
        m_chart->setData({});
    }
    m_firstScreen = false;
    m_searchResults->clear();
    if (!samePaths)
        m_logView->setDocument(nullptr); // the bundle before's: its preview, if any, replaces it
    showPreview(paths);
}

void BundleWorkspace::showPreview(const QStringList &paths)
{
    // One plain file: its first screen is shown at once, before it is read to the end. Not a
    // file of size 0: /proc/kmsg and its kind would block the window (the reader takes those).
    const QFileInfo info(paths.value(0));
    if (paths.size() != 1 || !info.isFile() || info.size() == 0)
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
}

void BundleWorkspace::bundleAnalysed(const ChartData &chart)
{
    // Where the reader was in the preview, to stay there.
    const auto preview = m_logView->document();
    const Place previewPlace{m_logView->firstVisibleLine(), m_logView->currentLine()};
    const bool keepPlace = preview && m_previewMoved;
    const AnalysisResult &result = m_controller->result();
    const auto &docs = m_controller->documents();

    QList<BundleTree::Entry> entries;
    QString firstWithHits;
    const auto hits = result.hitsPerInput();
    for (size_t i = 0; i < docs.size(); ++i) {
        BundleTree::Entry e;
        e.path = docs[i]->path();
        e.label = i < size_t(result.inputs.size()) ? result.inputs[qsizetype(i)].label : QString();
        if (i < hits.size()) {
            e.hits = hits[i].hits;
            e.worst = hits[i].worst;
        }
        if (e.hits && firstWithHits.isEmpty())
            firstWithHits = e.path;
        entries.append(e);
    }
    for (const auto &doc : m_controller->excludedDocuments())
        entries.append(BundleTree::Entry{.path = doc->path(), .excluded = true});
    m_bundle->setEntries(entries, QString::fromLatin1(AnalysisController::kTimelinePath));
    m_facts->setFacts(result.facts);
    m_gpus->setGpus(result.gpus);
    m_sideTabs->setTabText(m_sideTabs->indexOf(m_findings), tr("Findings"));
    m_notable->setTemplates(result.unmatched, result.unmatchedLines);
    m_chart->setData(chart);
    m_sideTabs->setTabText(m_sideTabs->indexOf(m_notable),
                           result.unmatched.isEmpty()
                               ? tr("Other messages")
                               : tr("Other messages (%1)").arg(result.unmatched.size()));
    m_findings->setFindings(result.findings);

    if (!m_reopenedPath.isEmpty() && showDocument(m_reopenedPath)) {
        // showDocument() put the place back
    } else if (keepPlace && showDocument(preview->path())) {
        const auto whole = m_logView->document();
        // At the preview's last line (Ctrl+End while the file was read): the file's last line.
        if (previewPlace.current == lastLineOf(*preview)
            && whole->lineCount() > preview->lineCount())
            m_logView->setCurrentLine(lastLineOf(*whole));
        else
            goBackTo(previewPlace);
    } else if (const Finding *top = m_findings->model()->finding(m_findings->model()->index(0, 0));
               top && !top->occurrences.isEmpty()) {
        const Occurrence &o = top->occurrences.front();
        showDocument(o.path, LineNumber::fromDisplayed(o.line));
    } else if (!docs.empty()) {
        showDocument(firstWithHits.isEmpty() ? docs.front()->path() : firstWithHits);
    } else {
        m_logView->setDocument(nullptr);
    }
    if (m_controller->isFollowing())
        if (const auto doc = m_logView->document(); doc && doc->lineCount() > 0)
            m_logView->setCurrentLine(lastLineOf(*doc));
    updateStatusFields();
}

void BundleWorkspace::searchAllFiles(const SearchQuery &query)
{
    if (query.text.isEmpty() || m_controller->documents().empty())
        return;
    m_sideTabs->setCurrentWidget(m_searchResults);
    m_searchResults->search(m_controller->documents(), query);
}

QString BundleWorkspace::currentSourceLine() const
{
    // In the timeline: the line as its file has it, without the timeline's columns.
    const auto [doc, line] = lineSource(m_logView->currentLine());
    return doc ? doc->lineText(line) : QString();
}

bool BundleWorkspace::isTimelineShown() const
{
    const auto &timeline = m_controller->timelineDocument();
    return timeline && m_logView->document() == timeline;
}

std::pair<std::shared_ptr<const LogDocument>, LineNumber>
BundleWorkspace::lineSource(std::optional<LineNumber> line) const
{
    const auto doc = m_logView->document();
    if (!doc || !line || *line < LineNumber(0) || line->get() >= doc->lineCount())
        return {};
    if (!isTimelineShown())
        return {doc, *line};
    return m_controller->timelineSource(*line);
}

void BundleWorkspace::goBackTo(const Place &place)
{
    if (place.current)
        m_logView->setCurrentLine(*place.current);
    m_logView->scrollToLine(place.top.value_or(LineNumber(0)));
}

void BundleWorkspace::savePlace()
{
    // Only a document of the bundle analysed (not a preview, not a bundle being replaced).
    const auto doc = m_logView->document();
    const auto &docs = m_controller->documents();
    if (doc
        && (doc == m_controller->timelineDocument()
            || std::find(docs.begin(), docs.end(), doc) != docs.end()))
        m_places[doc->path()] = {m_logView->firstVisibleLine(), m_logView->currentLine()};
}

void BundleWorkspace::viewDocument(const std::shared_ptr<const LogDocument> &doc,
                                   const std::vector<LineMatch> &matches,
                                   const QString &title)
{
    savePlace(); // to come back to it
    m_logView->setDocument(doc);
    m_logView->setMatches(matches);
    if (m_onlyFindings->isChecked())
        m_logView->setLineFilter(m_logView->markedLines(), LogView::FilterOwner::Findings);
    Q_EMIT titleChanged(title);
}

void BundleWorkspace::showTimeline()
{
    const auto &timeline = m_controller->timelineDocument();
    if (!timeline) {
        if (!m_controller->documents().empty() && !m_controller->isBusy()) {
            Q_EMIT notice(tr("Ordering the bundle's lines by time…"), 0);
            m_controller->buildTimeline(); // timelineReady() comes back here
        }
        return;
    }
    if (m_logView->document() != timeline) {
        const auto index = m_controller->timelineIndex();
        viewDocument(timeline, index->isComplete() ? index->matches() : std::vector<LineMatch>(),
                     tr("Timeline"));
        m_logView->setLineColumns([index, labels = timelineLabels(*index)](
                                      LineNumber line) -> std::pair<QString, QString> {
            const auto time = index->ownTimeOf(line.get());
            const TimelineIndex::Ref ref = index->ref(line.get());
            const auto &doc = index->documents()[ref.doc];
            return {time ? formatTime(*time).mid(5, 18) : QString(),
                    QStringLiteral("%1:%2")
                        .arg(labels[qsizetype(ref.doc)])
                        .arg(doc->lineNumber(int(ref.line)))};
        });
        if (const auto place = m_places.find(timeline->path()); place != m_places.end())
            goBackTo(place->second);
        Q_EMIT notice(index->note(), 0);
    }
    m_bundle->selectPath(QString::fromLatin1(AnalysisController::kTimelinePath));
    Q_EMIT timelineShown();
}

void BundleWorkspace::timelineGrew()
{
    if (!isTimelineShown())
        return;
    m_logView->linesAdded();
    const auto index = m_controller->timelineIndex();
    if (index->isComplete()) {
        m_logView->setMatches(index->matches());
        if (m_onlyFindings->isChecked())
            m_logView->setLineFilter(m_logView->markedLines(), LogView::FilterOwner::Findings);
        if (!m_filters->filters().empty())
            m_filters->apply();
    }
    Q_EMIT notice(index->note(), 0);
    updateStatusFields();
}

bool BundleWorkspace::showDocument(const QString &path, std::optional<LineNumber> line)
{
    if (line && *line < LineNumber(0))
        line.reset(); // a source without a line (numbered 0): where the reader was
    if (path == QLatin1String(AnalysisController::kTimelinePath)) {
        showTimeline();
        return true;
    }
    const auto &docs = m_controller->documents();
    const auto &matches = m_controller->result().matches;
    for (size_t i = 0; i < docs.size(); ++i) {
        if (docs[i]->path() != path)
            continue;
        const auto shown = decodedDocument(docs[i]);
        const bool switched = m_logView->document() != shown;
        // A file decoded otherwise keeps its marks only while its lines stay the same.
        if (switched)
            viewDocument(shown,
                         i < matches.size() && shown->lineCount() == docs[i]->lineCount()
                             ? matches[i]
                             : std::vector<LineMatch>(),
                         path);
        m_bundle->selectPath(path);
        if (line) {
            m_logView->setCurrentLine(docs[i]->lineOfNumber(line->displayed()));
        } else if (const auto place = m_places.find(path); switched && place != m_places.end()) {
            goBackTo(place->second); // back in a file: where the reader was in it
        }
        return true;
    }
    for (const auto &excluded : m_controller->excludedDocuments()) { // no rule ran on it
        if (excluded->path() != path)
            continue;
        const auto doc = decodedDocument(excluded);
        if (m_logView->document() != doc)
            viewDocument(doc, {}, tr("%1 (excluded)").arg(path));
        m_bundle->selectPath(path);
        if (line)
            m_logView->setCurrentLine(doc->lineOfNumber(line->displayed()));
        return true;
    }
    return false;
}

std::shared_ptr<const LogDocument>
BundleWorkspace::decodedDocument(const std::shared_ptr<const LogDocument> &doc)
{
    const auto chosen = m_encodings.find(doc->path());
    if (chosen == m_encodings.end())
        return doc;
    if (m_recodedFrom != doc || !m_recoded || m_recoded->encoding() != chosen->second) {
        m_recoded = LogDocument::decodedAs(doc, chosen->second);
        m_recodedFrom = doc;
    }
    return m_recoded ? m_recoded : doc;
}

void BundleWorkspace::setEncoding(const QString &encoding)
{
    const auto doc = m_logView->document();
    if (!doc || doc->lineSource())
        return;
    const QString path = doc->path();
    if (encoding.isEmpty())
        m_encodings.erase(path);
    else
        m_encodings[path] = encoding;
    const int number = doc->lineNumber(m_logView->currentLine().value_or(LineNumber(0)));
    const std::optional<LineNumber> top = m_logView->firstVisibleLine();
    if (showDocument(path)) {
        const auto shown = m_logView->document();
        m_logView->setCurrentLine(std::clamp(shown->lineOfNumber(number), LineNumber(0),
                                             std::max(LineNumber(0), lastLineOf(*shown))));
        m_logView->scrollToLine(top.value_or(LineNumber(0)));
    }
    Q_EMIT notice(tr("%1 decoded as %2")
                      .arg(QFileInfo(path).fileName(),
                           encoding.isEmpty()
                               ? tr("detected (%1)").arg(m_logView->document()->encoding())
                               : encoding),
                  5000);
}

void BundleWorkspace::updateStatusFields()
{
    const auto doc = m_logView->document();
    if (!doc) {
        for (QLabel *label : statusFields())
            label->clear();
        return;
    }
    m_statusFile->setText(isTimelineShown() ? tr("Timeline") : QFileInfo(doc->path()).fileName());
    m_statusFile->setToolTip(doc->path());
    const std::optional<LineNumber> line = m_logView->currentLine();
    const QLocale locale;
    m_statusPosition->setText(!line ? counted(doc->lineCount(), tr("line"), tr("lines"))
                                    : tr("Line %1 of %2")
                                          .arg(locale.toString(doc->lineNumber(*line)),
                                               locale.toString(doc->lineNumber(lastLineOf(*doc)))));
    if (isTimelineShown()) {
        m_statusFormat->setText(tr("timeline (UTC) · Enter opens the line in its file"));
        m_statusFormat->setToolTip(QString());
        return;
    }
    m_statusFormat->setText(QStringLiteral("%1 · %2").arg(
        doc->format() == LineFormat::Cri ? tr("CRI log") : tr("plain text"), doc->encoding()));
    m_statusFormat->setToolTip(
        m_encodings.count(doc->path())
            ? tr("Line format of %1, and the text encoding chosen in View ▸ Encoding")
                  .arg(doc->path())
            : tr("Line format and text encoding detected in %1").arg(doc->path()));
}

} // namespace gputriage
