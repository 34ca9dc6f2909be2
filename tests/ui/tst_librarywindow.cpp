// The Library window, offscreen: search fields, the rule × driver table, delete, and a broken
// library said in the banner. GPUTRIAGE_LIBRARY_SCREENSHOT=file.png saves the window as shown.
#include "findingsmodel.h"
#include "generatedentries.h"
#include "library/caselibrary.h"
#include "librarywindow.h"
#include "panelmodels.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace gputriage;

class TestLibraryWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_url;

    static int rows(LibraryWindow &w, const char *table)
    {
        return w.findChild<QTableView *>(QLatin1String(table))->model()->rowCount();
    }
    static void searchFor(LibraryWindow &w, const char *field, const QString &text)
    {
        for (QLineEdit *e : w.findChildren<QLineEdit *>())
            if (!e->objectName().isEmpty())
                e->clear();
        auto *edit = w.findChild<QLineEdit *>(QLatin1String(field));
        QTest::keyClicks(edit, text);
        QTest::mouseClick(w.findChild<QPushButton *>(QStringLiteral("searchButton")),
                          Qt::LeftButton);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_url = m_dir.filePath(QStringLiteral("library.sqlite"));
        auto library = CaseLibrary::open(parseLibraryUrl(m_url).value(), CaseLibrary::Mode::Write);
        QVERIFY(library);
        for (int n = 0; n < 12; ++n)
            QVERIFY(library.value()->add(testing::generatedEntry(
                n, 6, n % 3 ? QStringLiteral("acme") : QStringLiteral("globex"))));
    }

    void theWindowOpensOnEveryEntryAndTheRuleByDriverTable()
    {
        LibraryWindow w(m_url);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(rows(w, "results"), 12);
        QVERIFY(rows(w, "stats") > 2);
        QVERIFY(w.bannerText().isEmpty());
        if (const QString shot = qEnvironmentVariable("GPUTRIAGE_LIBRARY_SCREENSHOT");
            !shot.isEmpty()) {
            searchFor(w, "xid", QStringLiteral("79"));
            QVERIFY(w.grab().save(shot));
        }
    }

    void searchFields_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected");
        QTest::newRow("an Xid every bundle has") << "xid" << "79" << 12;
        QTest::newRow("a board's serial number")
            << "gpu" << testing::generatedEntry(1).gpus[0].serial << 3;
        QTest::newRow("a driver version") << "driver" << "580.65.06" << 6;
        QTest::newRow("a case id") << "case" << "1005" << 1;
        QTest::newRow("one customer's bundles") << "customer" << "globex" << 4;
        QTest::newRow("a rule no bundle has") << "rule" << "no.such.rule" << 0;
    }

    void searchFields()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(int, expected);
        LibraryWindow w(m_url);
        w.show();
        searchFor(w, field.toLatin1().constData(), text);
        QTRY_COMPARE(rows(w, "results"), expected);
    }

    void deletingAnEntryTakesItFromTheList()
    {
        QFile::copy(m_url, m_dir.filePath(QStringLiteral("copy.sqlite")));
        LibraryWindow w(m_dir.filePath(QStringLiteral("copy.sqlite")));
        w.show();
        auto *view = w.findChild<QTableView *>(QStringLiteral("results"));
        QCOMPARE(view->model()->rowCount(), 12);
        view->selectRow(0);
        w.deleteSelected(false);
        QTRY_COMPARE(rows(w, "results"), 11);
    }

    void aFindingSaysHowManyBundlesOfTheLibraryHadIt()
    {
        Finding xid;
        xid.ruleId = QStringLiteral("xid.catalog");
        xid.title = QStringLiteral("Xid 79: GPU has fallen off the bus");
        xid.severity = Severity::Critical;
        xid.facts = {{QStringLiteral("xid"), QStringLiteral("79")}};
        xid.count = 2;
        Finding other = xid;
        other.ruleId = QStringLiteral("never.seen");
        other.title = QStringLiteral("Something new");
        other.facts.clear();
        AnalysisResult result;
        result.findings = {xid, other};
        qputenv("GPUTRIAGE_LIBRARY_URL", m_url.toUtf8());
        QString error;
        const auto history = LibraryWindow::findingHistory(result, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        FindingsModel model;
        model.setFindings(result.findings);
        model.setHistory(history);
        QCOMPARE(model.index(0, FindingsModel::TitleColumn).data().toString(),
                 QStringLiteral("[seen in 12 bundles] Xid 79: GPU has fallen off the bus"));
        QVERIFY(model.index(0, FindingsModel::TitleColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(
                        QLatin1String("last: case 1011, 2026-01-01, nvidia-bug-report-11.log.gz")));
        QCOMPARE(model.index(1, FindingsModel::TitleColumn).data().toString(),
                 QStringLiteral("Something new"));
        // A damaged library is said; the findings are shown as they are.
        const QString broken = m_dir.filePath(QStringLiteral("damaged.sqlite"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'y'));
        f.close();
        qputenv("GPUTRIAGE_LIBRARY_URL", broken.toUtf8());
        QVERIFY(LibraryWindow::findingHistory(result, &error).isEmpty());
        QVERIFY(error.contains(QLatin1String("or it is damaged")));
        qunsetenv("GPUTRIAGE_LIBRARY_URL");
    }

    void aGpuRowShowsTheBoardsRecords()
    {
        AnalysisResult result;
        GpuVerdict board;
        board.key = QStringLiteral("0000:3b:00");
        board.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        board.serial = testing::generatedEntry(1).gpus[0].serial; // bundles 1, 6 and 11
        result.gpus = {board};
        qputenv("GPUTRIAGE_LIBRARY_URL", m_url.toUtf8());
        QString error;
        const auto history = LibraryWindow::boardHistory(result, &error);
        qunsetenv("GPUTRIAGE_LIBRARY_URL");
        QVERIFY2(error.isEmpty(), qPrintable(error));
        GpusModel model;
        model.setGpus(result.gpus);
        model.setHistory(history);
        QCOMPARE(model.index(1, GpusModel::NameColumn).data().toString(),
                 board.nameAndSerial() + QStringLiteral(" [3 records in the library]"));
        const QString tip = model.index(1, GpusModel::NameColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral(
                     "case 1011, 2026-01-01 at 0000:3b:00: Xid 79 ×2 — Reset the GPU")),
                 qPrintable(tip));
    }

    void aBrokenLibraryIsSaidInTheBanner()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        LibraryWindow w(path);
        w.show();
        QVERIFY(w.bannerText().contains(QLatin1String("not a GPU Triage case library")));
        QCOMPARE(rows(w, "results"), 0);
        searchFor(w, "xid", QStringLiteral("79")); // still said, nothing else happens
        QVERIFY(w.bannerText().contains(QLatin1String("not a GPU Triage case library")));
    }
};

QTEST_MAIN(TestLibraryWindow)
#include "tst_librarywindow.moc"
