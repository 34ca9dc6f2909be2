// The workbench as a support engineer uses it (issue 22): what the window shows after an open,
// the timeline, damaged bundles. Offscreen; each test types and clicks like a user.

#include "bundletree.h"
#include "logview.h"
#include "mainwindow.h"
#include "testarchive.h"
#include "text/logdocument.h"
#include "uitest.h"

#include <QAction>
#include <QLabel>
#include <QRandomGenerator>
#include <QSettings>
#include <QStatusBar>
#include <QTreeView>

using namespace gputriage;
using namespace gputriage::test;

class TestWorkbench : public QObject
{
    Q_OBJECT

    static QLabel *banner(const MainWindow &window)
    {
        return window.findChild<QLabel *>(QStringLiteral("banner"));
    }

    // Builds the merged timeline through the View menu and waits for it.
    static bool showTimeline(MainWindow &window)
    {
        QSignalSpy shown(&window, &MainWindow::timelineShown);
        window.findChild<QAction *>(QStringLiteral("actionTimeline"))->trigger();
        return window.isTimelineShown() || shown.wait(20000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
    }

    // Point 10: the sample's dmesg has only uptime stamps; its journalctl --list-boots dates
    // them, so the critical Xid 79 takes its place after the training's last step.
    void theSampleTimelineDatesTheKernelLogByItsBoot()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(showTimeline(window));
        const auto doc = window.logView()->document();
        int xid79 = -1, lastStep = -1;
        for (int i = 0; i < doc->lineCount(); ++i) {
            if (doc->lineText(i).contains(u"): 79, pid=51877"))
                xid79 = i;
            if (doc->lineText(i).contains(u"epoch 0 step 200"))
                lastStep = i;
        }
        QVERIFY2(xid79 >= 0, "the Xid 79 is not on the timeline");
        QVERIFY(doc->lineText(xid79).startsWith(u"2025-11-30 10:37:11.662Z  dmesg.log:13 "));
        QVERIFY(lastStep >= 0 && lastStep < xid79);
        QVERIFY(window.logView()->lineSeverity(xid79).has_value()); // still red
        QVERIFY2(!window.statusBar()->currentMessage().contains(u"dmesg.log ("),
                 qPrintable(window.statusBar()->currentMessage()));
        // Enter leads to the line in dmesg.log.
        window.logView()->setCurrentLine(xid79);
        QTest::keyClick(window.logView(), Qt::Key_Return);
        QVERIFY(window.logView()->document()->path().endsWith(u"node/dmesg.log"));
        QCOMPARE(window.logView()->currentLine(), 12);
    }

    void aTimelineCutShortSaysSoWhereItStays()
    {
        MainWindow window;
        window.show();
        window.setTimelineLimit(5);
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(showTimeline(window));
        QCOMPARE(window.logView()->document()->lineCount(), 5);
        QVERIFY(banner(window)->isVisible());
        QVERIFY2(banner(window)->text().contains(u"Only the earliest 5 lines are shown"),
                 qPrintable(banner(window)->text()));
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
        const QString path
            = writeFile(dir, QStringLiteral("node-7.tar.gz"), archive.left(archive.size() * 6 / 10));

        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, {QStringLiteral(SAMPLE)}));
        QVERIFY(openAndWait(window, {path}));
        QVERIFY2(window.windowTitle().contains(u"node-7.tar.gz"), qPrintable(window.windowTitle()));
        const int shown = window.bundleTree()->visibleEntryCount();
        QVERIFY2(shown >= 5, qPrintable(QString::number(shown)));
        QVERIFY(banner(window)->isVisible());
        QVERIFY2(banner(window)->text().contains(u"damaged"), qPrintable(banner(window)->text()));
        QVERIFY(banner(window)->text().contains(u"the rest was analysed"));
        // Every whole entry before the damage is there, byte for byte.
        int whole = 0;
        for (int i = 0; i < 10; ++i) {
            const QModelIndex row = window.bundleTree()->viewIndex(
                path + QStringLiteral("!logs/f%1.log").arg(i));
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
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
