// The workbench as a support engineer uses it (issue 22): the side panels: findings, GPUs, facts,
// other messages, the file tree. Offscreen; each test types and clicks like a user.

#include "workbench.h"

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbenchPanels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    // Issue 36, item 7: the GPUs tab shows each GPU's action whole in the side panel (wrapped,
    // not cut), and a double-click on a GPU brings its findings forward.
    void theGpusTabShowsTheWholeActionAndADoubleClickShowsTheFindings()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, {QStringLiteral(TESTDATA "/gpus/multi-boot-kern.log")}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        GpusPanel *gpus = window.gpusPanel();
        tabs->setCurrentWidget(gpus);
        const QAbstractItemModel *model = gpus->model();
        QTRY_VERIFY(gpus->visualRect(model->index(1, GpusModel::ActionColumn)).width() > 0);
        // Each action fits its cell: inside the panel, and as high as its wrapped text.
        auto firstCut = [&]() -> QString {
            for (int row = 1; row < model->rowCount(); ++row) {
                const QModelIndex action = model->index(row, GpusModel::ActionColumn);
                const QRect cell = gpus->visualRect(action);
                if (cell.left() < 0 || cell.right() > gpus->viewport()->width())
                    return QStringLiteral("row %1: %2..%3 of %4")
                        .arg(row)
                        .arg(cell.left())
                        .arg(cell.right())
                        .arg(gpus->viewport()->width());
                const QRect needed
                    = gpus->fontMetrics().boundingRect(QRect(0, 0, cell.width() - 8, 100000),
                                                       Qt::TextWordWrap, action.data().toString());
                if (needed.height() > cell.height())
                    return QStringLiteral("row %1 needs %2 px, has %3")
                        .arg(row)
                        .arg(needed.height())
                        .arg(cell.height());
            }
            return {};
        };
        QTRY_VERIFY2(firstCut().isEmpty(), qPrintable(firstCut()));
        const QModelIndex gpu = model->index(2, GpusModel::GpuColumn);
        gpus->scrollTo(gpu);
        const QPoint at(10, gpus->visualRect(gpu).center().y());
        QTest::mouseClick(gpus->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(gpus->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.findingsPanel()));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 1); // that GPU's
    }

    // Issue 36, item 5: after a switch to a dark theme, the finding's links take the dark
    // theme's link colour (not the light theme's dark blue on black).
    void aThemeSwitchRecoloursTheLinks()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        auto *details = window.findChild<QTextBrowser *>(QStringLiteral("findingDetails"));
        auto anchorColours = [details] {
            QList<QColor> colours;
            for (QTextBlock b = details->document()->begin(); b.isValid(); b = b.next())
                for (auto it = b.begin(); !it.atEnd(); ++it)
                    if (it.fragment().charFormat().isAnchor()
                        && it.fragment().charFormat().foreground().style() != Qt::NoBrush)
                        colours << it.fragment().charFormat().foreground().color();
            return colours;
        };
        // The first finding with a link.
        const QAbstractItemModel *model = window.findingsPanel()->model();
        QTreeView *list = window.findingsPanel()->findChild<QTreeView *>();
        QVERIFY(list);
        bool found = false;
        for (int row = 0; row < model->rowCount() && !found; ++row) {
            list->setCurrentIndex(model->index(row, 0));
            found = details->toHtml().contains(u"href=\"http");
        }
        QVERIFY(found);
        const QPalette before = QApplication::palette();
        window.applyPreferences([] {
            Preferences p = Settings::preferences();
            p.theme = QStringLiteral("Breeze Dark");
            return p;
        }());
        const QColor link = QApplication::palette().color(QPalette::Link);
        QVERIFY(link != before.color(QPalette::Link));
        // The palette reaches the widgets through the event loop.
        auto described = [&] {
            QStringList names;
            for (const QColor &c : anchorColours())
                names << c.name();
            return names.join(u' ');
        };
        QTRY_VERIFY2(!anchorColours().isEmpty()
                         && anchorColours() == QList<QColor>(anchorColours().size(), link),
                     qPrintable(described()));
        window.applyPreferences(Preferences());
        QApplication::setPalette(before);
    }

    // Issue 36, item 10: "Other messages" leads with the messages of logs, not with lines of
    // value dumps (lspci -vvv, /proc/cpuinfo) however often those repeat.
    void otherMessagesLeadWithLogMessagesNotDumps()
    {
        QTemporaryDir dir;
        QByteArray lspci;
        for (int i = 0; i < 40; ++i)
            lspci += "\tCapabilities: [" + QByteArray::number(100 + i)
                     + " v1] Advanced Error Reporting failed " + QByteArray::number(i) + "\n";
        writeFile(dir, QStringLiteral("node/lspci-vvv.txt"), lspci);
        writeFile(dir, QStringLiteral("proc/cpuinfo"), "flags\t\t: fpu vme error failed\n");
        writeFile(dir, QStringLiteral("node/kern.log"),
                  "Nov 30 08:15:01 node-1 frobd[12]: frobnication failed on unit 3\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(window.notablePanel());
        auto *view = window.notablePanel()->findChild<QTreeView *>(QStringLiteral("notableView"));
        QVERIFY(view->model()->rowCount() >= 1);
        const QString first = view->model()->index(0, 1).data().toString();
        QVERIFY2(first.contains(u"frobnication"), qPrintable(first));
    }

    // Issue 36, item 9: two different kernel driver versions in one bundle are flagged as a
    // conflict in Bundle facts, each naming the other.
    void twoKernelDriverVersionsAreFlaggedAsAConflict()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("node/kern.log"),
                  "Nov 30 08:15:01 node-1 kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                  "570.158.08  Tue Jun  3 2025\n");
        writeFile(
            dir, QStringLiteral("node/nvidia-smi.txt"),
            "| NVIDIA-SMI 580.65.06              Driver Version: 580.65.06      CUDA Version: "
            "13.0     |\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.path()}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        auto *facts = window.findChild<QTreeView *>(QStringLiteral("factsPanel"));
        tabs->setCurrentWidget(facts);
        const QAbstractItemModel *model = facts->model();
        QStringList flagged;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex value = model->index(row, FactsModel::ValueColumn);
            if (model->index(row, FactsModel::NameColumn).data().toString() == u"kernel_driver") {
                QVERIFY(value.data(ConflictRole).toBool());
                QVERIFY(value.data(Qt::ToolTipRole).toString().contains(u"conflicts"));
                flagged << value.data().toString();
            } else {
                QVERIFY2(!value.data(ConflictRole).toBool(),
                         qPrintable(model->index(row, 0).data().toString()));
            }
        }
        flagged.sort();
        QCOMPARE(flagged, (QStringList{QStringLiteral("570.158.08"), QStringLiteral("580.65.06")}));
    }

    // Issue 36 ("Also"): another bundle opens on the Findings tab, not on the tab the last
    // one was left on; the same bundle analysed again stays where the reader was.
    void anotherBundleOpensOnItsFindings()
    {
        QTemporaryDir dir;
        const QString other = writeFile(dir, QStringLiteral("other.log"), "NVRM: Xid line\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(window.gpusPanel());
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.gpusPanel()));
        QVERIFY(openAndWait(window, {other}));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(window.findingsPanel()));
    }

    // While another bundle is read, the panels show nothing of the bundle before.
    void anotherBundleClearsThePanelsWhileItIsRead()
    {
        QTemporaryDir dir;
        const QString other
            = writeFile(dir, QStringLiteral("other.log"),
                        "NVRM: Xid (PCI:0000:01:00): 79, pid=1, GPU has fallen off the bus.\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(window.findingsPanel()->model()->rowCount() > 0);
        QVERIFY(window.gpusPanel()->model()->rowCount() > 0);
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({other}); // the analysis runs on: its result is not in yet
        QCOMPARE(finished.count(), 0);
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 0);
        QCOMPARE(window.gpusPanel()->model()->rowCount(), 0);
        QCOMPARE(window.factsPanel()->model()->rowCount(), 0);
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(window.findingsPanel()->model()->rowCount() > 0); // the other bundle's own
    }

    // Point 11: the findings list by keyboard: arrows show a finding, Enter jumps to its
    // evidence, F8 says which occurrence of how many; a filter box; following the file shown.
    void findingsAreUsedFromTheKeyboardFilteredAndFollowTheFile()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        FindingsPanel *panel = window.findingsPanel();
        QTreeView *list = panel->view();
        list->setFocus();
        list->setCurrentIndex(panel->model()->index(0, FindingsModel::TitleColumn));
        QTest::keyClick(list, Qt::Key_Down);
        const QModelIndex second = list->currentIndex();
        QCOMPARE(second.row(), 1);
        const QString title = second.data(FindingsModel::RuleIdRole).toString();
        QCOMPARE(title, QStringLiteral("gpu.xid.13-graphics-exception"));
        QVERIFY(panel->details()->toPlainText().contains(u"Xid 13"));
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(window.logView()->document()->path().endsWith(u"node/dmesg.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(8)); // line 9
        QVERIFY2(window.statusBar()->currentMessage().startsWith(u"Occurrence 1 of 2 of"),
                 qPrintable(window.statusBar()->currentMessage()));
        window.findChild<QAction *>(QStringLiteral("actionNextOccurrence"))->trigger();
        QCOMPARE(window.logView()->currentLine(), LineNumber(9));
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Occurrence 2 of 2 of"));

        QTest::keyClicks(panel->filterBox(), QStringLiteral("xid"));
        QCOMPARE(panel->visibleRowCount(), 2);
        panel->filterBox()->clear();
        QCOMPARE(panel->visibleRowCount(), 4);
        QTest::mouseClick(panel->followFileBox(), Qt::LeftButton);
        QVERIFY(panel->followsFile());
        QCOMPARE(panel->visibleRowCount(), 2); // dmesg.log is shown: its two Xid findings
        const QModelIndex pytorch = window.bundleTree()->viewIndex(
            QStringLiteral("sample/pods/ml-team/pytorch-train-0/pytorch.log"));
        QTreeView *tree = window.bundleTree()->tree();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(pytorch).center());
        QCOMPARE(panel->visibleRowCount(), 2);
        QVERIFY(list->isRowHidden(0, {})); // the critical Xid is not in pytorch.log
        QTest::mouseClick(panel->followFileBox(), Qt::LeftButton);
        QCOMPARE(panel->visibleRowCount(), 4);
    }

    // Point 11: findings of one rule that differ only by GPU are one row naming how many
    // GPUs, with a child per GPU; the filter and the details work on both levels.
    void findingsThatDifferOnlyByGpuAreGrouped()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (const char *bus : {"3b", "86", "86", "af"})
            log += QByteArray("[ 100.1] NVRM: Xid (PCI:0000:") + bus
                   + ":00): 13, pid=1, name=python3, Graphics SM Warp Exception on (GPC 0, TPC 0, "
                     "SM 0): Out Of Range Address\n";
        log += "[ 101.0] NVRM: Xid (PCI:0000:af:00): 79, pid=1, name=python3, GPU has fallen off "
               "the bus.\n";
        const QString path = writeFile(dir, QStringLiteral("dmesg.log"), log);
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        FindingsPanel *panel = window.findingsPanel();
        FindingsModel *model = panel->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), 2);
        const QModelIndex xid79 = model->index(0, FindingsModel::TitleColumn);
        QVERIFY(!model->isGroup(xid79));
        QCOMPARE(xid79.data().toString(),
                 QStringLiteral("Xid 79 on GPU 0000:af:00: GPU has fallen off the bus"));
        const QModelIndex xid13 = model->index(1, FindingsModel::TitleColumn);
        QVERIFY(model->isGroup(xid13));
        QCOMPARE(xid13.data().toString(),
                 QStringLiteral("Xid 13 on 3 GPUs: graphics engine exception"));
        QCOMPARE(xid13.siblingAtColumn(FindingsModel::CountColumn).data().toInt(), 4);
        QCOMPARE(xid13.siblingAtColumn(FindingsModel::SeverityColumn).data().toString(),
                 QStringLiteral("warning"));
        const QModelIndex parent = xid13.siblingAtColumn(0);
        QCOMPARE(model->rowCount(parent), 3);
        QStringList gpus;
        for (int row = 0; row < 3; ++row)
            gpus << model->index(row, FindingsModel::TitleColumn, parent).data().toString();
        QCOMPARE(gpus,
                 (QStringList{QStringLiteral("GPU 0000:86:00"), QStringLiteral("GPU 0000:3b:00"),
                              QStringLiteral("GPU 0000:af:00")}));
        QCOMPARE(panel->visibleRowCount(), 4);
        QVERIFY(panel->view()->rootIsDecorated());

        // A child leads to its GPU's line; the parent to its first child's.
        QTreeView *list = panel->view();
        list->expand(list->model()->index(1, 0));
        const QModelIndex af = model->index(2, FindingsModel::TitleColumn, parent);
        list->setCurrentIndex(af);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), LineNumber(3));
        QVERIFY(panel->details()->toPlainText().contains(u"Xid 13 on GPU 0000:af:00"));
        list->setCurrentIndex(xid13);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(window.logView()->currentLine(), LineNumber(1));

        // Filtering by a bus id keeps the group with that GPU only.
        panel->setFilter(QStringLiteral("3b:00"));
        QCOMPARE(panel->visibleRowCount(), 1);
        QVERIFY(list->isRowHidden(0, {}));
        QVERIFY(!list->isRowHidden(1, {}));
        QVERIFY(!list->isRowHidden(1, parent));
        QVERIFY(list->isRowHidden(0, parent));
    }

    // Point 8: at 1024×700 a long pod name in the file tree keeps its end (the part that
    // tells pods apart): names are elided in the middle.
    void treeNamesKeepThePodNameInASmallWindow()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QTreeView *tree = window.bundleTree()->tree();
        tree->expandAll();
        const QModelIndexList found
            = tree->model()->match(tree->model()->index(0, 0), Qt::DisplayRole,
                                   QStringLiteral("nvidia-driver-daemonset-x7k2p"), 1,
                                   Qt::MatchRecursive | Qt::MatchStartsWith);
        QCOMPARE(found.size(), 1);
        const QString name = found.front().data().toString();
        const QRect rect = tree->visualRect(found.front());
        QVERIFY(rect.width() > 0);
        const QString shown
            = tree->fontMetrics().elidedText(name, tree->textElideMode(), rect.width() - 8);
        QVERIFY2(shown.endsWith(u"x7k2p"), qPrintable(shown));
        QVERIFY2(shown.startsWith(u"nvidia"), qPrintable(shown));
        // Narrower still: cut, and still ending with the pod's own suffix.
        window.bundleTree()->setFixedWidth(170);
        QTRY_VERIFY(tree->visualRect(found.front()).width() < rect.width());
        const QString cut = tree->fontMetrics().elidedText(
            name, tree->textElideMode(), tree->visualRect(found.front()).width() - 8);
        QVERIFY2(cut != name && cut.endsWith(u"x7k2p"), qPrintable(cut));
    }

    // Point 8: in a narrow side panel, versions are not cut in the middle.
    void versionsAreNotCutInANarrowPanel()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        FindingsPanel *panel = window.findingsPanel();
        for (int row = 0; row < panel->model()->rowCount(); ++row) {
            const QModelIndex index = panel->model()->index(row, FindingsModel::TitleColumn);
            if (index.data(FindingsModel::RuleIdRole).toString()
                == QLatin1String("cuda.forward-compat.enabled"))
                Q_EMIT panel->view()->clicked(index);
        }
        panel->details()->setFixedWidth(120); // narrower than a version: it must not be cut
        QTextDocument *doc = panel->details()->document();
        doc->setTextWidth(panel->details()->viewport()->width());
        QStringList lines;
        for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
            QTextLayout *layout = block.layout();
            for (int i = 0; layout && i < layout->lineCount(); ++i)
                lines << block.text().mid(layout->lineAt(i).textStart(),
                                          layout->lineAt(i).textLength());
        }
        for (const QString &version : {QStringLiteral("580.65.06"), QStringLiteral("570.158.08")}) {
            const bool whole = std::any_of(lines.begin(), lines.end(),
                                           [&](const QString &l) { return l.contains(version); });
            QVERIFY2(whole, qPrintable(version + QStringLiteral(" cut in: ") + lines.join(u'|')));
        }
    }

    // Point 12: a file is excluded from the analysis from the tree's context menu: its
    // findings go, it stays listed (and readable) as excluded, the report says so, and it
    // comes back the same way.
    void aFileIsExcludedFromTheAnalysisAndIncludedAgain()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("bundle/noisy.log"),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=1, name=x, Graphics SM Warp Exception\n");
        writeFile(dir, QStringLiteral("bundle/quiet.log"), "all good\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.filePath(QStringLiteral("bundle"))}));
        const int before = int(window.result().findings.size());
        QVERIFY(before > 0);
        BundleTree *tree = window.bundleTree();
        const QString noisy = window.result().findings.front().occurrences.front().path;
        std::unique_ptr<QMenu> menu(tree->createContextMenu(tree->viewIndex(noisy)));
        QVERIFY(menu);
        auto *exclude = menu->findChild<QAction *>(QStringLiteral("treeExclude"));
        QCOMPARE(exclude->text(), QStringLiteral("&Exclude from Analysis"));
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        exclude->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(window.result().findings.isEmpty());
        QVERIFY(tree->viewIndex(noisy).data().toString().endsWith(u"(excluded)"));
        QVERIFY(banner(window)->text().contains(u"excluded from the analysis by the engineer"));
        QVERIFY(window.statusBar()->currentMessage().contains(u"excluded from the analysis"));
        QVERIFY(window.showDocument(noisy)); // still readable, without marks
        QVERIFY(window.logView()->markedLines().empty());
        const QString text = dir.filePath(QStringLiteral("report.txt"));
        QVERIFY(window.exportReport(text));
        QFile file(text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("noisy.log: excluded from the analysis by the engineer"));

        menu.reset(tree->createContextMenu(tree->viewIndex(noisy)));
        // Issue 36: the tree's menu copies the entry's path.
        QGuiApplication::clipboard()->clear();
        menu->findChild<QAction *>(QStringLiteral("treeCopyPath"))->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), noisy);
        auto *include = menu->findChild<QAction *>(QStringLiteral("treeExclude"));
        QCOMPARE(include->text(), QStringLiteral("&Include in Analysis"));
        include->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(int(window.result().findings.size()), before);
        QVERIFY(!tree->viewIndex(noisy).data().toString().contains(u"excluded"));
        QVERIFY(!banner(window)->isVisible());
    }
};

QTEST_MAIN(TestWorkbenchPanels)
#include "tst_workbench_panels.moc"
