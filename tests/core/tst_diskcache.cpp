// The DiskCache of compiled pattern databases and parsed rule files and catalogs: a warm cache
// gives the same reports as none; a damaged, foreign or outdated file is noted, rebuilt and never
// used; a cache that cannot be written is no cache; a changed pack is never served from it.
#include "diskcache.h"
#include "engine/analyzer.h"
#include "report/jsonreport.h"
#include "report/reportoptions.h"
#include "rules/rulefilecache.h"
#include "rules/ruleloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <re2/re2.h>

#include <cstring>
#include <functional>

using namespace gputriage;

namespace {

const QString kBundles = QStringLiteral(TESTDATA "/bundles-real/");
const QString kSmall = kBundles + QStringLiteral("trourest186-serverless.nvidia-bug-report.log.gz");
const QString kDense = kBundles + QStringLiteral("obayyub-alphatoe.nvidia-bug-report.log.gz");

// The JSON report of `paths` with the shipped rules (and `extraRules` alone when given).
QByteArray report(const QStringList &paths, const QString &extraRules = {})
{
    const Analyzer analyzer(extraRules.isEmpty() ? loadRules({}, true)
                                                 : loadRules({extraRules}, false));
    AnalyzeOptions options;
    options.unmatched = true;
    options.jobs = 2;
    ReportOptions ro;
    ro.generated = ReportOptions::generationTime(true);
    return writeJsonReport(analyzer.analyzePaths(paths, options), ro);
}

QStringList cacheFiles(const QString &dir)
{
    QStringList out;
    for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files, QDir::Name))
        out << f.absoluteFilePath();
    return out;
}

// A pack of one rule (at `severity`, padded to one length so a changed pack keeps its size), and
// a log of many candidate lines (the line databases are used too) half of which it matches.
QByteArray widgetPack(const QByteArray &pack, const QByteArray &severity)
{
    return "schema: gputriage/rules/v1\npack: " + pack + "\nrules:\n"
           + "  - id: test.widget\n    title: widget\n    severity: " + severity + "\n"
           + "    match: {pattern: 'alpha widget failed (?P<n>\\d+)'}\n    explain: x\n";
}
QByteArray widgetLog()
{
    QByteArray text;
    for (int i = 0; i < 40; ++i)
        text += i % 2 ? "gamma widget failed 3\n" : "alpha widget failed 1\n";
    return text;
}
bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Header layout (core/diskcache.cpp): 16 magic bytes, format (4), builder size (4), builder.
using Damage = std::function<void(QByteArray &)>;

} // namespace

Q_DECLARE_METATYPE(Damage)

