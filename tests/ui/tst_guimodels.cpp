// The GUI's library without widgets (gputriage_guimodels): its models, and the analysis
// controller's jobs on small bundles, tested by a program that links no QtWidgets: QTEST_MAIN
// makes a QGuiApplication, and no window is shown.

#include "analysiscontroller.h"
#include "comparemodel.h"
#include "findingsmodel.h"
#include "modeldump.h"
#include "panelmodels.h"
#include "rulelistmodel.h"

#include <QFile>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <optional>
#include <utility>

using namespace gputriage;
using gputriage::test::dumpModel;
using gputriage::test::watchModel;

namespace {
constexpr int kWaitMs = 60000; // a bundle's analysis, slow under the sanitizers

// Holds every thread of the global pool until released: a job started meanwhile waits, so a
// cancel asked before the release is seen before the job runs (no race to lose).
class PoolBlocker
{
public:
    PoolBlocker()
        : m_count(QThreadPool::globalInstance()->maxThreadCount())
    {
        for (int i = 0; i < m_count; ++i)
            QThreadPool::globalInstance()->start([this] {
                m_started.release();
                m_released.acquire();
            });
        m_started.acquire(m_count);
    }
    ~PoolBlocker() { release(); }
    void release() { m_released.release(std::exchange(m_count, 0)); }

private:
    int m_count;
    QSemaphore m_started, m_released;
};

// The controller with the shipped rules and `paths` analysed.
bool openAndWait(AnalysisController &controller, const QStringList &paths)
{
    controller.loadRules({});
    bool finished = false;
    const auto connection = QObject::connect(&controller, &AnalysisController::finished,
                                             [&finished] { finished = true; });
    controller.open(paths);
    const bool ok = QTest::qWaitFor([&] { return finished; }, kWaitMs);
    QObject::disconnect(connection);
    return ok;
}

// The next comparison the controller delivers.
std::shared_ptr<const BundleComparison> waitForComparison(AnalysisController &controller,
                                                          quint64 id)
{
    std::shared_ptr<const BundleComparison> out;
    const auto connection = QObject::connect(
        &controller, &AnalysisController::comparisonReady,
        [&out, id](quint64 ready, const std::shared_ptr<const BundleComparison> &comparison) {
            if (ready == id)
                out = comparison;
        });
    const bool arrived = QTest::qWaitFor([&] { return out != nullptr; }, kWaitMs);
    QObject::disconnect(connection);
    return arrived ? out : nullptr;
}

std::optional<RuleTest> waitForRuleTest(AnalysisController &controller)
{
    std::optional<RuleTest> out;
    const auto connection = QObject::connect(&controller, &AnalysisController::ruleTestReady,
                                             [&out](const RuleTest &test) { out = test; });
    const bool arrived = QTest::qWaitFor([&] { return out.has_value(); }, kWaitMs);
    QObject::disconnect(connection);
    return arrived ? out : std::nullopt;
}

QStringList changes(const BundleDiff &diff)
{
    QStringList out;
    for (const BundleDiff::FindingChange &c : diff.findings)
        out << changeText(c.change) + u' ' + c.ruleId;
    return out;
}

const QByteArray kRuleFile = "schema: gputriage/rules/v1\npack: team\nrules:\n"
                             "  - id: team.fabric-manager\n    title: Fabric Manager not running\n"
                             "    severity: error\n"
                             "    match: {pattern: 'fabric manager is not running'}\n"
                             "    examples:\n"
                             "      - log: 'fabric manager is not running'\n"
                             "        expect: match\n";
} // namespace

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

    // The comparison runs in the controller: the other bundle's new Xid 79 is a new finding,
    // and the open bundle compared with itself changes nothing.
    void theControllerComparesTheOpenBundleWithAnother()
    {
        AnalysisController controller;
        QVERIFY(openAndWait(controller, {QStringLiteral(TESTDATA "/diff/before")}));
        const quint64 id = controller.compareWith({QStringLiteral(TESTDATA "/diff/after")});
        QVERIFY(id != 0);
        QVERIFY(controller.comparisonState(id));
        const auto comparison = waitForComparison(controller, id);
        QVERIFY(comparison);
        QVERIFY(!controller.comparisonState(id)); // done
        QCOMPARE(comparison->diff.left, QStringLiteral("before"));
        QCOMPARE(comparison->diff.right, QStringLiteral("after"));
        QCOMPARE(comparison->diff.count(BundleDiff::Change::New), 1);
        QVERIFY2(changes(comparison->diff).contains(u"new gpu.xid.79-fallen-off-bus"),
                 qPrintable(changes(comparison->diff).join(u", ")));
        QVERIFY(!comparison->right.documents.empty()); // its lines open beside
        QVERIFY(comparison->left.documents.empty());
        QVERIFY(!comparison->right.cancelled);

        const quint64 same = controller.compareWith({QStringLiteral(TESTDATA "/diff/before")});
        const auto itself = waitForComparison(controller, same);
        QVERIFY(itself);
        QVERIFY(!itself->diff.findings.isEmpty());
        QCOMPARE(itself->diff.count(BundleDiff::Change::Same), itself->diff.findings.size());
    }

    // Cancelled, a comparison still arrives and says so; discarded (its tab closed), nothing
    // arrives.
    void aComparisonIsCancelledOrDiscarded()
    {
        AnalysisController controller;
        QVERIFY(openAndWait(controller, {QStringLiteral(TESTDATA "/diff/before")}));
        {
            PoolBlocker blocker;
            const quint64 id = controller.compareWith({QStringLiteral(TESTDATA "/diff/after")});
            controller.cancelComparison(id);
            blocker.release();
            const auto comparison = waitForComparison(controller, id);
            QVERIFY(comparison);
            QVERIFY(comparison->right.cancelled);
            QCOMPARE(comparison->diff.count(BundleDiff::Change::New), 0);
        }
        int delivered = 0;
        connect(&controller, &AnalysisController::comparisonReady, this,
                [&delivered] { ++delivered; });
        const quint64 id = controller.compareWith({QStringLiteral(TESTDATA "/diff/after")});
        controller.discardComparison(id);
        QVERIFY(!controller.comparisonState(id));
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(delivered, 0);
    }

    // The rule test runs in the controller on the open documents: the rule matching line 2
    // reports line 2 (as shown, 1-based), and its example passes.
    void theControllerTestsARuleFileOnTheOpenBundle()
    {
        QTemporaryDir dir;
        QFile log(dir.filePath(QStringLiteral("node.log")));
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write("boot\nwarning: fabric manager is not running\nend\n");
        log.close();
        AnalysisController controller;
        QVERIFY(openAndWait(controller, {log.fileName()}));
        const QString file = dir.filePath(QStringLiteral("team.yaml")); // not written: unsaved
        controller.testRules(file, kRuleFile);
        QVERIFY(controller.isTestingRules());
        const std::optional<RuleTest> test = waitForRuleTest(controller);
        QVERIFY(test);
        QVERIFY(!controller.isTestingRules());
        QCOMPARE(test->ruleIds, std::set<QString>{QStringLiteral("team.fabric-manager")});
        QVERIFY(test->hasDocuments);
        QCOMPARE(test->lines, 3);
        QCOMPARE(test->examples.size(), 1);
        QVERIFY2(test->examples.front().passed, qPrintable(test->examples.front().message));
        const auto found
            = std::find_if(test->result.findings.begin(), test->result.findings.end(),
                           [](const Finding &f) { return f.ruleId == u"team.fabric-manager"; });
        QVERIFY(found != test->result.findings.end());
        QCOMPARE(found->occurrences.size(), 1);
        QCOMPARE(found->occurrences.front().line, 2);
        QVERIFY(found->occurrences.front().text.contains(u"fabric manager is not running"));

        // Cancelled before it runs: it says so and has no findings of the file's rule.
        {
            PoolBlocker blocker;
            controller.testRules(file, kRuleFile);
            controller.cancelRuleTest();
            blocker.release();
            const std::optional<RuleTest> cancelled = waitForRuleTest(controller);
            QVERIFY(cancelled);
            QVERIFY(cancelled->result.cancelled);
            QVERIFY(
                std::none_of(cancelled->result.findings.begin(), cancelled->result.findings.end(),
                             [](const Finding &f) { return f.ruleId == u"team.fabric-manager"; }));
        }
    }
};

QTEST_MAIN(TestGuiModels)
#include "tst_guimodels.moc"
