// The Library window, offscreen: search fields, the rule × driver table, an entry's report,
// delete, and a broken library said in the banner; the main window's findings and GPU rows with
// what the library knows, looked up off the GUI thread. GPUTRIAGE_LIBRARY_SCREENSHOT=file.png
// saves the window as shown.
#include "engine/analyzer.h"
#include "exportdialog.h"
#include "findingsmodel.h"
#include "findingspanel.h"
#include "generatedentries.h"
#include "gpuspanel.h"
#include "historylookup.h"
#include "library/caselibrary.h"
#include "librarywindow.h"
#include "panelmodels.h"
#include "rules/ruleloader.h"
#include "searchbar.h"
#include "uitest.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTimer>

using namespace gputriage;

class TestLibraryWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_url;
    int m_libraries = 0;

    static QString bundle(const char *name)
    {
        return QStringLiteral(TESTDATA "/library/bundles/") + QLatin1String(name);
    }
    // A library of these test bundles, added as `library add` adds them.
    QString bundlesLibrary(const QStringList &bundles)
    {
        const QString url = m_dir.filePath(QStringLiteral("bundles-%1.sqlite").arg(++m_libraries));
        auto library = CaseLibrary::open(parseLibraryUrl(url).value(), CaseLibrary::Mode::Write);
        if (!library)
            return {};
        const Analyzer analyzer(loadRules({}));
        for (const QString &path : bundles) {
            const AnalysisResult result = analyzer.analyzePaths({path}, AnalyzeOptions{});
            if (!library.value()->add(libraryEntry(result, {path}, EntryOptions{})))
                return {};
        }
        return url;
    }
    // The title shown for the finding whose title has `text` ("" when there is none).
    static QString findingTitle(MainWindow &w, const QString &text)
    {
        FindingsModel *model = w.findingsPanel()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString title = model->index(row, FindingsModel::TitleColumn).data().toString();
            if (title.contains(text))
                return title;
        }
        return {};
    }
    static QModelIndex gpuRow(MainWindow &w, const QString &serial)
    {
        GpusModel *model = w.gpusPanel()->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex i = model->index(row, GpusModel::NameColumn);
            if (i.data().toString().contains(serial))
                return i;
        }
        return {};
    }
    // Holds the library's write lock, so no one reads it until release().
    struct Lock
    {
        QString name = QStringLiteral("locker");
        explicit Lock(const QString &path)
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(path);
            QSqlQuery q(db);
            if (!db.open() || !q.exec(QStringLiteral("BEGIN EXCLUSIVE")))
                qFatal("cannot lock the library: %s", qPrintable(q.lastError().text()));
        }
        void release()
        {
            {
                QSqlDatabase db = QSqlDatabase::database(name, false);
                QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
                db.close();
            }
            QSqlDatabase::removeDatabase(name);
        }
    };

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

    void aFindingSaysHowManyEarlierBundlesHadIt()
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
        const auto unset = qScopeGuard([] { qunsetenv("GPUTRIAGE_LIBRARY_URL"); });
        // The open bundle is the library's bundle 11: not among the earlier ones.
        HistoryRequest request = historyRequest(result, {});
        request.identity = testing::generatedEntry(11).identity;
        const HistoryAnswer history = lookUpHistory(request);
        QVERIFY2(history.error.isEmpty(), qPrintable(history.error));
        FindingsModel model;
        model.setFindings(result.findings);
        model.setHistory(history.findings);
        QCOMPARE(model.index(0, FindingsModel::TitleColumn).data().toString(),
                 QStringLiteral("[seen in 11 earlier bundles] Xid 79: GPU has fallen off the bus"));
        const QString tip
            = model.index(0, FindingsModel::TitleColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("last: case 1010, 2026-01-01, nvidia-bug-report-10")),
                 qPrintable(tip));
        QCOMPARE(model.index(1, FindingsModel::TitleColumn).data().toString(),
                 QStringLiteral("Something new"));
        // A damaged library is said; the findings are shown as they are.
        const QString broken = m_dir.filePath(QStringLiteral("damaged.sqlite"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'y'));
        f.close();
        qputenv("GPUTRIAGE_LIBRARY_URL", broken.toUtf8());
        const HistoryAnswer damaged = lookUpHistory(request);
        QVERIFY(damaged.findings.isEmpty());
        QVERIFY(damaged.error.contains(QLatin1String("or it is damaged")));
    }

    void aGpuRowShowsTheBoardsEarlierRecords()
    {
        AnalysisResult result;
        GpuVerdict board;
        board.key = QStringLiteral("0000:3b:00");
        board.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        board.serial = testing::generatedEntry(1).gpus[0].serial; // bundles 1, 6 and 11
        result.gpus = {board};
        qputenv("GPUTRIAGE_LIBRARY_URL", m_url.toUtf8());
        HistoryRequest request = historyRequest(result, {});
        request.identity = testing::generatedEntry(11).identity;
        const HistoryAnswer history = lookUpHistory(request);
        qunsetenv("GPUTRIAGE_LIBRARY_URL");
        QVERIFY2(history.error.isEmpty(), qPrintable(history.error));
        GpusModel model;
        model.setGpus(result.gpus);
        model.setHistory(history.boards);
        QCOMPARE(model.index(1, GpusModel::NameColumn).data().toString(),
                 board.nameAndSerial() + QStringLiteral(" [2 earlier records in the library]"));
        const QString tip = model.index(1, GpusModel::NameColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral(
                     "case 1006, 2026-01-01 at 0000:3b:00: Xid 79 ×2 — Reset the GPU")),
                 qPrintable(tip));
        QVERIFY2(!tip.contains(QLatin1String("case 1011")), qPrintable(tip));
    }

    void theOpenBundleIsNotAmongTheEarlierBundles()
    {
        const QString url
            = bundlesLibrary({bundle("case-1234"), bundle("case-5678"), bundle("ticket-0042.log")});
        QVERIFY(!url.isEmpty());
        qputenv("GPUTRIAGE_LIBRARY_URL", url.toUtf8());
        const auto unset = qScopeGuard([] { qunsetenv("GPUTRIAGE_LIBRARY_URL"); });
        MainWindow w;
        w.show();
        QSignalSpy shown(&w, &MainWindow::historyShown);
        QVERIFY(test::openAndWait(w, {bundle("case-5678")}));
        QVERIFY(shown.count() == 1 || shown.wait(test::kWaitMs));
        // Xid 48 is in all three bundles: two besides this one.
        const QString xid48 = findingTitle(w, QStringLiteral("Xid 48"));
        QVERIFY2(xid48.startsWith(QLatin1String("[seen in 2 earlier bundles] ")),
                 qPrintable(xid48));
        // The board came back from case 1234; its record in this very bundle is not history.
        const QModelIndex board = gpuRow(w, QStringLiteral("1654922000123"));
        QVERIFY(board.isValid());
        QVERIFY2(
            board.data().toString().endsWith(QLatin1String("[1 earlier record in the library]")),
            qPrintable(board.data().toString()));
        const QString tip = board.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("case 1234"))
                     && !tip.contains(QLatin1String("case 5678")),
                 qPrintable(tip));
    }

    void theLookupRunsOffTheGuiThreadAndItsCountsArriveWhenReady()
    {
        const QString url = bundlesLibrary({bundle("case-1234"), bundle("ticket-0042.log")});
        QVERIFY(!url.isEmpty());
        qputenv("GPUTRIAGE_LIBRARY_URL", url.toUtf8());
        // A lookup on the GUI thread would hold it until this long wait ran out.
        qputenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS", "300000");
        const auto unset = qScopeGuard([] {
            qunsetenv("GPUTRIAGE_LIBRARY_URL");
            qunsetenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS");
        });
        Lock lock(url); // no one reads the library until it is released
        MainWindow w;
        w.show();
        QSignalSpy shown(&w, &MainWindow::historyShown);
        QVERIFY(test::openAndWait(w, {bundle("case-5678")}));
        QVERIFY(w.controller()->isLookingUpHistory());
        QVERIFY(!findingTitle(w, QStringLiteral("Xid 48")).isEmpty());
        QVERIFY(findingTitle(w, QStringLiteral("[seen in")).isEmpty());
        // The window answers meanwhile: timers fire, typing shows.
        bool fired = false;
        QTimer::singleShot(0, &w, [&] { fired = true; });
        QTRY_VERIFY(fired);
        auto *edit = w.searchBar()->findChild<QLineEdit *>();
        QVERIFY(edit);
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("Xid 48"));
        QCOMPARE(edit->text(), QStringLiteral("Xid 48"));
        QCOMPARE(shown.count(), 0);
        lock.release();
        QVERIFY(shown.wait(test::kWaitMs));
        const QString xid48 = findingTitle(w, QStringLiteral("Xid 48"));
        QVERIFY2(xid48.startsWith(QLatin1String("[seen in 2 earlier bundles] ")),
                 qPrintable(xid48));
        QVERIFY(!w.controller()->isLookingUpHistory());
    }

    void openingAnotherBundleDropsTheLookupOfTheLastOne()
    {
        const QString url = bundlesLibrary({bundle("case-1234"), bundle("ticket-0042.log")});
        QVERIFY(!url.isEmpty());
        qputenv("GPUTRIAGE_LIBRARY_URL", url.toUtf8());
        qputenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS", "300000");
        const auto unset = qScopeGuard([] {
            qunsetenv("GPUTRIAGE_LIBRARY_URL");
            qunsetenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS");
        });
        Lock lock(url);
        MainWindow w;
        w.show();
        QSignalSpy shown(&w, &MainWindow::historyShown);
        QVERIFY(test::openAndWait(w, {bundle("case-5678")}));       // its Xid 48: 2 earlier bundles
        QVERIFY(test::openAndWait(w, {bundle("ticket-0042.log")})); // in the library: 1
        lock.release();
        QVERIFY(shown.wait(test::kWaitMs));
        QVERIFY(libraryPool()->waitForDone(test::kWaitMs)); // the first lookup is over too
        QCoreApplication::sendPostedEvents();
        QCOMPARE(shown.count(), 1);
        const QString xid48 = findingTitle(w, QStringLiteral("Xid 48"));
        QVERIFY2(xid48.startsWith(QLatin1String("[seen in 1 earlier bundle] ")), qPrintable(xid48));
    }

    void anEntrysReportOpensFromTheWindow()
    {
        const QString url = bundlesLibrary({bundle("case-1234"), bundle("case-5678")});
        QVERIFY(!url.isEmpty());
        LibraryWindow w(url);
        w.show();
        QSignalSpy opened(&w, &LibraryWindow::reportOpened);
        searchFor(w, "case", QStringLiteral("5678"));
        auto *view = w.findChild<QTableView *>(QStringLiteral("results"));
        QTRY_COMPARE(view->model()->rowCount(), 1);
        view->selectRow(0);
        QTest::mouseClick(w.findChild<QPushButton *>(QStringLiteral("reportButton")),
                          Qt::LeftButton);
        QCOMPARE(opened.count(), 1);
        auto *dialog = qobject_cast<ExportDialog *>(opened.at(0).at(0).value<QWidget *>());
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->windowTitle().contains(QLatin1String("(case 5678)")));
        QTRY_VERIFY(dialog->preview()->toPlainText().contains(
            QLatin1String("case library entry #2 (case 5678)")));
        const QString report = dialog->preview()->toPlainText();
        QVERIFY2(report.contains(QLatin1String("rebuilt from the case library")),
                 qPrintable(report));
        QVERIFY2(report.contains(QLatin1String("1654922000123")), qPrintable(report));
        QVERIFY2(report.contains(QLatin1String("GPU has fallen off the bus")), qPrintable(report));
        if (const QString shot = qEnvironmentVariable("GPUTRIAGE_LIBRARY_REPORT_SCREENSHOT");
            !shot.isEmpty())
            QVERIFY(dialog->grab().save(shot));
        dialog->close();
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
