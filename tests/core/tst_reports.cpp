#include "engine/analyzer.h"
#include "engine/timeline.h"
#include "report/bundlediff.h"
#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/jsonwriter.h"
#include "report/markdownreport.h"
#include "report/redactor.h"
#include "report/reportwriter.h"
#include "report/textreport.h"
#include "report/timelinesvg.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace gputriage;

namespace {

// The subset of JSON Schema that docs/report.schema.json uses: type, const, enum, pattern,
// required, properties, additionalProperties and items. Returns one line per violation.
QStringList validate(const QJsonValue &value, const QJsonObject &schema, const QString &at)
{
    QStringList errors;
    const QString type = schema.value(u"type").toString();
    auto typeOk = [&] {
        if (type == u"object")
            return value.isObject();
        if (type == u"array")
            return value.isArray();
        if (type == u"string")
            return value.isString();
        if (type == u"boolean")
            return value.isBool();
        if (type == u"integer")
            return value.isDouble() && value.toDouble() == double(qint64(value.toDouble()));
        return true;
    };
    if (!typeOk())
        return {at + QStringLiteral(": not of type ") + type};
    if (schema.contains(u"const") && value != schema.value(u"const"))
        errors << at + QStringLiteral(": not the constant ") + schema.value(u"const").toString();
    if (schema.contains(u"enum") && !schema.value(u"enum").toArray().contains(value))
        errors << at + QStringLiteral(": not one of the enum values");
    if (schema.contains(u"pattern")
        && !QRegularExpression(schema.value(u"pattern").toString())
                .match(value.toString())
                .hasMatch())
        errors << at + QStringLiteral(": does not match ") + schema.value(u"pattern").toString();
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (const QJsonValue &key : schema.value(u"required").toArray())
            if (!object.contains(key.toString()))
                errors << at + QStringLiteral(": missing ") + key.toString();
        const QJsonObject properties = schema.value(u"properties").toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString where = at + QLatin1Char('.') + it.key();
            if (properties.contains(it.key()))
                errors << validate(it.value(), properties.value(it.key()).toObject(), where);
            else if (schema.value(u"additionalProperties") == QJsonValue(false))
                errors << where + QStringLiteral(": not allowed");
            else if (schema.value(u"additionalProperties").isObject())
                errors << validate(it.value(), schema.value(u"additionalProperties").toObject(),
                                   where);
        }
    }
    if (value.isArray() && schema.contains(u"items")) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            errors << validate(array.at(i), schema.value(u"items").toObject(),
                               at + QStringLiteral("[%1]").arg(i));
    }
    return errors;
}

