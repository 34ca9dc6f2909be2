// The workbench as a support engineer uses it (issue 22): the log view in the window: menus, keys,
// selection, prefixes, bookmarks, highlighters, wrapping. Offscreen; each test types and clicks
// like a user.

#include "workbench.h"

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbenchLogview : public QObject
{
    Q_OBJECT

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
        view->setCurrentLine(LineNumber(0));
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
        QCOMPARE(view->document()->lineNumber(view->currentLine().value()), 3);
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
            view->selectText(LineNumber(line), 0, 100000);
            return view->selectedText();
        };
        if (hide->isChecked())
            hide->trigger();
        QVERIFY(shown(0).startsWith(u"2025-11-30T08:15:01.250000000Z stdout F Nov 30"));
        QTest::keyClick(&window, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(view->hidesPrefixes());
        QCOMPARE(shown(0), QStringLiteral("NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
                                          "name=python3, GPU has fallen off the bus."));
        QCOMPARE(view->gutterTime(LineNumber(0)),
                 QStringLiteral("08:15:01.250")); // the outermost time
        QCOMPARE(shown(1), QStringLiteral("NVRM: GPU at PCI:0000:86:00: GPU-1234"));
        QCOMPARE(view->gutterTime(LineNumber(1)),
                 QStringLiteral("9513.000")); // the kernel's uptime
        // In the timeline too, where the line is shown from after its timestamp.
        QVERIFY(showTimeline(window));
        QCOMPARE(shown(0), QStringLiteral("NVRM: Xid (PCI:0000:86:00): 79, pid=51877, "
                                          "name=python3, GPU has fallen off the bus."));
        QCOMPARE(view->lineColumns(LineNumber(0)).first, QStringLiteral("11-30 08:15:01.250"));
        QTest::keyClick(&window, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!view->hidesPrefixes());
        QCOMPARE(view->gutterTime(LineNumber(0)), QString());
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
        // In view, low.
        const LineNumber last
            = view->firstVisibleLine().value() + view->visibleLineCount() - LinesCount(2);
        view->setCurrentLine(last);
        QCOMPARE(view->firstVisibleLine(), LineNumber(0)); // no scroll was needed
        banner(window)->setText(QStringLiteral("A note\nthat takes\nseveral lines\nof the window"));
        QTRY_VERIFY(banner(window)->isVisible());
        QTRY_VERIFY2(view->currentLine().value() - view->firstVisibleLine().value()
                         < view->visibleLineCount() - LinesCount(1),
                     qPrintable(QStringLiteral("line %1, first %2, rows %3")
                                    .arg(view->currentLine().value().get())
                                    .arg(view->firstVisibleLine().value().get())
                                    .arg(view->visibleLineCount().get())));
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
        view->setCurrentLine(LineNumber(0));
        QTest::keyClick(view, Qt::Key_E);
        QCOMPARE(view->currentLine(), LineNumber(4)); // line 5
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Error 1 of 4"));
        QTest::keyClick(view, Qt::Key_E);
        QCOMPARE(view->currentLine(), LineNumber(9));
        QTest::keyClick(view, Qt::Key_E, Qt::ShiftModifier);
        QCOMPARE(view->currentLine(), LineNumber(4));
        QTest::keyClick(view, Qt::Key_W);
        QCOMPARE(view->currentLine(), LineNumber(5)); // line 6: beta
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Warning 2 of 5"));
        QTest::keyClick(view, Qt::Key_W, Qt::ShiftModifier);
        QCOMPARE(view->currentLine(), LineNumber(2));
        QTest::keyClick(view, Qt::Key_W, Qt::ShiftModifier); // wraps to the last
        QCOMPARE(view->currentLine(), LineNumber(17));
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
            const QPoint at = pointOf(view, LineNumber(0), column) + QPoint(2, 0);
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
            return view->selectedText();
        };
        QCOMPARE(doubleClick(9), QStringLiteral("alpha_beta"));
        QCOMPARE(doubleClick(20), QStringLiteral("570.158.08"));
        QCOMPARE(doubleClick(33), QStringLiteral("0000:86:00")); // not the full stop after it
        QCOMPARE(doubleClick(1), QStringLiteral("driver"));
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
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, pointOf(view, LineNumber(0), uuid));
        QTest::mouseMove(view->viewport(), pointOf(view, LineNumber(0), int(first.size())));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {},
                            pointOf(view, LineNumber(0), int(first.size())));
        QVERIFY(view->hasTextSelection());
        QCOMPARE(view->selectedText(), QStringLiteral("GPU-2f6c1e0a-7d3b-4c1e-9a55-0b8e3f4d6a21"));
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), view->selectedText());

        // The keyboard: a click before the bus id, then Ctrl+Shift+Right over its parts.
        const QString second = view->document()->lineText(1);
        const int bus = int(second.indexOf(u"0000:3b:00"));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, pointOf(view, LineNumber(1), bus));
        QVERIFY(!view->hasTextSelection());
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(view, Qt::Key_Right, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedText(), QStringLiteral("0000:3b:00"));
        QTest::keyClick(view, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(view->selectedText(), QStringLiteral("0000:3b:0"));
        // From inside one line to inside the next.
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, pointOf(view, LineNumber(1), bus));
        QTest::mouseMove(view->viewport(), pointOf(view, LineNumber(2), 14));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, pointOf(view, LineNumber(2), 14));
        QCOMPARE(view->selectedText(), second.mid(bus) + u'\n' + QStringLiteral("[ 9512.662164]"));
        // A plain key ends the text selection; Ctrl+C then copies the current line whole.
        QTest::keyClick(view, Qt::Key_Down);
        QVERIFY(!view->hasTextSelection());

        // The context menu: Copy, Select All, and Find with the selected text.
        view->selectText(LineNumber(2), int(view->document()->lineText(2).indexOf(u"0000:86:00")),
                         int(view->document()->lineText(2).indexOf(u"0000:86:00")) + 10);
        const QStringList items
            = triggerInContextMenu(view, LineNumber(2), QStringLiteral("logFind"));
        QCOMPARE(items.mid(0, 2), QStringList({tr("&Copy"), tr("Select &All")}));
        QVERIFY(items.contains(u"&Find \u201c0000:86:00\u201d"));
        QVERIFY(window.searchBar()->isVisible());
        QCOMPARE(window.searchBar()->input()->text(), QStringLiteral("0000:86:00"));
        QTRY_COMPARE(window.searchBar()->hits(), lineNumbers({2}));

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
        view->selectText(LineNumber(0), 0, 4);
        QCOMPARE(view->selectedText(), QStringLiteral("2025"));
        hide->trigger();
        QVERIFY(view->hidesPrefixes());
        const QStringList starts
            = {QStringLiteral("NOTE"), QStringLiteral("NVRM"), QStringLiteral("NVRM")};
        for (int line = 0; line < 3; ++line) {
            view->selectText(LineNumber(line), 0, 4);
            QCOMPARE(view->selectedText(), starts[line]);
        }
        // Search marks follow the shown text.
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("Xid"));
        QTRY_COMPARE(window.searchBar()->hits(), lineNumbers({1}));
        QCOMPARE(view->searchSpans(LineNumber(1)), (std::vector<std::pair<int, int>>{{6, 9}}));
        hide->trigger(); // back, and remembered off for the next window
        QCOMPARE(view->searchSpans(LineNumber(1)), (std::vector<std::pair<int, int>>{{37, 40}}));

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
        window.logView()->setCurrentLine(LineNumber(11));
        QVERIFY(showTimeline(window));
        click(dmesg);
        QCOMPARE(window.logView()->document()->path(), dmesg);
        QCOMPARE(window.logView()->currentLine(), LineNumber(11));
        // The rules changed: the same bundle is analysed again, and the reader stays put.
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QCOMPARE(window.logView()->document()->path(), dmesg);
        QCOMPARE(window.logView()->currentLine(), LineNumber(11));
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
        QTRY_COMPARE(bar->hits(), lineNumbers({2, 6}));
        bar->onlyMatchingBox()->setChecked(true);
        QCOMPARE(view->rowCount(), LinesCount(2));
        QVERIFY(bar->contextBox()->isEnabled());
        bar->contextBox()->setValue(1);
        QCOMPARE(view->rowCount(), LinesCount(6)); // lines 2-4 and 6-8
        QCOMPARE(view->lineAtRow(ViewRow(3)), LineNumber(5));
        bar->contextBox()->setValue(3); // the two windows meet: lines 1-10, each once
        QCOMPARE(view->rowCount(), LinesCount(10));
        bar->hideMatchingBox()->setChecked(true);
        QVERIFY(!bar->onlyMatchingBox()->isChecked());
        QCOMPARE(view->rowCount(), LinesCount(8));
        QCOMPARE(view->lineAtRow(ViewRow(2)), LineNumber(3));
        bar->hideMatchingBox()->setChecked(false);
        QCOMPARE(view->rowCount(), LinesCount(10));
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
            view->setCurrentLine(LineNumber(2));
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
            view->setCurrentLine(LineNumber(6));
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
            view->setCurrentLine(LineNumber(0));
            next->trigger();
            QCOMPARE(view->currentLine(), LineNumber(2));
            next->trigger();
            QCOMPARE(view->currentLine(), LineNumber(6));
            next->trigger();
            QCOMPARE(view->currentLine(), LineNumber(2));
            previous->trigger();
            QCOMPARE(view->currentLine(), LineNumber(6));

            // The context menu toggles too; a click in the list leads to the line.
            const QStringList items
                = triggerInContextMenu(view, LineNumber(2), QStringLiteral("actionToggleBookmark"));
            QVERIFY2(items.contains(u"Toggle &Bookmark"), qPrintable(items.join(u", ")));
            QCOMPARE(model->rowCount(), 1);
            view->setCurrentLine(LineNumber(0));
            QTest::mouseClick(
                panel->view()->viewport(), Qt::LeftButton, {},
                panel->view()->visualRect(model->index(0, BookmarksModel::PlaceColumn)).center());
            QCOMPARE(view->currentLine(), LineNumber(6));

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
        QCOMPARE(view->highlighterSpans(LineNumber(1)), (Spans{{{10, 17}, amber}}));
        QCOMPARE(view->highlighterSpans(LineNumber(3)), (Spans{{{0, 15}, rose}}));
        QVERIFY(view->highlighterSpans(LineNumber(0)).empty());
        QVERIFY(view->highlighterSpans(LineNumber(2)).empty());
        // Painted: the top pixel row of the span is the colour (glyphs start lower).
        view->setCurrentLine(LineNumber(0));
        const QImage image = view->viewport()->grab().toImage();
        const int lh = view->fontMetrics().height();
        QCOMPARE(image.pixelColor(pointOf(view, LineNumber(1), 12).x(), 1 * lh), amber);
        QCOMPARE(image.pixelColor(view->viewport()->width() - 5, 3 * lh), rose);
        QVERIFY(image.pixelColor(pointOf(view, LineNumber(1), 3).x(), 1 * lh) != amber);

        // Kept for the next start.
        MainWindow again;
        QCOMPARE(Settings::highlighters().size(), 3);
        QVERIFY(again.logView()->highlighterSpans(LineNumber(0)).empty()); // no document yet
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
        QCOMPARE(view->currentLine(), LineNumber(2));
        QCOMPARE(view->firstVisibleLine(), LineNumber(0)); // the whole file fits: nothing scrolls
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
            if (view->lineSeverity(LineNumber(line)).value_or(Severity::Info) >= Severity::Warning)
                problems.push_back(line);
        QVERIFY(problems.size() >= 3); // the two Xid 13 lines and the Xid 79
        QVERIFY(std::find(problems.begin(), problems.end(), 12) != problems.end());
        view->setCurrentLine(LineNumber(0));
        auto *next = window.findChild<QAction *>(QStringLiteral("actionNextProblem"));
        for (const int line : problems) {
            next->trigger();
            QCOMPARE(view->currentLine(), LineNumber(line));
        }
        next->trigger(); // wraps around
        QCOMPARE(view->currentLine(), LineNumber(problems.front()));
        window.findChild<QAction *>(QStringLiteral("actionPreviousProblem"))->trigger();
        QCOMPARE(view->currentLine(), LineNumber(problems.back()));
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
            for (ViewRow row(0); row < ViewRow(0) + view->rowCount(); ++row)
                lines << QString::number(view->lineAtRow(row).value().displayed());
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
        QTRY_COMPARE(bar->hits(), lineNumbers({4}));
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
        view->setCurrentLine(LineNumber(2));
        choose("actionEncoding-utf-8");
        QCOMPARE(view->document()->encoding(), QStringLiteral("utf-8"));
        QCOMPARE(view->document()->lineText(0), QStringLiteral("GPU 0 temperature 85\ufffdC"));
        QCOMPARE(view->currentLine(), LineNumber(2));
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
        QCOMPARE(view->currentLine(), LineNumber(view->document()->lineCount() - 1));
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(view->document()->lineCount(), lines);
        QCOMPARE(view->currentLine(), LineNumber(lines - 1));
    }
};

QTEST_MAIN(TestWorkbenchLogview)
#include "tst_workbench_logview.moc"
