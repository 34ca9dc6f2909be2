#include "engine/timeline.h"
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
            order << QStringLiteral("%1:%2").arg(e.doc).arg(e.line);
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

    void cancelStopsTheBuild()
    {
        auto doc = LogDocument::fromBytes("2025-11-30T08:15:01Z a\n", QStringLiteral("a"));
        std::atomic<bool> cancel{true};
        QVERIFY(buildTimeline({doc}, 100, &cancel).cancelled);
    }
};

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
