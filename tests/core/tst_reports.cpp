#include "engine/analyzer.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/textreport.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace gputriage;

class TestReports : public QObject
{
    Q_OBJECT

private:
    AnalysisResult analyzeSeed()
    {
        const Analyzer analyzer(loadRules({}, true));
        return analyzer.analyzePaths({QStringLiteral(TESTDATA "/seed/seed-article.log")});
    }

private Q_SLOTS:
    void jsonHasBothSeedFindingsWithVersions()
    {
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        const QJsonObject root
            = QJsonDocument::fromJson(writeJsonReport(analyzeSeed(), options)).object();
        QCOMPARE(root.value(u"schema").toString(), QStringLiteral("gputriage/report/v1"));
        QCOMPARE(root.value(u"generated").toString(), QStringLiteral("1970-01-01T00:00:00Z"));
        const QJsonArray findings = root.value(u"findings").toArray();
        QCOMPARE(findings.size(), 2);
        const QJsonObject fc = findings.at(0).toObject();
        QCOMPARE(fc.value(u"rule").toString(), QStringLiteral("cuda.forward-compat.enabled"));
        QCOMPARE(fc.value(u"facts").toObject().value(u"cuda").toString(), QStringLiteral("13.0"));
        QCOMPARE(fc.value(u"facts").toObject().value(u"container_driver").toString(),
                 QStringLiteral("580.65.06"));
        QCOMPARE(fc.value(u"facts").toObject().value(u"host_driver").toString(),
                 QStringLiteral("570.158.08"));
        const QJsonObject cmp = fc.value(u"comparisons").toArray().at(0).toObject();
        QCOMPARE(cmp.value(u"holds").toBool(), true);
        QCOMPARE(cmp.value(u"op").toString(), QStringLiteral(">"));
        QCOMPARE(findings.at(1).toObject().value(u"rule").toString(),
                 QStringLiteral("network.peermem.not-detected"));
        QCOMPARE(findings.at(1)
                     .toObject()
                     .value(u"occurrences")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"line")
                     .toInt(),
                 5);
        QCOMPARE(root.value(u"summary").toObject().value(u"info").toInt(), 2);
    }

    void sameInputSameBytes()
    {
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        QCOMPARE(writeJsonReport(analyzeSeed(), options), writeJsonReport(analyzeSeed(), options));
        QCOMPARE(writeMarkdownReport(analyzeSeed(), options),
                 writeMarkdownReport(analyzeSeed(), options));
    }

    void findingsAreOrderedBySeverityThenRuleId()
    {
        RuleSet set;
        RuleLoader(set).loadText(
            "schema: gputriage/rules/v1\npack: t\nrules:\n"
            "  - {id: b.info, title: B, severity: info, match: {pattern: x}}\n"
            "  - {id: a.info, title: A, severity: info, match: {pattern: x}}\n"
            "  - {id: z.error, title: Z, severity: error, match: {pattern: x}}\n",
            QStringLiteral("t.yaml"));
        const Analyzer analyzer(set);
        const auto result
            = analyzer.analyze({LogDocument::fromBytes("x\nx\n", QStringLiteral("in.log"))});
        QStringList ids;
        for (const Finding &f : result.findings)
            ids << f.ruleId + QLatin1Char('=') + QString::number(f.count);
        QCOMPARE(ids.join(QLatin1Char(' ')), QStringLiteral("z.error=2 a.info=2 b.info=2"));
        QCOMPARE(result.countAtLeast(Severity::Warning), 1);
    }

    void markdownEscapesBundleText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("emphasis and links") << "*a* [b](c)"
                                            << "\\*a\\* \\[b\\](c)";
        QTest::newRow("a heading mark at the start of a line") << "# not a heading"
                                                               << "\\# not a heading";
        QTest::newRow("a list mark after a newline") << "a\n- b"
                                                     << "a\n\\- b";
        QTest::newRow("versions stay readable") << "580.65.06 # 1"
                                                << "580.65.06 # 1";
        QTest::newRow("html") << "<script>"
                              << "\\<script\\>";
        QTest::newRow("table pipes") << "a|b"
                                     << "a\\|b";
        QTest::newRow("control characters are dropped") << QStringLiteral("a\x1b[0mb") << "a\\[0mb";
    }

    void markdownEscapesBundleText()
    {
        QFETCH(QString, text);
        QFETCH(QString, escaped);
        QCOMPARE(markdownEscape(text), escaped);
    }

    void fencesAreLongerThanAnyBacktickRun()
    {
        QCOMPARE(markdownFence({QStringLiteral("plain")}), QStringLiteral("```"));
        QCOMPARE(markdownFence({QStringLiteral("a ```` b")}), QStringLiteral("`````"));
    }

    void textReportIsPlainWithoutColor()
    {
        ReportOptions options;
        const QByteArray text = writeTextReport(analyzeSeed(), options);
        QVERIFY(!text.contains('\x1b'));
        QVERIFY(text.contains("container_driver 580.65.06 > host_driver 570.158.08"));
        options.color = true;
        QVERIFY(writeTextReport(analyzeSeed(), options).contains('\x1b'));
    }

    void unreadableInputIsAProblemAndTheRestIsAnalysed()
    {
        const Analyzer analyzer(loadRules({}, true));
        const auto result
            = analyzer.analyzePaths({QStringLiteral(TESTDATA "/does-not-exist.log"),
                                     QStringLiteral(TESTDATA "/seed/seed-article.log")});
        QCOMPARE(result.problems.size(), 1);
        QVERIFY(result.problems.front().file.endsWith(u"does-not-exist.log"));
        QCOMPARE(result.findings.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestReports)
#include "tst_reports.moc"
