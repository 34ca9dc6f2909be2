#include "engine/analyzer.h"
#include "engine/templateminer.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QTest>

using namespace gputriage;

class TestTemplateMiner : public QObject
{
    Q_OBJECT

private:
    static QList<MessageTemplate> mine(const QList<QByteArray> &lines)
    {
        TemplateMiner miner;
        int n = 0;
        for (const QByteArray &raw : lines) {
            std::string normalized;
            Normalizer::normalize(std::string_view(raw.constData(), size_t(raw.size())),
                                  normalized);
            ++n;
            miner.add(normalized, std::string_view(raw.constData(), size_t(raw.size())),
                      QStringLiteral("log%1").arg((n - 1) % 2), n);
        }
        return miner.templates();
    }

private Q_SLOTS:
    void masksVariableParts_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QByteArray>("masked");
        QTest::newRow("number") << QByteArray("51877,") << QByteArray("<*>,");
        QTest::newRow("key=value") << QByteArray("pid=51877,") << QByteArray("pid=<*>,");
        QTest::newRow("bus id") << QByteArray("(PCI:0000:86:00):") << QByteArray("(PCI:<*>):");
        QTest::newRow("uuid") << QByteArray("GPU-9b1d77c4-3e20-4f8a-8c61-5d2e90a7b3f0")
                              << QByteArray("GPU-<*>");
        QTest::newRow("version") << QByteArray("570.158.08") << QByteArray("<*>");
        QTest::newRow("hex") << QByteArray("0x7f3a2c000000") << QByteArray("<*>");
        QTest::newRow("device path") << QByteArray("/dev/nvidia3") << QByteArray("/dev/nvidia<*>");
        QTest::newRow("ip:port") << QByteArray("10.0.0.7:29500") << QByteArray("<*>");
        QTest::newRow("word") << QByteArray("failed") << QByteArray("failed");
        QTest::newRow("hex-looking word") << QByteArray("decade") << QByteArray("decade");
        QTest::newRow("a number before a word")
            << QByteArray("52_CUDAExecutionProvider") << QByteArray("<*>CUDAExecutionProvider");
    }
    void masksVariableParts()
    {
        QFETCH(QByteArray, token);
        QFETCH(QByteArray, masked);
        QCOMPARE(QByteArray::fromStdString(TemplateMiner::maskToken(token.toStdString())), masked);
    }

    void groupsRealLinesIntoTemplates()
    {
        const auto templates = mine({
            "2025-11-30T08:15:04Z stderr F node7:4021:4100 [0] NCCL WARN Call to connect "
            "returned Connection refused, retrying",
            "2025-11-30T08:15:05Z stderr F node7:4021:4100 [1] NCCL WARN Call to connect "
            "returned Connection refused, retrying",
            "2025-11-30T08:15:06Z stderr F node9:77:90 [3] NCCL WARN Call to connect returned "
            "Connection reset, retrying",
            "Nov 30 08:15:05 node-1 kubelet[2211]: E1130 08:15:05.000000 2211 pod_workers.go:1301] "
            "Error syncing pod 3f1c, skipping: failed to StartContainer for train with "
            "CrashLoopBackOff",
            "Nov 30 08:16:05 node-1 kubelet[2211]: E1130 08:16:05.000000 2211 pod_workers.go:1301] "
            "Error syncing pod 9a2b, skipping: failed to StartContainer for train with "
            "CrashLoopBackOff",
            "RuntimeError: NCCL communicator was aborted on rank 3.",
        });
        QCOMPARE(templates.size(), 3);
        // Most frequent first; differing words became <*>, numbers were masked.
        QCOMPARE(templates[0].text, QStringLiteral("node<*> [<*>] NCCL WARN Call to connect "
                                                   "returned Connection <*> retrying"));
        QCOMPARE(templates[0].count, 3);
        QCOMPARE(templates[0].fileCount, 2);
        QVERIFY(templates[0].example.startsWith(u"2025-11-30T08:15:04Z")); // the raw first line
        QCOMPARE(templates[0].exampleLine, 1);
        QCOMPARE(templates[1].count, 2);
        QVERIFY2(templates[1].text.contains(
                     u"pod_workers.go:<*>] Error syncing pod <*>, skipping: failed to "
                     "StartContainer for train with CrashLoopBackOff"),
                 qPrintable(templates[1].text));
        QCOMPARE(templates[2].text,
                 QStringLiteral("RuntimeError: NCCL communicator was aborted on rank <*>"));
    }

    // A Python traceback is one message, the exception it ends with, not one shape per frame
    // (frames whose paths or code hold error words included), in a plain log and in CRI records.
    void aTracebackIsOneMessage_data()
    {
        QTest::addColumn<QByteArray>("prefix");
        QTest::newRow("plain") << QByteArray();
        QTest::newRow("CRI") << QByteArray("2025-11-30T08:15:02.1Z stderr F ");
    }

    void aTracebackIsOneMessage()
    {
        QFETCH(QByteArray, prefix);
        QByteArray log;
        for (int i = 0; i < 3; ++i)
            for (const char *line :
                 {"Traceback (most recent call last):",
                  "  File \"/srv/app/errorhandler/run.py\", line 12, in fail_fast",
                  "    raise UpstreamError(\"upstream failed\")",
                  "During handling of the above exception, another exception occurred:",
                  "  File \"/srv/app/main.py\", line 40, in <module>", "    retry_on_failure()",
                  "app.UpstreamError: upstream failed after 3 attempts"})
                log += prefix + line + '\n';
        const RuleSet rules = loadRules({});
        AnalyzeOptions options;
        options.unmatched = true;
        const AnalysisResult result = Analyzer(rules).analyze(
            {LogDocument::fromBytes(log, QStringLiteral("app.log"))}, options);
        QCOMPARE(result.unmatched.size(), 1);
        QCOMPARE(result.unmatched.front().text,
                 QStringLiteral("app.UpstreamError: upstream failed after <*> attempts"));
        QCOMPARE(result.unmatched.front().count, 3);
    }

    void theAnalyzerMinesOnlyNotableLinesNoRuleMatched()
    {
        const RuleSet rules = loadRules({});
        const Analyzer analyzer(rules);
        auto doc = LogDocument::fromBytes(
            "NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, GPU has fallen off the bus.\n"
            "epoch 0 step 100 loss 7.2279\n"
            "custom-agent: failed to report metrics to 10.0.0.7:9400 (attempt 1)\n"
            "custom-agent: failed to report metrics to 10.0.0.9:9400 (attempt 2)\n"
            "all good here\n",
            QStringLiteral("node.log"));
        AnalyzeOptions options;
        options.unmatched = true;
        const AnalysisResult result = analyzer.analyze({doc}, options);
        QCOMPARE(result.unmatchedLines, 2); // the Xid line has a rule; the rest has no error word
        QCOMPARE(result.unmatched.size(), 1);
        QCOMPARE(result.unmatched.front().text,
                 QStringLiteral("custom-agent: failed to report metrics to <*> (attempt <*>)"));
        QCOMPARE(result.unmatched.front().exampleLine, 3);
        // Off by default: nothing mined.
        QVERIFY(analyzer.analyze({doc}).unmatched.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTemplateMiner)
#include "tst_templateminer.moc"
