// The window end to end: opening bundles, findings, GPUs, export, the timeline, preferences.

#include "bundletree.h"
#include "exportdialog.h"
#include "factspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "limitsdialog.h"
#include "logview.h"
#include "mainwindow.h"
#include "messagebanner.h"
#include "notablepanel.h"
#include "panelmodels.h"
#include "pdfexport.h"
#include "report/htmlreport.h"
#include "rulelistmodel.h"
#include "rules/ruleloader.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "settingsdialog.h"
#include "testarchive.h"
#include "text/logdocument.h"
#include "timechart.h"
#include "uitest.h"
#include "welcomepage.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>

using namespace gputriage;
using gputriage::test::PrivateConfig;

static QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    // Clicks the row of the finding with `ruleId` in the findings view, like a user.
    static void clickFinding(FindingsPanel *panel, const QString &ruleId)
    {
        FindingsModel *model = panel->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, FindingsModel::TitleColumn);
            if (index.data(FindingsModel::RuleIdRole).toString() != ruleId)
                continue;
            QTreeView *view = panel->view();
            view->scrollTo(index);
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                              view->visualRect(index).center());
            return;
        }
        QFAIL(qPrintable(QStringLiteral("no finding %1").arg(ruleId)));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    void bundleLimitsAreSetInTheDialogAndApplied()
    {
        LimitsDialog dialog;
        auto *entries = dialog.findChild<QSpinBox *>(QStringLiteral("maxEntries"));
        QVERIFY(entries);
        QCOMPARE(entries->value(), 100000);
        entries->selectAll();
        QTest::keyClicks(entries, QStringLiteral("2"));
        QCOMPARE(dialog.limits().maxEntries, 2);
        Settings::setLimits(dialog.limits());

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        auto *banner = window.findChild<MessageBanner *>(QStringLiteral("banner"));
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(u"more than 2 entries"), qPrintable(banner->text()));
        QCOMPARE(window.bundleTree()->visibleEntryCount(), 2);
        QSettings().clear();
    }

    void recentBundlesAreRememberedAndReopenedFromTheWelcomePage()
    {
        QSettings().remove(QStringLiteral("recentBundles"));
        {
            MainWindow window;
            QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("welcomeReopen")));
            QSignalSpy finished(&window, &MainWindow::analysisFinished);
            window.openPaths({QStringLiteral(SAMPLE)});
            QVERIFY(finished.wait(gputriage::test::kWaitMs));
            window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
            QVERIFY(finished.wait(gputriage::test::kWaitMs));
            window.openPaths({QStringLiteral(SAMPLE)});
            QVERIFY(finished.wait(gputriage::test::kWaitMs));
        }
        const QList<QStringList> recent = MainWindow::recentBundles();
        QCOMPARE(recent.size(), 2); // the sample once, newest first
        QCOMPARE(recent.front(), QStringList{QFileInfo(QStringLiteral(SAMPLE)).absoluteFilePath()});

        MainWindow window;
        window.show();
        auto *reopen = window.findChild<QPushButton *>(QStringLiteral("welcomeReopen"));
        QVERIFY(reopen);
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        QTest::mouseClick(reopen, Qt::LeftButton);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 4);
        QCOMPARE(window.findChild<QMenu *>(QStringLiteral("recentMenu"))->actions().size(), 2);
    }

    // Issue 36: two bug reports of the same file name are told apart on the welcome page.
    void recentBundlesOfOneNameAreToldApart()
    {
        const QList<QStringList> recent{
            {QStringLiteral("/cases/1234/nvidia-bug-report.log.gz")},
            {QStringLiteral("/cases/5678/node-b/nvidia-bug-report.log.gz")},
            {QStringLiteral("/cases/9/dmesg.log"), QStringLiteral("/cases/9/journal.txt")}};
        QCOMPARE(recentLabel(recent[0], recent),
                 QStringLiteral("nvidia-bug-report.log.gz \u2014 cases/1234"));
        QCOMPARE(recentLabel(recent[1], recent),
                 QStringLiteral("nvidia-bug-report.log.gz \u2014 5678/node-b"));
        QCOMPARE(recentLabel(recent[2], recent), QStringLiteral("dmesg.log and 1 more"));
        QSettings().setValue(QStringLiteral("recentBundles"),
                             QVariantList{recent[0], recent[1], recent[2]});
        MainWindow window;
        QStringList buttons;
        for (const char *name : {"welcomeReopen", "welcomeReopen2", "welcomeReopen3"}) {
            auto *b = window.findChild<QPushButton *>(QLatin1String(name));
            QVERIFY2(b, name);
            buttons << b->text();
        }
        QCOMPARE(buttons.removeDuplicates(), 0);
        QSettings().remove(QStringLiteral("recentBundles"));
    }

    void exportNeverReplacesTheOpenBundle()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("customer"));
        QVERIFY(QDir().mkpath(bundle));
        const QString log = QDir(bundle).filePath(QStringLiteral("node.log"));
        QVERIFY(QFile::copy(QStringLiteral(TESTDATA "/seed/seed-article.log"), log));
        const QByteArray before = readAll(log);
        const QString link = dir.filePath(QStringLiteral("link.log"));
        QVERIFY(QFile::link(log, link));

        for (const QString &opened : {log, bundle}) {
            MainWindow window;
            QSignalSpy finished(&window, &MainWindow::analysisFinished);
            window.openPaths({opened});
            QVERIFY(finished.wait(gputriage::test::kWaitMs));
            for (const QString &target :
                 {log, link, QDir(bundle).filePath(QStringLiteral("r.html"))}) {
                if (opened == log && target.endsWith(u"r.html"))
                    continue; // next to a single file, not inside an opened folder: allowed
                QVERIFY2(!window.exportReport(target), qPrintable(opened + u" -> " + target));
                QVERIFY(window.findChild<MessageBanner *>(QStringLiteral("banner"))
                            ->text()
                            .contains(u"was not saved"));
            }
            QCOMPARE(readAll(log), before);
            QVERIFY(!QFile::exists(QDir(bundle).filePath(QStringLiteral("r.html"))));
            QVERIFY(window.exportReport(dir.filePath(QStringLiteral("report.html"))));
        }
    }

    void theGpusTabGivesEachGpuItsActionAndFiltersTheFindings()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/gpus/multi-boot-kern.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        GpusPanel *gpus = window.gpusPanel();
        const GpusModel *model = gpus->model();
        QCOMPARE(model->rowCount(), 3); // the node, then one row per GPU
        auto text = [model](int row, int column) {
            return model->index(row, column).data().toString();
        };
        QVERIFY2(text(0, GpusModel::GpuColumn).contains(u"strongest action: Reboot the node"),
                 qPrintable(text(0, GpusModel::GpuColumn)));
        QCOMPARE(text(1, GpusModel::GpuColumn), QStringLiteral("0000:3b:00"));
        QVERIFY(text(1, GpusModel::ActionColumn).startsWith(u"critical: Reboot the node"));
        QVERIFY(text(1, GpusModel::ActionColumn).contains(u"recurred after 1 reboot"));
        QCOMPARE(text(1, GpusModel::UuidColumn),
                 QStringLiteral("GPU-760d0170-8e9d-4d7e-b0a4-97a64e6ea4b4"));
        QCOMPARE(text(2, GpusModel::GpuColumn), QStringLiteral("0000:86:00"));
        QVERIFY(text(2, GpusModel::ActionColumn).startsWith(u"warning: Restart the application"));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);

        // Clicking a GPU shows its findings only; the node row shows them all again.
        auto click = [&](int row) {
            gpus->scrollTo(model->index(row, 0));
            QTest::mouseClick(gpus->viewport(), Qt::LeftButton, {},
                              QPoint(10, gpus->visualRect(model->index(row, 0)).center().y()));
        };
        window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentWidget(gpus);
        click(2);
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1);
        QVERIFY(window.findingsPanel()
                    ->model()
                    ->index(0, FindingsModel::TitleColumn)
                    .data()
                    .toString()
                    .startsWith(u"Xid 13 on GPU 0000:86:00"));
        click(0);
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
    }

    // A PCIe error that a root port reported belongs to the GPU below it: clicking that GPU
    // shows it next to the GPU's Xid; the name sits next to the bus id.
    void aGpuShowsThePortErrorsJoinedToIt()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/gpus/aer")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        GpusPanel *gpus = window.gpusPanel();
        QCOMPARE(gpus->model()->headerData(GpusModel::NameColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Name"));
        QCOMPARE(int(GpusModel::NameColumn), 1);
        const auto fallen
            = gpus->model()->match(gpus->model()->index(1, GpusModel::GpuColumn), Qt::DisplayRole,
                                   QStringLiteral("0000:41:00"), 1, Qt::MatchExactly);
        QCOMPARE(fallen.size(), 1);
        window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentWidget(gpus);
        gpus->scrollTo(fallen.front());
        QTest::mouseClick(gpus->viewport(), Qt::LeftButton, {},
                          QPoint(10, gpus->visualRect(fallen.front()).center().y()));
        QStringList titles;
        const QAbstractItemModel *model = window.findingsPanel()->model();
        for (int r = 0; r < model->rowCount(); ++r)
            titles << model->index(r, FindingsModel::TitleColumn).data().toString();
        QCOMPARE(titles.size(), 2);
        QVERIFY2(titles.join(u'|').contains(u"PCIe uncorrected error at 0000:40:01.1"),
                 qPrintable(titles.join(u'|')));
        QVERIFY2(titles.join(u'|').contains(u"Xid 79"), qPrintable(titles.join(u'|')));
    }

    void openingTheSeedLogShowsBothFindings()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAbstractItemModelTester tester(window.findingsPanel()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));

        FindingsModel *model = window.findingsPanel()->model();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, FindingsModel::TitleColumn).data().toString(),
                 QStringLiteral("CUDA Forward Compatibility mode enabled"));
        QCOMPARE(model->index(0, FindingsModel::SeverityColumn).data().toString(),
                 QStringLiteral("info"));
        QCOMPARE(model->index(0, FindingsModel::CountColumn).data().toInt(), 1);
        QCOMPARE(window.bundleTree()->visibleEntryCount(), 1);

        // The details show the versions side by side and the documentation link.
        const QString details = window.findingsPanel()->details()->toPlainText();
        QVERIFY2(details.contains(u"580.65.06") && details.contains(u"570.158.08"),
                 qPrintable(details));
        QVERIFY(details.contains(u"✓"));
        QVERIFY(window.findingsPanel()->details()->toHtml().contains(
            u"https://docs.nvidia.com/deploy/cuda-compatibility/"));

        // Clicking the peer-memory finding jumps to its first line (line 5 of the seed).
        clickFinding(window.findingsPanel(), QStringLiteral("network.peermem.not-detected"));
        QTRY_COMPARE(window.logView()->currentLine(), LineNumber(4));
        QVERIFY(window.logView()->lineSeverity(LineNumber(4)).has_value());
        QVERIFY(
            window.logView()->lineSeverity(LineNumber(5)).has_value()); // the wrapped second line
        QVERIFY(!window.logView()->lineSeverity(LineNumber(3)).has_value());
        QVERIFY(window.findingsPanel()->details()->toPlainText().contains(u"DMA-BUF"));

        // Ctrl+C on the findings list copies the selected finding as Markdown.
        QApplication::clipboard()->clear();
        QTest::keySequence(window.findingsPanel()->view(), QKeySequence::Copy);
        const QString copied = QApplication::clipboard()->text();
        QVERIFY2(copied.startsWith(u"<a id=\"f-network-peermem-not-detected\"></a>\n### Mellanox"),
                 qPrintable(copied));
        QVERIFY(copied.contains(u"seed-article.log:5"));

        // Export writes every format, named by its suffix.
        QTemporaryDir dir;
        for (const char *name : {"r.html", "r.md", "r.json", "r.pdf", "r.txt"}) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            QVERIFY(window.exportReport(path));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray head = f.read(16);
            const QByteArray expected = QByteArray(name).endsWith("html")   ? "<!DOCTYPE html>"
                                        : QByteArray(name).endsWith("md")   ? "# GPU Triage"
                                        : QByteArray(name).endsWith("json") ? "{"
                                        : QByteArray(name).endsWith("pdf")  ? "%PDF-"
                                                                            : "GPU Triage";
            QVERIFY2(head.startsWith(expected), name);
        }
        QVERIFY(!window.exportReport(dir.filePath(QStringLiteral("no-such-dir/r.html"))));
        QVERIFY(window.findChild<MessageBanner *>(QStringLiteral("banner"))
                    ->text()
                    .contains(u"Could not write"));

        // View ▸ Go to Line asks for a number and moves there.
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->setIntValue(3);
            dialog->accept();
        });
        window.findChild<QAction *>(QStringLiteral("actionGoToLine"))->trigger();
        QCOMPARE(window.logView()->currentLine(), LineNumber(2));
    }

    // The panel says whose word the resolution is: NVIDIA's for a catalogued Xid, ours for a
    // rule's own advice.
    void theDetailsSayWhoseResolutionItIs()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kern.log"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("Dec 02 08:10:00 node kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, "
                    "name=python, GPU has fallen off the bus.\n"
                    "Dec 02 08:11:00 node kernel: NVRM: GPU1 _kgspBootGspRm: unexpected WPR2 "
                    "already up, cannot proceed with booting GSP\n");
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        clickFinding(window.findingsPanel(), QStringLiteral("gpu.xid.79-fallen-off-bus"));
        QTRY_VERIFY(
            window.findingsPanel()->details()->toPlainText().contains(u"NVIDIA's resolution"));
        QVERIFY(!window.findingsPanel()->details()->toPlainText().contains(u"GPU Triage's advice"));
        clickFinding(window.findingsPanel(), QStringLiteral("driver.gsp-failed"));
        QTRY_VERIFY2(
            window.findingsPanel()->details()->toPlainText().contains(u"GPU Triage's advice"),
            qPrintable(window.findingsPanel()->details()->toPlainText()));
        QVERIFY(!window.findingsPanel()->details()->toPlainText().contains(u"NVIDIA's resolution"));
    }

    void clickingAFindingOpensTheFileItWasFoundIn()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 4);
        QCOMPARE(window.bundleTree()->visibleEntryCount(), 5);

        // Choose another file in the tree first, then come back through the finding.
        QTreeView *tree = window.bundleTree()->tree();
        const QModelIndex dmesg
            = window.bundleTree()->viewIndex(QStringLiteral("sample/node/dmesg.log"));
        QVERIFY(dmesg.isValid());
        QCOMPARE(dmesg.data().toString(), QStringLiteral("dmesg.log"));
        tree->scrollTo(dmesg);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(dmesg).center());
        QTRY_COMPARE(window.logView()->document()->path(), QStringLiteral("sample/node/dmesg.log"));
        clickFinding(window.findingsPanel(), QStringLiteral("cuda.forward-compat.enabled"));
        QTRY_VERIFY(
            window.logView()->document()
            && window.logView()->document()->path().endsWith(u"pytorch-train-0/pytorch.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(15));
        QCOMPARE(window.bundleTree()->currentPath(), window.logView()->document()->path());

        // F8 / Shift+F8 step through the occurrences, wrapping around.
        window.openPaths({QStringLiteral(TESTDATA "/variants")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        clickFinding(window.findingsPanel(), QStringLiteral("network.peermem.not-detected"));
        QTRY_COMPARE(window.logView()->document()->path(),
                     QStringLiteral("variants/cri-container.log"));
        auto *next = window.findChild<QAction *>(QStringLiteral("actionNextOccurrence"));
        auto *previous = window.findChild<QAction *>(QStringLiteral("actionPreviousOccurrence"));
        next->trigger();
        QCOMPARE(window.logView()->document()->path(), QStringLiteral("variants/identifying.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(0));
        previous->trigger();
        previous->trigger();
        QCOMPARE(window.logView()->document()->path(),
                 QStringLiteral("variants/wrapped-60.log")); // wrapped to the last
        QCOMPARE(window.logView()->currentLine(), LineNumber(4));
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));

        // The bundle facts tab lists the driver version with its source.
        // (and the GPU UUIDs the kernel log names by bus id, the NGC release of the pod, the
        // version nvidia-modeset's banner names).
        const QAbstractItemModel *facts = window.factsPanel()->model();
        QCOMPARE(facts->rowCount(), 7);
        const auto driver = facts->match(facts->index(0, FactsModel::NameColumn), Qt::DisplayRole,
                                         QStringLiteral("kernel_driver"), -1, Qt::MatchExactly);
        QCOMPARE(driver.size(), 1);
        QCOMPARE(driver.front().siblingAtColumn(FactsModel::ValueColumn).data().toString(),
                 QStringLiteral("570.158.08"));

        // Typing in the filter narrows the tree.
        QTest::keyClicks(window.bundleTree()->filter(), QStringLiteral("pytorch"));
        QTRY_COMPARE(window.bundleTree()->visibleEntryCount(), 1);
    }

    void theBundleTreeDropsSharedFoldersAndKeepsArchivesAsNodes_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QStringList>("topLevel");
        QTest::newRow("absolute and relative paths share nothing")
            << QStringList{"/tmp/t/x.log", "rel/y.log"} << QStringList{"tmp", "rel"};
        QTest::newRow("a shared folder is dropped")
            << QStringList{"/tmp/t/a.tgz!pods/x.log", "/tmp/t/b/z.log"}
            << QStringList{"a.tgz!", "b"};
        QTest::newRow("one archive")
            << QStringList{"/t/b.zip!in.tgz!p.log"} << QStringList{"b.zip!"};
    }

    void theBundleTreeDropsSharedFoldersAndKeepsArchivesAsNodes()
    {
        QFETCH(QStringList, paths);
        QFETCH(QStringList, topLevel);
        BundleTree tree;
        QList<BundleTree::Entry> entries;
        for (const QString &p : paths)
            entries.append({p, QString(), 1, Severity::Info});
        tree.setEntries(entries);
        QStringList names;
        for (int i = 0; i < tree.model()->rowCount(); ++i)
            names << tree.model()->item(i)->text();
        QCOMPARE(names, topLevel);
        QCOMPARE(tree.visibleEntryCount(), paths.size());
        tree.selectPath(paths.last());
        QCOMPARE(tree.currentPath(), paths.last());
    }

    // Opening a bundle does not make its folder the export folder: reports are not written into
    // the customer's bundle unless the engineer chooses so.
    void theExportFolderIsNotTheBundle()
    {
        const PrivateConfig config;
        MainWindow window;
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QSettings().setValue(QStringLiteral("lastDir"),
                             QStringLiteral(TESTDATA "/seed")); // as "Open" leaves it
        const QString bundle = ExportDialog::bundleName(window.result());
        QCOMPARE(bundle, QStringLiteral("seed-article")); // the report says which bundle
        const QString suggested = ExportDialog::suggestedPath(QStringLiteral("html"), bundle);
        QVERIFY2(!suggested.startsWith(QStringLiteral(TESTDATA)), qPrintable(suggested));
        QVERIFY(suggested.endsWith(u"/seed-article-gputriage-report.html"));
        QSettings().setValue(QStringLiteral("export/dir"), QDir::tempPath());
        QCOMPARE(
            ExportDialog::suggestedPath(QStringLiteral("md"), bundle),
            QDir(QDir::tempPath()).filePath(QStringLiteral("seed-article-gputriage-report.md")));
    }

    void theReportIsNamedAfterTheBundle_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("name");
        QTest::newRow("a must-gather archive")
            << "must-gather-2026-11-30.tar.gz!must-gather/pods/app.log"
            << "must-gather-2026-11-30";
        QTest::newRow("a bug report's section") << "nvidia-bug-report.log.gz!prologue"
                                                << "nvidia-bug-report";
        QTest::newRow("a folder's file") << "case-1234/node-7/dmesg.log" << "case-1234";
        QTest::newRow("a zip") << "Node 7 (copy).zip!a.log" << "Node-7--copy-";
    }

    void theReportIsNamedAfterTheBundle()
    {
        QFETCH(QString, input);
        QFETCH(QString, name);
        AnalysisResult result;
        InputInfo info;
        info.path = input;
        result.inputs.append(info);
        QCOMPARE(ExportDialog::bundleName(result), name);
    }

    void theExportDialogPreviewsWhatItWrites()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));

        ExportDialog dialog(window.result(), &window);
        dialog.show();
        auto *format = dialog.findChild<QComboBox *>(QStringLiteral("exportFormat"));
        auto *severity = dialog.findChild<QComboBox *>(QStringLiteral("exportMinSeverity"));
        auto *redact = dialog.findChild<QCheckBox *>(QStringLiteral("exportRedact"));
        QVERIFY(format && severity && redact);
        format->setCurrentIndex(format->findData(QStringLiteral("html")));
        severity->setCurrentIndex(0);
        QTRY_VERIFY(dialog.preview()->toPlainText().contains(u"Xid 13 on GPU 0000:3b:00"));

        // Markdown previews as the text it writes; a higher minimum severity leaves out findings.
        format->setCurrentIndex(format->findData(QStringLiteral("markdown")));
        QTRY_VERIFY(dialog.preview()->toPlainText().contains(u"### Xid 79 on GPU 0000:86:00"));
        severity->setCurrentIndex(severity->findData(QStringLiteral("critical")));
        QTRY_VERIFY(!dialog.preview()->toPlainText().contains(u"Xid 13 on GPU"));
        QVERIFY(dialog.preview()->toPlainText().contains(u"Xid 79 on GPU"));

        // What the dialog chose is what gets written, here as PDF.
        ExportSettings settings = dialog.settings();
        QCOMPARE(settings.format, ReportFormat::Markdown);
        QCOMPARE(settings.minSeverity, std::optional(Severity::Critical));
        settings.format = ReportFormat::Pdf;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.pdf"));
        QVERIFY(window.exportReport(path, settings));
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
    }

    // The PDF's evidence wraps at blanks: a word (here a library's path and version) moves
    // whole to the next line; only a run of text wider than the page is cut.
    void pdfEvidenceWrapsAtBlanksNotInsideWords()
    {
        const QString word
            = QStringLiteral("/usr/lib/x86_64-linux-gnu/libnvidia-vulkan-producer.so.535.288.01");
        Finding f;
        f.ruleId = QStringLiteral("test.wrap");
        f.title = QStringLiteral("Evidence that wraps");
        f.severity = Severity::Warning;
        for (int i = 0; i < 30; ++i) // the word at every place of the line's end
            f.occurrences.append(Occurrence{
                .path = QStringLiteral("node/kern.log"),
                .line = i + 1,
                .text = QString(i, QLatin1Char('x')) + QStringLiteral(" NVRM: could not locate ")
                        + word + QStringLiteral(" (error 2), trying the default search path")});
        const QString run(170, QLatin1Char('a'));
        f.occurrences.append(Occurrence{.path = QStringLiteral("node/kern.log"),
                                        .line = 99,
                                        .text = QStringLiteral("blob ") + run});
        f.count = int(f.occurrences.size());
        AnalysisResult result;
        result.findings.append(f);
        ReportOptions options;
        options.maxEvidence = 100;
        QTextDocument doc;
        layOutForPrint(doc, QString::fromUtf8(writeHtmlReport(result, options)), 680);
        QVERIFY(doc.size().height() > 0); // laid out

        QStringList rows; // the evidence as printed, row by row
        for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
            if (!block.charFormat().fontFamilies().toStringList().contains(u"monospace"))
                continue; // not the evidence
            const QTextLayout *layout = block.layout();
            for (int i = 0; i < layout->lineCount(); ++i)
                rows << block.text()
                            .mid(layout->lineAt(i).textStart(), layout->lineAt(i).textLength())
                            .remove(QChar::LineSeparator)
                            .trimmed();
        }
        QVERIFY2(rows.size() > 31, qPrintable(rows.join(u'\n')));
        // Every word whole on one row: the rows were broken where a blank was.
        QCOMPARE(rows.join(u'\n').count(word), 30);
        // The run too long for a row is cut, into rows that fit the page.
        const QStringList runRows = rows.filter(QRegularExpression(QStringLiteral("a{20}")));
        QCOMPARE(runRows.size(), 2);
        QCOMPARE(runRows.join(QString()), run);
    }

    void aMissingFileIsReportedInlineAndTheRestOpens()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/no-such-file.log"),
                          QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        auto *banner = window.findChild<QWidget *>(QStringLiteral("banner"));
        QVERIFY(banner && banner->isVisible());
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
    }

    // A must-gather cut short (a few KB, less than libarchive's block): the tree lists the files
    // before the cut and the one it cuts, the banner names the archive and where it was cut.
    void aDamagedArchiveShowsTheFilesBeforeTheCut()
    {
        QList<gputriage::test::Member> members;
        for (int m = 1; m <= 6; ++m) {
            QByteArray log;
            for (int i = 1; i <= 60; ++i)
                log += "I1130 10:00:00 pod" + QByteArray::number(m) + " step "
                       + QByteArray::number(i) + " token " + QByteArray::number(i * 7919 + m, 16)
                       + '\n';
            members.append({"must-gather/pods/pod" + QByteArray::number(m) + ".log", log});
        }
        const QByteArray whole = gputriage::test::makeArchive("tar", "gzip", members);
        QTemporaryDir dir;
        const QString path = gputriage::test::writeFile(dir, QStringLiteral("must-gather.tar.gz"),
                                                        whole.left(whole.size() * 8 / 10));
        MainWindow window;
        window.show();
        QVERIFY(gputriage::test::openAndWait(window, {path}));
        QVERIFY2(window.bundleTree()->visibleEntryCount() >= 5,
                 qPrintable(QString::number(window.bundleTree()->visibleEntryCount())));
        auto *banner = window.findChild<MessageBanner *>(QStringLiteral("banner"));
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(u"must-gather.tar.gz")
                     && banner->text().contains(u"cut short: its gzip stream ends after"),
                 qPrintable(banner->text()));
        // The cut file opens with the lines before the cut.
        QString cutFile;
        for (const QModelIndex &index : window.bundleTree()->model()->entries()) {
            const QString p = index.data(BundleTreeModel::PathRole).toString();
            if (banner->text().contains(p.section(u'!', -1) + QStringLiteral(", which is cut off")))
                cutFile = p;
        }
        QVERIFY2(!cutFile.isEmpty(), qPrintable(banner->text()));
        QTreeView *tree = window.bundleTree()->tree();
        const QModelIndex at = window.bundleTree()->viewIndex(cutFile);
        tree->scrollTo(at);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(at).center());
        QTRY_COMPARE(window.logView()->document()->path(), cutFile);
        const int lines = window.logView()->document()->lineCount();
        QVERIFY2(lines > 1 && lines < 60, qPrintable(QString::number(lines)));
    }

    void cancellingTheAnalysisShowsWhatWasDoneAndSaysSo()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        // Large enough that no machine analyses it before the click lands (the sample is not).
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.log"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray block;
            for (int i = 0; i < 4096; ++i)
                block += "Dec  5 08:00:01 node kernel: NVRM: GPU 0000:3b:00.0: RmInitAdapter "
                         "succeeded, line "
                         + QByteArray::number(i) + '\n';
            for (int i = 0; i < 128; ++i)
                QVERIFY(f.write(block) == block.size());
        }
        window.openPaths({big});
        auto *cancel = window.findChild<QToolButton *>(QStringLiteral("cancelButton"));
        QVERIFY(cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(window.result().cancelled);
        QVERIFY(!cancel->isVisible());
        QVERIFY(window.findChild<MessageBanner *>(QStringLiteral("banner"))
                    ->text()
                    .contains(u"cancelled"));
        // The next open is complete again.
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(!window.result().cancelled);
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 4);
        QVERIFY(window.findChild<MessageBanner *>(QStringLiteral("banner"))->text().isEmpty());
    }

    void droppingAFileOpensIt()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(QStringLiteral(TESTDATA "/seed/seed-article.log"))});
        const QPoint at = window.rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &data, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, &data, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &drop);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
        QVERIFY(window.logView()->document()->path().endsWith(u"seed-article.log"));
    }

    void theTimelineMergesFilesByTimeAndLeadsBackToTheSource()
    {
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &text) {
            QDir().mkpath(QFileInfo(dir.filePath(name)).absolutePath());
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("pods/train/0.log"),
              "2025-11-30T08:15:01.000000000Z stdout F CUDA Forward Compatibility mode ENABLED.\n"
              "2025-11-30T08:15:05.000000000Z stderr F RuntimeError: CUDA error: unspecified "
              "launch failure\n");
        write(QStringLiteral("node/journal.log"),
              "-- Journal begins --\n"
              "2025-11-30T09:15:04+01:00 node-1 kernel: NVRM: Xid (PCI:0000:86:00): 79, "
              "pid=51877, name=python3, GPU has fallen off the bus.\n");
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({dir.path()});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));

        // The tree offers the timeline first; choosing it builds and shows the merged view.
        QSignalSpy shown(&window, &MainWindow::timelineShown);
        const QModelIndex row
            = window.bundleTree()->viewIndex(QString::fromLatin1(MainWindow::kTimelinePath));
        QVERIFY(row.isValid());
        QCOMPARE(row.row(), 0);
        QTreeView *tree = window.bundleTree()->tree();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
        // Shown at once, readable while the rest is merged.
        QVERIFY(!shown.isEmpty() || shown.wait(gputriage::test::kWaitMs));
        QVERIFY(window.isTimelineShown());
        QTRY_VERIFY(window.isTimelineComplete());
        const auto doc = window.logView()->document();
        QCOMPARE(doc->lineCount(), 3); // the journal's header has no date
        // The time and a source label as short as still tells the files apart are columns of
        // their own; the line's own stamp is not repeated in its text.
        LogView *view = window.logView();
        QCOMPARE(view->lineColumns(LineNumber(0)),
                 std::pair(QStringLiteral("11-30 08:15:01.000"), QStringLiteral("0.log:1")));
        QCOMPARE(doc->lineText(0), QStringLiteral("CUDA Forward Compatibility mode ENABLED."));
        QCOMPARE(view->lineColumns(LineNumber(1)),
                 std::pair(QStringLiteral("11-30 08:15:04.000"), QStringLiteral("journal.log:2")));
        QVERIFY(doc->lineText(1).contains(u"Xid"));
        QCOMPARE(view->lineColumns(LineNumber(2)).second, QStringLiteral("0.log:2"));
        // The Xid keeps its severity colour in the merged view.
        QVERIFY(window.logView()->lineSeverity(LineNumber(1)).has_value());
        QVERIFY(window.statusBar()->currentMessage().contains(u"journal.log (1)"));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("statusFormat"))
                    ->text()
                    .startsWith(u"timeline (UTC)"));

        // The time chart tab shows the dated findings.
        QVERIFY(!window.timeChart()->isEmpty());
        QVERIFY(!window.timeChart()->marks().empty());

        // Enter on a merged line opens that line in its own file.
        window.logView()->setCurrentLine(LineNumber(1));
        QTest::keyClick(window.logView(), Qt::Key_Return);
        QVERIFY(!window.isTimelineShown());
        QVERIFY(window.logView()->document()->path().endsWith(u"node/journal.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(1));
        // Ctrl+T comes back to it without building it again.
        window.findChild<QAction *>(QStringLiteral("actionTimeline"))->trigger();
        QVERIFY(window.isTimelineShown());
        QCOMPARE(window.logView()->document(), doc);
    }

    void preferencesChangeFontThemeAndRuleFolders()
    {
        QTemporaryDir dir;
        QDir().mkpath(dir.filePath(QStringLiteral("team-rules")));
        QFile rules(dir.filePath(QStringLiteral("team-rules/team.yaml")));
        QVERIFY(rules.open(QIODevice::WriteOnly));
        rules.write("schema: gputriage/rules/v1\npack: team\nrules:\n"
                    "  - id: team.fabric-manager\n    title: Fabric Manager not running\n"
                    "    severity: error\n    match: {pattern: 'fabric manager is not running'}\n"
                    "    explain: Start nvidia-fabricmanager on NVSwitch systems.\n");
        rules.close();
        QFile log(dir.filePath(QStringLiteral("node.log")));
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write("boot\nwarning: fabric manager is not running\nend\n");
        log.close();

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({log.fileName()});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        // No rule knows the line yet: it is reported as an unrecognised NVIDIA message.
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1);
        QVERIFY(window.findingsPanel()
                    ->model()
                    ->index(0, FindingsModel::TitleColumn)
                    .data()
                    .toString()
                    .startsWith(u"Unrecognised NVIDIA messages: Fabric Manager"));
        const LinesCount lines = window.logView()->visibleLineCount();
        const QImage light = window.logView()->viewport()->grab().toImage();

        // The dialog, driven like a user: a dark theme, a bigger font, a team rule folder.
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<SettingsDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto *theme = dialog->findChild<QComboBox *>(QStringLiteral("theme"));
            const int dark = theme->findData(QStringLiteral("Breeze Dark"));
            QVERIFY(dark > 0);
            theme->setCurrentIndex(dark);
            dialog->findChild<QSpinBox *>(QStringLiteral("logFontSize"))->setValue(24);
            dialog->addRuleFolder(dir.filePath(QStringLiteral("team-rules")));
            dialog->accept();
        });
        window.findChild<QAction *>(QStringLiteral("actionPreferences"))->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs)); // the new rules re-analyse the open file
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1);
        QCOMPARE(window.findingsPanel()->model()->index(0, FindingsModel::TitleColumn).data(),
                 QVariant(QStringLiteral("Fabric Manager not running")));
        QVERIFY(window.logView()->visibleLineCount() < lines);
        const QImage dark = window.logView()->viewport()->grab().toImage();
        const QPoint blank(dark.width() - 5, dark.height() - 5);
        QVERIFY(QColor(light.pixel(blank)).lightness() > 128);
        QVERIFY(QColor(dark.pixel(blank)).lightness() < 128);
        // Kept for the next start.
        const Preferences saved = Settings::preferences();
        QCOMPARE(saved.theme, QStringLiteral("Breeze Dark"));
        QCOMPARE(saved.logFont.pointSize(), 24);
        QCOMPARE(saved.ruleFolders, QStringList{dir.filePath(QStringLiteral("team-rules"))});
        Settings::setPreferences(Preferences()); // back to the defaults for the other tests
        QSettings().remove(QStringLiteral("view/font"));
    }

    void everyModelPassesTheModelTester()
    {
        MainWindow window;
        window.show();
        QAbstractItemModelTester findings(window.findingsPanel()->model(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester tree(window.bundleTree()->model(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filtered(window.bundleTree()->proxy(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester facts(window.factsPanel()->model(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester rules(window.rulesDock()->model(),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.rulesDock()
            ->findChild<QLineEdit *>(QStringLiteral("ruleSearch"))
            ->setText(QStringLiteral("xid"));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        for (const char *path : {SAMPLE, TESTDATA "/variants", TESTDATA "/seed/seed-article.log"}) {
            window.openPaths({QString::fromUtf8(path)});
            QVERIFY(finished.wait(gputriage::test::kWaitMs));
            QTest::keyClicks(window.bundleTree()->filter(), QStringLiteral("log"));
            window.bundleTree()->filter()->clear();
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