QJsonObject reportSchema()
{
    QFile file(QStringLiteral(TESTDATA "/../../docs/report.schema.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read docs/report.schema.json");
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

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
    void timelineSvgPlacesDatedFindingsOnOneAxis()
    {
        auto occurrence = [](const char *path, const char *text) {
            Occurrence o;
            o.path = QString::fromLatin1(path);
            o.line = 1;
            o.text = QString::fromLatin1(text);
            return o;
        };
        Finding xid;
        xid.title = QStringLiteral("Xid 79 <script>alert(1)</script>");
        xid.severity = Severity::Critical;
        // 09:15:04+01:00 is 08:15:04Z: between the container's two lines.
        xid.occurrences = {
            occurrence("node/journal.log", "2025-11-30T09:15:04+01:00 node-1 kernel: NVRM: Xid 79"),
            occurrence("node/dmesg.log", "[ 9512.662164] NVRM: Xid 79")};
        Finding crash;
        crash.title = QStringLiteral("CUDA error");
        crash.severity = Severity::Error;
        crash.occurrences
            = {occurrence("pods/a/0.log", "2025-11-30T08:15:00Z stderr F CUDA error"),
               occurrence("pods/a/0.log", "2025-11-30T08:15:10Z stderr F CUDA error")};
        AnalysisResult r;
        r.findings = {xid, crash};
        InputInfo pod;
        pod.path = QStringLiteral("pods/a/0.log");
        pod.label = QStringLiteral("pod a");
        r.inputs = {pod};
        const QString svg = QString::fromUtf8(timelineSvg(r, 1000));
        QVERIFY(svg.startsWith(u"<svg xmlns=\"http://www.w3.org/2000/svg\""));
        QVERIFY(!svg.contains(u"<script") && svg.contains(u"&lt;script&gt;"));
        QCOMPARE(svg.count(u"<circle"), 3);      // the uptime-stamped dmesg line has no place
        QVERIFY(svg.contains(u">pod a<title>")); // lanes are named by the pod when known
        QVERIFY(svg.contains(u">journal.log<title>"));
        // x grows with time: 08:15:00 at the left edge, 08:15:04 at 40 %, 08:15:10 at the right.
        static const QRegularExpression cx(QStringLiteral("<circle cx=\"([0-9.]+)\""));
        QList<double> xs;
        for (auto it = cx.globalMatch(svg); it.hasNext();)
            xs << it.next().captured(1).toDouble();
        std::sort(xs.begin(), xs.end());
        QCOMPARE(xs.size(), 3);
        QCOMPARE(xs[0], 210.0);
        QCOMPARE(xs[2], 980.0);
        QVERIFY(qAbs(xs[1] - (210.0 + 0.4 * 770.0)) < 0.2);
        // Error lines no rule matched are grey marks in their lane.
        Occurrence other;
        other.path = QStringLiteral("pods/a/0.log");
        other.line = 7;
        other.text = QStringLiteral("2025-11-30T08:15:05Z stderr F metrics-agent: failed to push");
        r.unmatchedSamples = {other};
        const QString withOthers = QString::fromUtf8(timelineSvg(r, 1000));
        QCOMPARE(withOthers.count(u"fill=\"#9aa0a6\""), 1);
        QVERIFY(withOthers.contains(u"other message: 2025-11-30T08:15:05Z stderr F metrics-agent"));
        r.unmatchedSamples.clear();
        // Nothing dated: no picture.
        r.findings.removeLast();
        r.findings.front().occurrences.removeFirst();
        QVERIFY(timelineSvg(r).isEmpty());
    }

    void timeTicksNeverRepeat_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("last");
        QTest::addColumn<QString>("labels");
        QTest::newRow("a one-second burst") << QStringLiteral("2025-11-30T10:37:11.100Z")
                                            << QStringLiteral("2025-11-30T10:37:12.100Z")
                                            << QStringLiteral("10:37:11.500|10:37:12.000");
        QTest::newRow("an hour") << QStringLiteral("2025-11-30T10:00:05Z")
                                 << QStringLiteral("2025-11-30T11:00:00Z")
                                 << QStringLiteral("10:15|10:30|10:45|11:00");
        QTest::newRow("over midnight")
            << QStringLiteral("2025-11-30T22:00:00Z") << QStringLiteral("2025-12-01T04:00:00Z")
            << QStringLiteral("11-30 22:00|12-01 00:00|12-01 02:00|12-01 04:00");
        QTest::newRow("a month") << QStringLiteral("2025-11-01T00:00:00Z")
                                 << QStringLiteral("2025-12-01T00:00:00Z")
                                 << QStringLiteral("2025-11-06|2025-11-13|2025-11-20|2025-11-27");
    }
    void timeTicksNeverRepeat()
    {
        QFETCH(QString, first);
        QFETCH(QString, last);
        QFETCH(QString, labels);
        auto at = [](const QString &text) {
            const QByteArray utf8 = text.toUtf8();
            return *lineTime(std::string_view(utf8.constData(), size_t(utf8.size())));
        };
        QStringList got;
        for (const auto &tick : timeTicks(at(first), at(last), 5))
            got << tick.second;
        QCOMPARE(got.join(u'|'), labels);
    }

    void diffKeysFindingsByRuleAndGroupAndEscapesEverything()
    {
        auto finding = [](const char *id, const char *bdf, int count) {
            Finding f;
            f.ruleId = QString::fromLatin1(id);
            f.title
                = QStringLiteral("<script>alert(1)</script> | `x` on %1").arg(QLatin1String(bdf));
            f.group = {{QStringLiteral("pci"), QString::fromLatin1(bdf)}};
            f.count = count;
            f.severity = Severity::Warning;
            return f;
        };
        AnalysisResult a, b;
        a.findings = {finding("xid", "0000:3b:00", 2), finding("xid", "0000:86:00", 1)};
        b.findings = {finding("xid", "0000:3b:00", 2), finding("xid", "0000:af:00", 1)};
        a.facts = {BundleFact{QStringLiteral("kernel_driver"), QStringLiteral("570.158.08")}};
        b.facts = {BundleFact{QStringLiteral("kernel_driver"), QStringLiteral("580.65.06")},
                   BundleFact{QStringLiteral("kernel_driver"), QStringLiteral("570.158.08")}};
        const BundleDiff d = diffResults(a, b, QStringLiteral("a<b>"), QStringLiteral("b"));
        QCOMPARE(d.count(BundleDiff::Change::Same), 1); // the same GPU, same count
        QCOMPARE(d.count(BundleDiff::Change::New), 1);  // another GPU is another finding
        QCOMPARE(d.count(BundleDiff::Change::Gone), 1);
        QCOMPARE(d.facts.size(), 1);
        QCOMPARE(d.facts.front().after,
                 QStringList({QStringLiteral("570.158.08"), QStringLiteral("580.65.06")}));
        const QByteArray html = writeDiff(d, ReportFormat::Html);
        QVERIFY(!html.contains("<script") && !html.contains("<b>"));
        QVERIFY(html.contains("&lt;script&gt;"));
        const QByteArray md = writeDiff(d, ReportFormat::Markdown);
        QVERIFY(!md.contains("<script") && md.contains("\\|") && md.contains("\\`x\\`"));
        QJsonParseError error;
        QJsonDocument::fromJson(writeDiff(d, ReportFormat::Json), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(!diffResults(a, a, {}, {}).facts.size() && diffResults(a, a, {}, {}).isEmpty());
        // Each change knows its finding on either side (for the evidence), and the unchanged
        // finding is listed too, in every format.
        for (const BundleDiff::FindingChange &c : d.findings) {
            QCOMPARE(c.left >= 0, c.change != BundleDiff::Change::New);
            QCOMPARE(c.right >= 0, c.change != BundleDiff::Change::Gone);
            if (c.left >= 0)
                QCOMPARE(a.findings[c.left].group, c.change == BundleDiff::Change::Gone
                                                       ? a.findings[1].group
                                                       : a.findings[0].group);
            if (c.right >= 0)
                QCOMPARE(b.findings[c.right].title, c.title);
        }
        QVERIFY(writeDiff(d, ReportFormat::Text).contains("Unchanged:\n  warning "));
        QVERIFY(md.contains("**Unchanged**"));
        QVERIFY(html.contains("<h2>Unchanged</h2>"));
        QCOMPARE(html.count("on 0000:3b:00"), 1);
    }

    // A format is named by its id (CLI, settings) or a file's suffix (export); anything else is
    // no format, never a default one.
    void formatsAreReadFromTheirIdsAndSuffixesOnly_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("suffix");
        QTest::addColumn<int>("format"); // -1: none
        const int none = -1;
        QTest::newRow("html is an id")
            << QStringLiteral("html") << false << int(ReportFormat::Html);
        QTest::newRow("markdown is an id")
            << QStringLiteral("markdown") << false << int(ReportFormat::Markdown);
        QTest::newRow("pdf is an id") << QStringLiteral("pdf") << false << int(ReportFormat::Pdf);
        QTest::newRow("json is an id")
            << QStringLiteral("json") << false << int(ReportFormat::Json);
        QTest::newRow("text is an id")
            << QStringLiteral("text") << false << int(ReportFormat::Text);
        QTest::newRow("an unknown id is none") << QStringLiteral("yaml") << false << none;
        QTest::newRow("ids are lower case") << QStringLiteral("HTML") << false << none;
        QTest::newRow("a suffix is not an id") << QStringLiteral("md") << false << none;
        QTest::newRow("md is Markdown's suffix")
            << QStringLiteral("md") << true << int(ReportFormat::Markdown);
        QTest::newRow("txt is text's suffix")
            << QStringLiteral("txt") << true << int(ReportFormat::Text);
        QTest::newRow("suffixes ignore case")
            << QStringLiteral("PDF") << true << int(ReportFormat::Pdf);
        QTest::newRow("htm is HTML's too")
            << QStringLiteral("htm") << true << int(ReportFormat::Html);
        QTest::newRow("an unknown suffix is none") << QStringLiteral("log") << true << none;
    }

    void formatsAreReadFromTheirIdsAndSuffixesOnly()
    {
        QFETCH(QString, name);
        QFETCH(bool, suffix);
        QFETCH(int, format);
        const std::optional<ReportFormat> read
            = suffix ? reportFormatOfSuffix(name) : reportFormatOfId(name);
        QCOMPARE(read ? int(*read) : -1, format);
        if (read && !suffix)
            QCOMPARE(reportFormatId(*read), name);
    }

    void aDiffIsWrittenInTheTextFormatsAndNeverAsAnother()
    {
        BundleDiff d;
        d.left = QStringLiteral("a");
        d.right = QStringLiteral("b");
        QSet<QByteArray> outputs;
        for (const ReportFormat format : kTextReportFormats) {
            QVERIFY(isDiffFormat(format));
            const QByteArray out = writeDiff(d, format);
            QVERIFY2(!out.isEmpty(), qPrintable(reportFormatId(format)));
            outputs.insert(out);
        }
        QCOMPARE(outputs.size(), qsizetype(kTextReportFormats.size()));
        QVERIFY(!isDiffFormat(ReportFormat::Pdf));
        QVERIFY(writeDiff(d, ReportFormat::Pdf).isEmpty());
        QCOMPARE(reportFormatChoices(kTextReportFormats),
                 QStringLiteral("text, json, markdown or html"));
    }

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

    void jsonReportsFollowTheSchema_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("seed log") << QStringList{QStringLiteral(TESTDATA "/seed/seed-article.log")};
        QTest::newRow("line format variants") << QStringList{QStringLiteral(TESTDATA "/variants")};
        QTest::newRow("unknown messages") << QStringList{QStringLiteral(TESTDATA "/unmatched")};
        QTest::newRow("a bug report") << QStringList{
            QStringLiteral(TESTDATA "/bundles-real/jkup64-pdced.nvidia-bug-report.log.gz")};
        QTest::newRow("a missing input and a binary one")
            << QStringList{QStringLiteral(TESTDATA "/no-such.log"),
                           QStringLiteral(TESTDATA "/../../docs/report-html.png")};
    }

    // The report is written by its own writer, not QJsonDocument: the bytes must be the ones
    // Qt writes for the same document (reports of earlier versions stay comparable).
    void jsonReportsFollowTheSchema()
    {
        QFETCH(QStringList, paths);
        const Analyzer analyzer(loadRules({}, true));
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        AnalyzeOptions analyze;
        analyze.unmatched = true; // the optional section too
        const AnalysisResult result = analyzer.analyzePaths(paths, analyze);
        const QJsonObject report = jsonReport(result, options);
        const QStringList errors = validate(report, reportSchema(), QStringLiteral("$"));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QVERIFY(!result.findings.isEmpty() || !result.problems.isEmpty());
        QCOMPARE(writeJsonReport(result, options), QJsonDocument(report).toJson());
    }

    void theSchemaCheckCatchesABrokenReport()
    {
        const Analyzer analyzer(loadRules({}, true));
        QJsonObject report = jsonReport(
            analyzer.analyzePaths({QStringLiteral(TESTDATA "/seed/seed-article.log")}), {});
        QJsonArray findings = report.value(u"findings").toArray();
        QJsonObject first = findings.at(0).toObject();
        first.remove(u"severity");
        first.insert(QStringLiteral("count"), QStringLiteral("many"));
        findings[0] = first;
        report.insert(QStringLiteral("findings"), findings);
        report.insert(QStringLiteral("extra"), 1);
        const QStringList errors = validate(report, reportSchema(), QStringLiteral("$"));
        QCOMPARE(errors, (QStringList{QStringLiteral("$.extra: not allowed"),
                                      QStringLiteral("$.findings[0]: missing severity"),
                                      QStringLiteral("$.findings[0].count: not of type integer")}));
    }

    void jsonWriterWritesAwkwardValuesAsQtDoes()
    {
        const QString awkward = QStringLiteral("quote \" back\\slash \t\n\r\b\f \x01 \x1f \x7f ")
                                + QStringLiteral("caf\u00e9 \u20ac \u2502 ")
                                + QString::fromUtf16(u"\U0001F600 lone \xD800 end \xDC00 x \xD800");
        JsonArray nested;
        nested.append(JsonArray());
        nested.append(JsonObject());
        nested.append(JsonObject{{QStringLiteral("deeper"), JsonArray::fromStringList({awkward})}});
        JsonObject o{{QStringLiteral("text"), awkward},
                     {QStringLiteral("b"), true},
                     {QStringLiteral("a_b"), false},
                     {QStringLiteral("aa"), JsonValue()},
                     {QStringLiteral("A"), qint64(-9007199254740993)},
                     {QStringLiteral("Z"), 0},
                     {QStringLiteral("\u00e9t\u00e9"), 1},
                     {QStringLiteral("a"), std::move(nested)},
                     {QStringLiteral("ab"), JsonObject{{awkward, awkward}}}};
        o.insert(QStringLiteral("b"), 2); // replaces, as QJsonObject::insert does
        QCOMPARE(o.toJson(), QJsonDocument(o.toQJson()).toJson());
        QCOMPARE(JsonObject().toJson(), QJsonDocument(QJsonObject()).toJson());
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

    void bundleTextCannotInjectIntoReports()
    {
        AnalysisResult result;
        Finding f;
        f.ruleId = QStringLiteral("evil.rule");
        f.title = QStringLiteral("Title <b>bold</b>");
        f.severity = Severity::Error;
        f.count = 3;
        f.explain = QStringLiteral("Explain <script>alert(1)</script>");
        f.references
            = {{.title = QStringLiteral("click"), .url = QStringLiteral("javascript:alert(1)")},
               {.title = QStringLiteral("ok \"><x"),
                .url = QStringLiteral("https://docs.nvidia.com/?a=1&b=\"x")}};
        f.facts = {{QStringLiteral("v"), QStringLiteral("\"><img src=x onerror=alert(1)>")}};
        for (const char *text :
             {"<script>alert(document.cookie)</script>", "\"><img src=x onerror=alert(1)>",
              "\x1b[31mred\x1b[0m ``` fence ```` breaker", "[link](javascript:alert(1)) *bold*"}) {
            Occurrence o;
            o.path = QStringLiteral("pods/<evil>.log");
            o.line = 1;
            o.text = QString::fromUtf8(text);
            f.occurrences.append(o);
        }
        result.findings.append(f);
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);

        const QString html = QString::fromUtf8(writeHtmlReport(result, options));
        QVERIFY(!html.contains(u"<script", Qt::CaseInsensitive));
        QVERIFY(!html.contains(u"<img", Qt::CaseInsensitive));
        QVERIFY(!html.contains(u"<b>"));
        QVERIFY(!html.contains(u"<x"));
        QVERIFY(!html.contains(u"href=\"javascript", Qt::CaseInsensitive));
        QVERIFY(!html.contains(u"click</a>"));
        QVERIFY(!html.contains(QChar(0x1b)));
        QVERIFY(html.contains(u"&lt;script&gt;alert(document.cookie)&lt;/script&gt;"));
        QVERIFY(html.contains(u"href=\"https://docs.nvidia.com/?a=1&amp;b=&quot;x\""));
        QVERIFY(html.contains(u"default-src 'none'"));

        const QString md = QString::fromUtf8(writeMarkdownReport(result, options));
        // Outside code fences (where text is literal) no link leads to javascript:.
        QString fence;
        for (const QString &line : md.split(QLatin1Char('\n'))) {
            if (line.startsWith(u"```")) {
                const QString run
                    = line.left(line.indexOf(QRegularExpression(QStringLiteral("[^`]|$"))));
                fence = fence.isEmpty() ? run : (run == fence ? QString() : fence);
                continue;
            }
            if (fence.isEmpty())
                QVERIFY2(!line.contains(u"](javascript"), qPrintable(line));
        }
        QVERIFY(fence.isEmpty());
        QVERIFY(md.contains(u"`````text")); // longer than the 4-backtick run
        QVERIFY(md.contains(u"Title \\<b\\>bold\\</b\\>"));
        QVERIFY(!md.contains(QChar(0x1b)));
    }

    // The engineer's bookmarks go into every format with their notes, escaped like bundle
    // text, masked by --redact, and a report without bookmarks has no such section.
    void bookmarksAreListedWithTheirNotesInEveryFormat()
    {
        AnalysisResult result = analyzeSeed();
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        for (const ReportFormat format : kTextReportFormats)
            QVERIFY2(!QString::fromUtf8(writeReport(result, format, options)).contains(u"Bookmark"),
                     qPrintable(reportFormatId(format)));
        result.bookmarks
            = {{.path = QStringLiteral("seed-article.log"),
                .line = 12,
                .text = QStringLiteral("NCCL WARN NET/IB : Got async event on 10.1.2.3"),
                .note = QStringLiteral("first sign | node <b>bad</b>")},
               {.path = QStringLiteral("pods/train.log"),
                .line = 3,
                .text = QStringLiteral("Xid 79"),
                .note = QString()}};
        const QString text = QString::fromUtf8(writeTextReport(result, options));
        QVERIFY2(text.contains(u"Bookmarks\n  seed-article.log:12  first sign | node <b>bad</b>\n"
                               u"    NCCL WARN NET/IB : Got async event on 10.1.2.3\n"),
                 qPrintable(text));
        QVERIFY(text.contains(u"pods/train.log:3  (no note)"));
        const QString md = QString::fromUtf8(writeMarkdownReport(result, options));
        QVERIFY2(md.contains(u"| seed-article.log:12 | first sign \\| node \\<b\\>bad\\</b\\> |"),
                 qPrintable(md));
        const QString html = QString::fromUtf8(writeHtmlReport(result, options));
        QVERIFY(html.contains(u"<h2>Bookmarks</h2>"));
        QVERIFY(html.contains(u"first sign | node &lt;b&gt;bad&lt;/b&gt;"));
        const QJsonObject json = jsonReport(result, options);
        const QStringList errors = validate(json, reportSchema(), QStringLiteral("$"));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        const QJsonObject first = json.value(u"bookmarks").toArray().at(0).toObject();
        QCOMPARE(first.value(u"line").toInt(), 12);
        QCOMPARE(first.value(u"note").toString(), result.bookmarks.front().note);
        const AnalysisResult redacted = reportView(result, std::nullopt, true);
        QVERIFY(!redacted.bookmarks.front().text.contains(u"10.1.2.3"));
        QCOMPARE(redacted.bookmarks.size(), 2);
    }

    // "NVIDIA's resolution" only where NVIDIA publishes one (Xid, SXid, DCGM codes); a bucket
    // of our own is labelled as our advice, in every format.
    void resolutionsSayWhoseTheyAre_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("by"); // nvidia, gputriage, or empty: no bucket at all
        QTest::newRow("an Xid takes NVIDIA's bucket")
            << QStringLiteral(
                   "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x, GPU has fallen off the bus.")
            << QStringLiteral("gpu.xid.79-fallen-off-bus") << QStringLiteral("nvidia");
        QTest::newRow("an SXid takes NVIDIA's bucket")
            << QStringLiteral("nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link "
                              "08 egress non-posted PRIV error")
            << QStringLiteral("nvswitch.sxid") << QStringLiteral("nvidia");
        QTest::newRow("an Xid 154 names NVIDIA's recovery")
            << QStringLiteral("NVRM: Xid (PCI:0000:3b:00): 154, GPU recovery action changed from "
                              "0x0 (None) to 0x2 (Node Reboot Required)")
            << QStringLiteral("gpu.xid.154-node-reboot") << QStringLiteral("nvidia");
        QTest::newRow("a GSP boot failure is our advice")
            << QStringLiteral("NVRM: GPU0 _kgspBootGspRm: unexpected WPR2 already up, cannot "
                              "proceed with booting GSP")
            << QStringLiteral("driver.gsp-failed") << QStringLiteral("gputriage");
        QTest::newRow("a lost GPU is our advice")
            << QStringLiteral("Unable to determine the device handle for GPU 0000:02:00.0: GPU is "
                              "lost.  Reboot the system to recover this GPU")
            << QStringLiteral("nvml.gpu-lost") << QStringLiteral("gputriage");
        QTest::newRow("a module Secure Boot rejected has no reboot bucket")
            << QStringLiteral(
                   "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service")
            << QStringLiteral("driver.module-signature") << QString();
    }

    void resolutionsSayWhoseTheyAre()
    {
        QFETCH(QString, line);
        QFETCH(QString, rule);
        QFETCH(QString, by);
        const Analyzer analyzer(loadRules({}, true));
        AnalysisResult result = analyzer.analyze(
            {LogDocument::fromBytes(line.toUtf8() + '\n', QStringLiteral("kern.log"))});
        result.findings.removeIf([&](const Finding &f) { return f.ruleId != rule; });
        QCOMPARE(result.findings.size(), 1);
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        const QString ours = QStringLiteral("GPU Triage's advice");
        const QString theirs = QStringLiteral("NVIDIA's resolution");
        const QString want = by == u"nvidia" ? theirs : by.isEmpty() ? QString() : ours;
        for (const ReportFormat format :
             {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html}) {
            const QString out = QString::fromUtf8(writeReport(result, format, options))
                                    .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
                                    .replace(QStringLiteral("&apos;"), QStringLiteral("'"));
            for (const QString &label : {ours, theirs})
                QVERIFY2(out.contains(label) == (label == want),
                         qPrintable(reportFormatId(format) + u": " + label));
        }
        const QJsonObject finding = jsonReport(result, options)["findings"][0].toObject();
        QCOMPARE(finding.value(u"resolution_by").toString(), by);
        QCOMPARE(finding.contains(u"resolution"), !by.isEmpty());
    }

    // Trojan Source: bidirectional controls from a bundle are shown, not obeyed, in every
    // format.
    void bidiControlsAreShownInEveryFormat()
    {
        AnalysisResult result;
        Finding f;
        f.ruleId = QStringLiteral("bidi.rule");
        f.title = QStringLiteral("Title ") + QChar(0x202E) + QStringLiteral("cod.exe");
        f.severity = Severity::Warning;
        f.count = 1;
        f.facts
            = {{QStringLiteral("v"), QStringLiteral("a") + QChar(0x2066) + QStringLiteral("b")}};
        Occurrence o;
        o.path = QStringLiteral("pods/") + QChar(0x202E) + QStringLiteral("gol.log");
        o.line = 1;
        o.text = QStringLiteral("line ") + QChar(0x2067) + QStringLiteral("x") + QChar(0x2069);
        f.occurrences.append(o);
        result.findings.append(f);
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        const QList<std::pair<const char *, QByteArray>> outputs{
            {"text", writeTextReport(result, options)},
            {"markdown", writeMarkdownReport(result, options)},
            {"html", writeHtmlReport(result, options)},
            {"json", writeJsonReport(result, options)}};
        for (const auto &[name, bytes] : outputs) {
            const QString out = QString::fromUtf8(bytes);
            for (const char16_t u : {0x202E, 0x2066, 0x2067, 0x2069})
                QVERIFY2(!out.contains(QChar(u)), name);
            QVERIFY2(out.contains(u"U+202E") || out.contains(u"\\u202e"), name);
        }
        QCOMPARE(QJsonDocument::fromJson(writeJsonReport(result, options))["findings"][0]["title"]
                     .toString(),
                 f.title);
    }

    // Non-ASCII text of the writers themselves (dashes, ×) comes out as UTF-8, not as
    // Latin-1 read mojibake.
    // A long evidence line is cut at a blank, not in the middle of a word or a version.
    void evidenceIsCutBetweenWords()
    {
        Finding f;
        Occurrence o;
        o.path = QStringLiteral("kern.log");
        o.line = 7;
        o.text = QString(QStringLiteral("word ")).repeated(39)
                 + QStringLiteral("570.158.08 tail tail");
        const QString line = evidenceLine(f, o);
        QVERIFY2(line.endsWith(QStringLiteral("word") + QChar(0x2026)), qPrintable(line));
        QVERIFY(!line.contains(u"570.1"));
    }

    // Issue 22 point 5: the excerpt of a long line shows the match, not the line's start.
    void evidenceShowsTheMatchOfALongLine_data()
    {
        QTest::addColumn<int>("filler"); // words before and after the Xid
        QTest::newRow("300 characters") << 40;
        QTest::newRow("past the 4096-character display limit") << 1500;
    }
    void evidenceShowsTheMatchOfALongLine()
    {
        QFETCH(int, filler);
        QByteArray words;
        for (int i = 0; i < filler; ++i)
            words += 'w' + QByteArray::number(i) + ' ';
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("kern.log")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[ 9512.662164] trace: " + words
                   + "NVRM: Xid (PCI:0000:86:00): 79, pid=51877, name=python3, GPU has fallen off "
                     "the bus. "
                   + words + '\n');
        file.close();
        const Analyzer analyzer(loadRules({}, true));
        const AnalysisResult result = analyzer.analyzePaths({file.fileName()});
        const Finding *xid = nullptr;
        for (const Finding &f : result.findings)
            if (f.ruleId == QLatin1String("gpu.xid.79-fallen-off-bus"))
                xid = &f;
        QVERIFY(xid);
        const Occurrence &o = xid->occurrences.front();
        QVERIFY2(o.text.mid(o.at).startsWith(u"NVRM: Xid"), qPrintable(o.text.mid(o.at, 40)));
        const QString line = evidenceLine(*xid, o);
        QVERIFY2(line.contains(u"NVRM: Xid (PCI:0000:86:00): 79, pid=51877"), qPrintable(line));
        QVERIFY(line.contains(QChar(0x2026) + QStringLiteral("w"))); // cut before
        QVERIFY(line.size() < 260);
        for (const ReportFormat format : {ReportFormat::Markdown, ReportFormat::Html})
            QVERIFY2(QString::fromUtf8(writeReport(result, format, {}))
                         .contains(u"NVRM: Xid (PCI:0000:86:00): 79"),
                     qPrintable(reportFormatId(format)));
    }

    void aCleanReportHasNoMojibake()
    {
        AnalysisResult result;
        ReportOptions options;
        options.generated = ReportOptions::generationTime(true);
        for (const QByteArray &bytes :
             {writeMarkdownReport(result, options), writeTextReport(result, options),
              writeHtmlReport(result, options)}) {
            const QString text = QString::fromUtf8(bytes);
            QVERIFY2(!text.contains(QChar(0xE2)) && !text.contains(QChar(0xC3)), bytes.constData());
        }
        QVERIFY(QString::fromUtf8(writeMarkdownReport(result, options))
                    .contains(u"| – | No known condition found"));
    }

    void redaction_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("redacted");
        QTest::newRow("IPv4") << "connect to 10.1.2.3:6443 failed"
                              << "connect to [ip]:6443 failed";
        QTest::newRow("a version is not an IP") << "driver 570.158.08 and 12.4.1"
                                                << "driver 570.158.08 and 12.4.1";
        QTest::newRow("MAC") << "link aa:bb:cc:dd:ee:ff up"
                             << "link [mac] up";
        QTest::newRow("e-mail") << "owner jane.doe@example.com"
                                << "owner [email]";
        QTest::newRow("host with a domain") << "node gpu-03.prod.example.com ready"
                                            << "node [host] ready";
        QTest::newRow("a log file name is not a host") << "see pytorch.log"
                                                       << "see pytorch.log";
        QTest::newRow("bearer token") << "Authorization: Bearer abc.def-123"
                                      << "Authorization: Bearer [secret]";
        QTest::newRow("password=") << "password=hunter2 user=x"
                                   << "password=[secret] user=x";
        QTest::newRow("long token") << "key ghp_0123456789abcdefABCDEF0123456789abcd end"
                                    << "key [secret] end";
        QTest::newRow("IPv6") << "addr fe80::1ff:fe23:4567:890a on eth0"
                              << "addr [ip6] on eth0";
        QTest::newRow("PCI bus id is kept") << "NVRM: Xid (PCI:0000:3b:00): 79"
                                            << "NVRM: Xid (PCI:0000:3b:00): 79";
        QTest::newRow("a time is not IPv6") << "at 08:15:02.123 and 2025-11-30T08:15:02Z"
                                            << "at 08:15:02.123 and 2025-11-30T08:15:02Z";
        QTest::newRow("GPU UUID is kept") << "GPU-5f8e6b0a-1c2d-4e3f-8a9b-0c1d2e3f4a5b"
                                          << "GPU-5f8e6b0a-1c2d-4e3f-8a9b-0c1d2e3f4a5b";
        QTest::newRow("syslog host field") << "Nov 30 08:15:02 dgxnode17 kernel: NVRM: Xid"
                                           << "Nov 30 08:15:02 [host] kernel: NVRM: Xid";
        QTest::newRow("syslog host after an ISO time")
            << "2025-11-30T08:15:02.123456+00:00 dgxnode17 nvidia-persistenced[12]: started"
            << "2025-11-30T08:15:02.123456+00:00 [host] nvidia-persistenced[12]: started";
        QTest::newRow("NCCL host prefix") << "trainhost42:1234:1290 [0] NCCL INFO Bootstrap"
                                          << "[host]:1234:1290 [0] NCCL INFO Bootstrap";
        QTest::newRow("NCCL host prefix in a message template")
            << "trainhost<*> [<*>] NCCL WARN NET/Socket" << "[host] [<*>] NCCL WARN NET/Socket";
        QTest::newRow("a PCI bus id before a colon is kept")
            << "Xid 13 on GPU 0000:3b:00: graphics"
            << "Xid 13 on GPU 0000:3b:00: graphics";
        QTest::newRow("IPv4 at a sentence's end") << "peer 10.20.30.41." << "peer [ip].";
        QTest::newRow("IPv4 after an underscore") << "ip_10.20.30.42 down" << "ip_[ip] down";
        QTest::newRow("a dotted number inside a longer one is not an IP")
            << "build 10.20.30.40.5 ok"
            << "build 10.20.30.40.5 ok";
        QTest::newRow("IPv6 with ::")
            << "route via fd00::a1b2 dev ib0" << "route via [ip6] dev ib0";
        QTest::newRow("a C++ scope is not IPv6") << "c10::Error at c10::detail::torchCheckFail"
                                                 << "c10::Error at c10::detail::torchCheckFail";
        QTest::newRow("host under a country domain") << "GET api.customer.co failed"
                                                     << "GET [host] failed";
        QTest::newRow("dotted MAC") << "port 0011.2233.4455 flapped" << "port [mac] flapped";
        QTest::newRow("AWS access key id")
            << "key AKIAIOSFODNN7EXAMPLE used" << "key [secret] used";
        QTest::newRow("credentials in a URL")
            << "pull https://alice:pa55word@registry.example.com/x"
            << "pull https://[credentials]@[host]/x";
        QTest::newRow("pwd=") << "login pwd=s3cr3t ok" << "login pwd=[secret] ok";
        QTest::newRow("Slack token") << "hook xoxb-123456789012-abcdefghijk sent"
                                     << "hook [secret] sent";
    }

    void redaction()
    {
        QFETCH(QString, text);
        QFETCH(QString, redacted);
        QCOMPARE(redact(text), redacted);
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
