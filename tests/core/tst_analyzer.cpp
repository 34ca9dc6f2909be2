#include "engine/analyzer.h"
#include "engine/exampletester.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace gputriage;

namespace {

const QByteArray kHeader = "schema: gputriage/rules/v1\npack: t\nrules:\n";

const QByteArray kTable = "schema: gputriage/table/v1\n"
                          "table: cuda-min-driver\n"
                          "key: cuda\n"
                          "value: min_driver\n"
                          "rows:\n"
                          "  - {cuda: \"12.4\", min_driver: 550.54.14}\n"
                          "  - {cuda: \"12.8\", min_driver: 570.26}\n"
                          "  - {cuda: 12.8.1, min_driver: 570.124.06}\n"
                          "  - {cuda: \"13.0\", min_driver: 580.65.06}\n";

// Xid lines: one finding per GPU and Xid; the title names them.
const QByteArray kXid
    = "  - id: xid\n    title: 'GPU {pci}: Xid {xid}'\n    severity: error\n"
      "    match: {pattern: 'Xid \\(PCI:(?P<pci>[0-9a-f:]+)\\): (?P<xid>\\d+),'}\n"
      "    group_by: [pci, xid]\n";
const QByteArray kXidRepeated
    = "  - id: xid-repeated\n    title: 'GPU {pci}: Xid {xid} repeated'\n    severity: critical\n"
      "    match: {pattern: 'Xid \\(PCI:(?P<pci>[0-9a-f:]+)\\): (?P<xid>\\d+),'}\n"
      "    group_by: [pci, xid]\n    min_count: 3\n    supersedes: [xid]\n";

const QByteArray kFacts
    = "  - id: f-cuda\n    title: C\n    kind: fact\n"
      "    match: {pattern: '^CUDA Version (?P<container_cuda>\\d+(?:\\.\\d+)+)$'}\n"
      "  - id: f-driver\n    title: D\n    kind: fact\n"
      "    match: {pattern: 'Kernel Module +(?P<kernel_driver>\\d+(?:\\.\\d+)+)'}\n"
      "  - id: fc\n    title: FC\n    severity: info\n"
      "    match: {pattern: 'Forward Compatibility mode ENABLED'}\n";
const QByteArray kTooOld
    = "  - id: too-old\n    title: 'CUDA {container_cuda} needs driver {min_driver}'\n"
      "    severity: error\n    scope: bundle\n    absent: [fc]\n    group_by: [container_cuda]\n"
      "    compare:\n"
      "      - {left: kernel_driver, op: '<', right: 'cuda-min-driver[container_cuda]'}\n";

QString summary(const AnalysisResult &result)
{
    QStringList out;
    for (const Finding &f : result.findings) {
        QStringList from;
        for (const Comparison &c : f.comparisons)
            from << c.left + compareOpName(c.op) + c.right;
        out << QStringLiteral("%1|%2|%3%4")
                   .arg(f.ruleId, f.title)
                   .arg(f.count)
                   .arg(from.isEmpty() ? QString()
                                       : QLatin1Char('|') + from.join(QLatin1Char(',')));
    }
    return out.join(QLatin1Char(';'));
}

RuleSet load(const QByteArray &rules, bool withTable = true)
{
    RuleSet set;
    RuleLoader loader(set);
    if (withTable)
        loader.loadText(kTable, QStringLiteral("tables/cuda-min-driver.yaml"));
    if (!rules.isEmpty())
        loader.loadText(kHeader + rules, QStringLiteral("t.yaml"));
    finishRules(set);
    for (const Diagnostic &d : set.diagnostics)
        qWarning("%s", qPrintable(d.toString()));
    return set;
}

} // namespace

