// The models of the GUI's library without widgets (gputriage_guimodels), tested by a program
// that links no QtWidgets: QTEST_MAIN makes a QGuiApplication, and no window is shown.

#include "findingsmodel.h"
#include "modeldump.h"
#include "rulelistmodel.h"

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
        watch(&model);
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
        watch(&model);
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
