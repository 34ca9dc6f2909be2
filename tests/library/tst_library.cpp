// The case library on SQLite, or on the PostgreSQL server $GPUTRIAGE_TEST_PG_URL names (a
// maintenance database; each test gets a database of its own). The same tests on both.
#include "generatedentries.h"
#include "library/caselibrary.h"
#include "report/jsonreport.h"
#include "report/reportwriter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <unistd.h>

using namespace gputriage;
using gputriage::testing::generatedEntry;

namespace {

// `tst_library --add URL FIRST COUNT`: adds generated bundles FIRST.. as another process would.
int addWorker(const QStringList &args)
{
    const Result<LibraryLocation> loc = parseLibraryUrl(args.value(2));
    if (!loc) {
        std::fprintf(stderr, "%s\n", qPrintable(loc.error().message));
        return 2;
    }
    auto library = CaseLibrary::open(loc.value(), CaseLibrary::Mode::Write);
    if (!library) {
        std::fprintf(stderr, "%s\n", qPrintable(library.error().message));
        return 2;
    }
    const int first = args.value(3).toInt(), count = args.value(4).toInt();
    for (int n = first; n < first + count; ++n)
        if (const auto r = library.value()->add(generatedEntry(n)); !r) {
            std::fprintf(stderr, "%s\n", qPrintable(r.error().message));
            return 2;
        }
    return 0;
}

// An analysis with every part a report shows, and an evidence line the library must not keep.
AnalysisResult fullAnalysis()
{
    AnalysisResult r;
    RulePackInfo pack;
    pack.pack = QStringLiteral("nvidia-containers");
    pack.version = QStringLiteral("2026.12.0");
    pack.rules = 12;
    r.packs << pack;
    InputInfo in;
    in.path = QStringLiteral("bundle.tgz!var/log/kern.log");
    in.label = QStringLiteral("node-7");
    in.format = InputFormat::Cri;
    in.lines = 1234;
    in.bytes = 56789;
    in.problems << QStringLiteral("line 9 cut at 1 MiB");
    r.inputs << in;
    r.problems << Error{QStringLiteral("bundle.tgz!broken.gz"), 3, 0,
                        QStringLiteral("not a gzip stream"), false};
    BundleFact driver;
    driver.name = QStringLiteral("kernel_driver");
    driver.value = QStringLiteral("570.158.08");
    driver.path = in.path;
    driver.line = 17;
    driver.rule = QStringLiteral("driver.loaded");
    driver.count = 2;
    driver.text = QStringLiteral("NVRM: loading NVIDIA UNIX x86_64 Kernel Module 570.158.08");
    r.facts << driver;
    Finding xid;
    xid.ruleId = QStringLiteral("xid.catalog");
    xid.title = QStringLiteral("Xid 79: GPU has fallen off the bus");
    xid.severity = Severity::Critical;
    xid.pack = pack.pack;
    xid.group = {{QStringLiteral("pci"), QStringLiteral("0000:3b:00")}};
    xid.facts = {{QStringLiteral("xid"), QStringLiteral("79")},
                 {QStringLiteral("pci"), QStringLiteral("0000:3b:00")}};
    xid.factSources = {{QStringLiteral("xid"), in.path + QStringLiteral(":40")}};
    xid.explain = QStringLiteral("The GPU stopped answering on the PCIe bus.");
    xid.action = QStringLiteral("Reset the GPU; if it recurs, RMA.");
    xid.resolution = QStringLiteral("RESET_GPU");
    xid.nvidiaResolution = true;
    xid.investigate = QStringLiteral("HW");
    xid.tags = {QStringLiteral("xid"), QStringLiteral("hardware")};
    Reference ref;
    ref.title = QStringLiteral("Xid errors");
    ref.url = QStringLiteral("https://docs.nvidia.com/deploy/xid-errors/");
    xid.references << ref;
    xid.count = 2;
    Occurrence o;
    o.path = in.path;
    o.line = 40;
    o.endLine = 40;
    o.text = QStringLiteral("NVRM: Xid (PCI:0000:3b:00): 79, secret-host-name fell off");
    o.time = QStringLiteral("Jan  1 08:00:05");
    xid.occurrences << o;
    Finding compat;
    compat.ruleId = QStringLiteral("cuda.forward-compat.enabled");
    compat.title = QStringLiteral("CUDA Forward Compatibility mode enabled");
    compat.severity = Severity::Info;
    compat.facts = {{QStringLiteral("container_driver"), QStringLiteral("580.65.06")},
                    {QStringLiteral("host_driver"), QStringLiteral("570.158.08")}};
    Comparison c;
    c.leftName = QStringLiteral("container_driver");
    c.left = QStringLiteral("580.65.06");
    c.op = CompareOp::Greater;
    c.rightName = QStringLiteral("host_driver");
    c.right = QStringLiteral("570.158.08");
    c.holds = true;
    c.says = QStringLiteral("the container's driver is newer than the host's");
    c.leftSource = in.path + QStringLiteral(":3");
    compat.comparisons << c;
    compat.count = 1;
    r.findings << xid << compat;
    GpuVerdict gpu;
    gpu.key = QStringLiteral("0000:3b:00");
    gpu.uuid = QStringLiteral("GPU-11111111-2222-3333-4444-555555555555");
    gpu.name = QStringLiteral("NVIDIA H100 80GB HBM3");
    gpu.serial = QStringLiteral("1654922000123");
    gpu.severity = Severity::Critical;
    gpu.resolution = QStringLiteral("RESET_GPU");
    gpu.action = QStringLiteral("Reset the GPU");
    gpu.recurredAfterReboots = 1;
    GpuEvent ev;
    ev.rule = xid.ruleId;
    ev.title = xid.title;
    ev.code = QStringLiteral("Xid 79");
    ev.severity = Severity::Critical;
    ev.resolution = QStringLiteral("RESET_GPU");
    ev.count = 2;
    ev.firstTime = o.time;
    ev.lastTime = o.time;
    ev.bursts = 1;
    ev.boots = 2;
    ev.currentBoot = false;
    gpu.events << ev;
    r.gpus << gpu;
    r.nvidiaExplainedLines = 5;
    r.nvidiaUnrecognisedLines = 1;
    return r;
}

// A report as JSON, without what the library does not keep (evidence lines, the time written).
QJsonObject comparableReport(const AnalysisResult &result)
{
    QJsonObject report = jsonReport(result, ReportOptions{});
    QJsonArray findings;
    for (const QJsonValue &f : report.value(QLatin1String("findings")).toArray()) {
        QJsonObject o = f.toObject();
        o.remove(QStringLiteral("occurrences"));
        findings.append(o);
    }
    report.insert(QStringLiteral("findings"), findings);
    return report;
}

} // namespace

