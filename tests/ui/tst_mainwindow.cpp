#include "findingsmodel.h"
#include "findingspanel.h"
#include "logview.h"
#include "mainwindow.h"
#include "text/logdocument.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>
#include <QTreeWidget>

using namespace gputriage;

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
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
            return;
        }
        QFAIL(qPrintable(QStringLiteral("no finding %1").arg(ruleId)));
    }

private Q_SLOTS:
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
        QCOMPARE(model->index(0, FindingsModel::SeverityColumn).data().toString(), QStringLiteral("info"));
        QCOMPARE(model->index(0, FindingsModel::CountColumn).data().toInt(), 1);
        QCOMPARE(window.fileTree()->topLevelItemCount(), 1);

        // The details show the versions side by side and the documentation link.
        const QString details = window.findingsPanel()->details()->toPlainText();
        QVERIFY2(details.contains(u"580.65.06") && details.contains(u"570.158.08"), qPrintable(details));
        QVERIFY(details.contains(u"✓"));
        QVERIFY(window.findingsPanel()->details()->toHtml().contains(u"https://docs.nvidia.com/deploy/cuda-compatibility/"));

        // Clicking the peer-memory finding jumps to its first line (line 5 of the seed).
        clickFinding(window.findingsPanel(), QStringLiteral("network.peermem.not-detected"));
        QTRY_COMPARE(window.logView()->currentLine(), 4);
        QVERIFY(window.logView()->lineSeverity(4).has_value());
        QVERIFY(window.logView()->lineSeverity(5).has_value()); // the wrapped second line
        QVERIFY(!window.logView()->lineSeverity(3).has_value());
        QVERIFY(window.findingsPanel()->details()->toPlainText().contains(u"DMA-BUF"));
    }

    void clickingAFindingOpensTheFileItWasFoundIn()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(SAMPLE)});
        QVERIFY(finished.wait(10000));
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
        QVERIFY(window.fileTree()->topLevelItemCount() >= 3);

        // Show another file first, then come back through the finding.
        window.showDocument(window.fileTree()->topLevelItem(0)->data(0, Qt::UserRole + 1).toString());
        clickFinding(window.findingsPanel(), QStringLiteral("cuda.forward-compat.enabled"));
        QTRY_VERIFY(window.logView()->document()
                    && window.logView()->document()->path().endsWith(u"pytorch-train-0/pytorch.log"));
        QCOMPARE(window.logView()->currentLine(), 15);
        QCOMPARE(window.fileTree()->currentItem()->text(0), window.logView()->document()->path());
    }

    void aMissingFileIsReportedInlineAndTheRestOpens()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::analysisFinished);
        window.openPaths({QStringLiteral(TESTDATA "/no-such-file.log"), QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QVERIFY(finished.wait(10000));
        auto *banner = window.findChild<QWidget *>(QStringLiteral("banner"));
        QVERIFY(banner && banner->isVisible());
        QCOMPARE(window.findingsPanel()->model()->rowCount(), 2);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
