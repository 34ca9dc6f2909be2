// The shipped knowledge pack as a whole: size, examples, references, and lines that look
// alarming but are normal.
#include "engine/analyzer.h"
#include "engine/exampletester.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QRegularExpression>
#include <QTest>
#include <QUrl>

#include <map>

using namespace gputriage;

class TestKnowledgePack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_set = loadRules({}, true);
        QVERIFY2(m_set.diagnostics.isEmpty(), qPrintable(m_set.diagnostics.value(0).toString()));
    }

    void coversTheFamilies()
    {
        int findings = 0;
        std::map<QString, int> byTag;
        for (const Rule &r : m_set.rules) {
            findings += r.kind == RuleKind::Finding;
            for (const QString &tag : r.tags)
                ++byTag[tag];
        }
        QVERIFY2(findings >= 40, qPrintable(QString::number(findings)));
        for (const char *tag : {"ngc-container", "cuda", "xid", "driver", "container-toolkit",
                                "kubernetes", "nccl", "fabric-manager", "ecc", "thermal"})
            QVERIFY2(byTag[QLatin1String(tag)] > 0, tag);
        const Rule *bundle = m_set.find(u"cuda.driver-too-old-for-container");
        QVERIFY(bundle && bundle->scope == RuleScope::Bundle);
        QVERIFY(m_set.table(QStringLiteral("cuda-min-driver")));
    }

    void everyRuleHasMatchingAndNonMatchingExamples()
    {
        for (const Rule &r : m_set.rules) {
            const auto none = std::count_if(r.examples.begin(), r.examples.end(),
                                            [](const RuleExample &e) { return e.expectNone; });
            const auto match = r.examples.size() - none;
            QVERIFY2(match >= 2 && none >= 1,
                     qPrintable(QStringLiteral("%1: %2 matching, %3 non-matching examples")
                                    .arg(r.id)
                                    .arg(match)
                                    .arg(none)));
            // A catalogued rule's findings take meaning and action from the catalog entry.
            if (r.kind == RuleKind::Finding)
                QVERIFY2((r.catalog || (!r.explain.isEmpty() && !r.action.isEmpty()))
                             && !r.references.isEmpty(),
                         qPrintable(r.id + QLatin1String(": explain, action and references")));
        }
    }

    void everyExamplePasses()
    {
        for (const ExampleResult &r : runExamples(m_set))
            QVERIFY2(
                r.passed,
                qPrintable(
                    QStringLiteral("%1 example %2: %3").arg(r.ruleId).arg(r.index).arg(r.message)));
    }

    void referencesAreNvidiaUrlsWrittenOnce()
    {
        // A URL is written once: in the shared links, or inline in one rule.
        std::map<QString, QString> writtenAt;
        auto written = [&](const QString &url, const QString &where) {
            const auto [it, inserted] = writtenAt.emplace(url, where);
            QVERIFY2(inserted, qPrintable(url + QLatin1String(" written in ") + it->second
                                          + QLatin1String(" and ") + where));
            const QUrl u(url);
            const bool nvidia = u.scheme() == QLatin1String("https")
                                && (u.host() == QLatin1String("docs.nvidia.com")
                                    || u.host() == QLatin1String("developer.nvidia.com")
                                    // the X driver's README, published with each driver
                                    || u.host() == QLatin1String("download.nvidia.com")
                                    // OptiX's programming guide
                                    || u.host() == QLatin1String("raytracing-docs.nvidia.com")
                                    || (u.host() == QLatin1String("github.com")
                                        && u.path().startsWith(QLatin1String("/NVIDIA/"))));
            QVERIFY2(nvidia, qPrintable(url));
        };
        for (const auto &[name, link] : m_set.links)
            written(link.url, QLatin1String("links: ") + name);
        for (const Rule &r : m_set.rules)
            for (const Reference &ref : r.references)
                if (ref.link.isEmpty())
                    written(ref.url, r.id);
    }

    // Claims an audit against NVIDIA's documents found wrong, in any rule or catalog text.
    void noTextSaysWhatNvidiaDoesNot_data()
    {
        QTest::addColumn<QString>("claim");
        QTest::addColumn<QString>("unless"); // the text is fine when it also says this
        QTest::newRow("RMA only once the field diagnostic validates it")
            << QStringLiteral("\\bRMA\\b") << QStringLiteral("field diag");
        QTest::newRow("Xid 61 is not said to precede Xid 62")
            << QStringLiteral("precedes Xid 62") << QString();
        QTest::newRow("nvidia-peermem (driver.rdma.enabled) is the legacy path, DMA-BUF first")
            << QStringLiteral("driver\\.rdma\\.enabled") << QStringLiteral("legacy");
        QTest::newRow("Xid 999 is an unknown Xid, not a lost GPU")
            << QStringLiteral("999[^.]*GPU lost") << QString();
        QTest::newRow("a lone Xid 45 is not 'nothing'")
            << QStringLiteral("Nothing, if processes were stopped") << QString();
    }

    void noTextSaysWhatNvidiaDoesNot()
    {
        QFETCH(QString, claim);
        QFETCH(QString, unless);
        const QRegularExpression said(claim, QRegularExpression::CaseInsensitiveOption);
        const QRegularExpression fine(unless, QRegularExpression::CaseInsensitiveOption);
        QStringList wrong;
        auto check = [&](const QString &where, const QString &text) {
            const QString flat = QString(text).replace(u'\n', u' ');
            if (said.match(flat).hasMatch() && (unless.isEmpty() || !fine.match(flat).hasMatch()))
                wrong << where;
        };
        for (const Rule &r : m_set.rules)
            check(r.id, r.explain + u' ' + r.action);
        for (const auto &[name, catalog] : m_set.catalogs)
            for (const auto &[code, e] : catalog.entries)
                check(name + u' ' + QString::number(code), e.meaning + u' ' + e.action);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u", ")));
    }

    // A container's CUDA release against the host's driver, as NVIDIA's CUDA Compatibility
    // guide and the release notes' Tables 2 and 3 judge it.
    void containerCudaAgainstTheHostDriver_data()
    {
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("driver");
        QTest::addColumn<QString>("rule"); // empty: no finding
        QTest::addColumn<int>("severity");
        const QString tooOld = QStringLiteral("cuda.driver-too-old-for-container");
        const QString minor = QStringLiteral("cuda.container-minor-version-compat");
        QTest::newRow("13.2 Update 2 needs 595.71.05: minor version compatibility below it")
            << QStringLiteral("13.2.2") << QStringLiteral("595.58.03") << minor
            << int(Severity::Warning);
        QTest::newRow("13.2 Update 2 on its own driver")
            << QStringLiteral("13.2.2") << QStringLiteral("595.71.05") << QString() << 0;
        QTest::newRow("CUDA 10.2 needs its own driver, 440.33")
            << QStringLiteral("10.2.89") << QStringLiteral("418.87.01") << tooOld
            << int(Severity::Error);
        QTest::newRow("CUDA 10.1 on 418.39")
            << QStringLiteral("10.1.243") << QStringLiteral("418.39") << QString() << 0;
        QTest::newRow("12.x runs on any R525 driver (NVIDIA: >= 525)")
            << QStringLiteral("12.4.1") << QStringLiteral("525.60.11") << minor
            << int(Severity::Warning);
        QTest::newRow("13.x below R580 is too old")
            << QStringLiteral("13.0.0") << QStringLiteral("575.57.08") << tooOld
            << int(Severity::Error);
        QTest::newRow("minor version compatibility is a warning, as NVIDIA's banner says")
            << QStringLiteral("12.8.1") << QStringLiteral("550.163.01") << minor
            << int(Severity::Warning);
    }

    void containerCudaAgainstTheHostDriver()
    {
        QFETCH(QString, cuda);
        QFETCH(QString, driver);
        QFETCH(QString, rule);
        QFETCH(int, severity);
        const QString log = QStringLiteral("CUDA Version %1\nNVRM: loading NVIDIA UNIX x86_64 "
                                           "Kernel Module  %2  Thu Apr  2 10:00:00 UTC 2026\n")
                                .arg(cuda, driver);
        const AnalysisResult result = Analyzer(m_set).analyze(
            {LogDocument::fromBytes(log.toUtf8(), QStringLiteral("bundle.log"))});
        QStringList found;
        for (const Finding &f : result.findings)
            if (f.ruleId.startsWith(u"cuda."))
                found << f.ruleId + u':' + severityName(f.severity);
        const QStringList want = rule.isEmpty()
                                     ? QStringList()
                                     : QStringList{rule + u':' + severityName(Severity(severity))};
        QCOMPARE(found, want);
    }

    void harmlessLinesGiveNothingAboveInfo()
    {
        const Analyzer analyzer(m_set);
        const auto result
            = analyzer.analyzePaths({QStringLiteral(TESTDATA "/knowledge/harmless.log")});
        QVERIFY(result.problems.isEmpty());
        QStringList above;
        for (const Finding &f : result.findings)
            if (f.severity > Severity::Info)
                above << f.ruleId + QLatin1String(": ") + f.occurrences.value(0).text;
        QVERIFY2(above.isEmpty(), qPrintable(above.join(QLatin1Char('\n'))));
        // The file is not empty of meaning: the notes are there, as info.
        QVERIFY(result.findings.size() >= 3);
    }

private:
    RuleSet m_set;
};

QTEST_GUILESS_MAIN(TestKnowledgePack)
#include "tst_knowledgepack.moc"
