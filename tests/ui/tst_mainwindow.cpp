#include "bundletree.h"
#include "exportdialog.h"
#include "factspanel.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "gpuspanel.h"
#include "limitsdialog.h"
#include "logview.h"
#include "mainwindow.h"
#include "panelmodels.h"
#include "rulelistmodel.h"
#include "messagebanner.h"
#include "notablepanel.h"
#include "rules/ruleloader.h"
#include "rulesdock.h"
#include "searchbar.h"
#include "settingsdialog.h"
#include "text/logdocument.h"
#include "timechart.h"
#include "uitest.h"

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
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>

using namespace gputriage;
using gputriage::test::PrivateConfig;

// The longest the GUI thread may be busy on one user action (slower under the sanitizers).
#ifdef GPUTRIAGE_SANITIZE
constexpr qint64 kStallLimitMs = 500;
#else
constexpr qint64 kStallLimitMs = 100;
#endif

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
        LimitsDialog::save(dialog.limits());

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));
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
            QVERIFY(finished.wait(10000));
            window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
            QVERIFY(finished.wait(10000));
            window.openPaths({QStringLiteral(SAMPLE)});
            QVERIFY(finished.wait(10000));
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
        QVERIFY(finished.wait(10000));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 4);
        QCOMPARE(window.findChild<QMenu *>(QStringLiteral("recentMenu"))->actions().size(), 2);
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
            QVERIFY(finished.wait(10000));
            for (const QString &target : {log, link, QDir(bundle).filePath(QStringLiteral("r.html"))}) {
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
        QVERIFY(finished.wait(10000));
        GpusPanel *gpus = window.gpusPanel();
        const GpusModel *model = gpus->model();
        QCOMPARE(model->rowCount(), 3); // the node, then one row per GPU
        auto text = [model](int row, int column) { return model->index(row, column).data().toString(); };
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
        QVERIFY(finished.wait(10000));
        GpusPanel *gpus = window.gpusPanel();
        QCOMPARE(gpus->model()->headerData(GpusModel::NameColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Name"));
        QCOMPARE(int(GpusModel::NameColumn), 1);
        const auto fallen = gpus->model()->match(gpus->model()->index(1, GpusModel::GpuColumn),
                                                 Qt::DisplayRole, QStringLiteral("0000:41:00"), 1,
                                                 Qt::MatchExactly);
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
        QVERIFY2(titles.join(u'|').contains(u"PCIe uncorrected error at 0000:40:01.1"), qPrintable(titles.join(u'|')));
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
        QVERIFY(finished.wait(10000));

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
        QTRY_COMPARE(window.logView()->currentLine(), 4);
        QVERIFY(window.logView()->lineSeverity(4).has_value());
        QVERIFY(window.logView()->lineSeverity(5).has_value()); // the wrapped second line
        QVERIFY(!window.logView()->lineSeverity(3).has_value());
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
        QCOMPARE(window.logView()->currentLine(), 2);
    }

    void clickingAFindingOpensTheFileItWasFoundIn()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));
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
        QCOMPARE(window.logView()->currentLine(), 15);
        QCOMPARE(window.bundleTree()->currentPath(), window.logView()->document()->path());

        // F8 / Shift+F8 step through the occurrences, wrapping around.
        window.openPaths({QStringLiteral(TESTDATA "/variants")});
        QVERIFY(finished.wait(10000));
        clickFinding(window.findingsPanel(), QStringLiteral("network.peermem.not-detected"));
        QTRY_COMPARE(window.logView()->document()->path(),
                     QStringLiteral("variants/cri-container.log"));
        auto *next = window.findChild<QAction *>(QStringLiteral("actionNextOccurrence"));
        auto *previous = window.findChild<QAction *>(QStringLiteral("actionPreviousOccurrence"));
        next->trigger();
        QCOMPARE(window.logView()->document()->path(), QStringLiteral("variants/identifying.log"));
        QCOMPARE(window.logView()->currentLine(), 0);
        previous->trigger();
        previous->trigger();
        QCOMPARE(window.logView()->document()->path(),
                 QStringLiteral("variants/wrapped-60.log")); // wrapped to the last
        QCOMPARE(window.logView()->currentLine(), 4);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));

        // The bundle facts tab lists the driver version with its source.
        // (and the GPU UUIDs the kernel log names by bus id, the NGC release of the pod).
        const QAbstractItemModel *facts = window.factsPanel()->model();
        QCOMPARE(facts->rowCount(), 6);
        const auto driver = facts->match(facts->index(0, FactsModel::NameColumn), Qt::DisplayRole,
                                         QStringLiteral("kernel_driver"), -1, Qt::MatchExactly);
        QCOMPARE(driver.size(), 1);
        QCOMPARE(driver.front().siblingAtColumn(FactsModel::ValueColumn).data().toString(),
                 QStringLiteral("570.158.08"));

        // Typing in the filter narrows the tree.
        QTest::keyClicks(window.bundleTree()->filter(), QStringLiteral("pytorch"));
        QTRY_COMPARE(window.bundleTree()->visibleEntryCount(), 1);
    }

    void searchingTheOpenFileMarksAndStepsThroughHits()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/variants/other-banner-notes.log")});
        QVERIFY(finished.wait(10000));

        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QVERIFY(bar->isVisible());
        QSignalSpy searched(bar, &SearchBar::searchFinished);
        QTest::keyClicks(bar->input(), QStringLiteral("multi-node"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{5, 6})); // case-insensitive by default
        QVERIFY(window.logView()->isSearchHit(5));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), 5);
        QCOMPARE(bar->status()->text(), QStringLiteral("1 of 2"));
        bar->next();
        bar->next(); // wraps around
        QCOMPARE(window.logView()->currentLine(), 5);
        bar->previous();
        QCOMPARE(window.logView()->currentLine(), 6);

        bar->regexBox()->setChecked(true);
        bar->input()->setText(QStringLiteral("version \\d+\\.\\d+\\.\\d+"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{1, 4}));
        bar->input()->setText(QStringLiteral("(unclosed"));
        QTRY_VERIFY(bar->status()->text().startsWith(u"invalid"));
        QVERIFY(bar->hits().empty());
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
        QVERIFY(finished.wait(10000));
        QSettings().setValue(QStringLiteral("lastDir"), QStringLiteral(TESTDATA "/seed")); // as "Open" leaves it
        const QString suggested = ExportDialog::suggestedPath(QStringLiteral("html"));
        QVERIFY2(!suggested.startsWith(QStringLiteral(TESTDATA)), qPrintable(suggested));
        QVERIFY(suggested.endsWith(u"/gputriage-report.html"));
        QSettings().setValue(QStringLiteral("export/dir"), QDir::tempPath());
        QCOMPARE(ExportDialog::suggestedPath(QStringLiteral("md")),
                 QDir(QDir::tempPath()).filePath(QStringLiteral("gputriage-report.md")));
    }

    void theExportDialogPreviewsWhatItWrites()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));

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
        QCOMPARE(settings.format, QStringLiteral("markdown"));
        QCOMPARE(settings.minSeverity, std::optional(Severity::Critical));
        settings.format = QStringLiteral("pdf");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.pdf"));
        QVERIFY(window.exportReport(path, settings));
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
    }

    void aMissingFileIsReportedInlineAndTheRestOpens()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/no-such-file.log"),
                          QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(10000));
        auto *banner = window.findChild<QWidget *>(QStringLiteral("banner"));
        QVERIFY(banner && banner->isVisible());
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
    }

    void onlyMatchingLinesHidesTheRestAndStepsThroughHits()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/variants/other-banner-notes.log")});
        QVERIFY(finished.wait(10000));
        LogView *view = window.logView();
        const int all = view->document()->lineCount();
        QCOMPARE(view->rowCount(), all);

        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        SearchBar *bar = window.searchBar();
        QTest::keyClicks(bar->input(), QStringLiteral("multi-node"));
        QTRY_COMPARE(bar->hits(), (std::vector<int>{5, 6}));
        QTest::mouseClick(bar->onlyMatchingBox(), Qt::LeftButton, {},
                          QPoint(4, bar->onlyMatchingBox()->height() / 2));
        QVERIFY(bar->onlyMatchingBox()->isChecked());
        QCOMPARE(view->rowCount(), 2);
        QCOMPARE(view->lineAtRow(0), 5);
        QCOMPARE(view->lineAtRow(1), 6);
        bar->next();
        QCOMPARE(view->currentLine(), 5);
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(view->currentLine(), 6); // the next shown line, not line 7
        // A wider search widens the filtered view as it arrives.
        bar->input()->setText(QStringLiteral("nvidia"));
        QTRY_VERIFY(bar->hits().size() > 2);
        QTRY_COMPARE(view->rowCount(), int(bar->hits().size()));

        // Only lines with findings replaces the search filter (one filter at a time).
        auto *onlyFindings = window.findChild<QAction *>(QStringLiteral("actionOnlyFindings"));
        onlyFindings->trigger();
        QVERIFY(!bar->onlyMatchingBox()->isChecked());
        const std::vector<int> marked = view->markedLines();
        QVERIFY(!marked.empty() && int(marked.size()) < all);
        QCOMPARE(view->rowCount(), int(marked.size()));
        for (int row = 0; row < view->rowCount(); ++row)
            QVERIFY(view->lineSeverity(view->lineAtRow(row)).has_value());
        // Going to a hidden line (Ctrl+G) shows everything again rather than hiding it.
        int hidden = 0;
        while (std::binary_search(marked.begin(), marked.end(), hidden))
            ++hidden;
        view->setCurrentLine(hidden);
        QVERIFY(!view->isFiltered());
        QVERIFY(!onlyFindings->isChecked());
        QCOMPARE(view->rowCount(), all);
    }

    // Enter on a 10 MB line without a blank: the window shows at once (only the rows in view
    // are laid out), not after minutes of layout on the GUI thread.
    void aHugeLineIsShownWholeWithoutAFreeze()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("first line\n" + QByteArray(10'000'000, 'x') + "\nthird line\n");
        file.close();
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        QVERIFY(finished.wait(20000));
        LogView *view = window.logView();
        view->setCurrentLine(1);
        // The GUI thread is never blocked more than 100 ms: from Enter to the dialog painted.
        QElapsedTimer timer;
        timer.start();
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        QVERIFY(QTest::qWaitForWindowExposed(whole->window()));
        whole->viewport()->repaint();
        const qint64 ms = timer.elapsed();
        qInfo("10 MB line shown in %lld ms", ms);
        QVERIFY2(ms < kStallLimitMs, qPrintable(QStringLiteral("%1 ms").arg(ms)));
        QCOMPARE(QByteArray(whole->document()->bytes().data(),
                            qsizetype(whole->document()->bytes().size()))
                     .replace('\n', QByteArray())
                     .size(),
                 10'000'000);
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("wholeLineInfo"))
                    ->text()
                    .contains(u"wrapped in 62,500 rows"));
        // Scrolling to its end stays fast too.
        timer.restart();
        whole->scrollToLine(whole->document()->lineCount() - 1);
        whole->viewport()->repaint();
        QVERIFY2(timer.elapsed() < kStallLimitMs, qPrintable(QString::number(timer.elapsed())));
    }

    // The line opens with the search hit (else the matched text) in view, wrapped in rows.
    void aLongLineOpensWithTheHitInView()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray words;
        for (int i = 0; i < 5000; ++i)
            words += "word" + QByteArray::number(i) + ' ';
        file.write("first\n" + words + "NVRM: Xid (PCI:0000:86:00): 79, GPU has fallen off the bus. "
                   + words + "\n");
        file.close();
        MainWindow window;
        window.show();
        QVERIFY(gputriage::test::openAndWait(window, {path}));
        LogView *view = window.logView();
        view->setCurrentLine(1);
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        const QString row = whole->document()->lineText(whole->currentLine());
        QVERIFY2(row.contains(u"Xid") || row.contains(u"NVRM"), qPrintable(row));
        // Rows end after a blank: no word is cut.
        for (int r = 0; r + 1 < whole->document()->lineCount(); ++r)
            QVERIFY(whole->document()->lineText(r).endsWith(u' '));
        // Copy Line copies the line as it is, not the rows.
        whole->window()->findChild<QPushButton *>(QStringLiteral("wholeLineCopy"))->click();
        QCOMPARE(QApplication::clipboard()->text(), view->document()->lineText(1));
        whole->window()->close();

        // With a search, its hit is in view.
        window.findChild<QAction *>(QStringLiteral("actionFind"))->trigger();
        QTest::keyClicks(window.searchBar()->input(), QStringLiteral("word4321 "));
        QTRY_COMPARE(window.searchBar()->hits(), (std::vector<int>{1}));
        view->setCurrentLine(1);
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY(window.findChildren<LogView *>(QStringLiteral("wholeLineView")).size() == 1);
        whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole->document()->lineText(whole->currentLine()).contains(u"word4321"));
        QVERIFY(whole->isSearchHit(whole->currentLine()));
    }

    void linesAreSelectedCopiedAndShownWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray longLine = "NVRM: " + QByteArray(12000, 'x') + " end-of-line";
        file.write("first line\nsecond line\n" + longLine + "\nfourth line\n");
        file.close();

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        QVERIFY(finished.wait(10000));
        LogView *view = window.logView();
        const int lh = view->fontMetrics().height();
        auto rowCentre = [&](int row) {
            return QPoint(200, row * lh + lh / 2);
        };
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rowCentre(1));
        QCOMPARE(view->currentLine(), 1);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, rowCentre(3));
        QCOMPARE(view->selection(), std::make_pair(1, 3));
        QApplication::clipboard()->clear();
        QTest::keySequence(view, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(),
                 QString::fromUtf8("second line\n" + longLine + "\nfourth line"));
        QTest::keyClick(view, Qt::Key_Up, Qt::ShiftModifier);
        QCOMPARE(view->selection(), std::make_pair(1, 2));
        QTest::keyClick(view, Qt::Key_Up);
        QCOMPARE(view->selection(), std::make_pair(1, 1));

        // The long line is cut in the view; Enter shows it whole.
        view->setCurrentLine(2);
        QTest::keyClick(view, Qt::Key_Return);
        auto *whole = window.findChild<LogView *>(QStringLiteral("wholeLineView"));
        QVERIFY(whole);
        QCOMPARE(QByteArray(whole->document()->bytes().data(),
                            qsizetype(whole->document()->bytes().size()))
                     .replace('\n', QByteArray()),
                 longLine);
        whole->window()->close();
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusPosition"))->text(),
                 QStringLiteral("Line 3 of 4"));
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusFile"))->text(),
                 QStringLiteral("long.log"));
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("statusFormat"))->text(),
                 QStringLiteral("plain text · utf-8"));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("statusTime"))
                    ->text()
                    .startsWith(u"Analysed in "));
    }

    void aBigFileShowsItsFirstScreenBeforeTheAnalysisEnds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray block;
        for (int i = 0; i < 1000; ++i)
            block += "2025-08-12T10:15:32.123456789Z stdout F worker step " + QByteArray::number(i)
                     + " ok\n";
        while (file.size() < (qint64(6) << 20))
            file.write(block);
        file.close();

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy firstScreen(&window, &MainWindow::firstScreenShown);
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({path});
        // Shown at once from the head of the file, while the whole is read in the background.
        QVERIFY(window.logView()->document());
        const int previewLines = window.logView()->document()->lineCount();
        QVERIFY(previewLines > 100);
        QVERIFY(window.isBusy());
        QVERIFY(window.findChild<QToolButton *>(QStringLiteral("cancelButton"))->isVisible());
        QVERIFY(firstScreen.wait(5000) || firstScreen.size() == 1);
        QVERIFY(window.firstScreenMs() >= 0);
        // The user scrolls in the preview: the full document keeps that place.
        window.logView()->setCurrentLine(50);
        window.logView()->scrollToLine(40);
        QVERIFY(finished.wait(20000));
        QVERIFY(!window.isBusy());
        QVERIFY(window.logView()->document()->lineCount() > previewLines);
        QCOMPARE(window.logView()->currentLine(), 50);
        QCOMPARE(window.logView()->firstVisibleLine(), 40);
        QCOMPARE(window.logView()->document()->format(), QStringLiteral("cri"));
        // Going to a line far down (as a click on a finding does) scrolls it into view.
        QVERIFY(window.showDocument(window.logView()->document()->path(), 100000));
        QCOMPARE(window.logView()->currentLine(), 99999);
        QVERIFY(window.logView()->firstVisibleLine() <= 99999);
        QVERIFY(99999
                < window.logView()->firstVisibleLine() + window.logView()->visibleLineCount());
    }

    void cancellingTheAnalysisShowsWhatWasDoneAndSaysSo()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        auto *cancel = window.findChild<QToolButton *>(QStringLiteral("cancelButton"));
        QVERIFY(cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QVERIFY(window.result().cancelled);
        QVERIFY(!cancel->isVisible());
        QVERIFY(
            window.findChild<MessageBanner *>(QStringLiteral("banner"))->text().contains(u"cancelled"));
        // The next open is complete again.
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));
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
        QVERIFY(finished.wait(10000));
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
        QVERIFY(finished.wait(10000));

        // The tree offers the timeline first; choosing it builds and shows the merged view.
        QSignalSpy shown(&window, &MainWindow::timelineShown);
        const QModelIndex row
            = window.bundleTree()->viewIndex(QString::fromLatin1(MainWindow::kTimelinePath));
        QVERIFY(row.isValid());
        QCOMPARE(row.row(), 0);
        QTreeView *tree = window.bundleTree()->tree();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
        QVERIFY(shown.wait(10000));
        QVERIFY(window.isTimelineShown());
        const auto doc = window.logView()->document();
        QCOMPARE(doc->lineCount(), 3); // the journal's header has no date
        // Names are as short as still tells the files apart; the line's own stamp is not repeated.
        QVERIFY2(doc->lineText(0).startsWith(u"2025-11-30 08:15:01.000Z  0.log:1 "),
                 qPrintable(doc->lineText(0)));
        QVERIFY(doc->lineText(0).endsWith(u"│ CUDA Forward Compatibility mode ENABLED."));
        QVERIFY(doc->lineText(1).startsWith(u"2025-11-30 08:15:04.000Z  journal.log:2"));
        QVERIFY(doc->lineText(1).contains(u"Xid"));
        QVERIFY(doc->lineText(2).startsWith(u"2025-11-30 08:15:05.000Z  0.log:2 "));
        // The Xid keeps its severity colour in the merged view.
        QVERIFY(window.logView()->lineSeverity(1).has_value());
        QVERIFY(window.statusBar()->currentMessage().contains(u"journal.log (1)"));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("statusFormat"))
                    ->text()
                    .startsWith(u"timeline (UTC)"));

        // The time chart tab shows the dated findings.
        QVERIFY(!window.timeChart()->isEmpty());
        QVERIFY(!window.timeChart()->marks().empty());

        // Enter on a merged line opens that line in its own file.
        window.logView()->setCurrentLine(1);
        QTest::keyClick(window.logView(), Qt::Key_Return);
        QVERIFY(!window.isTimelineShown());
        QVERIFY(window.logView()->document()->path().endsWith(u"node/journal.log"));
        QCOMPARE(window.logView()->currentLine(), 1);
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
        QVERIFY(finished.wait(10000));
        // No rule knows the line yet: it is reported as an unrecognised NVIDIA message.
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1);
        QVERIFY(window.findingsPanel()
                    ->model()
                    ->index(0, FindingsModel::TitleColumn)
                    .data()
                    .toString()
                    .startsWith(u"Unrecognised NVIDIA message: warning: fabric manager"));
        const int lines = window.logView()->visibleLineCount();
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
        QVERIFY(finished.wait(10000)); // the new rules re-analyse the open file
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1);
        QCOMPARE(window.findingsPanel()->model()->index(0, FindingsModel::TitleColumn).data(),
                 QVariant(QStringLiteral("Fabric Manager not running")));
        QVERIFY(window.logView()->visibleLineCount() < lines);
        const QImage dark = window.logView()->viewport()->grab().toImage();
        const QPoint blank(dark.width() - 5, dark.height() - 5);
        QVERIFY(QColor(light.pixel(blank)).lightness() > 128);
        QVERIFY(QColor(dark.pixel(blank)).lightness() < 128);
        // Kept for the next start.
        const Preferences saved = Preferences::load();
        QCOMPARE(saved.theme, QStringLiteral("Breeze Dark"));
        QCOMPARE(saved.logFont.pointSize(), 24);
        QCOMPARE(saved.ruleFolders, QStringList{dir.filePath(QStringLiteral("team-rules"))});
        Preferences().save(); // back to the defaults for the other tests
        QSettings().remove(QStringLiteral("view/font"));
    }

    void rulesAreWrittenTestedSavedOverriddenAndReverted()
    {
        const PrivateConfig config;
        QSettings().remove(QStringLiteral("rules/disabled"));
        QTemporaryDir dir;
        const QString logPath = dir.filePath(QStringLiteral("node.log"));
        QFile log(logPath);
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write(
            "2025-11-30T08:15:01Z stdout F nvidia-imex 570.158.08: failed to connect to "
            "peer node 7 (timeout)\n"
            "2025-11-30T08:15:02Z stdout F NOTE: CUDA Forward Compatibility mode ENABLED.\n"
            "2025-11-30T08:16:01Z stdout F nvidia-imex 580.65.06: failed to connect to "
            "peer node 12 (timeout)\n"
            "2025-11-30T08:17:01Z stdout F nvidia-imex 580.65.06: connected to peer node 12\n");
        log.close();

        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({logPath});
        QVERIFY(finished.wait(10000));
        auto findingTitles = [&] {
            QStringList titles;
            for (const Finding &f : window.result().findings)
                titles << f.title;
            return titles;
        };
        auto severityOf = [&](const QString &ruleId) {
            for (const Finding &f : window.result().findings)
                if (f.ruleId == ruleId)
                    return QString(severityName(f.severity));
            return QString();
        };
        QCOMPARE(severityOf(QStringLiteral("cuda.forward-compat.enabled")), QStringLiteral("info"));
        const int before = int(window.result().findings.size());

        // New rule from the selected line: a draft that already matches it.
        RulesDock *dock = window.rulesDock();
        QSignalSpy validated(dock, &RulesDock::validated);
        window.logView()->setCurrentLine(0);
        window.findChild<QAction *>(QStringLiteral("actionNewRule"))->trigger();
        QVERIFY(dock->isVisible());
        QVERIFY(dock->filePath().startsWith(config.path() + QStringLiteral("/gputriage/rules/")));
        YamlEditor *editor = dock->editor();
        QVERIFY(editor->toPlainText().contains(u"(?P<version>"));
        QVERIFY(validated.wait(5000));
        QVERIFY(editor->markers().isEmpty());
        QCOMPARE(dock->problems()->item(0)->text(), QStringLiteral("No problems"));

        // Type an unclosed group into the pattern: marked at the pattern's line, inside it.
        int patternLine = -1;
        for (QTextBlock b = editor->document()->begin(); b.isValid(); b = b.next())
            if (b.text().trimmed().startsWith(u"pattern:"))
                patternLine = b.blockNumber();
        QVERIFY(patternLine > 0);
        const QTextBlock block = editor->document()->findBlockByNumber(patternLine);
        const int valueStart = int(block.text().indexOf(QLatin1Char('\'')));
        QTextCursor cursor(block);
        cursor.setPosition(block.position() + valueStart + 1);
        editor->setTextCursor(cursor);
        QTest::keyClicks(editor, QStringLiteral("("));
        QVERIFY(validated.wait(5000));
        QCOMPARE(editor->markers().size(), 1);
        QCOMPARE(editor->markers().front().line, patternLine + 1);
        QVERIFY(editor->markers().front().column > valueStart);
        QVERIFY(editor->markers().front().error);
        QVERIFY(editor->markers().front().message.contains(u"invalid regular expression"));
        QVERIFY(dock->problems()->item(0)->text().startsWith(
            QStringLiteral("%1:").arg(patternLine + 1)));
        QTest::keyClick(editor, Qt::Key_Backspace);
        QVERIFY(validated.wait(5000));
        QVERIFY(editor->markers().isEmpty());

        // Test on the open bundle: both failures, with their versions; the examples pass.
        QSignalSpy tested(dock, &RulesDock::testFinished);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("testRule")),
                          Qt::LeftButton);
        QVERIFY(tested.wait(30000)); // the whole bundle: slow under the sanitizers
        const TextTreeModel *hits = dock->hitsModel();
        const QModelIndex hit = hits->index(0, 0);
        QVERIFY2(hit.data().toString().endsWith(u"— 2 line(s)"), qPrintable(hit.data().toString()));
        QCOMPARE(hits->rowCount(hit), 2);
        QVERIFY(hits->index(1, 1, hit).data().toString().contains(u"version=580.65.06"));
        const auto examples = hits->match(hits->index(0, 0), Qt::DisplayRole,
                                          QStringLiteral("Examples:"), -1, Qt::MatchStartsWith);
        QCOMPARE(examples.size(), 1);
        QCOMPARE(examples.front().data().toString(), QStringLiteral("Examples: 1 passed, 0 failed"));

        // Save: a valid file on disk, the rules reload and the finding appears.
        const QString title = QStringLiteral("IMEX cannot reach a peer node");
        QString text = editor->toPlainText();
        text.replace(QRegularExpression(QStringLiteral("title: '[^\n]*'")),
                     QStringLiteral("title: '%1'").arg(title));
        editor->setPlainText(text);
        QVERIFY(dock->isModified());
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("saveRule")),
                          Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QVERIFY(!dock->isModified());
        RuleSet saved;
        RuleLoader(saved).loadFile(dock->filePath(), true);
        QCOMPARE(saved.rules.size(), size_t(1));
        QVERIFY(std::none_of(saved.diagnostics.begin(), saved.diagnostics.end(),
                             [](const Diagnostic &d) { return d.isError(); }));
        // The rule's finding replaces the unrecognised-message finding of the lines it explains.
        QCOMPARE(int(window.result().findings.size()), before);
        QVERIFY(findingTitles().contains(title));
        QVERIFY(std::none_of(window.result().findings.begin(), window.result().findings.end(),
                             [](const Finding &f) {
                                 return f.ruleId == u"nvidia.unrecognised"
                                        && f.title.contains(u"IMEX");
                             }));
        const QString userFile = dock->filePath();

        // Override a shipped rule: its text in a new user file; saving makes it an error.
        dock->editRule(QStringLiteral("cuda.forward-compat.enabled"));
        QVERIFY(dock->filePath().endsWith(u"override-cuda.forward-compat.enabled.yaml"));
        QVERIFY(!QFileInfo::exists(dock->filePath()));
        text = editor->toPlainText();
        QVERIFY(text.contains(u"id: cuda.forward-compat.enabled"));
        QVERIFY(text.contains(u"    severity: info\n"));
        editor->setPlainText(text.replace(QStringLiteral("    severity: info\n"),
                                          QStringLiteral("    severity: error\n")));
        QVERIFY(validated.wait(5000));
        QVERIFY2(editor->markers().isEmpty(), qPrintable(editor->markers().value(0).message));
        QVERIFY(dock->save());
        QVERIFY(finished.wait(10000));
        QCOMPARE(severityOf(QStringLiteral("cuda.forward-compat.enabled")),
                 QStringLiteral("error"));
        const auto overridden = dock->model()->findItems(
            QStringLiteral("cuda.forward-compat.enabled"), Qt::MatchRecursive);
        QCOMPARE(overridden.size(), 1);
        QCOMPARE(overridden.front()->index().siblingAtColumn(2).data().toString(),
                 QStringLiteral("overrides shipped"));
        // ... and revert it.
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("revertRule")),
                          Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QCOMPARE(severityOf(QStringLiteral("cuda.forward-compat.enabled")), QStringLiteral("info"));
        QVERIFY(!QFileInfo::exists(
            config.path()
            + QStringLiteral("/gputriage/rules/override-cuda.forward-compat.enabled.yaml")));

        // A rule file changed outside the app is reloaded.
        QFile outside(userFile);
        QVERIFY(outside.open(QIODevice::ReadOnly));
        QByteArray changed = outside.readAll();
        outside.close();
        changed.replace(title.toUtf8(), "IMEX peer unreachable");
        QVERIFY(outside.open(QIODevice::WriteOnly | QIODevice::Truncate));
        outside.write(changed);
        outside.close();
        QVERIFY(finished.wait(10000));
        QVERIFY(findingTitles().contains(QStringLiteral("IMEX peer unreachable")));
        QVERIFY(window.statusBar()->currentMessage().contains(u"changed on disk"));

        // Switching the rule off in the list removes its finding (and is remembered).
        auto items = dock->model()->findItems(saved.rules.front().id, Qt::MatchRecursive);
        QCOMPARE(items.size(), 1);
        items.front()->setCheckState(Qt::Unchecked);
        QVERIFY(finished.wait(10000));
        QVERIFY(!findingTitles().contains(QStringLiteral("IMEX peer unreachable")));
        QCOMPARE(RulesDock::disabledRules(), QStringList{saved.rules.front().id});
        QSettings().remove(QStringLiteral("rules/disabled"));
    }

    void closingWithAnUnsavedRuleAsksFirst()
    {
        const PrivateConfig config;
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(10000));
        window.logView()->setCurrentLine(0);
        window.newRuleFromCurrentLine();
        QVERIFY(window.rulesDock()->isModified());
        const QString path = window.rulesDock()->filePath();

        auto answer = [this](QMessageBox::StandardButton button) {
            QTimer::singleShot(0, this, [button] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                QVERIFY(box->text().contains(u"not saved"));
                box->button(button)->click();
            });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!window.close()); // Cancel keeps the window and the edit
        QVERIFY(window.isVisible());
        QVERIFY(window.rulesDock()->isModified());
        answer(QMessageBox::Save);
        QVERIFY(window.close());
        QVERIFY(QFileInfo::exists(path)); // saved on the way out
    }

    // Opening a shipped rule to read it is not an edit, and its override loads as opened even
    // when the pack shares parts between rules (YAML anchors and aliases).
    void aShippedRuleOpensAsAnOverrideThatLoads()
    {
        const PrivateConfig config;
        MainWindow window;
        window.show();
        RulesDock *dock = window.rulesDock();
        dock->editRule(QStringLiteral("gpu.xid.31-mmu-fault"));
        QVERIFY(dock->filePath().endsWith(u"override-gpu.xid.31-mmu-fault.yaml"));
        QVERIFY(!dock->isModified());
        auto *editor = dock->findChild<QPlainTextEdit *>();
        QVERIFY(editor);
        const QString text = editor->toPlainText();
        QVERIFY2(!text.contains(u"*gpu-uuid") && text.contains(u"lookup:"), qPrintable(text));
        // It loads as it is.
        QTemporaryDir dir;
        QFile out(dir.filePath(QStringLiteral("o.yaml")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();
        RuleSet set;
        RuleLoader(set).loadFile(out.fileName(), true);
        QCOMPARE(set.rules.size(), size_t(1));
        QVERIFY(std::none_of(set.diagnostics.begin(), set.diagnostics.end(),
                             [](const Diagnostic &d) { return d.isError(); }));
        // Closing asks nothing: there is nothing to save.
        QVERIFY(window.close());
    }

    void otherNotableMessagesLeadToTheLineAndToANewRule()
    {
        const PrivateConfig config;
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/unmatched")});
        QVERIFY(finished.wait(10000));
        NotablePanel *panel = window.notablePanel();
        const NotableModel *model = panel->model();
        // (The traceback is one message: its exception line, not its "Traceback" header too.)
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->index(0, NotableModel::CountColumn).data().toString(), QStringLiteral("3"));
        QVERIFY(model->index(0, NotableModel::MessageColumn).data().toString().contains(
            u"NCCL WARN Call to connect"));
        // Known conditions are findings, not "other" messages.
        for (int i = 0; i < model->rowCount(); ++i)
            QVERIFY(!model->index(i, NotableModel::MessageColumn).data().toString().contains(u"Xid"));

        QTreeView *view = panel->view();
        view->setCurrentIndex(model->index(1, 0)); // kubelet CrashLoopBackOff
        Q_EMIT view->activated(model->index(1, 0));
        QVERIFY(window.logView()->document()->path().endsWith(u"kubelet.log"));
        QCOMPARE(window.logView()->currentLine(), 0);
        QTest::mouseClick(panel->findChild<QPushButton *>(QStringLiteral("notableNewRule")),
                          Qt::LeftButton);
        QVERIFY(window.rulesDock()->isVisible());
        QVERIFY(window.rulesDock()->editor()->toPlainText().contains(u"CrashLoopBackOff"));
    }

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
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
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
            QVERIFY(finished.wait(10000));
            QTest::keyClicks(window.bundleTree()->filter(), QStringLiteral("log"));
            window.bundleTree()->filter()->clear();
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
