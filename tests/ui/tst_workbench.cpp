// The workbench as a support engineer uses it (issue 22): what the window shows after an open,
// the timeline, damaged bundles. Offscreen; each test types and clicks like a user.

#include "bookmarks.h"
#include "bundletree.h"
#include "comparetab.h"
#include "filterspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "highlighters.h"
#include "logview.h"
#include "mainwindow.h"
#include "messagebanner.h"
#include "notablepanel.h"
#include "palette.h"
#include "panelmodels.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "searchresults.h"
#include "settings.h"
#include "settingsdialog.h"
#include "testarchive.h"
#include "text/logdocument.h"
#include "timechart.h"
#include "uitest.h"
#include <QInputDialog>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QWheelEvent>

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbench : public QObject
{
    Q_OBJECT

    static MessageBanner *banner(const MainWindow &window)
    {
        return window.findChild<MessageBanner *>(QStringLiteral("banner"));
    }

    // Builds the merged timeline through the View menu and waits for all of it.
    static bool showTimeline(MainWindow &window)
    {
        QSignalSpy shown(&window, &MainWindow::timelineShown);
        window.findChild<QAction *>(QStringLiteral("actionTimeline"))->trigger();
        if (!window.isTimelineShown() && !shown.wait(gputriage::test::kWaitMs))
            return false;
        QSignalSpy complete(&window, &MainWindow::timelineComplete);
        return window.isTimelineComplete() || complete.wait(gputriage::test::kWaitMs);
    }

    // Where column `column` of `line` is drawn in the log view's viewport (mid-height).
    static QPoint pointOf(LogView *view, int line, int column)
    {
        const QString text = view->document()->lineText(line);
        const QFontMetrics metrics = view->fontMetrics();
        const int gutter = metrics.horizontalAdvance(QLatin1Char('9'))
                           * (QString::number(view->document()->lineCount()).size() + 2);
        const int x = gutter + 6 - view->horizontalScrollBar()->value()
                      + metrics.horizontalAdvance(text.left(column));
        const int row = line - view->firstVisibleLine();
        return {x, row * metrics.height() + metrics.height() / 2};
    }

    // The log view's context menu over `line`: its items, and `name` triggered.
    static QStringList triggerInContextMenu(LogView *view, int line, const QString &name)
    {
        std::unique_ptr<QMenu> menu(view->createContextMenu(line));
        QStringList texts;
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                texts << a->text();
        for (QAction *a : menu->actions()) // its own and the view's
            if (a->objectName() == name) {
                a->trigger();
                break;
            }
        return texts;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    // Issue 36, item 6: a right-click in the log view of the window opens the view's own menu
    // (Copy first), with the window's actions on a line (New Rule) after it.
    void aRightClickInTheLogOffersCopy()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        LogView *view = window.logView();
        view->setCurrentLine(0);
        QStringList names;
        QTimer::singleShot(0, &window, [&names] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            if (!menu)
                return;
            for (QAction *a : menu->actions())
                if (!a->isSeparator())
                    names << (a->objectName().isEmpty() ? a->text() : a->objectName());
            menu->close();
        });
        const QPoint at = view->viewport()->rect().center();
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->viewport(), &event);
        QVERIFY2(names.contains(QStringLiteral("logCopy")), qPrintable(names.join(u", ")));
        QVERIFY2(names.contains(QStringLiteral("actionNewRule")), qPrintable(names.join(u", ")));
    }

    // Issue 36: Go to Line has a title that fits, says the range and moves to the line typed.
    void goToLineSaysItsRangeAndGoes()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        LogView *view = window.logView();
        QString label;
        int width = 0, needed = 0;
        QTimer::singleShot(0, &window, [&] {
            auto *dialog = window.findChild<QInputDialog *>(QStringLiteral("goToLineDialog"));
            if (!dialog)
                return;
            label = dialog->labelText();
            width = dialog->width();
            needed = dialog->fontMetrics().horizontalAdvance(dialog->windowTitle());
            dialog->setIntValue(3);
            dialog->accept();
        });
        window.findChild<QAction *>(QStringLiteral("actionGoToLine"))->trigger();
        QVERIFY2(label.startsWith(u"Line number (1 to "), qPrintable(label));
        QVERIFY(width > needed + 100);
        QCOMPARE(view->document()->lineNumber(view->currentLine()), 3);
    }

    // Point 10: the sample's dmesg has only uptime stamps; its journalctl --list-boots dates
    // them, so the critical Xid 79 takes its place after the training's last step.
    void theSampleTimelineDatesTheKernelLogByItsBoot()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(showTimeline(window));
        const auto doc = window.logView()->document();
        int xid79 = -1, lastStep = -1;
        for (int i = 0; i < doc->lineCount(); ++i) {
            if (doc->lineText(i).contains(u"): 79, pid=51877"))
                xid79 = i;
            if (doc->lineText(i).contains(u"epoch 0 step 200"))
                lastStep = i;
        }
        QVERIFY2(xid79 >= 0, "the Xid 79 is not on the timeline");
        QCOMPARE(window.logView()->lineColumns(xid79),
                 std::pair(QStringLiteral("11-30 10:37:12.662"), QStringLiteral("dmesg.log:13")));
        QVERIFY(lastStep >= 0 && lastStep < xid79);
        QVERIFY(window.logView()->lineSeverity(xid79).has_value()); // still red
        QVERIFY2(!window.statusBar()->currentMessage().contains(u"dmesg.log ("),
                 qPrintable(window.statusBar()->currentMessage()));
        // Enter leads to the line in dmesg.log.
        window.logView()->setCurrentLine(xid79);
        QTest::keyClick(window.logView(), Qt::Key_Return);
        QVERIFY(window.logView()->document()->path().endsWith(u"node/dmesg.log"));
        QCOMPARE(window.logView()->currentLine(), 12);
    }

    // Issue 36, items 1 and 2: the timeline holds every dated line, however many (no cap), says
    // its totals, and gives the message the width: time and a short source label are columns
    // of their own, the source column elided and resized by dragging its edge.
    void theTimelineHoldsEveryLineAndGivesTheMessageTheRest()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        const auto restore = qScopeGuard([&] { QLocale::setDefault(before); });
        QTemporaryDir dir;
        for (int f = 0; f < 3; ++f) {
            QByteArray log = "a header line without a date\n";
            for (int i = 0; i < 20000; ++i)
                log += QStringLiteral(
                           "2025-11-30T08:%1:%2.%3Z message %4 of a rather long file name\n")
                           .arg(i / 600 % 60, 2, 10, QLatin1Char('0'))
                           .arg(i / 10 % 60, 2, 10, QLatin1Char('0'))
                           .arg(i % 10 * 100 + f, 3, 10, QLatin1Char('0'))
                           .arg(i)
                           .toUtf8();
            writeFile(dir,
                      QStringLiteral("namespaces/gpu-operator/pods/nvidia-driver-daemonset-%1/"
                                     "nvidia-driver-ctr/current.log")
                          .arg(f),
                      log);
        }
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        QVERIFY(showTimeline(window));
        LogView *view = window.logView();
        QCOMPARE(view->document()->lineCount(), 60000);
        const QString note = window.statusBar()->currentMessage();
        QVERIFY2(note.startsWith(u"Timeline: 60,000 lines from 3 files in time order (UTC)."),
                 qPrintable(note));
        QVERIFY2(note.contains(u"(1)"), qPrintable(note)); // each header is not placed, and said
        QVERIFY(!banner(window)->isVisible() || !banner(window)->text().contains(u"Only the"));
        // In time order across the files: 08:00:00.000 from the first, .001 from the second…
        QCOMPARE(view->lineColumns(1).first, QStringLiteral("11-30 08:00:00.001"));
        QVERIFY2(view->lineColumns(1).second.endsWith(u"-1/nvidia-driver-ctr/current.log:2"),
                 qPrintable(view->lineColumns(1).second));
        QCOMPARE(view->document()->lineText(1),
                 QStringLiteral("message 0 of a rather long file name"));
        // The source column is short: the message has most of the width at 1024 px.
        const int gutter = view->sourceColumnWidth();
        QVERIFY2(gutter * 3 <= view->viewport()->width(), qPrintable(QString::number(gutter)));
        // Dragging the column's edge makes it wider.
        const QFontMetrics metrics = view->fontMetrics();
        const int edge = metrics.horizontalAdvance(QStringLiteral("11-30 08:15:01.123")) + 12
                         + view->sourceColumnWidth() + 4;
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(edge, 10));
        QMouseEvent move(QEvent::MouseMove, QPointF(edge + 30, 10),
                         view->viewport()->mapToGlobal(QPointF(edge + 30, 10)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, QPoint(edge + 30, 10));
        QVERIFY2(view->sourceColumnWidth() > gutter + 20,
                 qPrintable(QStringLiteral("%1 → %2").arg(gutter).arg(view->sourceColumnWidth())));
        QCOMPARE(view->currentLine(), -1); // the drag did not select a line
    }

    // Issue 36: lnav's :goto with a time — in the timeline, the first line at or after it.
    void goToTimeMovesToTheFirstLineAtOrAfterIt()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("a.log"),
                  "2025-11-30T08:15:01Z first\n2025-11-30T08:15:09Z third\n");
        writeFile(dir, QStringLiteral("b.log"),
                  "2025-11-30T08:15:04Z second\n  a stack frame of the second\n"
                  "2025-11-30T08:16:00Z fourth\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        QVERIFY(showTimeline(window));
        LogView *view = window.logView();
        QCOMPARE(view->document()->lineCount(), 5);
        view->setCurrentLine(0);
        auto goTo = [&](const QString &typed) {
            QTimer::singleShot(0, &window, [&window, typed] {
                auto *dialog = window.findChild<QInputDialog *>(QStringLiteral("goToTimeDialog"));
                if (!dialog)
                    return;
                auto *edit = dialog->findChild<QLineEdit *>();
                edit->selectAll();
                QTest::keyClicks(edit, typed);
                dialog->accept();
            });
            window.findChild<QAction *>(QStringLiteral("actionGoToTime"))->trigger();
        };
        goTo(QStringLiteral("08:15:05")); // a time on the current line's day
        QCOMPARE(view->document()->lineText(view->currentLine()), QStringLiteral("third"));
        goTo(QStringLiteral("2025-11-30 08:15:02"));
        QCOMPARE(view->document()->lineText(view->currentLine()), QStringLiteral("second"));
        goTo(QStringLiteral("2025-11-30T08:15:59Z"));
        QCOMPARE(view->document()->lineText(view->currentLine()), QStringLiteral("fourth"));
        goTo(QStringLiteral("not a time"));
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Not a time"));
        QCOMPARE(view->document()->lineText(view->currentLine()), QStringLiteral("fourth"));
    }

    // Issue 36, item 3: Hide Line Prefixes takes off every level (the container's, then the
    // syslog prefix of the line it carries, then the kernel's timestamp), and the gutter shows
    // the time they said.
    void hidingPrefixesTakesOffEveryLevelAndShowsTheTime()
    {
        QTemporaryDir dir;
        const QString path = writeFile(
            dir, QStringLiteral("driver.log"),
            "2025-11-30T08:15:01.250000000Z stdout F Nov 30 08:15:01 node-1 kernel: "
            "[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, GPU has "
            "fallen off the bus.\n"
            "[ 9513.000100] NVRM: GPU at PCI:0000:86:00: GPU-1234\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        auto *hide = window.findChild<QAction *>(QStringLiteral("actionHidePrefixes"));
        const auto restore = qScopeGuard([hide] {
            if (hide->isChecked())
                hide->trigger(); // kept between runs: off for the other tests
        });
        auto shown = [view](int line) {
            view->selectText(line, 0, 100000);
            return view->selectedText();
        };
        if (hide->isChecked())
            hide->trigger();
        QVERIFY(shown(0).startsWith(u"2025-11-30T08:15:01.250000000Z stdout F Nov 30"));
        QTest::keyClick(&window, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(view->hidesPrefixes());
        QCOMPARE(shown(0), QStringLiteral("NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
                                          "name=python3, GPU has fallen off the bus."));
        QCOMPARE(view->gutterTime(0), QStringLiteral("08:15:01.250")); // the outermost time
        QCOMPARE(shown(1), QStringLiteral("NVRM: GPU at PCI:0000:86:00: GPU-1234"));
        QCOMPARE(view->gutterTime(1), QStringLiteral("9513.000")); // the kernel's uptime
        // In the timeline too, where the line is shown from after its timestamp.
        QVERIFY(showTimeline(window));
        QCOMPARE(shown(0), QStringLiteral("NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
                                          "name=python3, GPU has fallen off the bus."));
        QCOMPARE(view->lineColumns(0).first, QStringLiteral("11-30 08:15:01.250"));
        QTest::keyClick(&window, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!view->hidesPrefixes());
        QCOMPARE(view->gutterTime(0), QString());
    }

    // Issue 36, item 7: the GPUs tab shows each GPU's action whole in the side panel (wrapped,
    // not cut), and a double-click on a GPU brings its findings forward.
    void theGpusTabShowsTheWholeActionAndADoubleClickShowsTheFindings()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, {QStringLiteral(TESTDATA "/gpus/multi-boot-kern.log")}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        GpusPanel *gpus = window.gpusPanel();
        tabs->setCurrentWidget(gpus);
        const QAbstractItemModel *model = gpus->model();
        QTRY_VERIFY(gpus->visualRect(model->index(1, GpusModel::ActionColumn)).width() > 0);
        // Each action fits its cell: inside the panel, and as high as its wrapped text.
        auto firstCut = [&]() -> QString {
            for (int row = 1; row < model->rowCount(); ++row) {
                const QModelIndex action = model->index(row, GpusModel::ActionColumn);
                const QRect cell = gpus->visualRect(action);
                if (cell.left() < 0 || cell.right() > gpus->viewport()->width())
                    return QStringLiteral("row %1: %2..%3 of %4")
                        .arg(row)
                        .arg(cell.left())
                        .arg(cell.right())
                        .arg(gpus->viewport()->width());
                const QRect needed
                    = gpus->fontMetrics().boundingRect(QRect(0, 0, cell.width() - 8, 100000),
                                                       Qt::TextWordWrap, action.data().toString());
                if (needed.height() > cell.height())
                    return QStringLiteral("row %1 needs %2 px, has %3")
                        .arg(row)
                        .arg(needed.height())
                        .arg(cell.height());
            }
            return {};
        };
        QTRY_VERIFY2(firstCut().isEmpty(), qPrintable(firstCut()));
        const QModelIndex gpu = model->index(2, GpusModel::GpuColumn);
        gpus->scrollTo(gpu);
        const QPoint at(10, gpus->visualRect(gpu).center().y());
        QTest::mouseClick(gpus->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(gpus->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.findingsPanel()));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1); // that GPU's
    }

    // Issue 36, item 8: a banner that appears after the jump does not push the line under the
    // sideways scroll bar.
    void aBannerDoesNotHideTheLineJumpedTo()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; i <= 300; ++i)
            log += "line " + QByteArray::number(i) + ' ' + QByteArray(i == 1 ? 600 : 20, 'x')
                   + '\n';
        const QString path = writeFile(dir, QStringLiteral("long.log"), log);
        MainWindow window;
        window.resize(1024, 500);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        QTRY_VERIFY(view->horizontalScrollBar()->isVisible());
        const int last = view->firstVisibleLine() + view->visibleLineCount() - 2; // in view, low
        view->setCurrentLine(last);
        QCOMPARE(view->firstVisibleLine(), 0); // no scroll was needed
        banner(window)->setText(QStringLiteral("A note\nthat takes\nseveral lines\nof the window"));
        QTRY_VERIFY(banner(window)->isVisible());
        QTRY_VERIFY2(view->currentLine() - view->firstVisibleLine() < view->visibleLineCount() - 1,
                     qPrintable(QStringLiteral("line %1, first %2, rows %3")
                                    .arg(view->currentLine())
                                    .arg(view->firstVisibleLine())
                                    .arg(view->visibleLineCount())));
    }

    // Issue 36, item 5: after a switch to a dark theme, the finding's links take the dark
    // theme's link colour (not the light theme's dark blue on black).
    void aThemeSwitchRecoloursTheLinks()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        auto *details = window.findChild<QTextBrowser *>(QStringLiteral("findingDetails"));
        auto anchorColours = [details] {
            QList<QColor> colours;
            for (QTextBlock b = details->document()->begin(); b.isValid(); b = b.next())
                for (auto it = b.begin(); !it.atEnd(); ++it)
                    if (it.fragment().charFormat().isAnchor()
                        && it.fragment().charFormat().foreground().style() != Qt::NoBrush)
                        colours << it.fragment().charFormat().foreground().color();
            return colours;
        };
        // The first finding with a link.
        const QAbstractItemModel *model = window.findingsPanel()->model();
        QTreeView *list = window.findingsPanel()->findChild<QTreeView *>();
        QVERIFY(list);
        bool found = false;
        for (int row = 0; row < model->rowCount() && !found; ++row) {
            list->setCurrentIndex(model->index(row, 0));
            found = details->toHtml().contains(u"href=\"http");
        }
        QVERIFY(found);
        const QPalette before = QApplication::palette();
        window.applyPreferences([] {
            Preferences p = Settings::preferences();
            p.theme = QStringLiteral("Breeze Dark");
            return p;
        }());
        const QColor link = QApplication::palette().color(QPalette::Link);
        QVERIFY(link != before.color(QPalette::Link));
        // The palette reaches the widgets through the event loop.
        auto described = [&] {
            QStringList names;
            for (const QColor &c : anchorColours())
                names << c.name();
            return names.join(u' ');
        };
        QTRY_VERIFY2(!anchorColours().isEmpty()
                         && anchorColours() == QList<QColor>(anchorColours().size(), link),
                     qPrintable(described()));
        window.applyPreferences(Preferences());
        QApplication::setPalette(before);
    }

    // Issue 36, lnav's habit: e / Shift+E step through the error lines, w / Shift+W through the
    // warnings, each saying "n of m".
    void eAndWStepThroughErrorsAndWarningsWithNOfM()
    {
        PrivateConfig config;
        writeFile(config.dir, QStringLiteral("gputriage/rules/team.yaml"),
                  "schema: gputriage/rules/v1\npack: team\nrules:\n"
                  "  - id: team.alpha\n    title: Alpha failed\n    severity: error\n"
                  "    match: {pattern: 'alpha failed'}\n"
                  "  - id: team.beta\n    title: Beta slow\n    severity: warning\n"
                  "    match: {pattern: 'beta slow'}\n");
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; i <= 20; ++i)
            log += (i % 5 == 0   ? "alpha failed "
                    : i % 3 == 0 ? "beta slow "
                                 : "plain ")
                   + QByteArray::number(i) + '\n';
        const QString path = writeFile(dir, QStringLiteral("steps.log"), log);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        view->setFocus();
        view->setCurrentLine(0);
        QTest::keyClick(view, Qt::Key_E);
        QCOMPARE(view->currentLine(), 4); // line 5
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Error 1 of 4"));
        QTest::keyClick(view, Qt::Key_E);
        QCOMPARE(view->currentLine(), 9);
        QTest::keyClick(view, Qt::Key_E, Qt::ShiftModifier);
        QCOMPARE(view->currentLine(), 4);
        QTest::keyClick(view, Qt::Key_W);
        QCOMPARE(view->currentLine(), 5); // line 6: beta
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Warning 2 of 5"));
        QTest::keyClick(view, Qt::Key_W, Qt::ShiftModifier);
        QCOMPARE(view->currentLine(), 2);
        QTest::keyClick(view, Qt::Key_W, Qt::ShiftModifier); // wraps to the last
        QCOMPARE(view->currentLine(), 17);
    }

    // Issue 36, klogg's habit: a double-click on the text selects the word under it, a version
    // or bus id whole; on the line number it opens the line as before.
    void aDoubleClickSelectsAWord()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("w.log"),
                                       "driver alpha_beta 570.158.08 at 0000:86:00.\nsecond\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        auto doubleClick = [&](int column) {
            const QPoint at = pointOf(view, 0, column) + QPoint(2, 0);
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
            return view->selectedText();
        };
        QCOMPARE(doubleClick(9), QStringLiteral("alpha_beta"));
        QCOMPARE(doubleClick(20), QStringLiteral("570.158.08"));
        QCOMPARE(doubleClick(33), QStringLiteral("0000:86:00")); // not the full stop after it
        QCOMPARE(doubleClick(1), QStringLiteral("driver"));
    }

    // Issue 36, item 10: "Other messages" leads with the messages of logs, not with lines of
    // value dumps (lspci -vvv, /proc/cpuinfo) however often those repeat.
    void otherMessagesLeadWithLogMessagesNotDumps()
    {
        QTemporaryDir dir;
        QByteArray lspci;
        for (int i = 0; i < 40; ++i)
            lspci += "\tCapabilities: [" + QByteArray::number(100 + i)
                     + " v1] Advanced Error Reporting failed " + QByteArray::number(i) + "\n";
        writeFile(dir, QStringLiteral("node/lspci-vvv.txt"), lspci);
        writeFile(dir, QStringLiteral("proc/cpuinfo"), "flags\t\t: fpu vme error failed\n");
        writeFile(dir, QStringLiteral("node/kern.log"),
                  "Nov 30 08:15:01 node-1 frobd[12]: frobnication failed on unit 3\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(window.notablePanel());
        auto *view = window.notablePanel()->findChild<QTreeView *>(QStringLiteral("notableView"));
        QVERIFY(view->model()->rowCount() >= 1);
        const QString first = view->model()->index(0, 1).data().toString();
        QVERIFY2(first.contains(u"frobnication"), qPrintable(first));
    }

    // Issue 36, item 9: two different kernel driver versions in one bundle are flagged as a
    // conflict in Bundle facts, each naming the other.
    void twoKernelDriverVersionsAreFlaggedAsAConflict()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("node/kern.log"),
                  "Nov 30 08:15:01 node-1 kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                  "570.158.08  Tue Jun  3 2025\n");
        writeFile(
            dir, QStringLiteral("node/nvidia-smi.txt"),
            "| NVIDIA-SMI 580.65.06              Driver Version: 580.65.06      CUDA Version: "
            "13.0     |\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        auto *facts = window.findChild<QTreeView *>(QStringLiteral("factsPanel"));
        tabs->setCurrentWidget(facts);
        const QAbstractItemModel *model = facts->model();
        QStringList flagged;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex value = model->index(row, FactsModel::ValueColumn);
            if (model->index(row, FactsModel::NameColumn).data().toString() == u"kernel_driver") {
                QVERIFY(value.data(ConflictRole).toBool());
                QVERIFY(value.data(Qt::ToolTipRole).toString().contains(u"conflicts"));
                flagged << value.data().toString();
            } else {
                QVERIFY2(!value.data(ConflictRole).toBool(),
                         qPrintable(model->index(row, 0).data().toString()));
            }
        }
        flagged.sort();
        QCOMPARE(flagged, (QStringList{QStringLiteral("570.158.08"), QStringLiteral("580.65.06")}));
    }

    // Issue 36, a klogg/lnav habit: searches confirmed with Enter are kept, newest first, and
    // Up / Down in the search input bring them back, in this window and the next.
    void searchHistoryComesBackWithUpAndDown()
    {
        QSettings().remove(QStringLiteral("search/history"));
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("h.log"), "alpha\nbeta\ngamma\n");
        {
            MainWindow window;
            window.show();
            QVERIFY(openAndWait(window, {path}));
            SearchBar *bar = window.searchBar();
            window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
            for (const char *word : {"alpha", "beta"}) {
                bar->input()->clear();
                QTest::keyClicks(bar->input(), QString::fromLatin1(word));
                QTest::keyClick(bar->input(), Qt::Key_Return);
            }
            bar->input()->clear();
            QTest::keyClick(bar->input(), Qt::Key_Up);
            QCOMPARE(bar->input()->text(), QStringLiteral("beta"));
            QTest::keyClick(bar->input(), Qt::Key_Up);
            QCOMPARE(bar->input()->text(), QStringLiteral("alpha"));
            QTest::keyClick(bar->input(), Qt::Key_Up); // no older one: stays
            QCOMPARE(bar->input()->text(), QStringLiteral("alpha"));
            QTest::keyClick(bar->input(), Qt::Key_Down);
            QCOMPARE(bar->input()->text(), QStringLiteral("beta"));
            QTRY_COMPARE(bar->hits(), (std::vector<int>{1}));
        }
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClick(window.searchBar()->input(), Qt::Key_Up);
        QCOMPARE(window.searchBar()->input()->text(), QStringLiteral("beta"));
        QSettings().remove(QStringLiteral("search/history"));
    }

    // Issue 36 ("Also"): a regular expression that does not compile, with Only Matching Lines
    // on, says why and keeps the lines of the last valid search, instead of an empty view.
    void anInvalidRegexWithOnlyMatchingLinesShowsEveryLine()
    {
        QTemporaryDir dir;
        const QString path
            = writeFile(dir, QStringLiteral("r.log"), "alpha 1\nbeta 2\nalpha 3\nGamma 4\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        SearchBar *bar = window.searchBar();
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        bar->regexBox()->setChecked(true);
        bar->onlyMatchingBox()->setChecked(true);
        QTest::keyClicks(bar->input(), QStringLiteral("alpha|gamma"));
        QTRY_COMPARE(view->rowCount(), 3); // alpha 1, alpha 3, Gamma 4
        for (int i = 0; i < 6; ++i)        // back to "alpha"
            QTest::keyClick(bar->input(), Qt::Key_Backspace);
        QTRY_COMPARE(view->rowCount(), 2);
        QTest::keyClicks(bar->input(), QStringLiteral("("));
        QTRY_VERIFY(bar->status()->text().startsWith(u"invalid"));
        QCOMPARE(view->rowCount(), 2); // the last valid search's lines ("alpha"), not none
        QVERIFY(bar->onlyMatchingBox()->isChecked());
        QTest::keyClicks(bar->input(), QStringLiteral(" 3)"));
        QTRY_COMPARE(view->rowCount(), 1); // "alpha( 3)"
    }

    // Issue 36 ("Also"): another bundle opens on the Findings tab, not on the tab the last
    // one was left on; the same bundle analysed again stays where the reader was.
    void anotherBundleOpensOnItsFindings()
    {
        QTemporaryDir dir;
        const QString other = writeFile(dir, QStringLiteral("other.log"), "NVRM: Xid line\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(window.gpusPanel());
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.gpusPanel()));
        QVERIFY(openAndWait(window, {other}));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.findingsPanel()));
    }

    // Point 6: a .tar.gz cut short shows every entry read before the damage, says what was
    // lost, and the window's title names it, not the bundle opened before.
    void aDamagedArchiveShowsEveryEntryReadBeforeTheDamage()
    {
        QList<Member> members;
        QList<QByteArray> texts;
        for (int i = 0; i < 10; ++i) {
            QByteArray text;
            for (int line = 0; line < 2000; ++line) {
                QByteArray random(48, '\0');
                QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                                      random.size() / 4);
                text += QByteArray::number(line) + ' ' + random.toBase64() + '\n';
            }
            members.append({"logs/f" + QByteArray::number(i) + ".log", text});
            texts.append(text);
        }
        const QByteArray archive = makeArchive("tar", "gzip", members);
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("node-7.tar.gz"),
                                       archive.left(archive.size() * 6 / 10));

        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(openAndWait(window, {path}));
        QVERIFY2(window.windowTitle().contains(u"node-7.tar.gz"), qPrintable(window.windowTitle()));
        const int shown = window.bundleTree()->visibleEntryCount();
        QVERIFY2(shown >= 5, qPrintable(QString::number(shown)));
        QVERIFY(banner(window)->isVisible());
        QVERIFY2(banner(window)->text().contains(u"node-7.tar.gz: cut short: its gzip stream ends"),
                 qPrintable(banner(window)->text()));
        QVERIFY(banner(window)->text().contains(u"the rest was analysed"));
        // Every whole entry before the damage is there, byte for byte.
        int whole = 0;
        for (int i = 0; i < 10; ++i) {
            const QModelIndex row = window.bundleTree()->viewIndex(
                QStringLiteral("node-7.tar.gz!logs/f%1.log").arg(i));
            if (!row.isValid())
                continue;
            QTreeView *tree = window.bundleTree()->tree();
            tree->scrollTo(row);
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
            const auto doc = window.logView()->document();
            QVERIFY(doc && doc->path().endsWith(QStringLiteral("f%1.log").arg(i)));
            const QByteArray bytes(doc->bytes().data(), qsizetype(doc->bytes().size()));
            if (bytes == texts[i])
                ++whole;
            else
                QVERIFY(texts[i].startsWith(bytes)); // the entry the damage cut: its start
        }
        QVERIFY(whole >= shown - 1);
    }

    // Point 2: every hit is highlighted in the text, the current line's differently; a hit
    // past the right edge is scrolled into view; "n of m"; closing the bar clears the marks.
    void searchHitsAreHighlightedInTheTextAndScrolledIntoView()
    {
        QTemporaryDir dir;
        QByteArray log = "Nov 30 10:37:11 node-7 kernel: NVRM: GPU 0000:86:00.0: fallen off\n";
        log += "filler line\n";
        log += QByteArray(400, '.') + " NVRM: Xid (PCI:0000:86:00): 79 again 0000:86:00\n";
        const QString path = writeFile(dir, QStringLiteral("kern.log"), log);
        MainWindow window;
        window.resize(1200, 700);
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QSignalSpy searched(bar, &SearchBar::searchFinished);
        QTest::keyClicks(bar->input(), QStringLiteral("0000:86:00"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{0, 2}));
        // The text typed stays in sight beside the bar's options.
        QVERIFY(bar->input()->width()
                > bar->input()->fontMetrics().horizontalAdvance(bar->input()->text()));
        QCOMPARE(view->searchSpans(0), (std::vector<std::pair<int, int>>{{41, 51}}));
        QCOMPARE(view->searchSpans(2), (std::vector<std::pair<int, int>>{{416, 426}, {438, 448}}));
        QVERIFY(view->searchSpans(1).empty());

        QTest::keyClick(bar->input(), Qt::Key_Return); // first hit
        QTest::keyClick(bar->input(), Qt::Key_Return); // second: 400 columns to the right
        QCOMPARE(view->currentLine(), 2);
        QCOMPARE(bar->status()->text(), QStringLiteral("2 of 2"));
        QVERIFY(view->horizontalScrollBar()->value() > 0);
        const QPoint hit = pointOf(view, 2, 420);
        QVERIFY2(hit.x() > 0 && hit.x() < view->viewport()->width(),
                 qPrintable(QString::number(hit.x())));
        // What the user sees there: the current hit's colour (top edge of the row, no glyph).
        const QImage image = view->viewport()->grab().toImage();
        const int top = hit.y() - view->fontMetrics().height() / 2 + 1;
        QCOMPARE(image.pixelColor(hit.x() + 2, top), ViewPalette::light().searchCurrent);

        // Closing the bar clears the marks; opening it again brings them back.
        QTest::keyClick(bar->input(), Qt::Key_Escape);
        QVERIFY(bar->isHidden());
        QVERIFY(!view->isSearchHit(2));
        QVERIFY(view->searchSpans(2).empty());
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTRY_VERIFY(view->isSearchHit(2));
    }

    // Point 2: all files of the bundle, with a results list that leads to the line.
    void searchingAllFilesListsEveryHitAndOpensIt()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("node/dmesg.log"),
                  "[ 1.0] boot\n[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=1\n");
        writeFile(dir, QStringLiteral("pods/train.log"), "step 1\nstep 2\n");
        writeFile(dir, QStringLiteral("node/nvidia-smi.txt"),
                  "GPU 00000000:3B:00.0\nGPU 00000000:86:00.0\nBus Id : 00000000:86:00.0\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("86:00"));
        SearchResultsPanel *panel = window.searchResults();
        QAbstractItemModelTester tester(panel->model());
        QSignalSpy done(panel, &SearchResultsPanel::searchFinished);
        QTest::mouseClick(window.searchBar()->allFilesButton(), Qt::LeftButton);
        QVERIFY(done.wait(gputriage::test::kWaitMs));
        QVERIFY(panel->isVisible()); // its tab was brought forward
        QCOMPARE(panel->model()->rowCount(), 3);
        QCOMPARE(panel->summary()->text(),
                 QStringLiteral("\u201c86:00\u201d: 3 lines in 2 of 3 files."));
        const QModelIndex third = panel->model()->index(2, SearchResultsModel::TextColumn);
        QCOMPARE(third.data().toString(), QStringLiteral("Bus Id : 00000000:86:00.0"));
        QCOMPARE(panel->model()->index(2, SearchResultsModel::LineColumn).data().toInt(), 3);
        QTest::mouseClick(panel->view()->viewport(), Qt::LeftButton, {},
                          panel->view()->visualRect(third).center());
        QVERIFY(window.logView()->document()->path().endsWith(u"nvidia-smi.txt"));
        QCOMPARE(window.logView()->currentLine(), 2);

        // Ctrl+Shift+G searches again with the bar's text; a query found nowhere says so.
        window.searchBar()->input()->setText(QStringLiteral("no such text"));
        window.findChild<QAction *>(QStringLiteral("actionSearchAllFiles"))->trigger();
        QVERIFY(done.wait(gputriage::test::kWaitMs));
        QCOMPARE(panel->model()->rowCount(), 0);
        QVERIFY(panel->summary()->text().contains(u"none of the 3 files"));
    }

    // A hit far along a long line (past column 4,000) is not cut off in the All Files list:
    // the list shows the text from a little before it.
    void aHitFarAlongALongLineIsListedWithItsText()
    {
        QTemporaryDir dir;
        const QByteArray line = "[ 1.0] " + QByteArray(5000, 'x') + " NVRM: Xid 79 fallen off "
                                + QByteArray(100, 'y') + '\n';
        writeFile(dir, QStringLiteral("long.log"), "first\n" + line);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("Xid 79"));
        SearchResultsPanel *panel = window.searchResults();
        QSignalSpy done(panel, &SearchResultsPanel::searchFinished);
        QTest::mouseClick(window.searchBar()->allFilesButton(), Qt::LeftButton);
        QVERIFY(done.wait(gputriage::test::kWaitMs));
        QCOMPARE(panel->model()->rowCount(), 1);
        const QString text
            = panel->model()->index(0, SearchResultsModel::TextColumn).data().toString();
        QVERIFY2(text.startsWith(QChar(0x2026)) && text.contains(u"NVRM: Xid 79 fallen off"),
                 qPrintable(text.left(120)));
        QVERIFY(text.size() <= 402);
    }

    // Point 3: part of a line is selected with the mouse or the keyboard and copied; the
    // context menu and the Edit menu offer Copy and Select All, and Find with the selection.
    void partOfALineIsSelectedAndCopied()
    {
        QTemporaryDir dir;
        const QString path = writeFile(
            dir, QStringLiteral("dmesg.log"),
            "[ 8123.400118] NVRM: GPU at PCI:0000:3b:00: GPU-2f6c1e0a-7d3b-4c1e-9a55-0b8e3f4d6a21\n"
            "[ 8123.400131] NVRM: Xid (PCI:0000:3b:00): 13, pid=48211, name=python3\n"
            "[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        view->setFocus();
        const QString first = view->document()->lineText(0);
        const int uuid = int(first.indexOf(u"GPU-"));

        // A mouse drag over the UUID.
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, pointOf(view, 0, uuid));
        QTest::mouseMove(view->viewport(), pointOf(view, 0, int(first.size())));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {},
                            pointOf(view, 0, int(first.size())));
        QVERIFY(view->hasTextSelection());
        QCOMPARE(view->selectedText(), QStringLiteral("GPU-2f6c1e0a-7d3b-4c1e-9a55-0b8e3f4d6a21"));
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), view->selectedText());

        // The keyboard: a click before the bus id, then Ctrl+Shift+Right over its parts.
        const QString second = view->document()->lineText(1);
        const int bus = int(second.indexOf(u"0000:3b:00"));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, pointOf(view, 1, bus));
        QVERIFY(!view->hasTextSelection());
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(view, Qt::Key_Right, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedText(), QStringLiteral("0000:3b:00"));
        QTest::keyClick(view, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(view->selectedText(), QStringLiteral("0000:3b:0"));
        // From inside one line to inside the next.
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, pointOf(view, 1, bus));
        QTest::mouseMove(view->viewport(), pointOf(view, 2, 14));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, pointOf(view, 2, 14));
        QCOMPARE(view->selectedText(), second.mid(bus) + u'\n' + QStringLiteral("[ 9512.662164]"));
        // A plain key ends the text selection; Ctrl+C then copies the current line whole.
        QTest::keyClick(view, Qt::Key_Down);
        QVERIFY(!view->hasTextSelection());

        // The context menu: Copy, Select All, and Find with the selected text.
        view->selectText(2, int(view->document()->lineText(2).indexOf(u"0000:86:00")),
                         int(view->document()->lineText(2).indexOf(u"0000:86:00")) + 10);
        const QStringList items = triggerInContextMenu(view, 2, QStringLiteral("logFind"));
        QCOMPARE(items.mid(0, 2), QStringList({tr("&Copy"), tr("Select &All")}));
        QVERIFY(items.contains(u"&Find \u201c0000:86:00\u201d"));
        QVERIFY(window.searchBar()->isVisible());
        QCOMPARE(window.searchBar()->input()->text(), QStringLiteral("0000:86:00"));
        QTRY_COMPARE(window.searchBar()->hits(), (std::vector<int>{2}));

        // Edit ▸ Select All, then Edit ▸ Copy: every line.
        QMenu *edit = nullptr;
        for (QAction *menu : window.menuBar()->actions())
            if (menu->text() == tr("&Edit"))
                edit = menu->menu();
        QVERIFY(edit);
        auto inMenu = [edit](const QString &name) {
            for (QAction *action : edit->actions())
                if (action->objectName() == name)
                    return action;
            return static_cast<QAction *>(nullptr);
        };
        QVERIFY(inMenu(QStringLiteral("actionSelectAll")) && inMenu(QStringLiteral("actionCopy")));
        inMenu(QStringLiteral("actionSelectAll"))->trigger();
        inMenu(QStringLiteral("actionCopy"))->trigger();
        QCOMPARE(QApplication::clipboard()->text().count(u'\n'), 2);
        QVERIFY(QApplication::clipboard()->text().endsWith(u"name=python3"));
    }

    // Point 7: a dark log theme darkens the whole window, and following the system again
    // brings its palette back; the banner's colours follow.
    void aDarkThemeDarkensTheWholeWindow()
    {
        const QPalette system = QApplication::palette();
        MainWindow window;
        window.show();
        Preferences preferences = Settings::preferences();
        preferences.theme = QStringLiteral("Breeze Dark");
        window.applyPreferences(preferences);
        QVERIFY(ViewPalette::forBase(QApplication::palette().color(QPalette::Window)).isDark);
        QTRY_VERIFY(
            ViewPalette::forBase(window.bundleTree()->tree()->palette().color(QPalette::Base))
                .isDark);
        QTRY_COMPARE(banner(window)->palette().color(QPalette::Window),
                     ViewPalette::dark().bannerBackground);
        preferences.theme.clear();
        window.applyPreferences(preferences);
        QCOMPARE(QApplication::palette().color(QPalette::Base), system.color(QPalette::Base));
        QTRY_COMPARE(banner(window)->palette().color(QPalette::Window),
                     ViewPalette::forBase(system.color(QPalette::Base)).bannerBackground);
    }

    // Point 11: the findings list by keyboard: arrows show a finding, Enter jumps to its
    // evidence, F8 says which occurrence of how many; a filter box; following the file shown.
    void findingsAreUsedFromTheKeyboardFilteredAndFollowTheFile()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        FindingsPanel *panel = window.findingsPanel();
        QTreeView *list = panel->view();
        list->setFocus();
        list->setCurrentIndex(panel->model()->index(0, FindingsModel::TitleColumn));
        QTest::keyClick(list, Qt::Key_Down);
        const QModelIndex second = list->currentIndex();
        QCOMPARE(second.row(), 1);
        const QString title = second.data(FindingsModel::RuleIdRole).toString();
        QCOMPARE(title, QStringLiteral("gpu.xid.13-graphics-exception"));
        QVERIFY(panel->details()->toPlainText().contains(u"Xid 13"));
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(window.logView()->document()->path().endsWith(u"node/dmesg.log"));
        QCOMPARE(window.logView()->currentLine(), 8); // line 9
        QVERIFY2(window.statusBar()->currentMessage().startsWith(u"Occurrence 1 of 2 of"),
                 qPrintable(window.statusBar()->currentMessage()));
        window.findChild<QAction *>(QStringLiteral("actionNextOccurrence"))->trigger();
        QCOMPARE(window.logView()->currentLine(), 9);
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Occurrence 2 of 2 of"));

        QTest::keyClicks(panel->filterBox(), QStringLiteral("xid"));
        QCOMPARE(panel->visibleRowCount(), 2);
        panel->filterBox()->clear();
        QCOMPARE(panel->visibleRowCount(), 4);
        QTest::mouseClick(panel->followFileBox(), Qt::LeftButton);
        QVERIFY(panel->followsFile());
        QCOMPARE(panel->visibleRowCount(), 2); // dmesg.log is shown: its two Xid findings
        const QModelIndex pytorch = window.bundleTree()->viewIndex(
            QStringLiteral("sample/pods/ml-team/pytorch-train-0/pytorch.log"));
        QTreeView *tree = window.bundleTree()->tree();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(pytorch).center());
        QCOMPARE(panel->visibleRowCount(), 2);
        QVERIFY(list->isRowHidden(0, {})); // the critical Xid is not in pytorch.log
        QTest::mouseClick(panel->followFileBox(), Qt::LeftButton);
        QCOMPARE(panel->visibleRowCount(), 4);
    }

    // Point 9: marks are clickable with tooltips and a legend; thousands of findings do not
    // hide the critical ones; tick labels never repeat.
    void theTimeChartLeadsToTheLineAndKeepsCriticalMarksOnTop()
    {
        QTemporaryDir dir;
        QByteArray journal;
        // 3000 warnings in one minute, and one critical Xid in the middle of them.
        for (int i = 0; i < 3000; ++i) {
            journal += QStringLiteral("2025-11-30T10:%1:%2.%3+0000 node-7 kernel: NVRM: Xid "
                                      "(PCI:0000:3b:00): 13, pid=%4, Graphics Exception\n")
                           .arg(37)
                           .arg(i / 50, 2, 10, QLatin1Char('0'))
                           .arg(i % 50 * 20, 3, 10, QLatin1Char('0'))
                           .arg(1000 + i)
                           .toUtf8();
            if (i == 1500)
                journal += "2025-11-30T10:37:30.001+0000 node-7 kernel: NVRM: Xid "
                           "(PCI:0000:86:00): 79, pid=51877, name=python3, GPU has fallen off "
                           "the bus.\n";
        }
        const QString path = writeFile(dir, QStringLiteral("journal.log"), journal);
        MainWindow window;
        window.resize(1400, 800);
        window.show();
        QVERIFY(openAndWait(window, {path}));
        TimeChart *chart = window.timeChart();
        window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))
            ->setCurrentWidget(chart->parentWidget()->parentWidget());
        QVERIFY(QTest::qWaitForWindowExposed(chart));
        QVERIFY(!chart->isEmpty());
        // The critical mark is drawn after every warning mark: on top.
        const auto &marks = chart->marks();
        const auto critical = std::find_if(marks.begin(), marks.end(), [](const auto &m) {
            return !m.other && m.severity == Severity::Critical;
        });
        QVERIFY(critical != marks.end());
        QCOMPARE(critical - marks.begin(), qsizetype(marks.size()) - 1);
        QVERIFY(marks.size() < 1000); // one mark per few pixels, not 3000
        // What the user sees there: the critical colour at the mark's centre.
        const QImage image = chart->grab().toImage();
        const QPointF centre = critical->rect.center() * chart->devicePixelRatioF();
        QCOMPARE(image.pixelColor(centre.toPoint()),
                 ViewPalette::forBase(chart->palette().color(QPalette::Base))
                     .severity[size_t(Severity::Critical)]);
        // Its tooltip names it; a click opens its line.
        QVERIFY2(chart->toolTipAt(critical->rect.center()).contains(u"Xid 79"),
                 qPrintable(chart->toolTipAt(critical->rect.center())));
        QTest::mouseClick(chart, Qt::LeftButton, {}, critical->rect.center().toPoint());
        QVERIFY(window.logView()->document()->path().endsWith(u"journal.log"));
        QCOMPARE(window.logView()->currentLine(), 1501);
        // Tick labels are all different.
        const QStringList ticks = chart->tickLabels();
        QVERIFY(ticks.size() >= 2);
        QCOMPARE(QSet<QString>(ticks.begin(), ticks.end()).size(), ticks.size());
    }

    // The time chart counts lines per round bucket (bars, a scale, a tooltip) and zooms like
    // lnav's histogram: the wheel around the pointer, a dragged range, Reset Zoom and Esc.
    void theTimeChartCountsPerBucketAndZooms()
    {
        constexpr int64_t minute = 60'000'000;
        const int64_t t0 = 1'764'495'000'000'000; // 2025-11-30 09:30:00 UTC
        ChartData data;
        ChartLane node{QStringLiteral("node-7"), {}};
        auto add = [&](int64_t at, Severity severity, bool other) {
            node.points.push_back({at, severity, other, QStringLiteral("Xid"),
                                   QStringLiteral("kern.log"), int(node.points.size()) + 1});
        };
        for (int i = 0; i < 3; ++i)
            add(t0 + i * 1'000'000, Severity::Warning, false);
        for (int i = 0; i < 7; ++i)
            add(t0 + 5 * minute + i * 1'000'000, i == 3 ? Severity::Critical : Severity::Info,
                i % 2 == 0);
        add(t0 + 10 * minute, Severity::Error, false);
        data.first = t0;
        data.last = t0 + 10 * minute;
        data.lanes.push_back(node);
        TimeChart chart;
        chart.resize(900, 300);
        chart.setData(data);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));

        int total = 0, most = 0;
        const TimeChart::Bucket *tallest = nullptr;
        for (const TimeChart::Bucket &b : chart.buckets()) {
            total += b.count;
            QCOMPARE(b.start % chart.bucketLength(), 0); // round buckets
            if (b.count > most) {
                most = b.count;
                tallest = &b;
            }
        }
        QCOMPARE(total, 11);
        QCOMPARE(most, 7);
        QCOMPARE(chart.scaleMax(), 10);
        // Hovering the bar says its count, by severity.
        const QString tip = chart.toolTipAt(tallest->rect.center());
        QVERIFY2(tip.contains(u"7 lines") && tip.contains(u"1 critical")
                     && tip.contains(u"4 other"),
                 qPrintable(tip));
        // What the user sees: the bar in the colour of its strongest severity.
        const QImage image = chart.grab().toImage();
        QCOMPARE(image.pixelColor((tallest->rect.center() * chart.devicePixelRatioF()).toPoint()),
                 ViewPalette::forBase(chart.palette().color(QPalette::Base))
                     .severity[size_t(Severity::Critical)]);

        // The wheel zooms in around the pointer.
        QVERIFY(!chart.isZoomed());
        QVERIFY(!chart.resetButton()->isVisible());
        const QRectF hist = chart.histogramRect();
        const QPointF middle(hist.center().x(), hist.center().y());
        QWheelEvent wheel(middle, chart.mapToGlobal(middle), {}, {0, 240}, Qt::NoButton, {},
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(&chart, &wheel);
        QVERIFY(chart.isZoomed());
        QVERIFY(chart.resetButton()->isVisible());
        const int64_t span = chart.viewLast() - chart.viewFirst();
        QVERIFY2(std::abs(double(span) - 0.64 * 10 * minute) < minute / 100.0,
                 qPrintable(QString::number(span)));
        QVERIFY(chart.viewFirst() > t0 && chart.viewLast() < data.last);

        // Reset, then drag over the first two minutes: only their three lines are left.
        QTest::mouseClick(chart.resetButton(), Qt::LeftButton);
        QVERIFY(!chart.isZoomed());
        const double x0 = hist.left() - 2, x2 = hist.left() + hist.width() * 0.2;
        QTest::mousePress(&chart, Qt::LeftButton, {}, QPoint(int(x0), int(hist.center().y())));
        QTest::mouseMove(&chart, QPoint(int((x0 + x2) / 2), int(hist.center().y())));
        QTest::mouseMove(&chart, QPoint(int(x2), int(hist.center().y())));
        QTest::mouseRelease(&chart, Qt::LeftButton, {}, QPoint(int(x2), int(hist.center().y())));
        QVERIFY(chart.isZoomed());
        QVERIFY2(chart.viewLast() - chart.viewFirst() < 3 * minute,
                 qPrintable(QString::number(chart.viewLast() - chart.viewFirst())));
        total = 0;
        for (const TimeChart::Bucket &b : chart.buckets())
            total += b.count;
        QCOMPARE(total, 3);
        size_t marked = 0;
        for (const TimeChart::Mark &m : chart.marks())
            marked += m.points.size();
        QCOMPARE(marked, size_t(3)); // the marks of the range only
        QVERIFY(chart.bucketLength() < minute);
        // Esc shows everything again.
        chart.setFocus();
        QTest::keyClick(&chart, Qt::Key_Escape);
        QVERIFY(!chart.isZoomed());
        QCOMPARE(chart.viewFirst(), t0);
        QCOMPARE(chart.viewLast(), data.last);
    }

    // Point 8: prefixes can be hidden (the message as rules read it; the prefix in the
    // tooltip), panels and the rules dock hide, and the place in a file is kept across the
    // timeline and a new analysis of the same bundle.
    void prefixesHideAndPanelsFoldAway()
    {
        QTemporaryDir dir;
        const QString path = writeFile(
            dir, QStringLiteral("mixed.log"),
            "2025-11-30T10:36:02.118374652Z stdout F NOTE: CUDA Forward Compatibility mode "
            "ENABLED.\n"
            "Nov 30 10:37:11 node-7 kernel: NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
            "name=python3, GPU has fallen off the bus.\n"
            "[ 9512.662177] NVRM: GPU 0000:86:00.0: GPU has fallen off the bus.\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        auto *hide = window.findChild<QAction *>(QStringLiteral("actionHidePrefixes"));
        QVERIFY(hide && !hide->isChecked());
        view->selectText(0, 0, 4);
        QCOMPARE(view->selectedText(), QStringLiteral("2025"));
        hide->trigger();
        QVERIFY(view->hidesPrefixes());
        const QStringList starts
            = {QStringLiteral("NOTE"), QStringLiteral("NVRM"), QStringLiteral("NVRM")};
        for (int line = 0; line < 3; ++line) {
            view->selectText(line, 0, 4);
            QCOMPARE(view->selectedText(), starts[line]);
        }
        // Search marks follow the shown text.
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("Xid"));
        QTRY_COMPARE(window.searchBar()->hits(), (std::vector<int>{1}));
        QCOMPARE(view->searchSpans(1), (std::vector<std::pair<int, int>>{{6, 9}}));
        hide->trigger(); // back, and remembered off for the next window
        QCOMPARE(view->searchSpans(1), (std::vector<std::pair<int, int>>{{37, 40}}));

        auto *tree = window.findChild<QAction *>(QStringLiteral("actionShowTree"));
        tree->trigger();
        QVERIFY(!window.bundleTree()->isVisible());
        tree->trigger();
        QVERIFY(window.bundleTree()->isVisible());
        auto *side = window.findChild<QAction *>(QStringLiteral("actionShowSidePanel"));
        side->trigger();
        QVERIFY(!window.findingsPanel()->isVisible());
        side->trigger();
        auto *rules = window.findChild<QAction *>(QStringLiteral("actionRules"));
        rules->trigger();
        QTRY_VERIFY(window.rulesDock()->isVisible());
        rules->trigger();
        QTRY_VERIFY(!window.rulesDock()->isVisible());
    }

    void thePlaceInAFileIsKeptAcrossTheTimelineAndANewAnalysis()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        const QString dmesg = QStringLiteral("sample/node/dmesg.log");
        QTreeView *tree = window.bundleTree()->tree();
        auto click = [&](const QString &entry) {
            const QModelIndex row = window.bundleTree()->viewIndex(entry);
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
        };
        click(dmesg);
        window.logView()->setCurrentLine(11);
        QVERIFY(showTimeline(window));
        click(dmesg);
        QCOMPARE(window.logView()->document()->path(), dmesg);
        QCOMPARE(window.logView()->currentLine(), 11);
        // The rules changed: the same bundle is analysed again, and the reader stays put.
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QCOMPARE(window.logView()->document()->path(), dmesg);
        QCOMPARE(window.logView()->currentLine(), 11);
    }

    // Point 12 (part): filter hits out as well as in, context lines around hits, and F4 /
    // Shift+F4 through the lines a rule marked warning or worse.
    void hitsAreFilteredOutOrShownWithContext()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; i <= 10; ++i)
            log += (i == 3 || i == 7 ? "NVRM: Xid line " : "plain line ") + QByteArray::number(i)
                   + '\n';
        const QString path = writeFile(dir, QStringLiteral("ten.log"), log);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        SearchBar *bar = window.searchBar();
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(bar->input(), QStringLiteral("xid"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{2, 6}));
        bar->onlyMatchingBox()->setChecked(true);
        QCOMPARE(view->rowCount(), 2);
        QVERIFY(bar->contextBox()->isEnabled());
        bar->contextBox()->setValue(1);
        QCOMPARE(view->rowCount(), 6); // lines 2-4 and 6-8
        QCOMPARE(view->lineAtRow(3), 5);
        bar->contextBox()->setValue(3); // the two windows meet: lines 1-10, each once
        QCOMPARE(view->rowCount(), 10);
        bar->hideMatchingBox()->setChecked(true);
        QVERIFY(!bar->onlyMatchingBox()->isChecked());
        QCOMPARE(view->rowCount(), 8);
        QCOMPARE(view->lineAtRow(2), 3);
        bar->hideMatchingBox()->setChecked(false);
        QCOMPARE(view->rowCount(), 10);
    }

    // Stacked filters (lnav's :filter-in/:filter-out): several at once, each switched off and
    // on; the view shows the lines passing all, together with the search's "only matching".
    void stackedFiltersShowTheLinesPassingAll()
    {
        QTemporaryDir dir;
        const QByteArray log = "boot line 1\n"
                               "NVRM: Xid (PCI:0000:3b:00): 13, pid=1 line 2\n"
                               "NVRM: Xid (PCI:0000:86:00): 79, pid=2 line 3\n"
                               "healthy line 4\n"
                               "NVRM: Xid (PCI:0000:3b:00): 13, pid=3 line 5\n"
                               "NVRM: Xid (PCI:0000:3b:00): 31, pid=4 line 6\n";
        const QString path = writeFile(dir, QStringLiteral("filters.log"), log);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        auto *panel = window.findChild<FiltersPanel *>(QStringLiteral("filtersPanel"));
        QVERIFY(panel);
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(panel);
        auto shown = [&] {
            QStringList lines;
            for (int row = 0; row < view->rowCount(); ++row)
                lines << QString::number(view->lineAtRow(row) + 1);
            return lines.join(u',');
        };
        QSignalSpy applied(panel, &FiltersPanel::filtersApplied);
        // In: Xid lines.
        QTest::keyClicks(panel->patternInput(), QStringLiteral("xid"));
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        QTRY_COMPARE(shown(), QStringLiteral("2,3,5,6"));
        QVERIFY(panel->patternInput()->text().isEmpty());
        // Out: GPU 86 and Xid 31, typed with Enter.
        panel->kindBox()->setCurrentIndex(1);
        QTest::keyClicks(panel->patternInput(), QStringLiteral("86:00"));
        QTest::keyClick(panel->patternInput(), Qt::Key_Return);
        QTRY_COMPARE(shown(), QStringLiteral("2,5,6"));
        QTest::keyClicks(panel->patternInput(), QStringLiteral("\\b31,"));
        QTest::keyClick(panel->patternInput(), Qt::Key_Return);
        QTRY_COMPARE(shown(), QStringLiteral("2,5"));
        QCOMPARE(panel->list()->topLevelItemCount(), 3);
        QTRY_COMPARE(panel->list()->topLevelItem(0)->text(1), QStringLiteral("4"));
        QCOMPARE(panel->list()->topLevelItem(0)->text(0), QStringLiteral("in: xid"));
        QCOMPARE(panel->status()->text(), QStringLiteral("2 lines of 6 shown"));
        // Switching the first "out" off brings its line back.
        QTreeWidget *list = panel->list();
        const QRect box = list->visualItemRect(list->topLevelItem(1));
        QTest::mouseClick(
            list->viewport(), Qt::LeftButton, {},
            QPoint(box.left() + list->style()->pixelMetric(QStyle::PM_IndicatorWidth) / 2 + 4,
                   box.center().y()));
        QTRY_COMPARE(shown(), QStringLiteral("2,3,5"));
        QVERIFY(!panel->filters()[1].enabled);
        // The search's "only matching lines" narrows what the filters pass.
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QTest::keyClicks(bar->input(), QStringLiteral("pid=3"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{4}));
        bar->onlyMatchingBox()->setChecked(true);
        QCOMPARE(shown(), QStringLiteral("5"));
        bar->onlyMatchingBox()->setChecked(false);
        QCOMPARE(shown(), QStringLiteral("2,3,5"));
        // An invalid expression is said inline and not added.
        QTest::keyClicks(panel->patternInput(), QStringLiteral("xid("));
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        QCOMPARE(panel->filters().size(), size_t(3));
        QVERIFY(panel->status()->text().startsWith(u"Invalid expression"));
        panel->patternInput()->clear();
        // Removing them all shows every line.
        for (int i = 0; i < 3; ++i) {
            list->setCurrentItem(list->topLevelItem(0));
            QTest::mouseClick(panel->findChild<QPushButton *>(QStringLiteral("removeFilter")),
                              Qt::LeftButton);
        }
        QTRY_COMPARE(shown(), QStringLiteral("1,2,3,4,5,6"));
        QVERIFY(!view->isStackFiltered());
    }

    // The filters apply to the merged timeline too, once all of its lines are merged.
    void stackedFiltersApplyToTheTimeline()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("a/kern.log"),
                  "2025-11-30T10:00:01+00:00 node kernel: NVRM: Xid (PCI:0000:3b:00): 13, pid=1\n"
                  "2025-11-30T10:00:03+00:00 node kernel: all good\n");
        writeFile(dir, QStringLiteral("b/app.log"),
                  "2025-11-30T10:00:02Z app started\n"
                  "2025-11-30T10:00:04Z NVRM: Xid (PCI:0000:86:00): 79, pid=2\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        auto *panel = window.findChild<FiltersPanel *>(QStringLiteral("filtersPanel"));
        QVERIFY(panel->addFilter(FiltersPanel::Kind::In, QStringLiteral("xid")));
        QVERIFY(showTimeline(window));
        LogView *view = window.logView();
        QTRY_COMPARE(view->rowCount(), 2);
        for (int row = 0; row < view->rowCount(); ++row)
            QVERIFY(view->document()->lineText(view->lineAtRow(row)).contains(u"Xid"));
    }

    // View > Encoding decodes the open file again, as chosen, and Auto goes back to what was
    // detected; the place in the file and the status bar follow.
    void theEncodingMenuDecodesTheOpenFileAgain()
    {
        QTemporaryDir dir;
        const QString latin1 = writeFile(dir, QStringLiteral("latin1.log"),
                                         "GPU 0 temperature 85\xB0"
                                         "C\nsecond line\nthird line\n");
        QByteArray utf16 = "\xFF\xFE";
        for (const char c : QByteArray("NVRM: Xid 79\nnext\n"))
            utf16 += QByteArray(1, c) + '\0';
        const QString wide = writeFile(dir, QStringLiteral("wide.log"), utf16);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {latin1, wide}));
        LogView *view = window.logView();
        auto open = [&](const QString &name) {
            QTreeView *tree = window.bundleTree()->tree();
            for (const QModelIndex &index : window.bundleTree()->model()->entries()) {
                const QString path = index.data(BundleTreeModel::PathRole).toString();
                if (!path.endsWith(name))
                    continue;
                const QModelIndex at = window.bundleTree()->viewIndex(path);
                tree->scrollTo(at);
                QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                                  tree->visualRect(at).center());
            }
        };
        auto status = [&] {
            QStringList texts;
            for (QLabel *label : window.statusBar()->findChildren<QLabel *>())
                texts << label->text();
            return texts.join(u'|');
        };
        auto choose = [&](const char *name) {
            QAction *a = window.findChild<QAction *>(QString::fromLatin1(name));
            QVERIFY2(a && a->isEnabled(), name);
            a->trigger();
        };
        open(QStringLiteral("latin1.log"));
        QTRY_VERIFY(view->document() && view->document()->path().endsWith(u"latin1.log"));
        QCOMPARE(view->document()->encoding(), QStringLiteral("latin-1"));
        QCOMPARE(view->document()->lineText(0), QStringLiteral("GPU 0 temperature 85\u00b0C"));
        view->setCurrentLine(2);
        choose("actionEncoding-utf-8");
        QCOMPARE(view->document()->encoding(), QStringLiteral("utf-8"));
        QCOMPARE(view->document()->lineText(0), QStringLiteral("GPU 0 temperature 85\ufffdC"));
        QCOMPARE(view->currentLine(), 2);
        QVERIFY2(status().contains(u"utf-8"), qPrintable(status()));
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionEncoding-utf-8"))->isChecked());
        // Another file keeps its own; coming back, the choice is still there.
        open(QStringLiteral("wide.log"));
        QTRY_VERIFY(view->document()->path().endsWith(u"wide.log"));
        QCOMPARE(view->document()->encoding(), QStringLiteral("utf-16le"));
        QCOMPARE(view->document()->lineText(0), QStringLiteral("NVRM: Xid 79"));
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionEncodingAuto"))->isChecked());
        choose("actionEncoding-latin-1");
        QVERIFY2(view->document()->lineText(0).startsWith(QStringLiteral("\u00ff\u00feN")),
                 qPrintable(view->document()->lineText(0)));
        QVERIFY2(status().contains(u"latin-1"), qPrintable(status()));
        choose("actionEncodingAuto");
        QCOMPARE(view->document()->lineText(0), QStringLiteral("NVRM: Xid 79"));
        open(QStringLiteral("latin1.log"));
        QTRY_VERIFY(view->document()->path().endsWith(u"latin1.log"));
        QCOMPARE(view->document()->encoding(), QStringLiteral("utf-8"));
        choose("actionEncodingAuto");
        QCOMPARE(view->document()->encoding(), QStringLiteral("latin-1"));
        QCOMPARE(view->document()->lineText(0), QStringLiteral("GPU 0 temperature 85\u00b0C"));
    }

    // Ctrl+End while a large file is still read (its first screen shown) ends on the file's
    // last line once it is read, not on the last line of the first screen.
    void ctrlEndWhileReadingEndsOnTheLastLine()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; log.size() < (5 << 20); ++i)
            log += "Dec  5 08:00:01 node kernel: NVRM: GPU 0000:3b:00.0: RmInitAdapter line "
                   + QByteArray::number(i) + '\n';
        const int lines = int(log.count('\n'));
        const QString path = writeFile(dir, QStringLiteral("big.log"), log);
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        LogView *view = window.logView();
        QVERIFY(view->document()); // the first screen, while the file is read
        QVERIFY(view->document()->lineCount() < lines);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(view->currentLine(), view->document()->lineCount() - 1);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(view->document()->lineCount(), lines);
        QCOMPARE(view->currentLine(), lines - 1);
    }

    // Point 12: bookmarks are toggled from the menu and the context menu, stepped through,
    // noted in place, listed, painted in the gutter, exported and back when the bundle is
    // opened again.
    void bookmarksAreNotedSteppedThroughExportedAndKept()
    {
        PrivateConfig config;
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; i <= 10; ++i)
            log += (i == 7 ? "NVRM: Xid line " : "plain line ") + QByteArray::number(i) + '\n';
        const QString path = writeFile(dir, QStringLiteral("ten.log"), log);
        QSettings().remove(QStringLiteral("bookmarks"));
        {
            MainWindow window;
            window.show();
            QVERIFY(openAndWait(window, {path}));
            LogView *view = window.logView();
            BookmarksPanel *panel = window.bookmarksPanel();
            BookmarksModel *model = panel->model();
            QAbstractItemModelTester tester(model,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
            view->setCurrentLine(2);
            window.findChild<QAction *>(QStringLiteral("actionToggleBookmark"))->trigger();
            QCOMPARE(model->rowCount(), 1);
            QCOMPARE(model->bookmarks().front().line, 3);
            QCOMPARE(model->bookmarks().front().text, QStringLiteral("plain line 3"));
            // Its number is painted on the bookmark colour; line 2's is not.
            const QImage image = view->viewport()->grab().toImage();
            const int lh = view->fontMetrics().height();
            const QColor mark
                = ViewPalette::forBase(view->palette().color(QPalette::Base)).bookmark;
            QCOMPARE(image.pixelColor(4, 2 * lh + lh / 2), mark);
            QVERIFY(image.pixelColor(4, 1 * lh + lh / 2) != mark);

            // With a note: the note cell opens for typing.
            view->setCurrentLine(6);
            window.findChild<QAction *>(QStringLiteral("actionBookmarkNote"))->trigger();
            QCOMPARE(window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->currentWidget(),
                     panel);
            auto *editor = panel->view()->viewport()->findChild<QLineEdit *>();
            QVERIFY(editor && editor->isVisible());
            QTest::keyClicks(editor, QStringLiteral("first Xid, before the reset"));
            QTest::keyClick(editor, Qt::Key_Return); // committed on the next turn of the loop
            QTRY_COMPARE(model->bookmarks().at(1).note,
                         QStringLiteral("first Xid, before the reset"));
            QCOMPARE(model->rowCount(), 2);
            QVERIFY(
                window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))
                    ->tabText(
                        window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->indexOf(panel))
                == u"Bookmarks (2)");

            // Next and previous go round the bookmarks.
            auto *next = window.findChild<QAction *>(QStringLiteral("actionNextBookmark"));
            auto *previous = window.findChild<QAction *>(QStringLiteral("actionPreviousBookmark"));
            view->setCurrentLine(0);
            next->trigger();
            QCOMPARE(view->currentLine(), 2);
            next->trigger();
            QCOMPARE(view->currentLine(), 6);
            next->trigger();
            QCOMPARE(view->currentLine(), 2);
            previous->trigger();
            QCOMPARE(view->currentLine(), 6);

            // The context menu toggles too; a click in the list leads to the line.
            const QStringList items
                = triggerInContextMenu(view, 2, QStringLiteral("actionToggleBookmark"));
            QVERIFY2(items.contains(u"Toggle &Bookmark"), qPrintable(items.join(u", ")));
            QCOMPARE(model->rowCount(), 1);
            view->setCurrentLine(0);
            QTest::mouseClick(
                panel->view()->viewport(), Qt::LeftButton, {},
                panel->view()->visualRect(model->index(0, BookmarksModel::PlaceColumn)).center());
            QCOMPARE(view->currentLine(), 6);

            // In the report, with the note.
            const QString md = dir.filePath(QStringLiteral("report.md"));
            QVERIFY(window.exportReport(md));
            QFile file(md);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString report = QString::fromUtf8(file.readAll());
            QVERIFY2(report.contains(u"## Bookmarks"), qPrintable(report));
            QVERIFY(
                report.contains(u"| ten.log:7 | first Xid, before the reset | NVRM: Xid line 7 |"));
        }
        // Opened again: the bookmarks are back; Delete in the list removes one.
        MainWindow again;
        again.show();
        QVERIFY(openAndWait(again, {path}));
        BookmarksModel *model = again.bookmarksPanel()->model();
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->bookmarks().front().note, QStringLiteral("first Xid, before the reset"));
        QCOMPARE(again.result().bookmarks.size(), 1);
        QTreeView *list = again.bookmarksPanel()->view();
        list->setCurrentIndex(model->index(0, BookmarksModel::PlaceColumn));
        QTest::keyClick(list, Qt::Key_Delete);
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(again.result().bookmarks.isEmpty());
    }

    // The tree's menu copies a folder's or an archive's path too, as the reports write it.
    void theTreeCopiesTheFolderAndArchivePaths()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("case/node/dmesg.log"), "boot\n");
        writeFile(dir, QStringLiteral("case/pods.tgz"),
                  makeArchive("tar", "gzip", {{"ns/app.log", "started\n"}}));
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.filePath(QStringLiteral("case"))}));
        BundleTree *tree = window.bundleTree();
        auto copied = [&](const QString &file) {
            std::unique_ptr<QMenu> menu(tree->createContextMenu(tree->viewIndex(file).parent()));
            if (!menu)
                return QStringLiteral("no menu");
            QGuiApplication::clipboard()->clear();
            menu->findChild<QAction *>(QStringLiteral("treeCopyPath"))->trigger();
            return QGuiApplication::clipboard()->text();
        };
        QCOMPARE(copied(QStringLiteral("case/node/dmesg.log")), QStringLiteral("case/node"));
        QCOMPARE(copied(QStringLiteral("case/pods.tgz!ns/app.log")),
                 QStringLiteral("case/pods.tgz!ns"));
    }

    // Point 12: a file is excluded from the analysis from the tree's context menu: its
    // findings go, it stays listed (and readable) as excluded, the report says so, and it
    // comes back the same way.
    void aFileIsExcludedFromTheAnalysisAndIncludedAgain()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("bundle/noisy.log"),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=1, name=x, Graphics SM Warp Exception\n");
        writeFile(dir, QStringLiteral("bundle/quiet.log"), "all good\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.filePath(QStringLiteral("bundle"))}));
        const int before = int(window.result().findings.size());
        QVERIFY(before > 0);
        BundleTree *tree = window.bundleTree();
        const QString noisy = window.result().findings.front().occurrences.front().path;
        std::unique_ptr<QMenu> menu(tree->createContextMenu(tree->viewIndex(noisy)));
        QVERIFY(menu);
        auto *exclude = menu->findChild<QAction *>(QStringLiteral("treeExclude"));
        QCOMPARE(exclude->text(), QStringLiteral("&Exclude from Analysis"));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        exclude->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(window.result().findings.isEmpty());
        QVERIFY(tree->viewIndex(noisy).data().toString().endsWith(u"(excluded)"));
        QVERIFY(banner(window)->text().contains(u"excluded from the analysis by the engineer"));
        QVERIFY(window.statusBar()->currentMessage().contains(u"excluded from the analysis"));
        QVERIFY(window.showDocument(noisy)); // still readable, without marks
        QVERIFY(window.logView()->markedLines().empty());
        const QString text = dir.filePath(QStringLiteral("report.txt"));
        QVERIFY(window.exportReport(text));
        QFile file(text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("noisy.log: excluded from the analysis by the engineer"));

        menu.reset(tree->createContextMenu(tree->viewIndex(noisy)));
        // Issue 36: the tree's menu copies the entry's path.
        QGuiApplication::clipboard()->clear();
        menu->findChild<QAction *>(QStringLiteral("treeCopyPath"))->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), noisy);
        auto *include = menu->findChild<QAction *>(QStringLiteral("treeExclude"));
        QCOMPARE(include->text(), QStringLiteral("&Include in Analysis"));
        include->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(int(window.result().findings.size()), before);
        QVERIFY(!tree->viewIndex(noisy).data().toString().contains(u"excluded"));
        QVERIFY(!banner(window)->isVisible());
    }

    // Point 11: findings of one rule that differ only by GPU are one row naming how many
    // GPUs, with a child per GPU; the filter and the details work on both levels.
    void findingsThatDifferOnlyByGpuAreGrouped()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (const char *bus : {"3b", "86", "86", "af"})
            log += QByteArray("[ 100.1] NVRM: Xid (PCI:0000:") + bus
                   + ":00): 13, pid=1, name=python3, Graphics SM Warp Exception on (GPC 0, TPC 0, "
                     "SM 0): Out Of Range Address\n";
        log += "[ 101.0] NVRM: Xid (PCI:0000:af:00): 79, pid=1, name=python3, GPU has fallen off "
               "the bus.\n";
        const QString path = writeFile(dir, QStringLiteral("dmesg.log"), log);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        FindingsPanel *panel = window.findingsPanel();
        FindingsModel *model = panel->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), 2);
        const QModelIndex xid79 = model->index(0, FindingsModel::TitleColumn);
        QVERIFY(!model->isGroup(xid79));
        QCOMPARE(xid79.data().toString(),
                 QStringLiteral("Xid 79 on GPU 0000:af:00: GPU has fallen off the bus"));
        const QModelIndex xid13 = model->index(1, FindingsModel::TitleColumn);
        QVERIFY(model->isGroup(xid13));
        QCOMPARE(xid13.data().toString(),
                 QStringLiteral("Xid 13 on 3 GPUs: graphics engine exception"));
        QCOMPARE(xid13.siblingAtColumn(FindingsModel::CountColumn).data().toInt(), 4);
        QCOMPARE(xid13.siblingAtColumn(FindingsModel::SeverityColumn).data().toString(),
                 QStringLiteral("warning"));
        const QModelIndex parent = xid13.siblingAtColumn(0);
        QCOMPARE(model->rowCount(parent), 3);
        QStringList gpus;
        for (int row = 0; row < 3; ++row)
            gpus << model->index(row, FindingsModel::TitleColumn, parent).data().toString();
        QCOMPARE(gpus,
                 (QStringList{QStringLiteral("GPU 0000:86:00"), QStringLiteral("GPU 0000:3b:00"),
                              QStringLiteral("GPU 0000:af:00")}));
        QCOMPARE(panel->visibleRowCount(), 4);
        QVERIFY(panel->view()->rootIsDecorated());

        // A child leads to its GPU's line; the parent to its first child's.
        QTreeView *list = panel->view();
        list->expand(list->model()->index(1, 0));
        const QModelIndex af = model->index(2, FindingsModel::TitleColumn, parent);
        list->setCurrentIndex(af);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), 3);
        QVERIFY(panel->details()->toPlainText().contains(u"Xid 13 on GPU 0000:af:00"));
        list->setCurrentIndex(xid13);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), 1);

        // Filtering by a bus id keeps the group with that GPU only.
        panel->setFilter(QStringLiteral("3b:00"));
        QCOMPARE(panel->visibleRowCount(), 1);
        QVERIFY(list->isRowHidden(0, {}));
        QVERIFY(!list->isRowHidden(1, {}));
        QVERIFY(!list->isRowHidden(1, parent));
        QVERIFY(list->isRowHidden(0, parent));
    }

    // Point 13: a comparison is a tab listing every finding (unchanged ones too) and the
    // changed facts; the evidence of a finding opens in either bundle.
    void aComparisonIsATabWithEvidenceInBothBundles()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(TESTDATA "/diff/before")}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("workTabs"));
        QCOMPARE(tabs->count(), 1);
        QVERIFY(!tabs->tabBar()->isVisible()); // no bar for the bundle alone

        // One dialog: a path typed, or a bundle opened before.
        {
            CompareBundleDialog dialog({{QStringLiteral("/a"), QStringLiteral("/b")}}, &window);
            QCOMPARE(dialog.pathBox()->count(), 1);
            dialog.pathBox()->setCurrentIndex(0);
            QCOMPARE(dialog.paths(), (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
            dialog.pathBox()->setEditText(QStringLiteral(" /tmp/other.tgz "));
            QCOMPARE(dialog.paths(), QStringList{QStringLiteral("/tmp/other.tgz")});
        }

        QSignalSpy shown(&window, &MainWindow::comparisonShown);
        window.compareWith({QStringLiteral(TESTDATA "/diff/after")});
        QVERIFY(shown.wait(gputriage::test::kWaitMs));
        QCOMPARE(tabs->count(), 2);
        QVERIFY(tabs->tabBar()->isVisible());
        auto *tab = qobject_cast<CompareTab *>(tabs->currentWidget());
        QVERIFY(tab);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Compare: after"));
        QAbstractItemModelTester tester(tab->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY2(tab->summary()->text().contains(
                     u"1 new, 2 gone, 1 changed, 0 unchanged; 3 facts changed"),
                 qPrintable(tab->summary()->text()));
        QCOMPARE(tab->model()->rowCount(), 4);
        QStringList facts;
        for (int row = 0; row < tab->factsModel()->rowCount(); ++row)
            facts << tab->factsModel()->item(row, 0)->text() + u'='
                         + tab->factsModel()->item(row, 1)->text() + u'>'
                         + tab->factsModel()->item(row, 2)->text();
        QVERIFY2(facts.contains(u"kernel_driver=570.158.08>580.65.06"),
                 qPrintable(facts.join(u' ')));

        // The new Xid 79: not seen before; its line in the other bundle opens beside.
        QCOMPARE(tab->model()->index(0, CompareModel::ChangeColumn).data().toString(),
                 QStringLiteral("new"));
        tab->view()->setCurrentIndex(tab->model()->index(0, CompareModel::FindingColumn));
        QVERIFY(tab->evidence()->toPlainText().contains(u"Not seen."));
        QVERIFY(tab->evidence()->toHtml().contains(u"gputriage-after:"));
        const QString after = tab->evidence()->toHtml();
        const qsizetype at = after.indexOf(u"gputriage-after:");
        const QString link = after.mid(at, after.indexOf(u'"', at) - at);
        Q_EMIT tab->evidence()->anchorClicked(QUrl(link));
        QVERIFY(tab->otherView()->document());
        QVERIFY(tab->otherView()->document()->path().endsWith(u"node/dmesg.log"));
        QVERIFY(tab->otherView()
                    ->document()
                    ->lineText(tab->otherView()->currentLine())
                    .contains(u": 79, "));
        QVERIFY(tab->otherView()->lineSeverity(tab->otherView()->currentLine()).has_value());

        // A gone finding: its line in the open bundle opens in the main view.
        int gone = -1;
        for (int row = 0; row < tab->model()->rowCount(); ++row)
            if (tab->model()->index(row, CompareModel::ChangeColumn).data().toString() == u"gone")
                gone = row;
        tab->view()->setCurrentIndex(tab->model()->index(gone, CompareModel::FindingColumn));
        const QString before = tab->evidence()->toHtml();
        const qsizetype b = before.indexOf(u"gputriage-before:");
        QVERIFY(b >= 0);
        Q_EMIT tab->evidence()->anchorClicked(QUrl(before.mid(b, before.indexOf(u'"', b) - b)));
        QCOMPARE(tabs->currentIndex(), 0);
        QVERIFY(window.logView()->currentLine() >= 0);

        // The same bundle: every finding listed, unchanged.
        window.compareWith({QStringLiteral(TESTDATA "/diff/before")});
        QVERIFY(shown.wait(gputriage::test::kWaitMs));
        auto *same = qobject_cast<CompareTab *>(tabs->currentWidget());
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(same->model()->rowCount(), int(window.result().findings.size()));
        for (int row = 0; row < same->model()->rowCount(); ++row)
            QCOMPARE(same->model()->index(row, CompareModel::ChangeColumn).data().toString(),
                     QStringLiteral("unchanged"));
        Q_EMIT tabs->tabCloseRequested(2);
        Q_EMIT tabs->tabCloseRequested(0); // the bundle's tab stays
        QCOMPARE(tabs->count(), 2);
    }

    // Point 12: several highlighters, each with its colour, edited in one dialog, painted in
    // every file (occurrences or whole lines), kept for the next start; a pattern that does
    // not compile says why and paints nothing.
    void highlightersPaintPatternsInTheirColours()
    {
        PrivateConfig config;
        QSettings().remove(QStringLiteral("highlighters"));
        QTemporaryDir dir;
        const QString path
            = writeFile(dir, QStringLiteral("h.log"),
                        "ok line\nNCCL WARN timeout on rank 3\nplain\nnode-7 rebooted\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        const QColor amber(0xff, 0xd5, 0x4f), rose(0xf4, 0x8f, 0xb1);
        QTimer::singleShot(0, &window, [&] {
            auto *dialog = qobject_cast<HighlightersDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            HighlightersModel *model = dialog->model();
            QAbstractItemModelTester tester(model,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
            auto addRow = [&](const QString &pattern) {
                QTest::mouseClick(
                    dialog->findChild<QPushButton *>(QStringLiteral("highlighterAdd")),
                    Qt::LeftButton);
                auto *editor = dialog->view()->viewport()->findChild<QLineEdit *>();
                QVERIFY(editor);
                editor->setText(pattern);
                QTest::keyClick(editor, Qt::Key_Return);
            };
            addRow(QStringLiteral("timeout"));
            QTRY_COMPARE(model->highlighters().size(), 1);
            QTRY_COMPARE(model->highlighters()[0].pattern, QStringLiteral("timeout"));
            addRow(QStringLiteral("node-\\d+ rebooted"));
            QTRY_COMPARE(model->highlighters().size(), 2);
            QTRY_COMPARE(model->highlighters()[1].pattern, QStringLiteral("node-\\d+ rebooted"));
            model->setData(model->index(1, HighlightersModel::RegexColumn), Qt::Checked,
                           Qt::CheckStateRole);
            model->setData(model->index(1, HighlightersModel::WholeLineColumn), Qt::Checked,
                           Qt::CheckStateRole);
            model->setColour(1, QColor(0xf4, 0x8f, 0xb1));
            addRow(QStringLiteral("(unclosed"));
            QTRY_COMPARE(model->highlighters().size(), 3);
            QTRY_COMPARE(model->highlighters()[2].pattern, QStringLiteral("(unclosed"));
            QCOMPARE(model->error(2), QString()); // as plain text it is fine
            model->setData(model->index(2, HighlightersModel::RegexColumn), Qt::Checked,
                           Qt::CheckStateRole);
            QVERIFY(!model->error(2).isEmpty());
            QVERIFY(model->index(2, HighlightersModel::PatternColumn)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .startsWith(u"Not used: "));
            QCOMPARE(model->error(0), QString());
            dialog->accept();
        });
        window.findChild<QAction *>(QStringLiteral("actionHighlighters"))->trigger();

        using Spans = std::vector<std::pair<std::pair<int, int>, QColor>>;
        QCOMPARE(view->highlighterSpans(1), (Spans{{{10, 17}, amber}}));
        QCOMPARE(view->highlighterSpans(3), (Spans{{{0, 15}, rose}}));
        QVERIFY(view->highlighterSpans(0).empty());
        QVERIFY(view->highlighterSpans(2).empty());
        // Painted: the top pixel row of the span is the colour (glyphs start lower).
        view->setCurrentLine(0);
        const QImage image = view->viewport()->grab().toImage();
        const int lh = view->fontMetrics().height();
        QCOMPARE(image.pixelColor(pointOf(view, 1, 12).x(), 1 * lh), amber);
        QCOMPARE(image.pixelColor(view->viewport()->width() - 5, 3 * lh), rose);
        QVERIFY(image.pixelColor(pointOf(view, 1, 3).x(), 1 * lh) != amber);

        // Kept for the next start.
        MainWindow again;
        QCOMPARE(Settings::highlighters().size(), 3);
        QVERIFY(again.logView()->highlighterSpans(0).empty()); // no document yet
    }

    // Point 12: F5 analyses the bundle again; Follow Files does it as a file grows and shows
    // its end, as tail -f.
    void aGrowingFileIsFollowed()
    {
        QTemporaryDir dir;
        const QString path
            = writeFile(dir, QStringLiteral("growing.log"), "first line\nsecond line\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        QVERIFY(window.result().findings.isEmpty());
        auto *follow = window.findChild<QAction *>(QStringLiteral("actionFollow"));
        follow->trigger();
        QVERIFY(window.isFollowing());
        QCOMPARE(window.logView()->currentLine(), 1);

        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("third line\nNVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x, GPU has fallen "
                       "off the bus.\n");
        }
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.logView()->document()->lineCount(), 4);
        QCOMPARE(window.logView()->currentLine(), 3); // the end, as tail -f
        QCOMPARE(window.result().findings.size(), 1);
        QVERIFY(window.statusBar()->currentMessage().contains(u"following"));

        // Not following: a change is left alone until F5.
        follow->trigger();
        QVERIFY(!window.isFollowing());
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("fifth line\n");
        }
        QVERIFY(!finished.wait(1500));
        window.findChild<QAction *>(QStringLiteral("actionReload"))->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.logView()->document()->lineCount(), 5);
    }

    // Point 8: long lines wrap onto more rows (no sideways scrolling); the numbers stay on
    // the first row, a click on a wrapped row selects its columns, and the setting is kept.
    void longLinesWrapOntoMoreRows()
    {
        PrivateConfig config;
        QSettings().remove(QStringLiteral("view/wrap"));
        QTemporaryDir dir;
        QByteArray longLine = "NVRM: start ";
        for (int i = 0; longLine.size() < 1000; ++i)
            longLine += "word" + QByteArray::number(i) + ' ';
        longLine += "END-OF-LINE";
        const QString path
            = writeFile(dir, QStringLiteral("w.log"), "short one\n" + longLine + "\nlast\n");
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {path}));
        LogView *view = window.logView();
        auto *wrap = window.findChild<QAction *>(QStringLiteral("actionWrap"));
        QVERIFY(!view->wraps());
        QTRY_VERIFY(view->horizontalScrollBar()->maximum() > 0); // once painted
        wrap->trigger();
        QVERIFY(view->wraps());
        QCOMPARE(QSettings().value(QStringLiteral("view/wrap")).toBool(), true);
        QVERIFY(!view->horizontalScrollBar()->isVisible());

        const int columns = view->wrapColumnCount();
        const int rows = int((view->document()->lineText(1).size() + columns - 1) / columns);
        QVERIFY2(rows >= 3, qPrintable(QString::number(rows)));
        // "last" is painted below the long line's rows: click there and it is current.
        const int lh = view->fontMetrics().height();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          QPoint(view->viewport()->width() / 2, (1 + rows) * lh + lh / 2));
        QCOMPARE(view->currentLine(), 2);
        QCOMPARE(view->firstVisibleLine(), 0); // the whole file fits: nothing scrolls
        // Its third row starts at column 2 × columns: a drag there selects from that column.
        const int charWidth = view->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        const int gutter = charWidth * (QString::number(view->document()->lineCount()).size() + 2);
        const QPoint start(gutter + 6 + 1, (1 + 2) * lh + lh / 2);
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, start);
        QTest::mouseMove(view->viewport(), start + QPoint(5 * charWidth, 0));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, start + QPoint(5 * charWidth, 0));
        QCOMPARE(view->selectedText(), view->document()->lineText(1).mid(2 * columns, 5));
        // The end of the long line is painted: the last row of the line holds its last words.
        const QImage image = view->viewport()->grab().toImage();
        bool inked = false;
        const QColor base = image.pixelColor(view->viewport()->width() - 3, rows * lh + lh / 2);
        for (int x = gutter + 8; x < gutter + 8 + 5 * charWidth && !inked; ++x)
            for (int yy = rows * lh; yy < (rows + 1) * lh && !inked; ++yy)
                inked = image.pixelColor(x, yy) != base;
        QVERIFY(inked);

        wrap->trigger();
        QVERIFY(!view->wraps());
        QVERIFY(view->horizontalScrollBar()->maximum() > 0);
    }

    void problemLinesAreSteppedThrough()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QTreeView *tree = window.bundleTree()->tree();
        const QModelIndex dmesg
            = window.bundleTree()->viewIndex(QStringLiteral("sample/node/dmesg.log"));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(dmesg).center());
        LogView *view = window.logView();
        std::vector<int> problems;
        for (int line = 0; line < view->document()->lineCount(); ++line)
            if (view->lineSeverity(line).value_or(Severity::Info) >= Severity::Warning)
                problems.push_back(line);
        QVERIFY(problems.size() >= 3); // the two Xid 13 lines and the Xid 79
        QVERIFY(std::find(problems.begin(), problems.end(), 12) != problems.end());
        view->setCurrentLine(0);
        auto *next = window.findChild<QAction *>(QStringLiteral("actionNextProblem"));
        for (const int line : problems) {
            next->trigger();
            QCOMPARE(view->currentLine(), line);
        }
        next->trigger(); // wraps around
        QCOMPARE(view->currentLine(), problems.front());
        window.findChild<QAction *>(QStringLiteral("actionPreviousProblem"))->trigger();
        QCOMPARE(view->currentLine(), problems.back());
    }

    // Point 8: at 1024×700 a long pod name in the file tree keeps its end (the part that
    // tells pods apart): names are elided in the middle.
    void treeNamesKeepThePodNameInASmallWindow()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QTreeView *tree = window.bundleTree()->tree();
        tree->expandAll();
        const QModelIndexList found
            = tree->model()->match(tree->model()->index(0, 0), Qt::DisplayRole,
                                   QStringLiteral("nvidia-driver-daemonset-x7k2p"), 1,
                                   Qt::MatchRecursive | Qt::MatchStartsWith);
        QCOMPARE(found.size(), 1);
        const QString name = found.front().data().toString();
        const QRect rect = tree->visualRect(found.front());
        QVERIFY(rect.width() > 0);
        const QString shown
            = tree->fontMetrics().elidedText(name, tree->textElideMode(), rect.width() - 8);
        QVERIFY2(shown.endsWith(u"x7k2p"), qPrintable(shown));
        QVERIFY2(shown.startsWith(u"nvidia"), qPrintable(shown));
        // Narrower still: cut, and still ending with the pod's own suffix.
        window.bundleTree()->setFixedWidth(170);
        QTRY_VERIFY(tree->visualRect(found.front()).width() < rect.width());
        const QString cut = tree->fontMetrics().elidedText(
            name, tree->textElideMode(), tree->visualRect(found.front()).width() - 8);
        QVERIFY2(cut != name && cut.endsWith(u"x7k2p"), qPrintable(cut));
    }

    // Point 8: in a narrow side panel, versions are not cut in the middle.
    void versionsAreNotCutInANarrowPanel()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        FindingsPanel *panel = window.findingsPanel();
        for (int row = 0; row < panel->model()->rowCount(); ++row) {
            const QModelIndex index = panel->model()->index(row, FindingsModel::TitleColumn);
            if (index.data(FindingsModel::RuleIdRole).toString()
                == QLatin1String("cuda.forward-compat.enabled"))
                Q_EMIT panel->view()->clicked(index);
        }
        panel->details()->setFixedWidth(120); // narrower than a version: it must not be cut
        QTextDocument *doc = panel->details()->document();
        doc->setTextWidth(panel->details()->viewport()->width());
        QStringList lines;
        for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
            QTextLayout *layout = block.layout();
            for (int i = 0; layout && i < layout->lineCount(); ++i)
                lines << block.text().mid(layout->lineAt(i).textStart(),
                                          layout->lineAt(i).textLength());
        }
        for (const QString &version : {QStringLiteral("580.65.06"), QStringLiteral("570.158.08")}) {
            const bool whole = std::any_of(lines.begin(), lines.end(),
                                           [&](const QString &l) { return l.contains(version); });
            QVERIFY2(whole, qPrintable(version + QStringLiteral(" cut in: ") + lines.join(u'|')));
        }
    }

    void helpListsTheKeyboardShortcuts()
    {
        MainWindow window;
        window.show();
        window.findChild<QAction *>(QStringLiteral("actionShortcuts"))->trigger();
        auto *text = window.findChild<QTextBrowser *>(QStringLiteral("shortcutsText"));
        QVERIFY(text);
        const QString shown = text->toPlainText();
        for (const QString &item :
             {QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText),
              QStringLiteral("Search All Files"), QStringLiteral("Ctrl+Shift+G"),
              QStringLiteral("Next Occurrence"), QStringLiteral("F8"),
              QStringLiteral("Select part of a line"), QStringLiteral("Jump to the evidence")})
            QVERIFY2(shown.contains(item), qPrintable(item));
    }

    void anArchiveDamagedBeforeItsFirstEntrySaysNothingCouldBeRead()
    {
        const QByteArray archive
            = makeArchive("tar", "gzip", {{"logs/a.log", QByteArray(100000, 'x')}});
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("cut.tar.gz"), archive.left(20));
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(openAndWait(window, {path}));
        QVERIFY(window.windowTitle().contains(u"cut.tar.gz"));
        QCOMPARE(window.bundleTree()->visibleEntryCount(), 0);
        QVERIFY(!window.logView()->document());
        QVERIFY2(banner(window)->text().startsWith(u"Nothing in the bundle could be read"),
                 qPrintable(banner(window)->text()));
        QVERIFY(banner(window)->text().contains(u"cut.tar.gz"));
    }
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
