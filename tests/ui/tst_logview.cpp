// The log view in the window: long and huge lines, selection and copy, search, hits only,
// the first screen of a big file before the analysis ends.

#include "bundletree.h"
#include "exportdialog.h"
#include "factspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "limitsdialog.h"
#include "logview.h"
#include "mainwindow.h"
#include "messagebanner.h"
#include "notablepanel.h"
#include "panelmodels.h"
#include "rulelistmodel.h"
#include "rules/ruleloader.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "settingsdialog.h"
#include "text/logdocument.h"
#include "timechart.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>

#include <ctime>

using namespace gputriage;
using gputriage::test::lineNumbers;
using gputriage::test::PrivateConfig;

// The longest the GUI thread may be busy on one user action (slower under the sanitizers).
#ifdef GPUTRIAGE_SANITIZE
constexpr qint64 kStallLimitMs = 500;
#else
constexpr qint64 kStallLimitMs = 100;
#endif

// The GUI thread's own CPU time: what a user action costs it, whatever else the machine runs
// (the wall clock of a loaded CI machine counts the waits for a core too).
qint64 threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1'000'000;
}

class TestLogView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    // Enter on a 10 MB line without a blank: the window shows at once (only the rows in view
    // are laid out), not after minutes of layout on the GUI thread.
    void aHugeLineIsShownWholeWithoutAFreeze()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("first line\n" + QByteArray(10'000'000, 'x') + "\nthird line\n");
        file.close();
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        LogView *view = window.logView();
        view->setCurrentLine(LineNumber(1));
        // The GUI thread is never blocked more than 100 ms: from Enter to the dialog painted.
        const qint64 start = threadCpuMs();
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        QVERIFY(QTest::qWaitForWindowExposed(whole->window()));
        whole->viewport()->repaint();
        const qint64 ms = threadCpuMs() - start;
        qInfo("10 MB line shown in %lld ms of the GUI thread's time", ms);
        QVERIFY2(ms < kStallLimitMs, qPrintable(QStringLiteral("%1 ms").arg(ms)));
        QCOMPARE(QByteArray(whole->document()->bytes().data(),
                            qsizetype(whole->document()->bytes().size()))
                     .replace('\n', QByteArray())
                     .size(),
                 10'000'000);
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("wholeLineInfo"))
                    ->text()
                    .contains(u"wrapped in 62,500 rows"));
        // Scrolling to its end stays fast too.
        const qint64 scrollStart = threadCpuMs();
        whole->scrollToLine(LineNumber(whole->document()->lineCount() - 1));
        whole->viewport()->repaint();
        const qint64 scrollMs = threadCpuMs() - scrollStart;
        QVERIFY2(scrollMs < kStallLimitMs, qPrintable(QString::number(scrollMs)));
    }

    // The line opens with the search hit (else the matched text) in view, wrapped in rows.
    void aLongLineOpensWithTheHitInView()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray words;
        for (int i = 0; i < 5000; ++i)
            words += "word" + QByteArray::number(i) + ' ';
        file.write("first\n" + words
                   + "NVRM: Xid (PCI:0000:86:00): 79, GPU has fallen off the bus. " + words + "\n");
        file.close();
        MainWindow window;
        window.show();
        QVERIFY(gputriage::test::openAndWait(window, {path}));
        LogView *view = window.logView();
        view->setCurrentLine(LineNumber(1));
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        const QString row = whole->document()->lineText(whole->currentLine().value());
        QVERIFY2(row.contains(u"Xid") || row.contains(u"NVRM"), qPrintable(row));
        // Rows end after a blank: no word is cut.
        for (int r = 0; r + 1 < whole->document()->lineCount(); ++r)
            QVERIFY(whole->document()->lineText(r).endsWith(u' '));
        // Copy Line copies the line as it is, not the rows.
        whole->window()->findChild<QPushButton *>(QStringLiteral("wholeLineCopy"))->click();
        QCOMPARE(QApplication::clipboard()->text(), view->document()->lineText(1));
        whole->window()->close();

        // With a search, its hit is in view.
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("word4321 "));
        QTRY_COMPARE(window.searchBar()->hits(), lineNumbers({1}));
        view->setCurrentLine(LineNumber(1));
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY(window.findChildren<LogView *>(QStringLiteral("wholeLineView")).size() == 1);
        whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole->document()->lineText(whole->currentLine().value()).contains(u"word4321"));
        QVERIFY(whole->isSearchHit(whole->currentLine().value()));
    }

    // A search hit past column 4,000 of a long line is shown in the view itself: stepping to it
    // shows the line from a little before the hit, highlighted and scrolled into view.
    void aHitPastTheDisplayCapIsShownInTheView()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wide.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("first\n[ 1.0] " + QByteArray(6000, 'x')
                   + " NVRM: Xid (PCI:0000:86:00): 79, GPU has fallen off the bus.\nlast\n");
        file.close();
        MainWindow window;
        window.resize(900, 500);
        window.show();
        QVERIFY(gputriage::test::openAndWait(window, {path}));
        LogView *view = window.logView();
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("fallen off"));
        QTRY_COMPARE(window.searchBar()->hits(), lineNumbers({1}));
        QTest::keyClick(window.searchBar()->input(), Qt::Key_Return); // next hit
        QCOMPARE(view->currentLine(), LineNumber(1));
        const auto spans = view->searchSpans(LineNumber(1));
        QCOMPARE(spans.size(), size_t(1));
        QVERIFY2(spans.front().first < 4000 && spans.front().second > spans.front().first,
                 qPrintable(QString::number(spans.front().first)));
        // In view: the hit's columns lie within the horizontal scroll range shown.
        const int charWidth = view->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        const int scrolled = view->horizontalScrollBar()->value();
        const int from = spans.front().first * charWidth - scrolled;
        const int to = spans.front().second * charWidth - scrolled;
        QVERIFY2(to > 0 && from < view->viewport()->width(),
                 qPrintable(QStringLiteral("%1 %2").arg(from).arg(to)));
    }

    void linesAreSelectedCopiedAndShownWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray longLine = "NVRM: " + QByteArray(12000, 'x') + " end-of-line";
        file.write("first line\nsecond line\n" + longLine + "\nfourth line\n");
        file.close();

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        LogView *view = window.logView();
        const int lh = view->fontMetrics().height();
        auto rowCentre = [&](int row) {
            return QPoint(200, row * lh + lh / 2);
        };
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rowCentre(1));
        QCOMPARE(view->currentLine(), LineNumber(1));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, rowCentre(3));
        QCOMPARE(view->selection(), std::pair(LineNumber(1), LineNumber(3)));
        QApplication::clipboard()->clear();
        QTest::keySequence(view, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(),
                 QString::fromUtf8("second line\n" + longLine + "\nfourth line"));
        QTest::keyClick(view, Qt::Key_Up, Qt::ShiftModifier);
        QCOMPARE(view->selection(), std::pair(LineNumber(1), LineNumber(2)));
        QTest::keyClick(view, Qt::Key_Up);
        QCOMPARE(view->selection(), std::pair(LineNumber(1), LineNumber(1)));

        // The long line is cut in the view; Enter shows it whole.
        view->setCurrentLine(LineNumber(2));
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        QCOMPARE(QByteArray(whole->document()->bytes().data(),
                            qsizetype(whole->document()->bytes().size()))
                     .replace('\n', QByteArray()),
                 longLine);
        whole->window()->close();
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusPosition"))->text(),
                 QStringLiteral("Line 3 of 4"));
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusFile"))->text(),
                 QStringLiteral("long.log"));
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusFormat"))->text(),
                 QStringLiteral("plain text · utf-8"));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("statusTime"))
                    ->text()
                    .startsWith(u"Analysed in "));
    }

    void onlyMatchingLinesHidesTheRestAndStepsThroughHits()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/variants/other-banner-notes.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        LogView *view = window.logView();
        const int all = view->document()->lineCount();
        QCOMPARE(view->rowCount(), LinesCount(all));

        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QTest::keyClicks(bar->input(), QStringLiteral("multi-node"));
        QTRY_COMPARE(bar->hits(), lineNumbers({5, 6}));
        QTest::mouseClick(bar->onlyMatchingBox(), Qt::LeftButton, {},
                          QPoint(4, bar->onlyMatchingBox()->height() / 2));
        QVERIFY(bar->onlyMatchingBox()->isChecked());
        QCOMPARE(view->rowCount(), LinesCount(2));
        QCOMPARE(view->lineAtRow(ViewRow(0)), LineNumber(5));
        QCOMPARE(view->lineAtRow(ViewRow(1)), LineNumber(6));
        bar->next();
        QCOMPARE(view->currentLine(), LineNumber(5));
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(view->currentLine(), LineNumber(6)); // the next shown line, not line 7
        // A wider search widens the filtered view as it arrives.
        bar->input()->setText(QStringLiteral("nvidia"));
        QTRY_VERIFY(bar->hits().size() > 2);
        QTRY_COMPARE(view->rowCount(), LinesCount(int(bar->hits().size())));

        // Only lines with findings replaces the search filter (one filter at a time).
        auto *onlyFindings = window.findChild<QAction *>(QStringLiteral("actionOnlyFindings"));
        onlyFindings->trigger();
        QVERIFY(!bar->onlyMatchingBox()->isChecked());
        const std::vector<LineNumber> marked = view->markedLines();
        QVERIFY(!marked.empty() && int(marked.size()) < all);
        QCOMPARE(view->rowCount(), LinesCount(int(marked.size())));
        for (ViewRow row(0); row < ViewRow(0) + view->rowCount(); ++row)
            QVERIFY(view->lineSeverity(view->lineAtRow(row).value()).has_value());
        // Going to a hidden line (Ctrl+G) shows everything again rather than hiding it.
        LineNumber hidden(0);
        while (std::binary_search(marked.begin(), marked.end(), hidden))
            ++hidden;
        view->setCurrentLine(hidden);
        QVERIFY(!view->isFiltered());
        QVERIFY(!onlyFindings->isChecked());
        QCOMPARE(view->rowCount(), LinesCount(all));
    }

    void searchingTheOpenFileMarksAndStepsThroughHits()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/variants/other-banner-notes.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));

        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QVERIFY(bar->isVisible());
        QSignalSpy searched(bar, &SearchBar::searchFinished);
        QTest::keyClicks(bar->input(), QStringLiteral("multi-node"));
        QTRY_COMPARE(bar->hits(), lineNumbers({5, 6})); // case-insensitive by default
        QVERIFY(window.logView()->isSearchHit(LineNumber(5)));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), LineNumber(5));
        QCOMPARE(bar->status()->text(), QStringLiteral("1 of 2"));
        bar->next();
        bar->next(); // wraps around
        QCOMPARE(window.logView()->currentLine(), LineNumber(5));
        bar->previous();
        QCOMPARE(window.logView()->currentLine(), LineNumber(6));

        bar->regexBox()->setChecked(true);
        bar->input()->setText(QStringLiteral("version \\d+\\.\\d+\\.\\d+"));
        QTRY_COMPARE(bar->hits(), lineNumbers({1, 4}));
        bar->input()->setText(QStringLiteral("(unclosed"));
        QTRY_VERIFY(bar->status()->text().startsWith(u"invalid"));
        QVERIFY(bar->hits().empty());
    }

    void aBigFileShowsItsFirstScreenBeforeTheAnalysisEnds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray block;
        for (int i = 0; i < 1000; ++i)
            block += "2025-08-12T10:15:32.123456789Z stdout F worker step " + QByteArray::number(i)
                     + " ok\n";
        while (file.size() < (qint64(6) << 20))
            file.write(block);
        file.close();

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy firstScreen(&window, &MainWindow::firstScreenShown);
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        // Shown at once from the head of the file, while the whole is read in the background.
        QVERIFY(window.logView()->document());
        const int previewLines = window.logView()->document()->lineCount();
        QVERIFY(previewLines > 100);
        QVERIFY(window.isBusy());
        QVERIFY(window.findChild<QToolButton *>(QStringLiteral("cancelButton"))->isVisible());
        QVERIFY(firstScreen.wait(gputriage::test::kWaitMs) || firstScreen.size() == 1);
        QVERIFY(window.firstScreenMs() >= 0);
        // The user scrolls in the preview: the full document keeps that place.
        window.logView()->setCurrentLine(LineNumber(50));
        window.logView()->scrollToLine(LineNumber(40));
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(!window.isBusy());
        QVERIFY(window.logView()->document()->lineCount() > previewLines);
        QCOMPARE(window.logView()->currentLine(), LineNumber(50));
        QCOMPARE(window.logView()->firstVisibleLine(), LineNumber(40));
        QCOMPARE(window.logView()->document()->format(), LineFormat::Cri);
        // Going to a line far down (as a click on a finding does) scrolls it into view.
        QVERIFY(window.showDocument(window.logView()->document()->path(),
                                    LineNumber::fromDisplayed(100000)));
        QCOMPARE(window.logView()->currentLine(), LineNumber(99999));
        const LineNumber top = window.logView()->firstVisibleLine().value();
        QVERIFY(top <= LineNumber(99999));
        QVERIFY(LineNumber(99999) < top + window.logView()->visibleLineCount());
    }
};

QTEST_MAIN(TestLogView)
#include "tst_logview.moc"
