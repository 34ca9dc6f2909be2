// The workbench as a support engineer uses it (issue 22): the merged timeline and the time chart.
// Offscreen; each test types and clicks like a user.

#include "workbench.h"

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbenchTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
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
        QCOMPARE(window.logView()->lineColumns(LineNumber(xid79)),
                 std::pair(QStringLiteral("11-30 10:37:12.662"), QStringLiteral("dmesg.log:13")));
        QVERIFY(lastStep >= 0 && lastStep < xid79);
        QVERIFY(window.logView()->lineSeverity(LineNumber(xid79)).has_value()); // still red
        QVERIFY2(!window.statusBar()->currentMessage().contains(u"dmesg.log ("),
                 qPrintable(window.statusBar()->currentMessage()));
        // Enter leads to the line in dmesg.log.
        window.logView()->setCurrentLine(LineNumber(xid79));
        QTest::keyClick(window.logView(), Qt::Key_Return);
        QVERIFY(window.logView()->document()->path().endsWith(u"node/dmesg.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(12));
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
        QCOMPARE(view->lineColumns(LineNumber(1)).first, QStringLiteral("11-30 08:00:00.001"));
        QVERIFY2(
            view->lineColumns(LineNumber(1)).second.endsWith(u"-1/nvidia-driver-ctr/current.log:2"),
            qPrintable(view->lineColumns(LineNumber(1)).second));
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
        QVERIFY(!view->currentLine()); // the drag did not select a line
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
        view->setCurrentLine(LineNumber(0));
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
        QCOMPARE(view->document()->lineText(view->currentLine().value()), QStringLiteral("third"));
        goTo(QStringLiteral("2025-11-30 08:15:02"));
        QCOMPARE(view->document()->lineText(view->currentLine().value()), QStringLiteral("second"));
        goTo(QStringLiteral("2025-11-30T08:15:59Z"));
        QCOMPARE(view->document()->lineText(view->currentLine().value()), QStringLiteral("fourth"));
        goTo(QStringLiteral("not a time"));
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Not a time"));
        QCOMPARE(view->document()->lineText(view->currentLine().value()), QStringLiteral("fourth"));
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
        QCOMPARE(window.logView()->currentLine(), LineNumber(1501));
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
        QTRY_COMPARE(view->rowCount(), LinesCount(2));
        for (ViewRow row(0); row < ViewRow(0) + view->rowCount(); ++row)
            QVERIFY(view->document()->lineText(view->lineAtRow(row).value()).contains(u"Xid"));
    }
};

QTEST_MAIN(TestWorkbenchTimeline)
#include "tst_workbench_timeline.moc"