class TestLibrary : public QObject
{
    Q_OBJECT

private:
    bool m_postgres = false;
    QString m_adminUrl; // PostgreSQL: the maintenance database
    QTemporaryDir m_dir;
    QString m_url; // this test's library
    QString m_database;
    int m_counter = 0;

    std::unique_ptr<CaseLibrary> open(CaseLibrary::Mode mode = CaseLibrary::Mode::Write)
    {
        auto r = CaseLibrary::open(parseLibraryUrl(m_url).value(), mode);
        if (!r)
            qWarning("%s", qPrintable(r.error().message));
        return r ? std::move(r).value() : nullptr;
    }
    QString openError(CaseLibrary::Mode mode = CaseLibrary::Mode::Write)
    {
        auto r = CaseLibrary::open(parseLibraryUrl(m_url).value(), mode);
        return r ? QString() : r.error().message;
    }
    // A connection of the test's own, beside the library's (to lock, damage or inspect it).
    QSqlDatabase side(const QString &name, const QString &url)
    {
        const LibraryLocation loc = parseLibraryUrl(url).value();
        QSqlDatabase db = QSqlDatabase::addDatabase(
            m_postgres ? QStringLiteral("QPSQL") : QStringLiteral("QSQLITE"), name);
        if (m_postgres) {
            db.setHostName(loc.host);
            db.setDatabaseName(loc.database);
            db.setUserName(loc.user);
            if (loc.port > 0)
                db.setPort(loc.port);
        } else {
            db.setDatabaseName(loc.path);
        }
        if (!db.open())
            qWarning("side connection: %s", qPrintable(db.lastError().text()));
        return db;
    }
    void exec(QSqlDatabase &db, const QString &sql)
    {
        QSqlQuery q(db);
        if (!q.exec(sql))
            QFAIL(qPrintable(sql + QLatin1String(": ") + q.lastError().text()));
    }
    QString urlOf(const QString &database) const
    {
        QString url = m_adminUrl;
        const qsizetype slash
            = url.indexOf(QLatin1Char('/'), QStringLiteral("postgresql://").size());
        const qsizetype query = url.indexOf(QLatin1Char('?'));
        return url.left(slash + 1) + database + (query >= 0 ? url.mid(query) : QString());
    }
    void closeSide(const QString &name)
    {
        {
            QSqlDatabase db = QSqlDatabase::database(name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    QStringList workerArgs(int first, int count) const
    {
        return {QStringLiteral("--add"), m_url, QString::number(first), QString::number(count)};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_adminUrl = qEnvironmentVariable("GPUTRIAGE_TEST_PG_URL");
        m_postgres = !m_adminUrl.isEmpty();
        QVERIFY(m_dir.isValid());
        // Long enough for two writers queueing on a loaded machine; the lock test shortens it.
        qputenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS", "60000");
        if (m_postgres)
            qInfo("PostgreSQL at %s", qPrintable(m_adminUrl));
    }

    void init()
    {
        ++m_counter;
        if (!m_postgres) {
            m_url = m_dir.filePath(QStringLiteral("library-%1.sqlite").arg(m_counter));
            return;
        }
        m_database = QStringLiteral("gt_%1_%2").arg(::getpid()).arg(m_counter);
        QSqlDatabase admin = side(QStringLiteral("admin"), m_adminUrl);
        exec(admin, QStringLiteral("CREATE DATABASE %1").arg(m_database));
        admin = QSqlDatabase();
        closeSide(QStringLiteral("admin"));
        m_url = urlOf(m_database);
    }

    void cleanup()
    {
        if (!m_postgres)
            return;
        QSqlDatabase admin = side(QStringLiteral("admin"), m_adminUrl);
        exec(admin, QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_database));
        admin = QSqlDatabase();
        closeSide(QStringLiteral("admin"));
    }

    void aNewLibraryHasTheCurrentSchema()
    {
        auto library = open();
        QVERIFY(library);
        QCOMPARE(library->schemaVersion(), CaseLibrary::kSchemaVersion);
        QCOMPARE(library->bundleCount().value(), 0);
        library.reset();
        QVERIFY(open(CaseLibrary::Mode::Read)); // opened again: nothing to migrate
    }

    void anEntryReadsBackAsItWasStored()
    {
        auto library = open();
        QVERIFY(library);
        const LibraryEntry original = generatedEntry(7, 6, QStringLiteral("acme"));
        const auto added = library->add(original);
        QVERIFY(added);
        QVERIFY(added.value().added);
        const auto back = library->entry(added.value().id);
        QVERIFY(back && back.value());
        LibraryEntry expected = original;
        expected.id = added.value().id;
        QCOMPARE(back.value()->findings, expected.findings);
        QCOMPARE(back.value()->gpus, expected.gpus);
        QVERIFY(*back.value() == expected);
    }

    void theSameBundleAddedTwiceIsOneEntry()
    {
        auto library = open();
        QVERIFY(library);
        const auto first = library->add(generatedEntry(1));
        const auto second = library->add(generatedEntry(1));
        QVERIFY(first && second);
        QVERIFY(first.value().added);
        QVERIFY(!second.value().added);
        QCOMPARE(second.value().id, first.value().id);
        QCOMPARE(library->bundleCount().value(), 1);
        QCOMPARE(library->findingCount().value(), 4);
    }

    void seenBeforeCountsOtherBundlesNewestFirst()
    {
        auto library = open();
        QVERIFY(library);
        for (int n = 0; n < 6; ++n)
            QVERIFY(library->add(
                generatedEntry(n, 4, n < 4 ? QStringLiteral("acme") : QStringLiteral("globex"))));
        const QString xid = QStringLiteral("xid.catalog|Xid 79");
        const auto all = library->seenBefore({xid, QStringLiteral("no.such.rule")},
                                             generatedEntry(5).identity, {}, 3);
        QVERIFY(all);
        QCOMPARE(all.value().size(), 2);
        QCOMPARE(all.value()[0].bundles, 5); // the bundle itself does not count
        QCOMPARE(all.value()[0].recent.size(), 3);
        QCOMPARE(all.value()[0].recent[0].caseId, QStringLiteral("1004"));
        QCOMPARE(all.value()[0].recent[2].caseId, QStringLiteral("1002"));
        QCOMPARE(all.value()[1].bundles, 0);
        // One customer's history never shows another's bundles.
        const auto acme = library->seenBefore({xid}, generatedEntry(5).identity,
                                              LibraryScope{QStringLiteral("acme")}, 10);
        QVERIFY(acme);
        QCOMPARE(acme.value()[0].bundles, 4);
        for (const PastCase &c : acme.value()[0].recent)
            QCOMPARE(c.customer, QStringLiteral("acme"));
    }

    void aBoardsHistoryIsFoundBySerialOrUuid()
    {
        auto library = open();
        QVERIFY(library);
        for (int n = 0; n < 12; ++n)
            QVERIFY(library->add(generatedEntry(n)));
        const LibraryGpu board = generatedEntry(2).gpus[0]; // bundles 2 and 7 share it
        const auto bySerial
            = library->boardHistory(board.serial, {}, generatedEntry(12).identity, {});
        QVERIFY(bySerial);
        QCOMPARE(bySerial.value().size(), 2); // bundles 2 and 7
        const auto byUuid = library->boardHistory({}, board.uuid, generatedEntry(7).identity, {});
        QVERIFY(byUuid);
        QCOMPARE(byUuid.value().size(), 1);
        QCOMPARE(byUuid.value()[0].bundle.caseId, QStringLiteral("1002"));
        QCOMPARE(byUuid.value()[0].gpu.events.size(), 1);
        QCOMPARE(byUuid.value()[0].gpu.events[0].code, QStringLiteral("Xid 79"));
    }

    void severalBoardsAreLookedUpAtOnce()
    {
        auto library = open();
        QVERIFY(library);
        for (int n = 0; n < 12; ++n)
            QVERIFY(library->add(generatedEntry(n)));
        const QString serial = generatedEntry(2).gpus[0].serial; // bundles 2 and 7
        const QString uuid = generatedEntry(4).gpus[0].uuid;     // bundles 4 and 9
        const QList<CaseLibrary::Board> boards{
            {serial, {}}, {{}, uuid}, {QStringLiteral("no-such-serial"), {}}, {{}, {}}};
        auto cases = [](const QList<BoardRecord> &records) {
            QStringList ids;
            for (const BoardRecord &r : records)
                ids << r.bundle.caseId + QLatin1Char(':') + r.gpu.events.value(0).code;
            return ids;
        };
        const auto all = library->boardHistories(boards, generatedEntry(7).identity, {}, 5);
        QVERIFY(all);
        QCOMPARE(all.value().size(), 4);
        QCOMPARE(cases(all.value()[0]), QStringList{QStringLiteral("1002:Xid 79")});
        QCOMPARE(cases(all.value()[1]),
                 (QStringList{QStringLiteral("1009:Xid 79"), QStringLiteral("1004:Xid 79")}));
        QVERIFY(all.value()[2].isEmpty());
        QVERIFY(all.value()[3].isEmpty());
        const auto newest = library->boardHistories(boards, {}, {}, 1);
        QVERIFY(newest);
        QCOMPARE(cases(newest.value()[0]), QStringList{QStringLiteral("1007:Xid 79")});
        QCOMPARE(cases(newest.value()[1]), QStringList{QStringLiteral("1009:Xid 79")});
    }

    void search_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("cases"); // newest first
        const QString serial = generatedEntry(3).gpus[0].serial;
        const QString uuid = generatedEntry(4).gpus[0].uuid;
        QTest::newRow("by rule") << "rule" << "rule.13" << QStringList{"1000"};
        QTest::newRow("by rule prefix")
            << "rule" << "xid.*" << QStringList{"1009", "1008", "1007", "1006", "1005",
                                                "1004", "1003", "1002", "1001", "1000"};
        QTest::newRow("by Xid") << "xid" << "79"
                                << QStringList{"1009", "1008", "1007", "1006", "1005",
                                               "1004", "1003", "1002", "1001", "1000"};
        QTest::newRow("by an Xid no bundle has") << "xid" << "48" << QStringList{};
        QTest::newRow("by GPU serial") << "gpu" << serial << QStringList{"1008", "1003"};
        QTest::newRow("by GPU UUID") << "gpu" << uuid << QStringList{"1009", "1004"};
        QTest::newRow("by driver version")
            << "driver" << "580.65.06" << QStringList{"1009", "1007", "1005", "1003", "1001"};
        QTest::newRow("by case id") << "case" << "1006" << QStringList{"1006"};
        QTest::newRow("by date range") << "dates" << "2026-01-01T10:00:00Z/2026-01-01T12:00:00Z"
                                       << QStringList{"1004", "1003", "1002"};
        QTest::newRow("by text in the name") << "text" << "report-8." << QStringList{"1008"};
        QTest::newRow("a wildcard in the text is a character")
            << "text" << "report-%" << QStringList{};
    }

    void search()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QStringList, cases);
        auto library = open();
        QVERIFY(library);
        for (int n = 0; n < 10; ++n)
            QVERIFY(library->add(generatedEntry(n)));
        LibraryQuery q;
        if (field == QLatin1String("rule"))
            q.rule = value;
        else if (field == QLatin1String("xid"))
            q.xid = value;
        else if (field == QLatin1String("gpu"))
            q.gpu = value;
        else if (field == QLatin1String("driver"))
            q.driver = value;
        else if (field == QLatin1String("case"))
            q.caseId = value;
        else if (field == QLatin1String("text"))
            q.text = value;
        else {
            q.from = QDateTime::fromString(value.section(QLatin1Char('/'), 0, 0), Qt::ISODate);
            q.to = QDateTime::fromString(value.section(QLatin1Char('/'), 1, 1), Qt::ISODate);
        }
        const auto found = library->search(q, {});
        QVERIFY(found);
        QStringList got;
        for (const PastCase &c : found.value())
            got << c.caseId;
        QCOMPARE(got, cases);
        if (!found.value().isEmpty() && (field == QLatin1String("xid")))
            QCOMPARE(found.value()[0].matched, QStringList{QStringLiteral("xid.catalog|Xid 79")});
    }

    void aSignatureTwiceInOneBundleCountsOnce()
    {
        auto library = open();
        QVERIFY(library);
        LibraryEntry e = generatedEntry(1);
        e.findings << e.findings[0]; // Xid 79 on a second GPU: the same signature
        e.findings.last().gpu = QStringLiteral("0000:5e:00");
        QVERIFY(library->add(e));
        QVERIFY(library->add(generatedEntry(2)));
        const auto seen = library->seenBefore({QStringLiteral("xid.catalog|Xid 79")},
                                              generatedEntry(3).identity, {}, 5);
        QVERIFY(seen);
        QCOMPARE(seen.value()[0].bundles, 2);
        QCOMPARE(seen.value()[0].recent.size(), 2);
        QCOMPARE(seen.value()[0].recent[1].caseId, QStringLiteral("1001"));
    }

    void aReportIsRebuiltFromWhatTheLibraryKept()
    {
        auto library = open();
        QVERIFY(library);
        const QString input = m_dir.filePath(QStringLiteral("kern-%1.log").arg(m_counter));
        QFile file(input);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("NVRM: Xid (PCI:0000:3b:00): 79\n");
        file.close();
        const AnalysisResult original = fullAnalysis();
        const LibraryEntry entry = libraryEntry(original, {input}, EntryOptions{});
        const auto added = library->add(entry);
        QVERIFY(added);
        const auto back = library->entry(added.value().id);
        QVERIFY(back && back.value());
        // Never the logs: the evidence line and the line a fact was read from stay out.
        const QByteArray stored = QJsonDocument(entryToJson(*back.value())).toJson();
        QVERIFY(!stored.contains("secret-host-name"));
        QVERIFY(!stored.contains("loading NVIDIA UNIX"));
        const AnalysisResult rebuilt = analysisOf(*back.value());
        QVERIFY(rebuilt.findings[0].occurrences.isEmpty());
        QVERIFY(!rebuilt.problems.isEmpty());
        QVERIFY2(
            rebuilt.problems[0].message.contains(
                QStringLiteral("rebuilt from the case library (entry #%1").arg(added.value().id)),
            qPrintable(rebuilt.problems[0].message));
        AnalysisResult withoutNote = rebuilt;
        withoutNote.problems.removeFirst();
        const QJsonObject want = comparableReport(original), got = comparableReport(withoutNote);
        auto compact = [](const QJsonValue &v) {
            return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact));
        };
        for (auto it = want.begin(); it != want.end(); ++it)
            QVERIFY2(got.value(it.key()) == it.value(),
                     qPrintable(it.key() + QLatin1String(": ") + compact(got.value(it.key()))
                                + QLatin1String(" instead of ") + compact(it.value())));
        QCOMPARE(got, want);
        for (const ReportFormat format :
             {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html}) {
            const QByteArray report = writeReport(rebuilt, format, ReportOptions{});
            QVERIFY2(report.contains("Xid 79: GPU has fallen off the bus"),
                     qPrintable(reportFormatId(format)));
            QVERIFY2(report.contains("evidence lines are not kept"),
                     qPrintable(reportFormatId(format)));
        }
    }

    void aLibraryOfTheFormerVersionIsUpgradedWithItsEntries()
    {
        // A version 1 library made as version 1 made it, with three bundles.
        QSqlDatabase db = side(QStringLiteral("former"), m_url);
        exec(db, QStringLiteral("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
                                "applied_at TEXT NOT NULL, tool_version TEXT NOT NULL)"));
        for (const QString &sql : CaseLibrary::schemaStatements(1, m_postgres))
            exec(db, sql);
        exec(db, QStringLiteral("INSERT INTO schema_migrations VALUES (1, '2026-12-01', '0.1.0')"));
        for (int n = 0; n < 3; ++n) {
            const LibraryEntry e
                = generatedEntry(n, 4, n == 2 ? QStringLiteral("acme") : QString());
            QSqlQuery q(db);
            q.prepare(QStringLiteral(
                "INSERT INTO bundles (identity, name, case_id, customer, analysed_at, "
                "analysed_by, tool_version, packs, driver_version, cuda_version, redacted, "
                "added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING id"));
            // Qt binds a null QString as NULL; the columns are NOT NULL.
            auto bind = [&q](const QVariantList &values) {
                for (const QVariant &v : values)
                    q.addBindValue(v.typeId() == QMetaType::QString && v.toString().isNull()
                                       ? QVariant(QString(QLatin1String("")))
                                       : v);
            };
            bind({e.identity, e.name, e.caseId, e.customer, e.analysedAt.toString(Qt::ISODate),
                  e.analysedBy, e.toolVersion, e.packs.join(QLatin1String("; ")), e.driverVersion,
                  e.cudaVersion, e.analysedAt.toString(Qt::ISODate)});
            QVERIFY2(q.exec() && q.next(), qPrintable(q.lastError().text()));
            const qint64 id = q.value(0).toLongLong();
            q.finish();
            for (const LibraryFinding &f : e.findings) {
                q.prepare(QStringLiteral("INSERT INTO findings (bundle_id, signature, rule, title, "
                                         "code, severity, gpu, count, first_time, last_time) "
                                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
                bind({id, f.signature, f.rule, f.title, f.code, int(f.severity), f.gpu, f.count,
                      f.firstTime, f.lastTime});
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            }
            for (const LibraryGpu &g : e.gpus) {
                q.prepare(QStringLiteral("INSERT INTO gpus (bundle_id, bus_id, uuid, serial, name, "
                                         "severity, resolution, action) VALUES (?, ?, ?, ?, ?, ?, "
                                         "?, ?)"));
                bind({id, g.busId, g.uuid, g.serial, g.name, int(g.severity), g.resolution,
                      g.action});
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            }
        }
        db = QSqlDatabase();
        closeSide(QStringLiteral("former"));

        // Reading alone does not change it; the first writer upgrades it.
        QVERIFY(
            openError(CaseLibrary::Mode::Read).contains(QLatin1String("older schema version 1")));
        auto library = open();
        QVERIFY(library);
        QCOMPARE(library->schemaVersion(), 2);
        QCOMPARE(library->bundleCount().value(), 3);
        const QString xid = QStringLiteral("xid.catalog|Xid 79");
        auto seen = library->seenBefore({xid}, generatedEntry(0).identity, {}, 3);
        QVERIFY(seen);
        QCOMPARE(seen.value()[0].bundles, 2);
        QCOMPARE(seen.value()[0].recent.size(), 2);
        QCOMPARE(seen.value()[0].recent[0].caseId, QStringLiteral("1002"));
        seen = library->seenBefore({xid}, {}, LibraryScope{QStringLiteral("acme")}, 3);
        QCOMPARE(seen.value()[0].bundles, 1);
        // An entry of the former version still gives a report, from its tables.
        const auto old = library->entry(1);
        QVERIFY(old && old.value());
        QVERIFY(old.value()->report.isEmpty());
        const AnalysisResult rebuilt = analysisOf(*old.value());
        QCOMPARE(rebuilt.findings.size(), 4);
        QCOMPARE(rebuilt.findings[0].facts.at(QStringLiteral("xid")), QStringLiteral("79"));
        QVERIFY(writeReport(rebuilt, ReportFormat::Text, ReportOptions{})
                    .contains("Xid 79: GPU has fallen off the bus"));
        // New entries and deletions keep the counts.
        QVERIFY(library->add(generatedEntry(3)));
        QCOMPARE(library->seenBefore({xid}, {}, {}, 0).value()[0].bundles, 4);
        QVERIFY(library->remove(1).value());
        QCOMPARE(library->seenBefore({xid}, {}, {}, 0).value()[0].bundles, 3);
    }

    void statsCountBundlesPerRuleAndDriver()
    {
        auto library = open();
        QVERIFY(library);
        for (int n = 0; n < 10; ++n)
            QVERIFY(library->add(generatedEntry(n)));
        const auto rows = library->stats({});
        QVERIFY(rows);
        QMap<QString, int> xid;
        for (const StatRow &r : rows.value())
            if (r.rule == QLatin1String("xid.catalog"))
                xid[r.driverVersion] = r.bundles;
        QCOMPARE(xid.value(QStringLiteral("570.158.08")), 5);
        QCOMPARE(xid.value(QStringLiteral("580.65.06")), 5);
    }

    void deletingAnEntryTakesEverythingItHad()
    {
        auto library = open();
        QVERIFY(library);
        const auto a = library->add(generatedEntry(1));
        QVERIFY(library->add(generatedEntry(2)));
        QVERIFY(a);
        QCOMPARE(library->remove(a.value().id).value(), true);
        QCOMPARE(library->remove(a.value().id).value(), false);
        QCOMPARE(library->bundleCount().value(), 1);
        QCOMPARE(library->findingCount().value(), 4);
        QVERIFY(!library->entry(a.value().id).value());
        const auto history = library->boardHistory(generatedEntry(1).gpus[0].serial, {}, {}, {});
        QVERIFY(history);
        QVERIFY(history.value().isEmpty());
        const auto seen = library->seenBefore({QStringLiteral("xid.catalog|Xid 79")}, {}, {}, 3);
        QCOMPARE(seen.value()[0].bundles, 1);
        QCOMPARE(seen.value()[0].recent.size(), 1);
    }

    void exportedEntriesImportAsTheyWere()
    {
        auto library = open();
        QVERIFY(library);
        QList<LibraryEntry> originals;
        for (int n = 0; n < 5; ++n) {
            originals << generatedEntry(n, 5, QStringLiteral("acme"));
            QVERIFY(library->add(originals.last()));
        }
        QList<QJsonObject> lines;
        QVERIFY(library->forEachEntry({}, [&](const LibraryEntry &e) {
            lines << entryToJson(e);
            return true;
        }));
        QCOMPARE(lines.size(), 5);
        library.reset();
        init(); // a new, empty library
        auto other = open();
        QVERIFY(other);
        for (const QJsonObject &line : lines) {
            const auto e = entryFromJson(line);
            QVERIFY2(e, qPrintable(e ? QString() : e.error().message));
            QVERIFY(other->add(e.value()));
        }
        QCOMPARE(other->bundleCount().value(), 5);
        int i = 0;
        QVERIFY(other->forEachEntry({}, [&](const LibraryEntry &e) {
            LibraryEntry expected = originals[i++];
            expected.id = e.id;
            if (!(e == expected))
                qWarning("entry %d differs", i);
            return e == expected;
        }));
        QCOMPARE(i, 5);
        QVERIFY(!entryFromJson(QJsonObject{{QStringLiteral("schema"), QStringLiteral("other")}}));
    }

    void twoProcessesAddingAtOnceLoseAndDuplicateNothing()
    {
        // Both start on a library that does not exist yet: they also create it at once.
        // Bundles 0-59 and 20-79: 40 in common.
        QProcess a, b;
        for (QProcess *p : {&a, &b})
            p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        a.start(QCoreApplication::applicationFilePath(), workerArgs(0, 60));
        b.start(QCoreApplication::applicationFilePath(), workerArgs(20, 60));
        for (QProcess *p : {&a, &b}) {
            QVERIFY(p->waitForFinished(120000));
            QCOMPARE(p->exitStatus(), QProcess::NormalExit);
            QCOMPARE(p->exitCode(), 0);
        }
        auto library = open(CaseLibrary::Mode::Read);
        QVERIFY(library);
        QCOMPARE(library->bundleCount().value(), 80);
        QCOMPARE(library->findingCount().value(), 80 * 4);
        const auto seen = library->seenBefore({QStringLiteral("xid.catalog|Xid 79")}, {}, {}, 0);
        QCOMPARE(seen.value()[0].bundles, 80);
    }

    void aMissingLibraryIsSaidNotCreated()
    {
        if (m_postgres)
            m_url = urlOf(QStringLiteral("gt_no_such_database"));
        const QString error = openError(CaseLibrary::Mode::Read);
        QVERIFY2(error.contains(QLatin1String("there is no case library")), qPrintable(error));
        if (!m_postgres)
            QVERIFY(!QFile::exists(m_url));
    }

    void anEmptyLibraryIsSaidWhenRead()
    {
        if (!m_postgres)
            QVERIFY(QFile(m_url).open(QIODevice::WriteOnly)); // an empty file
        const QString error = openError(CaseLibrary::Mode::Read);
        QVERIFY2(error.contains(QLatin1String("is empty")), qPrintable(error));
    }

    void aLockedLibraryIsSaidAfterTheWait()
    {
        QVERIFY(open());
        QSqlDatabase holder = side(QStringLiteral("holder"), m_url);
        exec(holder, m_postgres ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN EXCLUSIVE"));
        if (m_postgres)
            exec(holder, QStringLiteral("LOCK TABLE bundles IN ACCESS EXCLUSIVE MODE"));
        qputenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS", "400");
        const auto restore = qScopeGuard([] { qputenv("GPUTRIAGE_LIBRARY_TIMEOUT_MS", "60000"); });
        QElapsedTimer timer;
        timer.start();
        QString error;
        if (auto library = open(); library) {
            const auto r = library->add(generatedEntry(1));
            QVERIFY(!r);
            error = r.error().message;
        } else {
            error = openError();
        }
        QVERIFY2(error.contains(QLatin1String("is locked")), qPrintable(error));
        QVERIFY(timer.elapsed() < 10000);
        exec(holder, QStringLiteral("ROLLBACK"));
        holder = QSqlDatabase();
        closeSide(QStringLiteral("holder"));
        auto library = open(); // free again
        QVERIFY(library);
        QVERIFY(library->add(generatedEntry(1)));
    }

    void aReadOnlyLibraryIsSaidAndStillRead()
    {
        {
            auto library = open();
            QVERIFY(library);
            QVERIFY(library->add(generatedEntry(1)));
        }
        QString error;
        if (m_postgres) {
            QSqlDatabase admin = side(QStringLiteral("admin"), m_adminUrl);
            exec(admin, QStringLiteral("ALTER DATABASE %1 SET default_transaction_read_only = on")
                            .arg(m_database));
            admin = QSqlDatabase();
            closeSide(QStringLiteral("admin"));
            auto library = open();
            QVERIFY(library);
            const auto r = library->add(generatedEntry(2));
            QVERIFY(!r);
            error = r.error().message;
        } else {
            QVERIFY(QFile::setPermissions(m_url,
                                          QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
            // Root writes any file: the writer runs as an unprivileged user then, from a copy
            // of this program in the library's folder (the build tree may be closed to it).
            QProcess worker;
            QString program = QCoreApplication::applicationFilePath();
            const bool root = ::geteuid() == 0;
            if (root) {
                const auto open = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                  | QFile::ReadOther | QFile::ExeOther;
                QVERIFY(QFile::setPermissions(m_dir.path(), open));
                const QString copy = m_dir.filePath(QStringLiteral("worker"));
                QVERIFY(QFile::copy(program, copy));
                QVERIFY(QFile::setPermissions(copy, open));
                program = copy;
                worker.setChildProcessModifier([] {
                    if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                        ::_exit(99);
                });
            }
            worker.start(program, workerArgs(2, 1));
            const bool ran = worker.waitForFinished(60000);
            if (root && (!ran || worker.exitCode() == 99 || worker.exitCode() == 127))
                QSKIP("Running as root, and no unprivileged user can run the writer here "
                      "(no setuid, or the temporary folder is closed to others).");
            QVERIFY(ran);
            error = QString::fromUtf8(worker.readAllStandardError());
            QVERIFY2(worker.exitCode() == 2, qPrintable(error));
        }
        QVERIFY2(error.contains(QLatin1String("is read-only")), qPrintable(error));
        auto reader = open(CaseLibrary::Mode::Read);
        QVERIFY(reader);
        QCOMPARE(reader->bundleCount().value(), 1);
    }

    void aDamagedLibraryIsSaidAndLeftAsItIs()
    {
        if (m_postgres) {
            QSqlDatabase db = side(QStringLiteral("damage"), m_url);
            exec(db, QStringLiteral("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
                                    "applied_at TEXT, tool_version TEXT)"));
            exec(db, QStringLiteral("INSERT INTO schema_migrations VALUES (1, '', '')"));
            exec(db, QStringLiteral("CREATE TABLE bundles (id INTEGER, identity TEXT)"));
            db = QSqlDatabase();
            closeSide(QStringLiteral("damage"));
        } else {
            QFile f(m_url);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(8192, 'x'));
        }
        const QByteArray before = m_postgres ? QByteArray() : [&] {
            QFile f(m_url);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        const QString error = openError();
        QVERIFY2(error.contains(QLatin1String("not a GPU Triage case library or it is damaged")),
                 qPrintable(error));
        if (!m_postgres) {
            QFile f(m_url);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
        }
    }

    void anotherApplicationsDatabaseIsNotTakenOver()
    {
        QSqlDatabase db = side(QStringLiteral("other"), m_url);
        exec(db, QStringLiteral("CREATE TABLE invoices (id INTEGER)"));
        db = QSqlDatabase();
        closeSide(QStringLiteral("other"));
        const QString error = openError();
        QVERIFY2(error.contains(QLatin1String("not a GPU Triage case library")), qPrintable(error));
    }

    void aNewerSchemaIsSaidAndLeftAsItIs()
    {
        QVERIFY(open());
        QSqlDatabase db = side(QStringLiteral("newer"), m_url);
        exec(db, QStringLiteral("INSERT INTO schema_migrations VALUES (99, '2030-01-01', '9.0')"));
        db = QSqlDatabase();
        closeSide(QStringLiteral("newer"));
        for (const CaseLibrary::Mode mode : {CaseLibrary::Mode::Read, CaseLibrary::Mode::Write}) {
            const QString error = openError(mode);
            QVERIFY2(error.contains(QLatin1String("schema version 99, newer than")),
                     qPrintable(error));
        }
    }

    void libraryUrlsAreParsed_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("shown");
        QTest::newRow("a file") << "/srv/lib.sqlite" << "/srv/lib.sqlite";
        QTest::newRow("a sqlite URL") << "sqlite:///srv/lib.sqlite" << "/srv/lib.sqlite";
        QTest::newRow("a server, the password not shown")
            << "postgresql://ann:secret@db.example:5433/cases"
            << "postgresql://ann@db.example:5433/cases";
        QTest::newRow("a socket folder") << "postgresql:///cases?host=/run/postgresql&user=ann"
                                         << "postgresql://ann@/cases?host=/run/postgresql";
        QTest::newRow("no database") << "postgresql://db.example" << "";
    }

    void libraryUrlsAreParsed()
    {
        QFETCH(QString, url);
        QFETCH(QString, shown);
        const auto loc = parseLibraryUrl(url);
        QCOMPARE(bool(loc), !shown.isEmpty());
        if (loc)
            QCOMPARE(loc.value().shown(), shown);
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.value(1) == QLatin1String("--add"))
        return addWorker(args);
    TestLibrary test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_library.moc"
