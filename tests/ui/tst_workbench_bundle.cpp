// The workbench as a support engineer uses it (issue 22): whole bundles: damaged archives, themes,
// comparisons, following files. Offscreen; each test types and clicks like a user.

#include "workbench.h"

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbenchBundle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    // Point 6: a .tar.gz cut short shows every entry read before the damage, says what was
    // lost, and the window's title names it, not the bundle opened before.
    void aDamagedArchiveShowsEveryEntryReadBeforeTheDamage()
    {
        QList<Member> members;
        QList<QByteArray> texts;
        for (int i = 0; i < 10; ++i) {
            QByteArray text;
            for (int line = 0; line < 2000; ++line) {
                QByteArray random(48, '\0');
                QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                                      random.size() / 4);
                text += QByteArray::number(line) + ' ' + random.toBase64() + '\n';
            }
            members.append({"logs/f" + QByteArray::number(i) + ".log", text});
            texts.append(text);
        }
        const QByteArray archive = makeArchive("tar", "gzip", members);
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("node-7.tar.gz"),
                                       archive.left(archive.size() * 6 / 10));

        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(openAndWait(window, {path}));
        QVERIFY2(window.windowTitle().contains(u"node-7.tar.gz"), qPrintable(window.windowTitle()));
        const int shown = window.bundleTree()->visibleEntryCount();
        QVERIFY2(shown >= 5, qPrintable(QString::number(shown)));
        QVERIFY(banner(window)->isVisible());
        QVERIFY2(banner(window)->text().contains(u"node-7.tar.gz: cut short: its gzip stream ends"),
                 qPrintable(banner(window)->text()));
        QVERIFY(banner(window)->text().contains(u"the rest was analysed"));
        // Every whole entry before the damage is there, byte for byte.
        int whole = 0;
        for (int i = 0; i < 10; ++i) {
            const QModelIndex row = window.bundleTree()->viewIndex(
                QStringLiteral("node-7.tar.gz!logs/f%1.log").arg(i));
            if (!row.isValid())
                continue;
            QTreeView *tree = window.bundleTree()->tree();
            tree->scrollTo(row);
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
            const auto doc = window.logView()->document();
            QVERIFY(doc && doc->path().endsWith(QStringLiteral("f%1.log").arg(i)));
            const QByteArray bytes(doc->bytes().data(), qsizetype(doc->bytes().size()));
            if (bytes == texts[i])
                ++whole;
            else
                QVERIFY(texts[i].startsWith(bytes)); // the entry the damage cut: its start
        }
        QVERIFY(whole >= shown - 1);
    }

    // Point 7: a dark log theme darkens the whole window, and following the system again
    // brings its palette back; the banner's colours follow.
    void aDarkThemeDarkensTheWholeWindow()
    {
        const QPalette system = QApplication::palette();
        MainWindow window;
        window.show();
        Preferences preferences = Settings::preferences();
        preferences.theme = QStringLiteral("Breeze Dark");
        window.applyPreferences(preferences);
        QVERIFY(ViewPalette::forBase(QApplication::palette().color(QPalette::Window)).isDark);
        QTRY_VERIFY(
            ViewPalette::forBase(window.bundleTree()->tree()->palette().color(QPalette::Base))
                .isDark);
        QTRY_COMPARE(banner(window)->palette().color(QPalette::Window),
                     ViewPalette::dark().bannerBackground);
        preferences.theme.clear();
        window.applyPreferences(preferences);
        QCOMPARE(QApplication::palette().color(QPalette::Base), system.color(QPalette::Base));
        QTRY_COMPARE(banner(window)->palette().color(QPalette::Window),
                     ViewPalette::forBase(system.color(QPalette::Base)).bannerBackground);
    }

    // Point 13: a comparison is a tab listing every finding (unchanged ones too) and the
    // changed facts; the evidence of a finding opens in either bundle.
    void aComparisonIsATabWithEvidenceInBothBundles()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(TESTDATA "/diff/before")}));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("workTabs"));
        QCOMPARE(tabs->count(), 1);
        QVERIFY(!tabs->tabBar()->isVisible()); // no bar for the bundle alone

        // One dialog: a path typed, or a bundle opened before.
        {
            CompareBundleDialog dialog({{QStringLiteral("/a"), QStringLiteral("/b")}}, &window);
            QCOMPARE(dialog.pathBox()->count(), 1);
            dialog.pathBox()->setCurrentIndex(0);
            QCOMPARE(dialog.paths(), (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
            dialog.pathBox()->setEditText(QStringLiteral(" /tmp/other.tgz "));
            QCOMPARE(dialog.paths(), QStringList{QStringLiteral("/tmp/other.tgz")});
        }

        QSignalSpy shown(&window, &MainWindow::comparisonShown);
        window.compareWith({QStringLiteral(TESTDATA "/diff/after")});
        QVERIFY(shown.wait(gputriage::test::kWaitMs));
        QCOMPARE(tabs->count(), 2);
        QVERIFY(tabs->tabBar()->isVisible());
        auto *tab = qobject_cast<CompareTab *>(tabs->currentWidget());
        QVERIFY(tab);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Compare: after"));
        QAbstractItemModelTester tester(tab->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY2(tab->summary()->text().contains(
                     u"1 new, 2 gone, 1 changed, 0 unchanged; 3 facts changed"),
                 qPrintable(tab->summary()->text()));
        QCOMPARE(tab->model()->rowCount(), 4);
        QStringList facts;
        for (int row = 0; row < tab->factsModel()->rowCount(); ++row)
            facts << tab->factsModel()->item(row, 0)->text() + u'='
                         + tab->factsModel()->item(row, 1)->text() + u'>'
                         + tab->factsModel()->item(row, 2)->text();
        QVERIFY2(facts.contains(u"kernel_driver=570.158.08>580.65.06"),
                 qPrintable(facts.join(u' ')));

        // The new Xid 79: not seen before; its line in the other bundle opens beside.
        QCOMPARE(tab->model()->index(0, CompareModel::ChangeColumn).data().toString(),
                 QStringLiteral("new"));
        tab->view()->setCurrentIndex(tab->model()->index(0, CompareModel::FindingColumn));
        QVERIFY(tab->evidence()->toPlainText().contains(u"Not seen."));
        QVERIFY(tab->evidence()->toHtml().contains(u"gputriage-after:"));
        const QString after = tab->evidence()->toHtml();
        const qsizetype at = after.indexOf(u"gputriage-after:");
        const QString link = after.mid(at, after.indexOf(u'"', at) - at);
        Q_EMIT tab->evidence()->anchorClicked(QUrl(link));
        QVERIFY(tab->otherView()->document());
        QVERIFY(tab->otherView()->document()->path().endsWith(u"node/dmesg.log"));
        QVERIFY(tab->otherView()
                    ->document()
                    ->lineText(tab->otherView()->currentLine().value())
                    .contains(u": 79, "));
        QVERIFY(
            tab->otherView()->lineSeverity(tab->otherView()->currentLine().value()).has_value());

        // A gone finding: its line in the open bundle opens in the main view.
        int gone = -1;
        for (int row = 0; row < tab->model()->rowCount(); ++row)
            if (tab->model()->index(row, CompareModel::ChangeColumn).data().toString() == u"gone")
                gone = row;
        tab->view()->setCurrentIndex(tab->model()->index(gone, CompareModel::FindingColumn));
        const QString before = tab->evidence()->toHtml();
        const qsizetype b = before.indexOf(u"gputriage-before:");
        QVERIFY(b >= 0);
        Q_EMIT tab->evidence()->anchorClicked(QUrl(before.mid(b, before.indexOf(u'"', b) - b)));
        QCOMPARE(tabs->currentIndex(), 0);
        QVERIFY(window.logView()->currentLine().has_value());

        // The same bundle: every finding listed, unchanged.
        window.compareWith({QStringLiteral(TESTDATA "/diff/before")});
        QVERIFY(shown.wait(gputriage::test::kWaitMs));
        auto *same = qobject_cast<CompareTab *>(tabs->currentWidget());
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(same->model()->rowCount(), int(window.result().findings.size()));
        for (int row = 0; row < same->model()->rowCount(); ++row)
            QCOMPARE(same->model()->index(row, CompareModel::ChangeColumn).data().toString(),
                     QStringLiteral("unchanged"));
        Q_EMIT tabs->tabCloseRequested(2);
        Q_EMIT tabs->tabCloseRequested(0); // the bundle's tab stays
        QCOMPARE(tabs->count(), 2);
    }

    // Point 12: F5 analyses the bundle again; Follow Files does it as a file grows and shows
    // its end, as tail -f.
    void aGrowingFileIsFollowed()
    {
        QTemporaryDir dir;
        const QString path
            = writeFile(dir, QStringLiteral("growing.log"), "first line\nsecond line\n");
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {path}));
        QVERIFY(window.result().findings.isEmpty());
        auto *follow = window.findChild<QAction *>(QStringLiteral("actionFollow"));
        follow->trigger();
        QVERIFY(window.isFollowing());
        QCOMPARE(window.logView()->currentLine(), LineNumber(1));

        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("third line\nNVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x, GPU has fallen "
                       "off the bus.\n");
        }
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.logView()->document()->lineCount(), 4);
        QCOMPARE(window.logView()->currentLine(), LineNumber(3)); // the end, as tail -f
        QCOMPARE(window.result().findings.size(), 1);
        QVERIFY(window.statusBar()->currentMessage().contains(u"following"));

        // Not following: a change is left alone until F5.
        follow->trigger();
        QVERIFY(!window.isFollowing());
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("fifth line\n");
        }
        QVERIFY(!finished.wait(1500));
        window.findChild<QAction *>(QStringLiteral("actionReload"))->trigger();
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QCOMPARE(window.logView()->document()->lineCount(), 5);
    }

    void anArchiveDamagedBeforeItsFirstEntrySaysNothingCouldBeRead()
    {
        const QByteArray archive
            = makeArchive("tar", "gzip", {{"logs/a.log", QByteArray(100000, 'x')}});
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("cut.tar.gz"), archive.left(20));
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(openAndWait(window, {path}));
        QVERIFY(window.windowTitle().contains(u"cut.tar.gz"));
        QCOMPARE(window.bundleTree()->visibleEntryCount(), 0);
        QVERIFY(!window.logView()->document());
        QVERIFY2(banner(window)->text().startsWith(u"Nothing in the bundle could be read"),
                 qPrintable(banner(window)->text()));
        QVERIFY(banner(window)->text().contains(u"cut.tar.gz"));
    }

    // Opening another bundle takes away what was said about the one before at once: its
    // banner, its file in the status bar, its timeline and the timeline's note; the new
    // bundle's own problems come with its result.
    void anotherBundleLeavesNothingOfTheOneBefore()
    {
        QTemporaryDir dir;
        QByteArray log;
        for (int i = 0; i < 50; ++i)
            log += "2025-11-30T08:15:" + QByteArray::number(10 + i) + "Z started worker "
                   + QByteArray::number(i) + "\n";
        writeFile(dir, QStringLiteral("a/app.log"), log);
        writeFile(dir, QStringLiteral("a/core.bin"), QByteArray(4096, '\x01'));
        const QString b = writeFile(dir, QStringLiteral("b.tgz"),
                                    makeArchive("tar", "gzip", {{"ns/b.log", "ready\n"}}));
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.filePath(QStringLiteral("a"))}));
        QVERIFY2(banner(window)->text().contains(u"core.bin"), qPrintable(banner(window)->text()));
        QVERIFY(showTimeline(window));
        auto *statusFile = window.findChild<QLabel *>(QStringLiteral("statusFile"));
        QCOMPARE(statusFile->text(), QStringLiteral("Timeline"));
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Timeline: 50 lines"));

        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({b});
        // Before the new bundle's result: nothing of the one before.
        QVERIFY(!banner(window)->isVisible());
        QVERIFY2(statusFile->text().isEmpty(), qPrintable(statusFile->text()));
        QVERIFY(!window.isTimelineShown());
        QVERIFY(!window.controller()->timelineIndex());
        QVERIFY2(window.statusBar()->currentMessage().startsWith(u"Analysing"),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY2(!banner(window)->text().contains(u"core.bin"), qPrintable(banner(window)->text()));
        QCOMPARE(statusFile->text(), QStringLiteral("b.log"));
    }

    // The tree's menu copies a folder's or an archive's path too, as the reports write it.
    void theTreeCopiesTheFolderAndArchivePaths()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("case/node/dmesg.log"), "boot\n");
        writeFile(dir, QStringLiteral("case/pods.tgz"),
                  makeArchive("tar", "gzip", {{"ns/app.log", "started\n"}}));
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {dir.filePath(QStringLiteral("case"))}));
        BundleTree *tree = window.bundleTree();
        auto copied = [&](const QString &file) {
            std::unique_ptr<QMenu> menu(tree->createContextMenu(tree->viewIndex(file).parent()));
            if (!menu)
                return QStringLiteral("no menu");
            QGuiApplication::clipboard()->clear();
            menu->findChild<QAction *>(QStringLiteral("treeCopyPath"))->trigger();
            return QGuiApplication::clipboard()->text();
        };
        QCOMPARE(copied(QStringLiteral("case/node/dmesg.log")), QStringLiteral("case/node"));
        QCOMPARE(copied(QStringLiteral("case/pods.tgz!ns/app.log")),
                 QStringLiteral("case/pods.tgz!ns"));
    }
};

QTEST_MAIN(TestWorkbenchBundle)
#include "tst_workbench_bundle.moc"