class TestDiskCache : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_cache;

    void useCache(const QString &dir, const QString &shipped = {})
    {
        qunsetenv("GPUTRIAGE_NO_CACHE");
        qputenv("GPUTRIAGE_CACHE_DIR", dir.toLocal8Bit());
        qputenv("GPUTRIAGE_SHIPPED_CACHE_DIR", shipped.toLocal8Bit()); // empty: none
        DiskCache::takeNotes();
    }
    // What the build made beside the binary (app/CMakeLists.txt).
    static QString builtShippedCache()
    {
        return QCoreApplication::applicationDirPath() + QStringLiteral("/compiled");
    }
    // The shipped pack's reports without a cache, made once per input (each costs a full compile,
    // minutes under ASan when every row repeats it).
    QMap<QString, QByteArray> m_references;
    // The cache files a cold run made, per input, to damage copies of.
    QMap<QString, QMap<QString, QByteArray>> m_coldCaches;
    // A pack of one rule and one message catalog, and a log that uses both (a rule file, the
    // word and line databases and a catalog are cached): the cache's checks are the same for
    // every entry, and this pack compiles in milliseconds where the shipped one takes seconds.
    QString m_smallPack, m_smallLog;

    static QByteArray uncached(const QStringList &paths, const QString &extraRules)
    {
        qputenv("GPUTRIAGE_NO_CACHE", "1");
        const QByteArray r = report(paths, extraRules);
        qunsetenv("GPUTRIAGE_NO_CACHE");
        return r;
    }
    QByteArray withoutCache(const QStringList &paths, const QString &extraRules = {})
    {
        if (!extraRules.isEmpty()) // a test's own pack changes between calls
            return uncached(paths, extraRules);
        const QString key = paths.join(u'\n');
        auto it = m_references.find(key);
        if (it == m_references.end())
            it = m_references.insert(key, uncached(paths, extraRules));
        return *it;
    }

    // The corpus rows read the same cache entries as the bug reports' rows, with more of the
    // catalogs: under the sanitizers they took 4 of the CI's minutes, and tst_realcorpus reads the
    // corpus there anyway.
    static void skipCorpusUnderSanitizers(const QStringList &paths)
    {
#if defined(__SANITIZE_ADDRESS__)
        if (paths.size() == 1 && paths.front().endsWith(QLatin1String("/real")))
            QSKIP("the corpus rows run in the Release suite");
#else
        Q_UNUSED(paths);
#endif
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_smallPack = m_tmp.path() + QStringLiteral("/small-pack");
        QVERIFY(QDir().mkpath(m_smallPack));
        QVERIFY(QFile::copy(QCoreApplication::applicationDirPath()
                                + QStringLiteral("/rules/catalogs/messages/nvidia-modprobe.json"),
                            m_smallPack + QStringLiteral("/nvidia-modprobe.json")));
        QVERIFY(
            writeFile(m_smallPack + QStringLiteral("/pack.yaml"), widgetPack("small", "warning")));
        m_smallLog = m_tmp.path() + QStringLiteral("/small.log");
        QVERIFY(writeFile(m_smallLog,
                          widgetLog() + "nvidia-modprobe: memory allocation failure (open)! \n"));
    }
    void init()
    {
        m_cache = m_tmp.path() + QStringLiteral("/cache-")
                  + QString::fromLatin1(QTest::currentTestFunction()) + QLatin1Char('-')
                  + QString::fromLatin1(QTest::currentDataTag());
        QDir(m_cache).removeRecursively();
        useCache(m_cache);
    }
    void cleanupTestCase()
    {
        qunsetenv("GPUTRIAGE_CACHE_DIR");
        qunsetenv("GPUTRIAGE_SHIPPED_CACHE_DIR");
        qunsetenv("GPUTRIAGE_RULES_DIR");
    }

    // The build compiles the shipped rules and catalogs once, for any CPU: a first run (an
    // empty cache) compiles and writes nothing, and reports what an uncached run does.
    void aFirstRunIsServedByTheShippedCache_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("a small bug report") << QStringList{kSmall};
        QTest::newRow("a bug report with unexplained NVIDIA lines") << QStringList{kDense};
        QTest::newRow("the real excerpts") << QStringList{QStringLiteral(TESTDATA "/real")};
    }
    void aFirstRunIsServedByTheShippedCache()
    {
        QFETCH(QStringList, paths);
        skipCorpusUnderSanitizers(paths);
        const QByteArray reference = withoutCache(paths);
        QVERIFY2(cacheFiles(builtShippedCache()).size() > 40, qPrintable(builtShippedCache()));
        useCache(m_cache, builtShippedCache());
        QCOMPARE(report(paths), reference);
        QCOMPARE(DiskCache::takeNotes(), QStringList());
        QCOMPARE(cacheFiles(m_cache), QStringList());
    }

    // The shipped cache was made in the build tree; installed, the rules are elsewhere. An entry
    // holds for the same text wherever it is, and names the file read now.
    void theShippedCacheHoldsWhereverTheRulesAre()
    {
        const QString rules = m_cache + QStringLiteral("-elsewhere/rules");
        for (const QString &sub : {QStringLiteral("nvidia"), QStringLiteral("tables")}) {
            QDir from(QCoreApplication::applicationDirPath() + QStringLiteral("/rules/") + sub);
            QVERIFY(QDir().mkpath(rules + QLatin1Char('/') + sub));
            for (const QString &f : from.entryList({QStringLiteral("*.yaml")}, QDir::Files))
                QVERIFY(QFile::copy(from.filePath(f),
                                    rules + QLatin1Char('/') + sub + QLatin1Char('/') + f));
        }
        QVERIFY(
            QFile::link(QCoreApplication::applicationDirPath() + QStringLiteral("/rules/catalogs"),
                        rules + QStringLiteral("/catalogs")));
        qputenv("GPUTRIAGE_RULES_DIR", rules.toLocal8Bit());
        useCache(m_cache, builtShippedCache());
        const RuleSet set = loadRules({}, true);
        qunsetenv("GPUTRIAGE_RULES_DIR");
        QVERIFY(set.rules.size() > 100);
        for (const Rule &r : set.rules)
            QVERIFY2(r.file.startsWith(rules), qPrintable(r.file));
        for (const RulePackInfo &p : set.packs)
            QVERIFY2(p.file.startsWith(rules), qPrintable(p.file));
        QCOMPARE(DiskCache::takeNotes(), QStringList());
        QCOMPARE(cacheFiles(m_cache), QStringList()); // read back, not parsed
    }

    // A damaged shipped file is said, never used, and rebuilt into the user's cache.
    void aDamagedShippedFileIsRebuiltNeverUsed()
    {
        const QStringList paths{kSmall};
        const QByteArray reference = withoutCache(paths);
        const QString shipped = m_cache + QStringLiteral("-shipped");
        QVERIFY(QDir().mkpath(shipped));
        for (const QString &f : cacheFiles(builtShippedCache())) {
            QFile in(f);
            QVERIFY(in.open(QIODevice::ReadOnly));
            QByteArray bytes = in.readAll();
            bytes[bytes.size() - 1] = char(bytes[bytes.size() - 1] ^ 0x01);
            QVERIFY(writeFile(shipped + QLatin1Char('/') + QFileInfo(f).fileName(), bytes));
        }
        useCache(m_cache, shipped);
        QCOMPARE(report(paths), reference);
        const QStringList notes = DiskCache::takeNotes();
        QVERIFY(notes.size() > 10);
        for (const QString &n : notes)
            QVERIFY2(n.startsWith(QLatin1String("shipped cache file "))
                         && n.endsWith(QLatin1String("is damaged (checksum); rebuilt")),
                     qPrintable(n));
        QCOMPARE(cacheFiles(m_cache).size(), notes.size());
        QCOMPARE(report(paths), reference); // now from the user's cache, without a word
        QCOMPARE(DiskCache::takeNotes(), QStringList());
    }

    void aWarmCacheGivesTheSameReport_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<bool>("lineDatabases"); // many candidate lines: vectorscan per line
        QTest::newRow("a small bug report") << QStringList{kSmall} << true;
        QTest::newRow("a bug report with unexplained NVIDIA lines") << QStringList{kDense} << true;
        QTest::newRow("the real excerpts")
            << QStringList{QStringLiteral(TESTDATA "/real")} << false;
    }
    void aWarmCacheGivesTheSameReport()
    {
        QFETCH(QStringList, paths);
        skipCorpusUnderSanitizers(paths);
        QFETCH(bool, lineDatabases);
        const QByteArray reference = withoutCache(paths);
        QVERIFY(cacheFiles(m_cache).isEmpty());
        QCOMPARE(report(paths), reference); // cold: compiled and stored
        const QStringList stored = cacheFiles(m_cache);
        // The word and line databases, every rule file and the catalogs read.
        QVERIFY2(stored.filter(QStringLiteral("/vectorscan-words-")).size() == 2,
                 qPrintable(stored.join(u' ')));
        if (lineDatabases)
            QVERIFY(!stored.filter(QStringLiteral("/vectorscan-lines-")).isEmpty());
        QVERIFY(stored.filter(QStringLiteral("/rule-file-")).size() > 20);
        QCOMPARE(report(paths), reference); // warm
        QCOMPARE(DiskCache::takeNotes(), QStringList());
        QCOMPARE(cacheFiles(m_cache), stored);
    }

    void theLoadedRulesAreTheSame()
    {
        qputenv("GPUTRIAGE_NO_CACHE", "1");
        const RuleSet parsed = loadRules({}, true);
        useCache(m_cache);
        loadRules({}, true);
        const RuleSet cached = loadRules({}, true);
        QVERIFY(!cacheFiles(m_cache).isEmpty());
        QCOMPARE(cached.rules.size(), parsed.rules.size());
        QCOMPARE(cached.catalogs.size(), parsed.catalogs.size());
        QCOMPARE(cached.tables.size(), parsed.tables.size());
        QCOMPARE(cached.links.size(), parsed.links.size());
        QCOMPARE(cached.diagnostics.size(), parsed.diagnostics.size());
        QCOMPARE(serializeRuleFile(cached), serializeRuleFile(parsed));
        for (size_t i = 0; i < parsed.rules.size(); ++i) {
            const Rule &a = parsed.rules[i], &b = cached.rules[i];
            QCOMPARE(bool(b.pattern.regex), bool(a.pattern.regex));
            QCOMPARE(b.pattern.groupNames, a.pattern.groupNames);
            if (!a.pattern.regex)
                continue;
            // Read back uncompiled, with the size the planner needs; compiled on first use.
            QCOMPARE(b.pattern.regex.pattern(), a.pattern.regex.pattern());
            QCOMPARE(b.pattern.regex.programSize(), a.pattern.regex->ProgramSize());
            QVERIFY(b.pattern.regex->ok());
            QCOMPARE(b.pattern.regex->ProgramSize(), a.pattern.regex->ProgramSize());
            QCOMPARE(b.pattern.regex->NumberOfCapturingGroups(),
                     a.pattern.regex->NumberOfCapturingGroups());
        }
    }

    void aDamagedFileIsRebuiltNeverUsed_data()
    {
        QTest::addColumn<Damage>("damage");
        QTest::addColumn<QString>("says");
        QTest::addColumn<bool>("shippedPack"); // else the small pack
        // Every kind of entry the shipped pack makes, and every damage on the small pack's.
        QTest::newRow("the shipped pack's entries truncated to half")
            << Damage([](QByteArray &b) { b.truncate(b.size() / 2); })
            << QStringLiteral("damaged (truncated)") << true;
        QTest::newRow("the shipped pack's entries made by another library or CPU")
            << Damage([](QByteArray &b) { b[24] = char(b[24] ^ 0x20); })
            << QStringLiteral("was made for") << true;
        QTest::newRow("truncated to half")
            << Damage([](QByteArray &b) { b.truncate(b.size() / 2); })
            << QStringLiteral("damaged (truncated)") << false;
        QTest::newRow("truncated inside the header")
            << Damage([](QByteArray &b) { b.truncate(22); })
            << QStringLiteral("damaged (truncated)") << false;
        QTest::newRow("empty") << Damage([](QByteArray &b) { b.clear(); })
                               << QStringLiteral("damaged (not a cache file)") << false;
        QTest::newRow("the last byte flipped")
            << Damage([](QByteArray &b) { b[b.size() - 1] = char(b[b.size() - 1] ^ 0x01); })
            << QStringLiteral("damaged (checksum)") << false;
        QTest::newRow("a byte in the middle of the payload flipped") << Damage([](QByteArray &b) {
            const qsizetype at = qMin(b.size() - 1, 130 + (b.size() - 130) / 2);
            b[at] = char(b[at] ^ 0x40);
        }) << QStringLiteral("damaged (checksum)") << false;
        QTest::newRow("a byte appended") << Damage([](QByteArray &b) { b.append('x'); })
                                         << QStringLiteral("damaged (too long)") << false;
        QTest::newRow("another format version")
            << Damage([](QByteArray &b) { b[16] = char(b[16] + 1); })
            << QStringLiteral("has another format") << false;
        QTest::newRow("made by another library or CPU")
            << Damage([](QByteArray &b) { b[24] = char(b[24] ^ 0x20); })
            << QStringLiteral("was made for") << false;
        QTest::newRow("another entry's file") << Damage([](QByteArray &b) {
            quint32 builder = 0;
            std::memcpy(&builder, b.constData() + 20, 4);
            b[24 + qsizetype(builder)] = char(b[24 + qsizetype(builder)] ^ 0x01); // the key
        }) << QStringLiteral("damaged (another entry's key)")
                                              << false;
        QTest::newRow("not a cache file")
            << Damage([](QByteArray &b) { b = "schema: gputriage/rules/v1\n"; })
            << QStringLiteral("damaged (not a cache file)") << false;
    }
    void aDamagedFileIsRebuiltNeverUsed()
    {
        QFETCH(Damage, damage);
        QFETCH(QString, says);
        QFETCH(bool, shippedPack);
        const QStringList paths{shippedPack ? kDense : m_smallLog};
        const QString rules = shippedPack ? QString() : m_smallPack;
        const QByteArray reference = withoutCache(paths, rules);
        QMap<QString, QByteArray> &cold = m_coldCaches[paths.front()];
        if (cold.isEmpty()) { // the first row of each pack makes its cache, the others copy it
            QCOMPARE(report(paths, rules), reference);
            for (const QString &f : cacheFiles(m_cache)) {
                QFile file(f);
                QVERIFY(file.open(QIODevice::ReadOnly));
                cold[QFileInfo(f).fileName()] = file.readAll();
            }
        }
        const QStringList kinds{QStringLiteral("rule-file-"), QStringLiteral("message-catalog-"),
                                QStringLiteral("vectorscan-words-"),
                                QStringLiteral("vectorscan-lines-")};
        for (const QString &kind : kinds)
            QVERIFY2(!QStringList(cold.keys()).filter(kind).isEmpty(), qPrintable(kind));
        QVERIFY(!shippedPack || cold.size() > 20);
        QStringList files;
        QMap<QString, QByteArray> good;
        QVERIFY(QDir().mkpath(m_cache));
        for (auto it = cold.cbegin(); it != cold.cend(); ++it) {
            const QString f = m_cache + QLatin1Char('/') + it.key();
            files << f;
            good[f] = it.value();
            QByteArray bytes = it.value();
            damage(bytes);
            QVERIFY(writeFile(f, bytes));
        }
        DiskCache::takeNotes();
        QCOMPARE(report(paths, rules), reference);
        const QStringList notes = DiskCache::takeNotes();
        // Each file said once, with why, and rebuilt as it was.
        QCOMPARE(notes.size(), files.size());
        for (const QString &f : files) {
            const QString name = QFileInfo(f).fileName();
            const QStringList said = notes.filter(name);
            QVERIFY2(said.size() == 1, qPrintable(name + QLatin1String(": ") + notes.join(u'\n')));
            QVERIFY2(said.front().contains(says) && said.front().endsWith(QLatin1String("rebuilt")),
                     qPrintable(said.front()));
            QFile file(f);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray now = file.readAll();
            // Rebuilt from the same inputs: the same header, a payload that checks again.
            QCOMPARE(now.size() > 64, true);
            QCOMPARE(now.left(64), good[f].left(64));
        }
        QCOMPARE(report(paths, rules), reference);
        QCOMPARE(DiskCache::takeNotes(), QStringList());
    }

    void anUnusableCacheIsNoCache_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("the cache folder is a file") << QStringLiteral("file");
        QTest::newRow("a file stands where its parent folder should") << QStringLiteral("parent");
        QTest::newRow("a read-only folder") << QStringLiteral("read-only");
        QTest::newRow("caching switched off") << QStringLiteral("off");
    }
    void anUnusableCacheIsNoCache()
    {
        QFETCH(QString, kind);
        const QStringList paths{m_smallLog};
        const QByteArray reference = withoutCache(paths, m_smallPack);
        const QString blocker = m_tmp.path() + QStringLiteral("/blocker-") + kind;
        QString dir = blocker;
        if (kind == QLatin1String("file") || kind == QLatin1String("parent")) {
            QFile f(blocker);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("not a folder");
            if (kind == QLatin1String("parent"))
                dir = blocker + QStringLiteral("/cache");
        } else if (kind == QLatin1String("read-only")) {
            QVERIFY(QDir().mkpath(blocker));
            QFile::setPermissions(blocker, QFile::ReadOwner | QFile::ExeOwner);
        }
        useCache(dir);
        if (kind == QLatin1String("off"))
            qputenv("GPUTRIAGE_NO_CACHE", "1");
        QCOMPARE(report(paths, m_smallPack), reference);
        QCOMPARE(report(paths, m_smallPack), reference);
        QCOMPARE(DiskCache::takeNotes(), QStringList());
        if (kind == QLatin1String("off"))
            QCOMPARE(DiskCache::directory(), QString());
        QFile::setPermissions(blocker, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qunsetenv("GPUTRIAGE_NO_CACHE");
    }

    void aChangedPackIsNotServedFromTheCache_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<QString>("expect");
        // Same length, same modification time: only the content says the pack changed.
        QTest::newRow("another pattern")
            << QByteArray("alpha") << QByteArray("gamma") << QStringLiteral("\"n\": \"3\"");
        QTest::newRow("another severity") << QByteArray("info   ") << QByteArray("warning")
                                          << QStringLiteral("\"severity\": \"warning\"");
    }
    void aChangedPackIsNotServedFromTheCache()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        QFETCH(QString, expect);
        const QString dir = m_cache + QStringLiteral("-pack");
        QVERIFY(QDir().mkpath(dir));
        const QString rules = dir + QStringLiteral("/pack.yaml");
        const QString log = dir + QStringLiteral("/app.log");
        QByteArray pack = widgetPack("test", "info   ");
        QVERIFY(writeFile(rules, pack) && writeFile(log, widgetLog()));
        const QDateTime when = QFileInfo(rules).lastModified();
        const QByteArray first = report({log}, rules);
        QCOMPARE(first, withoutCache({log}, rules));
        QVERIFY(first.contains("\"n\": \"1\""));
        QVERIFY(!cacheFiles(m_cache).isEmpty());

        QVERIFY(pack.contains(before));
        pack.replace(before, after);
        QVERIFY(writeFile(rules, pack));
        QFile f(rules);
        QVERIFY(f.open(QIODevice::ReadWrite)
                && f.setFileTime(when, QFileDevice::FileModificationTime));
        f.close();
        const QByteArray second = report({log}, rules);
        QCOMPARE(second, withoutCache({log}, rules));
        QVERIFY2(second.contains(expect.toUtf8()), second.constData());
        QCOMPARE(DiskCache::takeNotes(), QStringList());
    }

    void storedBytesComeBackOnlyForTheirInputs()
    {
        QVERIFY(DiskCache::store("test", "inputs", "builder 1", "payload"));
        QCOMPARE(DiskCache::load("test", "inputs", "builder 1").value_or("none"),
                 QByteArray("payload"));
        QVERIFY(!DiskCache::load("test", "other inputs", "builder 1"));
        QVERIFY(!DiskCache::load("other", "inputs", "builder 1"));
        QCOMPARE(DiskCache::takeNotes(), QStringList());
        QVERIFY(!DiskCache::load("test", "inputs", "builder 2"));
        QCOMPARE(DiskCache::takeNotes().size(), 1);
        QVERIFY(DiskCache::store("test", "inputs", "builder 1", QByteArray()));
        QCOMPARE(DiskCache::load("test", "inputs", "builder 1").value_or("none"), QByteArray());
        QCOMPARE(DiskCache::digest("a"), DiskCache::digest("a"));
        QVERIFY(DiskCache::digest("ab") != DiskCache::digest("ba"));
        QCOMPARE(DiskCache::digest("a").size(), 16);
    }
};

QTEST_GUILESS_MAIN(TestDiskCache)
#include "tst_diskcache.moc"
