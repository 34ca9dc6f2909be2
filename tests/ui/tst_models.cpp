// Each panel's model on its own, without a window: QAbstractItemModelTester watches every
// change, and the model is compared as an indented dump (modeldump.h). The models of the library
// without widgets are tested in tst_guimodels.cpp.

#include "bundletree.h"
#include "counted.h"
#include "modeldump.h"
#include "panelmodels.h"

#include <QTest>

using namespace gputriage;
using gputriage::test::dumpModel;
using gputriage::test::watchModel;

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

    void theFileTreeSumsHitsUpItsFolders()
    {
        BundleTreeModel model;
        watchModel(&model);
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
        watchModel(&model);
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