class TestAnalyzer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findings_data()
    {
        QTest::addColumn<QByteArray>("rules");
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("expected"); // "rule|title|count[|comparisons]" per finding

        const QString xids = "NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception\n"
                             "NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception\n"
                             "NVRM: Xid (PCI:0000:86:00): 13, Graphics Exception\n"
                             "NVRM: Xid (PCI:0000:3b:00): 31, MMU Fault\n";
        QTest::newRow("group_by: one finding per GPU and Xid, titles filled in")
            << kXid << xids
            << "xid|GPU 0000:3b:00: Xid 13|2;xid|GPU 0000:86:00: Xid 13|1;"
               "xid|GPU 0000:3b:00: Xid 31|1";
        // The driver writes a bus id with a 4- or 8-digit domain, with or without the function.
        QTest::newRow("group_by: one GPU however its bus id is written")
            << QByteArray(kXid).replace("[0-9a-f:]+", "[0-9A-Fa-f:.]+")
            << "NVRM: Xid (PCI:0000:3b:00): 79, fallen off the bus\n"
               "NVRM: Xid (PCI:00000000:3b:00.0): 79, fallen off the bus\n"
               "NVRM: Xid (PCI:0000:3B:00): 79, fallen off the bus\n"
               "NVRM: Xid (PCI:00000001:3b:00): 79, fallen off the bus\n"
               "NVRM: Xid (PCI:10000:3b:00): 79, fallen off the bus\n"
               "NVRM: Xid (PCI:00010000:3b:00.0): 79, fallen off the bus\n"
            << "xid|GPU 0000:3b:00: Xid 79|3;xid|GPU 00000001:3b:00: Xid 79|1;"
               "xid|GPU 10000:3b:00: Xid 79|2";
        // Alternatives of a pattern capture under different names; a group takes the first.
        QTest::newRow("group_by: alternatives are one group")
            << QByteArray("  - id: unit\n    title: 'Unit {unit|started} failed'\n"
                          "    severity: error\n"
                          "    match: {pattern: '(?P<unit>[\\w-]+)\\.service: Failed|"
                          "Failed to start (?P<started>[\\w-]+)\\.service'}\n"
                          "    group_by: ['unit|started']\n")
            << "nvidia-dcgm.service: Failed with result 'exit-code'.\n"
               "Failed to start nvidia-dcgm.service - NVIDIA DCGM service.\n"
               "Failed to start nvidia-imex.service - NVIDIA IMEX service.\n"
            << "unit|Unit nvidia-dcgm failed|2;unit|Unit nvidia-imex failed|1";
        // The first line of a finding need not say everything: a later line's code is kept.
        QTest::newRow("facts: a later line adds what the first did not say")
            << QByteArray("  - id: launch\n    title: 'Launch failed: code {code}'\n"
                          "    severity: error\n"
                          "    match: {pattern: 'launch failed(?: with code (?P<code>\\d+))?'}\n")
            << "launch failed\nlaunch failed with code 700\nlaunch failed with code 719\n"
            << "launch|Launch failed: code 700|3";
        QTest::newRow("min_count: below the count, nothing")
            << kXid + kXidRepeated << xids
            << "xid|GPU 0000:3b:00: Xid 13|2;xid|GPU 0000:86:00: Xid 13|1;"
               "xid|GPU 0000:3b:00: Xid 31|1";
        QTest::newRow("supersedes: the repeated finding hides the single one of its group only")
            << kXid + kXidRepeated << xids + "NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception\n"
            << "xid-repeated|GPU 0000:3b:00: Xid 13 repeated|3;"
               "xid|GPU 0000:86:00: Xid 13|1;xid|GPU 0000:3b:00: Xid 31|1";
        QTest::newRow("supersedes: rule order does not matter")
            << kXidRepeated + kXid << xids + "NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception\n"
            << "xid-repeated|GPU 0000:3b:00: Xid 13 repeated|3;"
               "xid|GPU 0000:86:00: Xid 13|1;xid|GPU 0000:3b:00: Xid 31|1";
        QTest::newRow("bundle: container CUDA needs a newer driver than the host has")
            << kFacts + kTooOld
            << "CUDA Version 12.8.1\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  565.57.01\n"
            << "too-old|CUDA 12.8.1 needs driver 570.124.06|1|565.57.01<570.124.06";
        QTest::newRow("bundle: the table row is the greatest release not above the version")
            << kFacts + kTooOld
            << "CUDA Version 12.8.0\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  565.57.01\n"
            << "too-old|CUDA 12.8.0 needs driver 570.26|1|565.57.01<570.26";
        QTest::newRow("bundle: a new enough driver is fine")
            << kFacts + kTooOld
            << "CUDA Version 12.8.1\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  570.158.08\n"
            << "";
        QTest::newRow("bundle: absent rule found, so forward compatibility explains it")
            << kFacts + kTooOld
            << "CUDA Version 13.0.0\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  570.158.08\n"
               "NOTE: CUDA Forward Compatibility mode ENABLED.\n"
            << "fc|FC|1";
        QTest::newRow("bundle: a missing fact means no finding")
            << kFacts + kTooOld << "CUDA Version 12.8.1\n"
            << "";
        QTest::newRow("bundle: a release newer than the table knows gives no answer")
            << kFacts + kTooOld
            << "CUDA Version 14.0\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  570.158.08\n"
            << "";
        QTest::newRow("bundle: each container's CUDA release is its own group")
            << kFacts + kTooOld
            << "CUDA Version 12.4.1\nCUDA Version 13.0.1\nCUDA Version 12.8.1\n"
               "NVRM version: NVIDIA UNIX x86_64 Kernel Module  560.35.03\n"
            << "too-old|CUDA 13.0.1 needs driver 580.65.06|1|560.35.03<580.65.06;"
               "too-old|CUDA 12.8.1 needs driver 570.124.06|1|560.35.03<570.124.06";
        // The kernel's enumeration names each device's maker: a finding about another maker's
        // device is no GPU's, wherever the enumeration is.
        const QByteArray vendorRules
            = "  - id: vendor\n    title: V\n    kind: fact\n"
              "    match: {pattern: '\\bpci (?P<pci_vendor_of>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}"
              "\\.[0-7]: \\[[0-9a-f]{4}):[0-9a-f]{4}\\] type'}\n"
              "  - id: bar\n    title: 'BAR of {pci}'\n    severity: error\n"
              "    match: {pattern: 'vfio-pci "
              "(?P<pci>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]): "
              "BAR \\d+: can.t reserve'}\n    group_by: [pci]\n";
        const QString bar
            = "vfio-pci 0000:03:00.0: BAR 0: can't reserve [mem 0xf7c00000-0xf7c1ffff]\n";
        QTest::newRow("vendor: another maker's device gives no finding")
            << vendorRules << "pci 0000:03:00.0: [8086:1533] type 00 class 0x020000\n" + bar << "";
        QTest::newRow("vendor: the enumeration may come after the line")
            << vendorRules << bar + "pci 0000:03:00.0: [8086:1533] type 00 class 0x020000\n"
            << "";
        QTest::newRow("vendor: NVIDIA's device gives its finding")
            << vendorRules << "pci 0000:03:00.0: [10de:2204] type 00 class 0x030000\n" + bar
            << "bar|BAR of 0000:03:00.0|1";
        QTest::newRow("vendor: a device whose maker the bundle never shows gives its finding")
            << vendorRules << "pci 0000:04:00.0: [8086:1533] type 00 class 0x020000\n" + bar
            << "bar|BAR of 0000:03:00.0|1";
        QTest::newRow("requires: a finding only with another rule's finding")
            << kFacts
                   + "  - id: needs\n    title: N\n    severity: warning\n"
                     "    match: {pattern: 'slow'}\n    requires: [fc]\n"
            << "slow\n"
            << "";
        QTest::newRow("requires: met")
            << kFacts
                   + "  - id: needs\n    title: N\n    severity: warning\n"
                     "    match: {pattern: 'slow'}\n    requires: [fc]\n"
            << "slow\nForward Compatibility mode ENABLED\n"
            << "needs|N|1;fc|FC|1";
    }

    void findings()
    {
        QFETCH(QByteArray, rules);
        QFETCH(QString, log);
        QFETCH(QString, expected);
        const RuleSet set = load(rules);
        QVERIFY(!set.hasErrors());
        const Analyzer analyzer(set);
        const auto result
            = analyzer.analyze({LogDocument::fromBytes(log.toUtf8(), QStringLiteral("a.log"))});
        QCOMPARE(summary(result), expected);
    }

    // Docker's json-file driver (its default) writes the NGC banner one record per line; the
    // peermem note goes on in the next record, indented by blanks. Both notes are found, with
    // the versions, whether the file is named as docker names it or not.
    void theSeedNotesAreFoundInDockerJsonFileRecords_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("as docker names it") << QStringLiteral("0f3a9c-json.log");
        QTest::newRow("renamed by the customer") << QStringLiteral("container.log");
    }

    void theSeedNotesAreFoundInDockerJsonFileRecords()
    {
        QFETCH(QString, name);
        QFile file(QStringLiteral(TESTDATA "/seed/seed-docker-json.log"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        static const RuleSet set = loadRules({}, true);
        const auto result = Analyzer(set).analyze({LogDocument::fromBytes(file.readAll(), name)});
        const Finding *compat = nullptr, *peermem = nullptr;
        for (const Finding &f : result.findings) {
            if (f.ruleId == u"cuda.forward-compat.enabled")
                compat = &f;
            if (f.ruleId == u"network.peermem.not-detected")
                peermem = &f;
        }
        QVERIFY(compat && peermem);
        QCOMPARE(compat->facts.at(QStringLiteral("host_driver")), QStringLiteral("570.158.08"));
        QCOMPARE(compat->facts.at(QStringLiteral("container_driver")), QStringLiteral("580.65.06"));
        QCOMPARE(peermem->severity, Severity::Info);
    }

    void bundleFindingsSayWhereEachValueCameFrom()
    {
        const Analyzer analyzer(load(kFacts + kTooOld));
        const auto result = analyzer.analyze(
            {LogDocument::fromBytes("CUDA Version 12.8.1\n", QStringLiteral("pod/app.log")),
             LogDocument::fromBytes(
                 "x\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  565.57.01\n",
                 QStringLiteral("dmesg.txt"))});
        QCOMPARE(result.findings.size(), 1);
        const Finding &f = result.findings.front();
        QCOMPARE(f.group.at(QStringLiteral("container_cuda")), QStringLiteral("12.8.1"));
        const Comparison &c = f.comparisons.front();
        QCOMPARE(c.leftSource, QStringLiteral("dmesg.txt:2"));
        QCOMPARE(
            c.rightSource,
            QStringLiteral("table cuda-min-driver row 12.8.1 (tables/cuda-min-driver.yaml:8)"));
        QCOMPARE(c.rightName, QStringLiteral("min_driver for container_cuda 12.8.1"));
        QCOMPARE(f.factSources.at(QStringLiteral("kernel_driver")), QStringLiteral("dmesg.txt:2"));
        QCOMPARE(f.factSources.at(QStringLiteral("container_cuda")),
                 QStringLiteral("pod/app.log:1"));
        QVERIFY(
            f.factSources.at(QStringLiteral("min_driver")).startsWith(u"table cuda-min-driver"));
        // The evidence is the lines the facts were read from.
        QCOMPARE(f.occurrences.size(), 2);
        QCOMPARE(f.occurrences[0].path, QStringLiteral("dmesg.txt"));
        QCOMPARE(f.occurrences[1].text, QStringLiteral("CUDA Version 12.8.1"));
    }

    // A CRI message split into many partial (P) records across the analyzer's chunk boundary
    // (32 768 lines) is joined whole, so a message deep inside the run is still found.
    void aPartialRunAcrossChunksIsJoinedWhole()
    {
        QByteArray text;
        for (int i = 0; i < 32760; ++i)
            text += "2025-11-30T08:15:02.1Z stdout F filler " + QByteArray::number(i) + '\n';
        for (int i = 0; i < 400; ++i)
            text += "2025-11-30T08:15:02.2Z stdout P progress " + QByteArray::number(i) + " \n";
        text += "2025-11-30T08:15:02.3Z stdout P NVRM: Xid (PCI:0000:3b:00): 13, pid=1, \n";
        text += "2025-11-30T08:15:02.3Z stdout F end\n";
        const Analyzer analyzer(load(kXid));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(text, QStringLiteral("cri.log"))});
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings[0].title, QStringLiteral("GPU 0000:3b:00: Xid 13"));
        QCOMPARE(result.findings[0].occurrences.front().line, 32761); // where the message begins
    }

    // A run of partial records longer than a matched line (1 MiB) is cut where matching stops:
    // a note says so, for CRI and docker json-file records alike; a shorter run gets none.
    void aPartialRunLongerThanMatchedSaysSo_data()
    {
        QTest::addColumn<QByteArray>("partialRecord");
        QTest::addColumn<QByteArray>("lastRecord");
        QTest::addColumn<int>("records");
        QTest::addColumn<bool>("noted");
        const QByteArray text = "progress " + QByteArray(50, '#');
        QTest::newRow("20 000 CRI P records are noted")
            << "2025-11-30T08:15:02.2Z stdout P " + text + '\n'
            << QByteArray("2025-11-30T08:15:02.3Z stdout F NVRM: Xid (PCI:0000:3b:00): 13\n")
            << 20000 << true;
        QTest::newRow("20 000 docker records without a newline are noted")
            << "{\"log\":\"" + text
                   + "\",\"stream\":\"stdout\",\"time\":\"2025-11-30T08:15:02Z\"}\n"
            << QByteArray("{\"log\":\"NVRM: Xid (PCI:0000:3b:00): 13\\n\",\"stream\":\"stdout\","
                          "\"time\":\"2025-11-30T08:15:02Z\"}\n")
            << 20000 << true;
        QTest::newRow("1 000 CRI P records are not")
            << "2025-11-30T08:15:02.2Z stdout P " + text + '\n'
            << QByteArray("2025-11-30T08:15:02.3Z stdout F NVRM: Xid (PCI:0000:3b:00): 13\n")
            << 1000 << false;
    }
    void aPartialRunLongerThanMatchedSaysSo()
    {
        QFETCH(QByteArray, partialRecord);
        QFETCH(QByteArray, lastRecord);
        QFETCH(int, records);
        QFETCH(bool, noted);
        QByteArray text;
        for (int i = 0; i < 20000; ++i) // larger than a line, so the run is looked at
            text += "2025-11-30T08:15:02.1Z stdout F filler " + QByteArray::number(i) + '\n';
        for (int i = 0; i < records; ++i)
            text += partialRecord;
        text += lastRecord;
        const Analyzer analyzer(load(kXid));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(text, QStringLiteral("cri.log"))});
        const auto note
            = std::find_if(result.problems.begin(), result.problems.end(),
                           [](const Error &e) { return e.message.contains(u"partial records"); });
        QCOMPARE(note != result.problems.end(), noted);
        if (noted) {
            QCOMPARE(note->line, 20001);
            QVERIFY(note->warning);
        }
    }

    // A stdout run of partial records that stderr interrupts for longer than a run stays open
    // is cut there, and a note says so; a stderr record inside a run is matched on its own.
    void aPartialRunCutByOtherStreamsSaysSo_data()
    {
        QTest::addColumn<int>("between");
        QTest::addColumn<bool>("noted");
        QTest::newRow("300 stderr records inside a stdout run are noted") << 300 << true;
        QTest::newRow("100 are not") << 100 << false;
    }
    void aPartialRunCutByOtherStreamsSaysSo()
    {
        QFETCH(int, between);
        QFETCH(bool, noted);
        QByteArray text;
        for (int i = 0; i < 300; ++i)
            text += "2025-11-30T08:15:02.1Z stdout F filler " + QByteArray::number(i) + '\n';
        text += "2025-11-30T08:15:02.2Z stdout P  45%|####5     | 45/100\n";
        text += "2025-11-30T08:15:02.2Z stderr F NVRM: Xid (PCI:0000:3b:00): 13, pid=1, a\n";
        for (int i = 1; i < between; ++i)
            text += "2025-11-30T08:15:02.2Z stderr F warning " + QByteArray::number(i) + '\n';
        text += "2025-11-30T08:15:02.3Z stdout F  46%|####6     | 46/100\n";
        const Analyzer analyzer(load(kXid));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(text, QStringLiteral("cri.log"))});
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings[0].occurrences.value(0).line, 302);
        const auto note
            = std::find_if(result.problems.begin(), result.problems.end(), [](const Error &e) {
                  return e.message.contains(u"interrupted by more than");
              });
        QCOMPARE(note != result.problems.end(), noted);
        if (noted)
            QCOMPARE(note->line, 301);
    }

    // logrotate's copytruncate while a mapped log is read: no SIGBUS, the part that is still
    // there is analysed, and the report says the file changed.
    void aLogThatShrinksWhileReadIsReportedNotFatal()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rotated.log"));
        QByteArray text;
        for (int i = 0; i < 20000; ++i)
            text += "NVRM: Xid (PCI:0000:3b:00): 13, pid=" + QByteArray::number(i) + ", a\n";
        for (int i = 0; i < 64; ++i) // pages past the first ones
            text += QByteArray(128 << 10, 'x') + '\n';
        text += "NVRM: Xid (PCI:0000:86:00): 13, pid=1, b\n";
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(text), text.size());
        }
        auto doc = LogDocument::open(path);
        QVERIFY(doc.ok());
        const std::shared_ptr<const LogDocument> log = doc.value();
        QVERIFY(log->shrankWhileRead() && !log->shrankWhileRead()->load());
        QVERIFY(QFile::resize(path, 4096)); // the index was built; the text is not read yet

        const Analyzer analyzer(load(kXid));
        const AnalysisResult result = analyzer.analyze({log});
        QVERIFY(log->shrankWhileRead()->load());
        // What the first 4 KiB hold is found; the lines past the new end are gone.
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings[0].title, QStringLiteral("GPU 0000:3b:00: Xid 13"));
        QVERIFY(result.findings[0].count > 50 && result.findings[0].count < 100);
        QCOMPARE(result.problems.size(), 1);
        QVERIFY2(result.problems[0].message.contains(u"file changed while read"),
                 qPrintable(result.problems[0].message));
        QVERIFY(!result.problems[0].warning);
    }

    // A cancelled analysis adds no more documents (each would be read whole once more, for its
    // clock and its records): quitting or opening another bundle does not wait for them.
    void aCancelledAnalysisAddsNoMoreDocuments()
    {
        QTemporaryDir dir;
        for (const char *name : {"a.log", "b.log"}) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("NVRM: Xid (PCI:0000:3b:00): 13, pid=1, a\n");
        }
        const Analyzer analyzer(load(kXid));
        std::atomic<bool> cancel{false};
        AnalyzeOptions options;
        options.keepDocuments = true;
        options.cancel = &cancel;
        QCOMPARE(analyzer.analyzePaths({dir.path()}, options).inputs.size(), qsizetype(2));
        cancel = true;
        const AnalysisResult result = analyzer.analyzePaths({dir.path()}, options);
        QVERIFY(result.cancelled);
        QCOMPARE(result.documents.size(), size_t(2)); // read, so they can be shown
        QCOMPARE(result.inputs.size(), qsizetype(0)); // not analysed
        QVERIFY(result.findings.isEmpty());
    }

    // Cancelled while its chunks are matched (the findings of each are collected as soon as it is
    // done): the chunks no worker took are not waited for.
    void anAnalysisCancelledBetweenChunksReturns()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("big.log")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 200000; ++i) // several chunks of lines
            f.write(i % 1000 ? "x\n" : "NVRM: Xid (PCI:0000:3b:00): 13, pid=1, a\n");
        f.close();
        const Analyzer analyzer(load(kXid));
        std::atomic<bool> cancel{false};
        AnalyzeOptions options;
        options.jobs = 2;
        options.cancel = &cancel;
        options.progress = [&cancel](qint64, qint64) {
            cancel = true;
        };
        const AnalysisResult result = analyzer.analyzePaths({dir.path()}, options);
        QVERIFY(result.cancelled);
    }

    // Every report says how many NVIDIA error lines there were and how many the rules explained;
    // error lines of other programs do not count, and a clean log says "none".
    void nvidiaErrorLinesAreCountedExplainedOrNot_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<int>("explained");
        QTest::addColumn<int>("unrecognised");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("mixed")
            << QByteArray(
                   "[ 10.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus.\n"
                   "Failed to initialize NVML: Unknown Error\n"
                   "[ 11.2] NVRM: GPU0 frobnicateWidget: widget setup failed, status 0x1f\n"
                   "nginx: connect() failed (111: Connection refused)\n"
                   "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.08\n")
            << 2 << 1
            << QStringLiteral("NVIDIA error lines: 3 (2 explained by rules, 1 not recognised).");
        QTest::newRow("a line a match did not prove wrapped is not explained by it")
            << QByteArray("nvidia-container-cli: initialization error: nvml error: Unknown Error\n"
                          "the nvidia-persistenced frobnicate failed for the widget, status 0x1f\n")
            << 1 << 1
            << QStringLiteral("NVIDIA error lines: 2 (1 explained by rules, 1 not recognised).");
        QTest::newRow("clean") << QByteArray(
            "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.08\n"
            "nginx: connect() failed (111: Connection refused)\n")
                               << 0 << 0 << QStringLiteral("NVIDIA error lines: none.");
    }

    // A journal in a kernel log section holds other programs' lines: the program its prefix
    // names is the line's component (its catalog is looked up), not the kernel, in any locale.
    void aJournalLineIsItsProgramsNotTheKernels_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("a month in Chinese")
            << QByteArray("5\xe6\x9c\x88 29 17:51:40 host nvidia-settings-user.desktop[2619]: "
                          "ERROR: NVIDIA driver is not loaded\n");
        QTest::newRow("a month in German")
            << QByteArray("Okt 30 08:56:10 host nvidia-settings-autostart.desktop[2027]: ERROR: "
                          "NVIDIA driver is not loaded\n");
        QTest::newRow("a month in English")
            << QByteArray("Oct 30 08:56:10 host nvidia-settings-autostart.desktop[2027]: ERROR: "
                          "NVIDIA driver is not loaded\n");
    }
    void aJournalLineIsItsProgramsNotTheKernels()
    {
        QFETCH(QByteArray, line);
        const Analyzer analyzer(loadRules({}, true));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(line, QStringLiteral("kern.log"))});
        QStringList rules;
        for (const Finding &f : result.findings)
            rules << f.ruleId;
        QVERIFY2(rules.size() == 1 && rules.front().startsWith(u"catalog.nvidia-settings."),
                 qPrintable(rules.join(u' ')));
    }

    void nvidiaErrorLinesAreCountedExplainedOrNot()
    {
        QFETCH(QByteArray, log);
        QFETCH(int, explained);
        QFETCH(int, unrecognised);
        QFETCH(QString, sentence);
        const Analyzer analyzer(loadRules({}, true));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(log, QStringLiteral("kern.log"))});
        QCOMPARE(result.nvidiaExplainedLines, qint64(explained));
        QCOMPARE(result.nvidiaUnrecognisedLines, qint64(unrecognised));
        QCOMPARE(result.nvidiaErrorLinesSentence(), sentence);
    }

    // What a document is (an installer's log, read from its first lines) is its own: a document
    // made where a released one was (the analysis releases each batch's) is not taken for it.
    void aDocumentsKindIsItsOwn()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        constexpr int kPairs = 600; // several batches: documents are released between them
        auto write = [&](const QString &name, const QByteArray &text) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
        };
        for (int i = 0; i < kPairs; ++i) {
            const QString n = QStringLiteral("%1").arg(i, 4, 10, QLatin1Char('0'));
            QVERIFY(write(n + QStringLiteral("-a.log"),
                          "nvidia-installer log file '/var/log/nvidia-installer.log'\n"
                          "ERROR: frobnicating the widget failed\n"));
            QVERIFY(write(n + QStringLiteral("-b.log"),
                          "gpu.go:294: INFO Unable to frobnicate libnvidia-ml.so.535.146.02: "
                          "widget failed\n"));
        }
        const Analyzer analyzer(loadRules({}, true));
        AnalyzeOptions options;
        options.jobs = 2;
        const AnalysisResult result = analyzer.analyzePaths({dir.path()}, options);
        QMap<QString, int> byComponent;
        for (const Finding &f : result.findings)
            if (const auto c = f.group.find(QStringLiteral("component"));
                f.ruleId == u"nvidia.unrecognised" && c != f.group.end())
                byComponent[c->second] += f.count;
        QCOMPARE(byComponent.value(QStringLiteral("installer")), kPairs);
        QCOMPARE(byComponent.value(QStringLiteral("nvml")), kPairs);
    }

    // Adjacent unrecognised NVIDIA lines are one message only when one source wrote them: two
    // programs, or two processes of one, are two messages, each shown.
    void adjacentLinesOfDifferentSourcesAreTwoMessages()
    {
        const QByteArray log = "Nov 30 08:15:02 node nvidia-persistenced[812]: frobnicate failed "
                               "for the widget, status 0x1f\n"
                               "Nov 30 08:15:02 node nv-fabricmanager[900]: NVIDIA fabric quux "
                               "setup failed on the switch\n"
                               "Nov 30 08:15:02 node nv-fabricmanager[901]: could not zorp NVLink "
                               "trunk 7, the request failed\n"
                               "node1:100:200 [0] NCCL WARN nccl plugin blorp failed for the ring\n"
                               "node1:101:201 [1] NCCL WARN the snarf of channel 3 in its tree did "
                               "not answer and failed\n";
        const Analyzer analyzer(loadRules({}, true));
        const AnalysisResult result
            = analyzer.analyze({LogDocument::fromBytes(log, QStringLiteral("syslog"))});
        QSet<int> shown;
        for (const Finding &f : result.findings)
            if (f.ruleId == u"nvidia.unrecognised")
                for (const Occurrence &o : f.occurrences)
                    shown.insert(o.line);
        QCOMPARE(result.nvidiaUnrecognisedLines, qint64(5));
        for (int line = 1; line <= 5; ++line)
            QVERIFY2(shown.contains(line),
                     qPrintable(QStringLiteral("line %1 is not shown").arg(line)));
    }

    void highlightsOnlyWhatIsReported()
    {
        const Analyzer analyzer(load(kXid + kXidRepeated));
        AnalyzeOptions options;
        options.keepMatches = true;
        const auto result
            = analyzer.analyze({LogDocument::fromBytes("NVRM: Xid (PCI:0000:3b:00): 13, a\n"
                                                       "NVRM: Xid (PCI:0000:3b:00): 13, b\n"
                                                       "NVRM: Xid (PCI:0000:86:00): 13, c\n"
                                                       "NVRM: Xid (PCI:0000:3b:00): 13, d\n",
                                                       QStringLiteral("dmesg"))},
                               options);
        QStringList hits;
        for (const LineMatch &m : result.matches.at(0))
            hits << QStringLiteral("%1:%2")
                        .arg(m.line.displayed())
                        .arg(analyzer.matcher().rules()[size_t(m.rule)].id);
        // GPU 3b's single-Xid matches are superseded by the repeated finding; 86's are not.
        QCOMPARE(hits.join(QLatin1Char(' ')),
                 QStringLiteral("1:xid-repeated 2:xid-repeated 3:xid 4:xid-repeated"));
    }

    void lookupAddsTheGpuUuidOfTheBusId()
    {
        const QByteArray rules = kXid
                                 + "    lookup: [{fact: gpu_uuid, where: gpu_pci, equals: pci}]\n"
                                   "  - id: f-uuid\n    title: U\n    kind: fact\n"
                                   "    match: {pattern: 'GPU at PCI:(?P<gpu_pci>[0-9a-f:]+): "
                                   "(?P<gpu_uuid>GPU-\\S+)'}\n";
        const Analyzer analyzer(load(rules));
        const auto result = analyzer.analyze(
            {LogDocument::fromBytes("NVRM: GPU at PCI:0000:86:00: GPU-9b1d\n"
                                    "NVRM: GPU at PCI:0000:3b:00: GPU-2f6c\n"
                                    "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n"
                                    "NVRM: Xid (PCI:0000:af:00): 79, GPU has fallen off the bus.\n",
                                    QStringLiteral("dmesg"))});
        QCOMPARE(result.findings.size(), 2);
        QCOMPARE(result.findings[0].facts.at(QStringLiteral("gpu_uuid")),
                 QStringLiteral("GPU-2f6c"));
        QCOMPARE(result.findings[0].factSources.at(QStringLiteral("gpu_uuid")),
                 QStringLiteral("dmesg:2"));
        QCOMPARE(result.findings[0].factSources.at(QStringLiteral("pci")),
                 QStringLiteral("dmesg:3"));
        QVERIFY(!result.findings[1].facts.count(QStringLiteral("gpu_uuid"))); // not in the log
    }

    void bundleRuleExamplesRunWithAllRules()
    {
        const RuleSet set
            = load(kFacts + kTooOld
                   + "    examples:\n"
                     "      - log: |\n"
                     "          CUDA Version 12.8.1\n"
                     "          NVRM: loading NVIDIA UNIX x86_64 Kernel Module  565.57.01\n"
                     "        expect: {min_driver: 570.124.06}\n"
                     "      - log: \"CUDA Version 12.8.1\"\n"
                     "        expect: none\n");
        const auto results = runExamples(set);
        QCOMPARE(results.size(), 2);
        for (const ExampleResult &r : results)
            QVERIFY2(r.passed, qPrintable(r.message));
    }

    // A one-line example must hold in every container form, with its facts: written bare, in a
    // pod log it comes behind a CRI prefix, in docker's JSON, in a box. A form that changes the
    // message fails the example and is named.
    void aLineExampleMustHoldInEveryContainerForm()
    {
        const RuleSet set = load(QByteArray("  - id: remap.failed\n"
                                            "    title: t\n"
                                            "    severity: error\n"
                                            "    match:\n"
                                            "      pattern: '^Remapping Failure Occurred : "
                                            "(?P<answer>Yes)$'\n"
                                            "    examples:\n"
                                            "      - log: '        Remapping Failure Occurred  "
                                            "      : Yes'\n"
                                            "        expect: {answer: 'Yes'}\n"
                                            "      - log: '{\"log\":\"Remapping Failure Occurred "
                                            ": Yes\\n\"}'\n"
                                            "        expect: match\n"
                                            "      - log: 'Remapping Failure Occurred : No'\n"
                                            "        expect: none\n"));
        const auto results = runExamples(set);
        QCOMPARE(results.size(), 3);
        for (const ExampleResult &r : results)
            QVERIFY2(r.passed, qPrintable(r.message));
        const std::vector<LineForm> quoted{{"e-mail quote", [](const QString &m) -> QString {
                                                return QStringLiteral("> ") + m;
                                            }}};
        const auto inQuotes = runExamples(set, quoted);
        QVERIFY(!inQuotes[0].passed);
        QCOMPARE(inQuotes[0].message,
                 QStringLiteral("matches as written, but not in the e-mail quote form: expected a "
                                "match, found none"));
        QVERIFY(inQuotes[2].passed); // an example that must not match is not wrapped
        const std::vector<LineForm> lowered{{"lower case", [](const QString &m) -> QString {
                                                 return m.toLower();
                                             }}};
        QVERIFY(runExamples(set, lowered)[0].message.contains(u"not in the lower case form"));
    }

    void loaderChecksTheNewKeys_data()
    {
        QTest::addColumn<QByteArray>("rules");
        QTest::addColumn<QString>("message");

        QTest::newRow("group_by names a capture") << QByteArray(kXid).replace("[pci, xid]", "[gpu]")
                                                  << "group_by fact 'gpu' is not a named capture";
        QTest::newRow("group_by alternatives name captures")
            << QByteArray(kXid).replace("[pci, xid]", "['pci|gpu', xid]")
            << "group_by fact 'gpu' is not a named capture";
        QTest::newRow("title placeholder names a capture")
            << QByteArray(kXid).replace("{xid}", "{code}")
            << "title placeholder 'code' is not a named capture";
        QTest::newRow("min_count is a positive number")
            << QByteArray(kXidRepeated).replace("min_count: 3", "min_count: 0")
            << "'min_count' must be a whole number from 1";
        QTest::newRow("a valid grouped, superseding rule loads cleanly")
            << kXid + kXidRepeated << QString();
        QTest::newRow("bundle rules have no match")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    scope: bundle\n"
                          "    match: {pattern: x}\n    requires: [a]\n")
            << "a bundle rule has no 'match'";
        QTest::newRow("bundle rules need compare or requires")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    scope: bundle\n")
            << "a bundle rule needs 'compare' or 'requires'";
        QTest::newRow("a bundle rule's conditions are rule ids")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    scope: bundle\n"
                          "    requires: [{pattern: x, within: 2}]\n")
            << "a bundle rule's 'requires' lists rule ids, not patterns";
        QTest::newRow("unknown rule ids are reported")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    match: {pattern: x}\n"
                          "    supersedes: [nope]\n")
            << "rule 'b' names rule 'nope', which is not loaded";
        QTest::newRow("unknown tables are reported") << QByteArray(
            "  - id: b\n    title: B\n    severity: info\n    scope: bundle\n"
            "    compare: [{left: kernel_driver, op: '<', right: 'nope[kernel_driver]'}]\n")
                                                     << "no table 'nope' is loaded";
        QTest::newRow("a link name must exist")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    match: {pattern: x}\n"
                          "    references: [nope]\n")
            << "reference 'nope' names no entry of 'links'";
        QTest::newRow("lookup equals a capture")
            << QByteArray(kXid + "    lookup: [{fact: gpu_uuid, where: gpu_pci, equals: bus}]\n")
            << "'equals' names fact 'bus', which no pattern captures";
        QTest::newRow("scope is line or bundle")
            << QByteArray("  - id: b\n    title: B\n    severity: info\n    scope: file\n"
                          "    match: {pattern: x}\n")
            << "unknown scope 'file'";
    }

    void loaderChecksTheNewKeys()
    {
        QFETCH(QByteArray, rules);
        QFETCH(QString, message);
        RuleSet set;
        RuleLoader loader(set);
        loader.loadText(kTable, QStringLiteral("tables/cuda-min-driver.yaml"));
        loader.loadText(kHeader + rules, QStringLiteral("t.yaml"));
        finishRules(set);
        QStringList all;
        for (const Diagnostic &d : set.diagnostics)
            all << d.toString();
        if (message.isEmpty())
            QVERIFY2(all.isEmpty(), qPrintable(all.join(QLatin1Char('\n'))));
        else
            QVERIFY2(all.join(QLatin1Char('\n')).contains(message),
                     qPrintable(all.join(QLatin1Char('\n'))));
    }

    void sharedLinksFillReferences()
    {
        RuleSet set;
        RuleLoader loader(set);
        loader.loadText(
            "schema: gputriage/rules/v1\npack: links\nlinks:\n"
            "  xid: {title: Xid Errors, url: 'https://docs.nvidia.com/deploy/xid-errors/'}\n",
            QStringLiteral("links.yaml"));
        loader.loadText(kHeader + kXid + "    references: [xid]\n", QStringLiteral("t.yaml"));
        finishRules(set);
        QVERIFY(set.diagnostics.isEmpty());
        const Rule *rule = set.find(u"xid");
        QVERIFY(rule);
        QCOMPARE(rule->references.size(), 1);
        QCOMPARE(rule->references.front().title, QStringLiteral("Xid Errors"));
        QCOMPARE(rule->references.front().url,
                 QStringLiteral("https://docs.nvidia.com/deploy/xid-errors/"));
    }

    void tableLookup_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("expected");
        QTest::newRow("exact row") << "12.4"
                                   << "550.54.14";
        QTest::newRow("an update of a release") << "12.4.1"
                                                << "550.54.14";
        QTest::newRow("an update with its own row") << "12.8.1.012"
                                                    << "570.124.06";
        QTest::newRow("between rows") << "12.6"
                                      << "550.54.14";
        QTest::newRow("older than the table") << "11.8"
                                              << "";
        QTest::newRow("a minor of the last major") << "13.1"
                                                   << "580.65.06";
        QTest::newRow("a newer major than the table") << "14.0"
                                                      << "";
    }

    void tableLookup()
    {
        QFETCH(QString, version);
        QFETCH(QString, expected);
        const RuleSet set = load(QByteArray(), true);
        const VersionTable *table = set.table(QStringLiteral("cuda-min-driver"));
        QVERIFY(table);
        const auto *row = table->lookup(version);
        QCOMPARE(row ? row->value : QString(), expected);
    }
};

QTEST_GUILESS_MAIN(TestAnalyzer)
#include "tst_analyzer.moc"
