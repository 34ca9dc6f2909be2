// The workbench as a support engineer uses it (issue 22): the search bar and the search of all
// files. Offscreen; each test types and clicks like a user.

#include "workbench.h"

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbenchSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
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
            QTRY_COMPARE(bar->hits(), lineNumbers({1}));
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
        QTRY_COMPARE(view->rowCount(), LinesCount(3)); // alpha 1, alpha 3, Gamma 4
        for (int i = 0; i < 6; ++i)                    // back to "alpha"
            QTest::keyClick(bar->input(), Qt::Key_Backspace);
        QTRY_COMPARE(view->rowCount(), LinesCount(2));
        QTest::keyClicks(bar->input(), QStringLiteral("("));
        QTRY_VERIFY(bar->status()->text().startsWith(u"invalid"));
        QCOMPARE(view->rowCount(),
                 LinesCount(2)); // the last valid search's lines ("alpha"), not none
        QVERIFY(bar->onlyMatchingBox()->isChecked());
        QTest::keyClicks(bar->input(), QStringLiteral(" 3)"));
        QTRY_COMPARE(view->rowCount(), LinesCount(1)); // "alpha( 3)"
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
        QTRY_COMPARE(bar->hits(), lineNumbers({0, 2}));
        // The text typed stays in sight beside the bar's options.
        QVERIFY(bar->input()->width()
                > bar->input()->fontMetrics().horizontalAdvance(bar->input()->text()));
        QCOMPARE(view->searchSpans(LineNumber(0)), (std::vector<std::pair<int, int>>{{41, 51}}));
        QCOMPARE(view->searchSpans(LineNumber(2)),
                 (std::vector<std::pair<int, int>>{{416, 426}, {438, 448}}));
        QVERIFY(view->searchSpans(LineNumber(1)).empty());

        QTest::keyClick(bar->input(), Qt::Key_Return); // first hit
        QTest::keyClick(bar->input(), Qt::Key_Return); // second: 400 columns to the right
        QCOMPARE(view->currentLine(), LineNumber(2));
        QCOMPARE(bar->status()->text(), QStringLiteral("2 of 2"));
        QVERIFY(view->horizontalScrollBar()->value() > 0);
        const QPoint hit = pointOf(view, LineNumber(2), 420);
        QVERIFY2(hit.x() > 0 && hit.x() < view->viewport()->width(),
                 qPrintable(QString::number(hit.x())));
        // What the user sees there: the current hit's colour (top edge of the row, no glyph).
        const QImage image = view->viewport()->grab().toImage();
        const int top = hit.y() - view->fontMetrics().height() / 2 + 1;
        QCOMPARE(image.pixelColor(hit.x() + 2, top), ViewPalette::light().searchCurrent);

        // Closing the bar clears the marks; opening it again brings them back.
        QTest::keyClick(bar->input(), Qt::Key_Escape);
        QVERIFY(bar->isHidden());
        QVERIFY(!view->isSearchHit(LineNumber(2)));
        QVERIFY(view->searchSpans(LineNumber(2)).empty());
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTRY_VERIFY(view->isSearchHit(LineNumber(2)));
    }

    // Point 2: all files of the bundle, with a results list that leads to the line.
    // Issue 36, klogg's habit: while a search is open, its hit lines are listed under the text
    // (line number and text). A click or the keys in that list move the text; moving in the
    // text selects the hit at or before its line; closing the bar or the View toggle hides it.
    void theHitsUnderTheTextFollowTheTextAndLeadToIt()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 1; i <= 60; ++i)
            log += (i % 10 == 3 ? "NVRM: Xid (PCI:0000:86:00): 79, line " : "filler line ")
                   + QByteArray::number(i) + '\n';
        const QString path = writeFile(dir, QStringLiteral("kern.log"), log);
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(openAndWait(window, {path}));
        HitsPane *pane = window.workspace()->hitsPane();
        QVERIFY(pane->isHidden()); // nothing searched yet
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("xid"));
        QTRY_VERIFY(pane->isVisible());
        QAbstractItemModelTester tester(pane->model());
        const QAbstractItemModel *model = pane->model();
        QCOMPARE(model->rowCount(), 6); // lines 3, 13, ..., 53
        QCOMPARE(model->index(1, HitLinesModel::LineColumn).data().toInt(), 13);
        QCOMPARE(model->index(1, HitLinesModel::TextColumn).data().toString(),
                 QStringLiteral("NVRM: Xid (PCI:0000:86:00): 79, line 13"));
        // The pane sits under the text, which keeps most of the height.
        LogView *view = window.logView();
        QVERIFY(pane->mapTo(&window, QPoint()).y() > view->mapTo(&window, QPoint()).y());
        QVERIFY(view->height() > pane->height());

        // A click on the fourth hit moves the text to line 33.
        const QModelIndex fourth = model->index(3, HitLinesModel::TextColumn);
        QTRY_VERIFY2(
            pane->view()->viewport()->rect().contains(pane->view()->visualRect(fourth).center()),
            qPrintable(QStringLiteral("%1 rows tall").arg(pane->view()->viewport()->height())));
        QTest::mouseClick(pane->view()->viewport(), Qt::LeftButton, {},
                          pane->view()->visualRect(fourth).center());
        QCOMPARE(view->currentLine(), LineNumber(32));
        // Down in the list moves on to the next hit, and the text with it.
        pane->view()->setFocus();
        QTest::keyClick(pane->view(), Qt::Key_Down);
        QCOMPARE(view->currentLine(), LineNumber(42));
        // Moving in the text selects the hit at or before the line.
        view->setCurrentLine(LineNumber(20)); // line 21
        QCOMPARE(pane->view()->currentIndex().row(), 1);
        view->setCurrentLine(LineNumber(0)); // before every hit: the first
        QCOMPARE(pane->view()->currentIndex().row(), 0);
        QCOMPARE(view->currentLine(), LineNumber(0)); // following does not move the text

        // A search with no hit leaves an empty list; closing the bar hides it.
        window.searchBar()->input()->setText(QStringLiteral("no such text"));
        QTRY_COMPARE(model->rowCount(), 0);
        QTest::keyClick(window.searchBar()->input(), Qt::Key_Escape);
        QVERIFY(pane->isHidden());

        // The View toggle turns it off for the next search, and on again.
        QAction *toggle = window.findChild<QAction *>(QStringLiteral("actionShowHitsPane"));
        QVERIFY(toggle && toggle->isChecked());
        toggle->trigger();
        window.searchBar()->find(QStringLiteral("Xid"));
        QTRY_COMPARE(window.searchBar()->hits().size(), size_t(6));
        QVERIFY(pane->isHidden());
        toggle->trigger();
        QVERIFY(pane->isVisible());
        QCOMPARE(model->rowCount(), 6);
    }

    // A search with more hits than the pane lists (a word of most lines of a big log) lists the
    // first ones and says how many there are; moving past the last one listed selects it.
    void theHitsUnderTheTextAreCappedAndSaySo()
    {
        const int rows = int(HitLinesModel::kMaxRows);
        auto doc = LogDocument::fromBytes(QByteArray("x\n").repeated(rows + 5),
                                          QStringLiteral("big.log"));
        std::vector<LineNumber> hits;
        for (int line = 0; line < rows + 5; ++line)
            hits.emplace_back(line);
        HitLinesModel model;
        auto header = [&] {
            return model.headerData(HitLinesModel::TextColumn, Qt::Horizontal, Qt::DisplayRole)
                .toString();
        };
        model.setHits(doc, hits, std::nullopt);
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(header(),
                 QStringLiteral("Hits in this file (the first %1 of %2)")
                     .arg(QLocale().toString(qint64(rows)), QLocale().toString(qint64(rows) + 5)));
        QCOMPARE(model.rowAtOrBefore(LineNumber(rows + 3)), rows - 1);
        model.setHits(doc, lineNumbers({1, 2}), std::nullopt);
        QCOMPARE(header(), QStringLiteral("Hits in this file"));
    }

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
        QCOMPARE(window.logView()->currentLine(), LineNumber(2));

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
};

QTEST_MAIN(TestWorkbenchSearch)
#include "tst_workbench_search.moc"
