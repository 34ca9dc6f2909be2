// The models of the GUI's library without widgets (gputriage_guimodels), tested by a program
// that links no QtWidgets: QTEST_MAIN makes a QGuiApplication, and no window is shown.

#include "findingsmodel.h"
#include "modeldump.h"
#include "panelmodels.h"
#include "rulelistmodel.h"

#include <QTest>

using namespace gputriage;
using gputriage::test::dumpModel;
using gputriage::test::watchModel;

class TestGuiModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findingsAreSortedBySeverityThenCount()
    {
        auto finding = [](const char *id, Severity severity, int count) {
            Finding f;
            f.ruleId = QString::fromLatin1(id);
            f.title = f.ruleId;
            f.severity = severity;
            f.count = count;
            return f;
        };
        FindingsModel model;
        watchModel(&model);
        model.setFindings({finding("a.info-once", Severity::Info, 1),
                           finding("b.warning", Severity::Warning, 1),
                           finding("c.info-often", Severity::Info, 5),
                           finding("d.critical", Severity::Critical, 1)});
        QStringList order;
        for (int row = 0; row < model.rowCount(); ++row)
            order << model.index(row, 0).data(FindingsModel::RuleIdRole).toString();
        QCOMPARE(order,
                 QStringList({QStringLiteral("d.critical"), QStringLiteral("b.warning"),
                              QStringLiteral("c.info-often"), QStringLiteral("a.info-once")}));
    }

    void factsShowTheirValueAndWhereTheyWereRead()
    {
        FactsModel model;
        watchModel(&model);
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
        watchModel(&model);
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
        watchModel(&model);
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
        watchModel(&model);
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

    void theRuleListGroupsRulesByFile()
    {
        RuleSet rules;
        rules.packs.append(RulePackInfo{.pack = QStringLiteral("nvidia-xid"),
                                        .file = QStringLiteral("rules/nvidia/xid.yaml")});
        Rule xid;
        xid.id = QStringLiteral("gpu.xid.79");
        xid.title = QStringLiteral("GPU has fallen off the bus");
        xid.severity = Severity::Critical;
        xid.file = QStringLiteral("rules/nvidia/xid.yaml");
        xid.pack = QStringLiteral("nvidia-xid");
        Rule driver = xid;
        driver.id = QStringLiteral("fact.driver");
        driver.kind = RuleKind::Fact;
        Rule mine = xid;
        mine.id = QStringLiteral("site.imex");
        mine.file = QStringLiteral("user/site.yaml");
        mine.pack = QString();
        mine.user = true;
        mine.severity = Severity::Warning;
        rules.rules = {xid, driver, mine};
        rules.diagnostics.append(Diagnostic{.where = Error{.file = QStringLiteral("user/site.yaml"),
                                                           .line = 9,
                                                           .message = QStringLiteral("bad regex")},
                                            .ruleId = QStringLiteral("site.broken")});
        RuleListModel model;
        watchModel(&model);
        model.setRules(rules, {QStringLiteral("fact.driver")});
        QCOMPARE(dumpModel(model), QStringList({QStringLiteral("Rule | Severity | Source"),
                                                QStringLiteral("nvidia-xid |  | shipped"),
                                                QStringLiteral("  gpu.xid.79 | critical | shipped"),
                                                QStringLiteral("  fact.driver | fact | disabled"),
                                                QStringLiteral("site.yaml |  | user"),
                                                QStringLiteral("  site.imex | warning | user"),
                                                QStringLiteral("  site.broken |  | error")}));
        const QModelIndex off = model.index(1, 0, model.index(0, 0));
        QCOMPARE(off.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QCOMPARE(off.data(RuleListModel::IdRole).toString(), QStringLiteral("fact.driver"));
    }
};

QTEST_MAIN(TestGuiModels)
#include "tst_guimodels.moc"
