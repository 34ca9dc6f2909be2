#include "engine/timeline.h"
#include "engine/timelineindex.h"
#include "engine/timelineview.h"
#include "text/logdocument.h"

#include <QTest>

using namespace gputriage;

class TestTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheTimeOfRealLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("utc"); // empty: no wall-clock time

        QTest::newRow("cri nanoseconds")
            << QByteArray("2025-11-30T08:15:01.902113345Z stdout F == PyTorch ==")
            << QStringLiteral("2025-11-30 08:15:01.902Z");
        QTest::newRow("journald short-iso, +0100")
            << QByteArray("2025-11-30T09:15:01+0100 node-1 kernel: NVRM: Xid (PCI:0000:86:00): 79")
            << QStringLiteral("2025-11-30 08:15:01.000Z");
        QTest::newRow("rfc3339 -05:30 crosses midnight")
            << QByteArray("2025-11-29T23:00:00.5-05:30 msg")
            << QStringLiteral("2025-11-30 04:30:00.500Z");
        QTest::newRow("python logging, comma millis, no zone = UTC")
            << QByteArray("2025-11-30 08:15:01,250 - INFO - NCCL INFO Bootstrap")
            << QStringLiteral("2025-11-30 08:15:01.250Z");
        QTest::newRow("docker json-file") << QByteArray(
            R"({"log":"CUDA Forward Compatibility mode ENABLED.\n","stream":"stdout","time":"2025-11-30T08:15:02.000000001Z"})")
                                          << QStringLiteral("2025-11-30 08:15:02.000Z");
        QTest::newRow("logrus (gpu-operator)")
            << QByteArray(R"(time="2025-11-30T08:15:03Z" level=info msg="Driver is ready")")
            << QStringLiteral("2025-11-30 08:15:03.000Z");
        QTest::newRow("dmesg -T") << QByteArray(
            "[Sun Nov 30 08:15:04 2025] NVRM: Xid (PCI:0000:86:00): 79, pid=51877")
                                  << QStringLiteral("2025-11-30 08:15:04.000Z");
        QTest::newRow("dmesg -T, one-digit day") << QByteArray(
            "[Wed Dec  3 01:02:03 2025] nvidia-nvlink: Nvlink Core is being initialized")
                                                 << QStringLiteral("2025-12-03 01:02:03.000Z");
        QTest::newRow("syslog, year from context")
            << QByteArray("Nov 30 08:15:05 node-1 kernel: NVRM: GPU at PCI:0000:86:00")
            << QStringLiteral("2025-11-30 08:15:05.000Z");
        QTest::newRow("syslog, space-padded day")
            << QByteArray("Dec  3 10:00:00 node-1 nvidia-persistenced[1234]: Started")
            << QStringLiteral("2025-12-03 10:00:00.000Z");
        QTest::newRow("klog") << QByteArray(
            "I1130 08:15:06.123456       1 main.go:52] Starting NVIDIA device plugin")
                              << QStringLiteral("2025-11-30 08:15:06.123Z");
        QTest::newRow("kernel uptime is not wall-clock")
            << QByteArray("[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79") << QString();
        QTest::newRow("message text")
            << QByteArray("Installing NVIDIA driver 570.158.08") << QString();
        QTest::newRow("version number first") << QByteArray("570.158.08 is loaded") << QString();
        QTest::newRow("month 13") << QByteArray("2025-13-30T08:15:01Z x") << QString();
        QTest::newRow("empty") << QByteArray() << QString();
    }
    void readsTheTimeOfRealLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, utc);
        const auto t = lineTime(std::string_view(line.constData(), size_t(line.size())),
                                TimeContext{2025, 0});
        QCOMPARE(t ? formatTime(*t) : QString(), utc);
    }

    void mergesDocumentsInTimeOrderAcrossZonesAndFormats()
    {
        // The container (UTC, CRI) and the node's journal (+01:00, syslog-less ISO) and a
        // dmesg -T dump: the Xid at 08:15:04Z must come between the container lines.
        auto container = LogDocument::fromBytes(
            "2025-11-30T08:15:01.000000000Z stdout F CUDA Forward Compatibility mode ENABLED.\n"
            "2025-11-30T08:15:05.000000000Z stderr F RuntimeError: CUDA error: unspecified launch "
            "failure\n"
            "  continuation of the traceback\n",
            QStringLiteral("pod.log"));
        auto journal = LogDocument::fromBytes(
            "header without a time\n"
            "2025-11-30T09:15:03+01:00 node-1 kubelet: pulling image\n"
            "2025-11-30T09:15:05+01:00 node-1 kubelet: container restarted\n",
            QStringLiteral("journal.log"));
        auto dmesg
            = LogDocument::fromBytes("[Sun Nov 30 08:15:04 2025] NVRM: Xid (PCI:0000:86:00): 79\n",
                                     QStringLiteral("dmesg.log"));
        const Timeline t = buildTimeline({container, journal, dmesg});
        QStringList order;
        for (const TimelineEntry &e : t.entries)
            order << QStringLiteral("%1:%2").arg(e.doc).arg(e.line.get());
        // Equal times keep document order (container before journal at 08:15:05).
        QCOMPARE(order, QStringList({QStringLiteral("0:0"), QStringLiteral("1:1"),
                                     QStringLiteral("2:0"), QStringLiteral("0:1"),
                                     QStringLiteral("0:2"), QStringLiteral("1:2")}));
        QCOMPARE(t.undated, (std::vector<int>{0, 1, 0}));
        QVERIFY(!t.truncated);
        for (size_t i = 1; i < t.entries.size(); ++i)
            QVERIFY(t.entries[i - 1].time <= t.entries[i].time);

        const Timeline capped = buildTimeline({container, journal, dmesg}, 2);
        QVERIFY(capped.truncated);
        QCOMPARE(capped.entries.size(), size_t(2));
    }

    // The merged timeline as an index of line references: every dated line in time order (a
    // file's lines in its own order, ties to the earlier file), lines without a date of their
    // own after the dated line before them, the leading timestamp left to the view, rule hits
    // moved onto rows, totals said and no cap.
    void theTimelineIndexMergesEveryLineWithoutACap()
    {
        auto pod = LogDocument::fromBytes("2025-11-30T08:15:01.250000000Z stdout F step 1\n"
                                          "2025-11-30T08:15:05.000000000Z stdout F step 2\n",
                                          QStringLiteral("ns/pod-a/0.log"));
        auto other = LogDocument::fromBytes("a header\n2025-11-30T08:15:03Z NVRM: Xid 79\n"
                                            "no date here\n2025-11-30T08:15:05Z same second\n",
                                            QStringLiteral("ns/pod-b/0.log"));
        std::vector<std::vector<LineMatch>> matches(2);
        matches[1].push_back(LineMatch{
            .rule = 7, .line = LineNumber(1), .endLine = LineNumber(1), .start = 0, .end = 5});
        TimelineIndex index({pod, other}, BundleClock{}, matches);
        QCOMPARE(index.totalLines(), qint64(6));
        QVERIFY(index.build());
        QVERIFY(index.isComplete());
        QCOMPARE(index.lineCount(), 5); // the header has no date before it
        auto ref = [&](int row) {
            return std::pair(int(index.ref(row).doc), int(index.ref(row).line));
        };
        QCOMPARE(ref(0), std::pair(0, 0));
        QCOMPARE(ref(1), std::pair(1, 1));
        QCOMPARE(ref(2), std::pair(1, 2));
        QCOMPARE(ref(3), std::pair(0, 1)); // 08:15:05 in both: the first file first
        QCOMPARE(ref(4), std::pair(1, 3));
        QCOMPARE(QString::fromUtf8(index.line(0)), QStringLiteral("step 1"));
        QCOMPARE(QString::fromUtf8(index.line(1)), QStringLiteral("NVRM: Xid 79"));
        QCOMPARE(formatTime(*index.timeOf(2)), QStringLiteral("2025-11-30 08:15:03.000Z"));
        QVERIFY(!index.ownTimeOf(2));
        QCOMPARE(index.rowAtTime(*lineTime("2025-11-30T08:15:04Z x")), 3);
        QCOMPARE(index.rowAtTime(*lineTime("2025-11-30T09:00:00Z x")), 5);
        QCOMPARE(index.matches().size(), size_t(1));
        QCOMPARE(index.matches().front().rule, 7);
        QCOMPARE(index.matches().front().line, LineNumber(1));
        QCOMPARE(index.undated(), (std::vector<int>{0, 1}));
        QCOMPARE(index.labels(),
                 (QStringList{QStringLiteral("pod-a/0.log"), QStringLiteral("pod-b/0.log")}));
        QCOMPARE(index.note(),
                 QStringLiteral("Timeline: 5 lines from 2 files in time order (UTC). "
                                "Lines without a date are not placed: pod-b/0.log (1)."));
        // As a document the view and the search read.
        auto shared = std::make_shared<TimelineIndex>(std::vector{pod, other}, BundleClock{});
        const auto doc = LogDocument::fromSource(shared, QStringLiteral("timeline"));
        QCOMPARE(doc->lineCount(), 0); // readable before and while it is built
        QVERIFY(shared->build());
        QCOMPARE(doc->lineCount(), 5);
        QCOMPARE(doc->lineText(4), QStringLiteral("same second"));

        // Many lines in many files: all of them, in order.
        std::vector<std::shared_ptr<const LogDocument>> many;
        for (int f = 0; f < 7; ++f) {
            QByteArray bytes;
            for (int i = 0; i < 30000; ++i)
                bytes += QByteArray("2025-11-30T08:") + QByteArray::number(10 + i / 1000 % 50) + ':'
                         + QByteArray::number(10 + i / 20 % 50) + '.'
                         + QByteArray::number(100 + i % 20 * 10 + f) + "Z line\n";
            many.push_back(LogDocument::fromBytes(bytes, QStringLiteral("f%1.log").arg(f)));
        }
        TimelineIndex big(many, BundleClock{});
        QVERIFY(big.build());
        QCOMPARE(big.lineCount(), 7 * 30000);
        QCOMPARE(big.indexBytes(), size_t(7 * 30000 * 8));
        for (int row = 1; row < big.lineCount(); row += 997)
            QVERIFY(*big.timeOf(row - 1) <= *big.timeOf(row));
        std::atomic<bool> cancel{true};
        TimelineIndex cancelled(many, BundleClock{});
        QVERIFY(!cancelled.build(&cancel));
        QVERIFY(!cancelled.isComplete());
    }

    void yearlessLinesTakeTheBundlesYear()
    {
        auto syslog = LogDocument::fromBytes("Nov 30 08:15:05 node-1 kernel: NVRM: Xid\n",
                                             QStringLiteral("syslog"));
        auto cri = LogDocument::fromBytes("2019-11-30T08:15:00Z stdout F start\n",
                                          QStringLiteral("pod.log"));
        const Timeline t = buildTimeline({syslog, cri});
        QCOMPARE(t.entries.size(), size_t(2));
        QCOMPARE(formatTime(t.entries[1].time), QStringLiteral("2019-11-30 08:15:05.000Z"));
    }

    void readsUptimeStamps_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<qint64>("micros"); // -1: none
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("dmesg") << QByteArray("[ 9512.662164] NVRM: Xid 79") << qint64(9512662164)
                               << QByteArray("NVRM: Xid 79");
        QTest::newRow("dmesg -r") << QByteArray("<4>[    4.131977] NVRM: loading")
                                  << qint64(4131977) << QByteArray("NVRM: loading");
        QTest::newRow("dmesg -x") << QByteArray("kern  :warn  : [   62.000001] nvidia: taint")
                                  << qint64(62000001) << QByteArray("nvidia: taint");
        QTest::newRow("short fraction")
            << QByteArray("[12.5] x") << qint64(12500000) << QByteArray("x");
        QTest::newRow("dmesg -T is not uptime")
            << QByteArray("[Sun Nov 30 08:15:04 2025] NVRM: Xid") << qint64(-1) << QByteArray();
        QTest::newRow("a bracketed word")
            << QByteArray("[rank0]: Initializing") << qint64(-1) << QByteArray();
        QTest::newRow("no fraction") << QByteArray("[ 12] x") << qint64(-1) << QByteArray();
    }
    void readsUptimeStamps()
    {
        QFETCH(QByteArray, line);
        QFETCH(qint64, micros);
        QFETCH(QByteArray, message);
        size_t start = 0;
        const auto up = uptimeOf(std::string_view(line.constData(), size_t(line.size())), &start);
        QCOMPARE(up ? qint64(*up) : qint64(-1), micros);
        if (up)
            QCOMPARE(line.mid(qsizetype(start)), message);
    }

    // A dmesg dump (uptime stamps) and another file of the bundle that dates some of the same
    // kernel messages: the dmesg lines get the time of the boot plus their uptime.
    void uptimeLinesAreDatedFromTheBundle_data()
    {
        QTest::addColumn<QByteArray>("other");
        QTest::addColumn<QString>("xid79"); // UTC of the dmesg Xid 79 line; empty: not placed
        QTest::addColumn<QString>("source");

        // Boot at 2025-11-30 07:58:39.000Z: uptime 4.131977 → 07:58:43.131977.
        QTest::newRow("kern.log with the uptime in the message (rsyslog)")
            << QByteArray("Nov 30 07:58:43 node-1 kernel: [    4.131977] NVRM: loading NVIDIA "
                          "UNIX x86_64 Kernel Module  570.158.08  Tue Jun 10 21:17:04 UTC 2025\n"
                          "2025-11-30T07:00:00Z stdout F the year comes from this line\n")
            << QStringLiteral("2025-11-30 10:37:11.530Z") // syslog keeps whole seconds
            << QStringLiteral("1 kernel message");
        QTest::newRow("journal short-precise, several messages, median")
            << QByteArray("Nov 30 07:58:43.131977 node-1 kernel: NVRM: loading NVIDIA UNIX "
                          "x86_64 Kernel Module  570.158.08  Tue Jun 10 21:17:04 UTC 2025\n"
                          "Nov 30 07:58:43.167004 node-1 kernel: nvidia-modeset: Loading NVIDIA "
                          "Kernel Mode Setting Driver for UNIX platforms  570.158.08\n"
                          "Nov 30 07:58:47.000000 node-1 kernel: nvidia-nvlink: Nvlink Core is "
                          "being initialized, major device number 236\n"
                          "Date: Sun Nov 30 10:40:00 UTC 2025\n")
            << QStringLiteral("2025-11-30 10:37:11.662Z") << QStringLiteral("3 kernel messages");
        QTest::newRow("dmesg -T of the same boot")
            << QByteArray("[Sun Nov 30 07:58:43 2025] nvidia-modeset: Loading NVIDIA Kernel Mode "
                          "Setting Driver for UNIX platforms  570.158.08\n")
            << QStringLiteral("2025-11-30 10:37:11.495Z") << QStringLiteral("1 kernel message");
        QTest::newRow("journalctl --list-boots")
            << QByteArray("IDX BOOT ID                          FIRST ENTRY                 LAST "
                          "ENTRY\n"
                          " -1 1c3f6d8f7e5a4b2c9d0e1f2a3b4c5d6e Sat 2025-11-29 22:01:13 UTC Sun "
                          "2025-11-30 07:56:58 UTC\n"
                          "  0 8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d Sun 2025-11-30 07:58:39 UTC Sun "
                          "2025-11-30 10:40:01 UTC\n")
            << QStringLiteral("2025-11-30 10:37:11.662Z") << QStringLiteral("--list-boots");
        QTest::newRow("/proc/stat btime")
            << QByteArray("cpu  1 2 3\nbtime 1764489519\nprocesses 4\n")
            << QStringLiteral("2025-11-30 10:37:11.662Z") << QStringLiteral("btime");
        QTest::newRow("a zone that is not UTC is not guessed")
            << QByteArray("  0 8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d Sun 2025-11-30 08:58:39 CET Sun "
                          "2025-11-30 11:40:01 CET\n")
            << QString() << QString();
        QTest::newRow("a message dated twice is not a pair")
            << QByteArray("Nov 30 07:58:43 node-1 kernel: NVRM: loading NVIDIA UNIX x86_64 "
                          "Kernel Module  570.158.08  Tue Jun 10 21:17:04 UTC 2025\n"
                          "Nov 30 09:00:00 node-1 kernel: NVRM: loading NVIDIA UNIX x86_64 "
                          "Kernel Module  570.158.08  Tue Jun 10 21:17:04 UTC 2025\n")
            << QString() << QString();
        QTest::newRow("nothing dates the boot")
            << QByteArray("2025-11-30T07:00:00Z stdout F x\n") << QString() << QString();
    }
    void uptimeLinesAreDatedFromTheBundle()
    {
        QFETCH(QByteArray, other);
        QFETCH(QString, xid79);
        QFETCH(QString, source);
        auto dmesg = LogDocument::fromBytes(
            "[    4.131977] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.08  Tue Jun 10 "
            "21:17:04 UTC 2025\n"
            "[    4.167004] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX "
            "platforms  570.158.08\n"
            "[    8.000000] nvidia-nvlink: Nvlink Core is being initialized, major device number "
            "236\n"
            "[ 9512.662164] NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, GPU has "
            "fallen off the bus.\n"
            "  a continuation line\n",
            QStringLiteral("node/dmesg.log"));
        auto file = LogDocument::fromBytes(other, QStringLiteral("node/other.log"));
        for (const auto &docs : {std::vector{file, dmesg}, std::vector{dmesg, file}}) {
            const BundleClock clock = bundleClock(docs);
            const auto t = clock.timeOf(dmesg->path(), 4, dmesg->line(3));
            QCOMPARE(t ? formatTime(*t) : QString(), xid79);
            if (!source.isEmpty())
                QVERIFY2(clock.boots.at(dmesg->path()).front().source.contains(source),
                         qPrintable(clock.boots.at(dmesg->path()).front().source));
            // The merged timeline places the line (and the continuation after it) there.
            const Timeline timeline = buildTimeline(docs, clock);
            const size_t d = docs.front() == dmesg ? 0 : 1;
            QString placed;
            for (const TimelineEntry &e : timeline.entries)
                if (size_t(e.doc) == d && e.line == LineNumber(4))
                    placed = formatTime(e.time);
            QCOMPARE(placed, xid79);
        }
    }

    void eachBootOfADmesgLogHasItsOwnStart()
    {
        // Two boots in one log (the stamp goes down); a dated copy of a message of the second
        // boot dates that boot only; --list-boots' row -1 dates the first.
        auto dmesg = LogDocument::fromBytes(
            "[    0.000000] Linux version 6.8.0-49-generic (buildd@lcy02-amd64-103)\n"
            "[ 7000.000000] NVRM: Xid (PCI:0000:86:00): 79, pid=1, GPU has fallen off the bus.\n"
            "[    0.000000] Linux version 6.8.0-49-generic (buildd@lcy02-amd64-104)\n"
            "[   30.500000] NVRM: Xid (PCI:0000:86:00): 48, pid=2, An uncorrectable double bit\n",
            QStringLiteral("dmesg"));
        auto journal = LogDocument::fromBytes(
            "2025-11-30T10:00:30.500000+0000 node-1 kernel: NVRM: Xid (PCI:0000:86:00): 48, "
            "pid=2, An uncorrectable double bit\n"
            " -1 1c3f6d8f7e5a4b2c9d0e1f2a3b4c5d6e Sun 2025-11-30 06:00:00 UTC Sun 2025-11-30 "
            "09:59:00 UTC\n",
            QStringLiteral("journal"));
        const BundleClock clock = bundleClock({dmesg, journal});
        QCOMPARE(clock.boots.at(QStringLiteral("dmesg")).size(), size_t(2));
        auto at = [&](int number) {
            const auto t = clock.timeOf(QStringLiteral("dmesg"), number, dmesg->line(number - 1));
            return t ? formatTime(*t) : QString();
        };
        QCOMPARE(at(2), QStringLiteral("2025-11-30 07:56:40.000Z"));
        QCOMPARE(at(4), QStringLiteral("2025-11-30 10:00:30.500Z"));
    }

    void yearlessLinesTakeTheYearOfABugReportOrDmesgT()
    {
        auto syslog = LogDocument::fromBytes("Nov 30 08:15:05 node-1 kernel: NVRM: Xid\n",
                                             QStringLiteral("syslog"));
        for (const QByteArray &dated :
             {QByteArray("Date: Sun Nov 30 10:40:00 UTC 2019\n"),
              QByteArray("[Sat Nov 30 08:15:04 2019] NVRM: Xid (PCI:0000:86:00): 79\n")}) {
            auto other = LogDocument::fromBytes(dated, QStringLiteral("other"));
            const BundleClock clock = bundleClock({syslog, other});
            QCOMPARE(clock.context.year, 2019);
            QCOMPARE(clock.yearSource, QStringLiteral("other"));
            const auto t = clock.timeOf(QStringLiteral("syslog"), 1, syslog->line(0));
            QCOMPARE(formatTime(*t), QStringLiteral("2019-11-30 08:15:05.000Z"));
        }
    }

    void cancelStopsTheBuild()
    {
        auto doc = LogDocument::fromBytes("2025-11-30T08:15:01Z a\n", QStringLiteral("a"));
        std::atomic<bool> cancel{true};
        QVERIFY(buildTimeline({doc}, 100, &cancel).cancelled);
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
