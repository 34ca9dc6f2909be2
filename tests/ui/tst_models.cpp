// Each panel's model on its own, without a window: QAbstractItemModelTester watches every
// change, and the model is compared as an indented dump (modeldump.h). The models of the library
// without widgets are tested in tst_guimodels.cpp.

#include "bundletree.h"
#include "counted.h"
#include "modeldump.h"
#include "panelmodels.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace gputriage;
using gputriage::test::dumpModel;

namespace {

QAbstractItemModelTester *watch(QAbstractItemModel *model)
{
    return new QAbstractItemModelTester(
        model, QAbstractItemModelTester::FailureReportingMode::QtTest, model);
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Issue 36: counts read "1 hit", "53,708 hits" (the locale's digits, no "(s)").
    void countsReadAsWords_data()
    {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<QString>("text");
        QTest::newRow("one") << qint64(1) << QStringLiteral("1 hit");
        QTest::newRow("none") << qint64(0) << QStringLiteral("0 hits");
        QTest::newRow("many, grouped") << qint64(53708) << QStringLiteral("53,708 hits");
        QTest::newRow("millions") << qint64(7904583) << QStringLiteral("7,904,583 hits");
    }

    void countsReadAsWords()
    {
        QFETCH(qint64, n);
        QFETCH(QString, text);
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(counted(n, QStringLiteral("hit"), QStringLiteral("hits")), text);
        QLocale::setDefault(before);
    }

    void factsShowTheirValueAndWhereTheyWereRead()
    {
        FactsModel model;
        watch(&model);
        model.setRows({BundleFact{.name = QStringLiteral("kernel_driver"),
                                  .value = QStringLiteral("570.158.08"),
                                  .path = QStringLiteral("node/dmesg.log"),
                                  .line = 3,
                                  .count = 2},
                       BundleFact{.name = QStringLiteral("bundle_type"),
                                  .value = QStringLiteral("must-gather"),
                                  .path = QStringLiteral("cluster-scope-resources/")}});
        QCOMPARE(
            dumpModel(model),
            QStringList({QStringLiteral("Fact | Value | Source"),
                         QStringLiteral("kernel_driver | 570.158.08 | node/dmesg.log:3  (seen 2×)"),
                         QStringLiteral("bundle_type | must-gather | cluster-scope-resources/")}));
        QCOMPARE(model.index(0, 0).data(PathRole).toString(), QStringLiteral("node/dmesg.log"));
        QCOMPARE(model.index(0, 2).data(LineRole).toInt(), 3);
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void otherMessagesAreTemplatesMostFrequentFirst()
    {
        NotableModel model;
        watch(&model);
        model.setRows(
            {MessageTemplate{.text = QStringLiteral("NCCL WARN Call to connect returned <*>"),
                             .count = 3,
                             .files = {QStringLiteral("a.log"), QStringLiteral("b.log")},
                             .fileCount = 2,
                             .examplePath = QStringLiteral("a.log"),
                             .exampleLine = 7,
                             .example = QStringLiteral("NCCL WARN Call to connect returned 111")}});
        QCOMPARE(dumpModel(model),
                 QStringList({QStringLiteral("Count | Message (<*> varies) | Files"),
                              QStringLiteral("3 | NCCL WARN Call to connect returned <*> | 2")}));
        QCOMPARE(model.index(0, NotableModel::FilesColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("a.log\nb.log"));
        QCOMPARE(model.index(0, 0).data(LineRole).toInt(), 7);
    }

    void gpusFollowTheNodeVerdict()
    {
        GpusModel model;
        watch(&model);
        GpuVerdict fallen{.key = QStringLiteral("0000:86:00"),
                          .uuid = QStringLiteral("GPU-9b1d77c4"),
                          .name = QStringLiteral("NVIDIA H100"),
                          .serial = QStringLiteral("1650924000007")};
        fallen.events.append(GpuEvent{.rule = QStringLiteral("gpu.xid.79"),
                                      .title = QStringLiteral("fallen off the bus"),
                                      .code = QStringLiteral("Xid 79"),
                                      .severity = Severity::Critical,
                                      .count = 1});
        fallen.severity = Severity::Critical;
        fallen.action = QStringLiteral("Reboot the node");
        const GpuVerdict quiet{.key = QStringLiteral("0000:3b:00")};
        model.setGpus({fallen, quiet});
        QCOMPARE(
            dumpModel(model),
            QStringList({QStringLiteral("GPU | Name | Action | Events | UUID"),
                         QStringLiteral("Node: 2 GPUs, 1 with events; strongest action: "
                                        "Reboot the node (GPU 0000:86:00)"),
                         QStringLiteral("0000:86:00 | NVIDIA H100, S/N 1650924000007 | "
                                        "critical: Reboot the node | Xid 79 ×1 | GPU-9b1d77c4"),
                         QStringLiteral("0000:3b:00 |  | no events")}));
        QCOMPARE(model.index(0, 0).data(KeyRole).toString(), QString());
        QCOMPARE(model.index(1, 0).data(KeyRole).toString(), QStringLiteral("0000:86:00"));
        QVERIFY(model.index(1, GpusModel::ActionColumn).data(Qt::ForegroundRole).isValid());
        model.setGpus({});
        QCOMPARE(model.rowCount(), 0); // no node row without GPUs
    }

    void ruleTestResultsNestTheLinesUnderEachFinding()
    {
        TextTreeModel model({QStringLiteral("Result"), QStringLiteral("Facts")});
        watch(&model);
        model.setRows({TextRow{.text = QStringLiteral("Testing…")}});
        TextRow finding{.text = QStringLiteral("IMEX cannot reach a peer — 2 lines"),
                        .severity = Severity::Error};
        finding.children = {TextRow{.text = QStringLiteral("node.log:1  imex 570: failed"),
                                    .note = QStringLiteral("version=570"),
                                    .path = QStringLiteral("node.log"),
                                    .line = 1},
                            TextRow{.text = QStringLiteral("node.log:3  imex 580: failed"),
                                    .note = QStringLiteral("version=580"),
                                    .path = QStringLiteral("node.log"),
                                    .line = 3}};
        TextRow examples{.text = QStringLiteral("Examples: 1 passed, 0 failed"),
                         .key = QStringLiteral("examples")};
        examples.children = {TextRow{.text = QStringLiteral("✓ imex.peer #1: matched")}};
        model.setRows({finding, examples});
        QCOMPARE(dumpModel(model),
                 QStringList({QStringLiteral("Result | Facts"),
                              QStringLiteral("IMEX cannot reach a peer — 2 lines"),
                              QStringLiteral("  node.log:1  imex 570: failed | version=570"),
                              QStringLiteral("  node.log:3  imex 580: failed | version=580"),
                              QStringLiteral("Examples: 1 passed, 0 failed"),
                              QStringLiteral("  ✓ imex.peer #1: matched")}));
        const QModelIndex second = model.index(1, 0, model.index(0, 0));
        QCOMPARE(model.parent(second), model.index(0, 0));
        QCOMPARE(second.data(LineRole).toInt(), 3);
        QVERIFY(model.index(0, 0).data(Qt::ForegroundRole).isValid());
        QCOMPARE(model.rowCount(second), 0);
    }

    void theFileTreeSumsHitsUpItsFolders()
    {
        BundleTreeModel model;
        watch(&model);
        model.setEntries(
            {{.path = QStringLiteral("/b/node/dmesg.log"), .hits = 3, .worst = Severity::Critical},
             {.path = QStringLiteral("/b/pods/train.tgz!train/pytorch.log"),
              .hits = 2,
              .worst = Severity::Warning},
             {.path = QStringLiteral("/b/pods/notes.txt"), .excluded = true}},
            QStringLiteral("gputriage:timeline"));
        QCOMPARE(dumpModel(model),
                 QStringList({QStringLiteral("Entry | Hits"),
                              QStringLiteral("Timeline (all files by time)"),
                              QStringLiteral("node | 3"), QStringLiteral("  dmesg.log | 3"),
                              QStringLiteral("pods | 2"), QStringLiteral("  notes.txt  (excluded)"),
                              QStringLiteral("  train.tgz! | 2"), QStringLiteral("    train | 2"),
                              QStringLiteral("      pytorch.log | 2")}));
        QCOMPARE(model.indexOf(QStringLiteral("/b/node/dmesg.log")).data().toString(),
                 QStringLiteral("dmesg.log"));
        QCOMPARE(model.indexOf(QStringLiteral("gputriage:timeline")).row(), 0);
        QVERIFY(!model.indexOf(QStringLiteral("/b/missing.log")).isValid());
        QCOMPARE(model.entries().size(), 3);
        // An archive's entries by name, whatever their order in it (issue 36).
        model.setEntries({{.path = QStringLiteral("b.tgz!z.log")},
                          {.path = QStringLiteral("b.tgz!a/y.log")},
                          {.path = QStringLiteral("b.tgz!M.log")}});
        QCOMPARE(dumpModel(model),
                 QStringList({QStringLiteral("Entry | Hits"), QStringLiteral("b.tgz!"),
                              QStringLiteral("  a"), QStringLiteral("    y.log"),
                              QStringLiteral("  M.log"), QStringLiteral("  z.log")}));
        model.setEntries({});
        QCOMPARE(model.rowCount(), 0);
    }

    // A bug report's sections are listed under it by kind, each kind once.
    void theBundleTreeGroupsBugReportSectionsByKind()
    {
        BundleTreeModel model;
        watch(&model);
        const QString report = QStringLiteral("/t/nvidia-bug-report.log.gz!");
        model.setEntries(
            {{.path = report + QStringLiteral("dmesg"), .hits = 2, .worst = Severity::Critical},
             {.path = report + QStringLiteral("/var/log/Xorg.0.log")},
             {.path = report + QStringLiteral("nvidia-settings -q all")},
             {.path = report + QStringLiteral("journalctl -b -0 _COMM=Xorg")},
             {.path = report + QStringLiteral("/proc/driver/nvidia/version")},
             {.path = QStringLiteral("/t/pod.log")}});
        QCOMPARE(
            dumpModel(model),
            QStringList(
                {QStringLiteral("Entry | Hits"), QStringLiteral("nvidia-bug-report.log.gz! | 2"),
                 QStringLiteral("  Kernel log | 2"), QStringLiteral("    dmesg | 2"),
                 QStringLiteral("  X server log"), QStringLiteral("    /var/log/Xorg.0.log"),
                 QStringLiteral("    journalctl -b -0 _COMM=Xorg"),
                 QStringLiteral("  nvidia-settings query"),
                 QStringLiteral("    nvidia-settings -q all"),
                 QStringLiteral("  /proc and /sys values"),
                 QStringLiteral("    /proc/driver/nvidia/version"), QStringLiteral("pod.log")}));
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
