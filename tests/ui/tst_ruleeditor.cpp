// The rule editor in the window: a rule drafted from a line, validated as it is typed, tested
// on the open bundle, saved, overridden, reverted; a file it cannot write is said inline.

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
#include "rulelistmodel.h"
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

class TestRuleEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("gputriage-tests"));
        QSettings().clear();
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
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
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
        window.logView()->setCurrentLine(LineNumber(0));
        window.findChild<QAction *>(QStringLiteral("actionNewRule"))->trigger();
        QVERIFY(dock->isVisible());
        QVERIFY(dock->filePath().startsWith(config.path() + QStringLiteral("/gputriage/rules/")));
        YamlEditor *editor = dock->editor();
        QVERIFY(editor->toPlainText().contains(u"(?P<version>"));
        QVERIFY(validated.wait(gputriage::test::kWaitMs));
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
        QVERIFY(validated.wait(gputriage::test::kWaitMs));
        QCOMPARE(editor->markers().size(), 1);
        QCOMPARE(editor->markers().front().line, patternLine + 1);
        QVERIFY(editor->markers().front().column > valueStart);
        QVERIFY(editor->markers().front().error);
        QVERIFY(editor->markers().front().message.contains(u"invalid regular expression"));
        QVERIFY(dock->problems()->item(0)->text().startsWith(
            QStringLiteral("%1:").arg(patternLine + 1)));
        QTest::keyClick(editor, Qt::Key_Backspace);
        QVERIFY(validated.wait(gputriage::test::kWaitMs));
        QVERIFY(editor->markers().isEmpty());

        // Test on the open bundle: both failures, with their versions; the examples pass.
        QSignalSpy tested(dock, &RulesDock::testFinished);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("testRule")),
                          Qt::LeftButton);
        QVERIFY(
            tested.wait(gputriage::test::kWaitMs)); // the whole bundle: slow under the sanitizers
        const TextTreeModel *hits = dock->hitsModel();
        const QModelIndex hit = hits->index(0, 0);
        QVERIFY2(hit.data().toString().endsWith(u"— 2 lines"), qPrintable(hit.data().toString()));
        QCOMPARE(hits->rowCount(hit), 2);
        QVERIFY(hits->index(1, 1, hit).data().toString().contains(u"version=580.65.06"));
        const auto examples = hits->match(hits->index(0, 0), Qt::DisplayRole,
                                          QStringLiteral("Examples:"), -1, Qt::MatchStartsWith);
        QCOMPARE(examples.size(), 1);
        QCOMPARE(examples.front().data().toString(),
                 QStringLiteral("Examples: 1 passed, 0 failed"));

        // Save: a valid file on disk, the rules reload and the finding appears.
        const QString title = QStringLiteral("IMEX cannot reach a peer node");
        QString text = editor->toPlainText();
        text.replace(QRegularExpression(QStringLiteral("title: '[^\n]*'")),
                     QStringLiteral("title: '%1'").arg(title));
        editor->setPlainText(text);
        QVERIFY(dock->isModified());
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("saveRule")),
                          Qt::LeftButton);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(!dock->isModified());
        RuleSet saved;
        RuleLoader(saved).loadFile(dock->filePath(), true);
        QCOMPARE(saved.rules.size(), size_t(1));
        QVERIFY(std::none_of(saved.diagnostics.begin(), saved.diagnostics.end(),
                             [](const Diagnostic &d) { return d.isError(); }));
        // The rule's finding replaces the unrecognised-message finding of the lines it explains.
        QCOMPARE(int(window.result().findings.size()), before);
        QVERIFY(findingTitles().contains(title));
        QVERIFY(std::none_of(
            window.result().findings.begin(), window.result().findings.end(), [](const Finding &f) {
                return f.ruleId == u"nvidia.unrecognised" && f.title.contains(u"IMEX");
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
        QVERIFY(validated.wait(gputriage::test::kWaitMs));
        QVERIFY2(editor->markers().isEmpty(), qPrintable(editor->markers().value(0).message));
        QVERIFY(dock->save());
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
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
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
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
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(findingTitles().contains(QStringLiteral("IMEX peer unreachable")));
        QVERIFY(window.statusBar()->currentMessage().contains(u"changed on disk"));

        // Switching the rule off in the list removes its finding (and is remembered).
        auto items = dock->model()->findItems(saved.rules.front().id, Qt::MatchRecursive);
        QCOMPARE(items.size(), 1);
        items.front()->setCheckState(Qt::Unchecked);
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        QVERIFY(!findingTitles().contains(QStringLiteral("IMEX peer unreachable")));
        QCOMPARE(Settings::disabledRules(), QStringList{saved.rules.front().id});
        QSettings().remove(QStringLiteral("rules/disabled"));
    }

    void closingWithAnUnsavedRuleAsksFirst()
    {
        const PrivateConfig config;
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        window.logView()->setCurrentLine(LineNumber(0));
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

    // A rule file that cannot be written is said in the editor's own banner, not a message box;
    // the text typed stays in the editor and the engineer can save again.
    void aRuleThatCannotBeSavedIsSaidInlineAndKept()
    {
        const PrivateConfig config;
        // Where the user's rule folder should be, a file: nothing can be written under it.
        QVERIFY(QDir().mkpath(config.path() + QStringLiteral("/gputriage")));
        QFile blocker(config.path() + QStringLiteral("/gputriage/rules"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        MainWindow window;
        window.show();
        RulesDock *dock = window.rulesDock();
        dock->newRuleFromLine(
            QStringLiteral("nvidia-imex 580.65.06: failed to connect to peer node 7"));
        auto *banner = dock->findChild<MessageBanner *>(QStringLiteral("banner"));
        QVERIFY(banner && !banner->isVisible());
        const QString typed = dock->editor()->toPlainText();
        QVERIFY(!dock->save());
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().startsWith(u"Could not save ")
                     && banner->text().contains(u"unchanged"),
                 qPrintable(banner->text()));
        QCOMPARE(dock->editor()->toPlainText(), typed);
        QVERIFY(dock->isModified());
        // Once the folder can be written, the same Save works and the banner goes.
        QVERIFY(QFile::remove(blocker.fileName()));
        QVERIFY(dock->save());
        QVERIFY(!banner->isVisible());
        QVERIFY(QFileInfo::exists(dock->filePath()));
    }

    void otherNotableMessagesLeadToTheLineAndToANewRule()
    {
        const PrivateConfig config;
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/unmatched")});
        QVERIFY(finished.wait(gputriage::test::kWaitMs));
        NotablePanel *panel = window.notablePanel();
        const NotableModel *model = panel->model();
        // (The traceback is one message: its exception line, not its "Traceback" header too.)
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->index(0, NotableModel::CountColumn).data().toString(), QStringLiteral("3"));
        QVERIFY(model->index(0, NotableModel::MessageColumn)
                    .data()
                    .toString()
                    .contains(u"NCCL WARN Call to connect"));
        // Known conditions are findings, not "other" messages.
        for (int i = 0; i < model->rowCount(); ++i)
            QVERIFY(
                !model->index(i, NotableModel::MessageColumn).data().toString().contains(u"Xid"));

        QTreeView *view = panel->view();
        view->setCurrentIndex(model->index(1, 0)); // kubelet CrashLoopBackOff
        Q_EMIT view->activated(model->index(1, 0));
        QVERIFY(window.logView()->document()->path().endsWith(u"kubelet.log"));
        QCOMPARE(window.logView()->currentLine(), LineNumber(0));
        QTest::mouseClick(panel->findChild<QPushButton *>(QStringLiteral("notableNewRule")),
                          Qt::LeftButton);
        QVERIFY(window.rulesDock()->isVisible());
        QVERIFY(window.rulesDock()->editor()->toPlainText().contains(u"CrashLoopBackOff"));
    }
};

QTEST_MAIN(TestRuleEditor)
#include "tst_ruleeditor.moc"
