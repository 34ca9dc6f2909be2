#include "rules/rule.h"
#include "rules/ruleloader.h"
#include "testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <re2/re2.h>

#include <thread>
#include <vector>

using namespace gputriage;

namespace {

// A valid rule file; rows replace one line of it to make a specific mistake.
const char kHeader[] = "schema: gputriage/rules/v1\n"
                       "pack: test\n"
                       "version: 1.0\n"
                       "rules:\n";

QByteArray rule(const QByteArray &id, const QByteArray &pattern, const QByteArray &extra = {})
{
    return "  - id: " + id
           + "\n"
             "    title: A rule\n"
             "    severity: info\n"
             "    match:\n"
             "      pattern: "
           + pattern + "\n" + extra;
}

RuleSet load(const QByteArray &yaml)
{
    RuleSet set;
    RuleLoader(set).loadText(yaml, QStringLiteral("test.yaml"));
    return set;
}

} // namespace

class TestRuleLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPatternIsCompiledOnceWhenFirstNeeded()
    {
        const RuleSet set = load(
            kHeader + rule("t.xid", "'NVRM: Xid \\(PCI:(?P<bus>[0-9a-f:.]+)\\): (?P<code>\\d+)'"));
        QCOMPARE(set.diagnostics.size(), 0);
        QCOMPARE(set.rules.size(), size_t(1));
        const LazyRegex &loaded = set.rules.front().pattern.regex;
        QVERIFY(loaded);
        // As the cache reads it back: text and size only.
        const LazyRegex lazy(loaded.pattern(), loaded.programSize());
        const LazyRegex copy = lazy;
        std::vector<const RE2 *> seen(8, nullptr);
        std::vector<std::thread> threads;
        for (size_t i = 0; i < seen.size(); ++i)
            threads.emplace_back([&, i] { seen[i] = &copy.get(); });
        for (std::thread &t : threads)
            t.join();
        for (const RE2 *re : seen)
            QCOMPARE(re, &lazy.get()); // one program for every copy and thread
        QVERIFY(lazy->ok());
        QCOMPARE(lazy->NumberOfCapturingGroups(), 2);
        QVERIFY(RE2::PartialMatch("NVRM: Xid (PCI:0000:01:00): 79, pid=1", *lazy));
        const LazyRegex own = lazy.unshared();
        QCOMPARE(own.pattern(), lazy.pattern());
        QVERIFY(&own.get() != &lazy.get());
        QVERIFY(!LazyRegex().unshared());
    }

    void diagnostics_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("rulesLoaded");

        const QByteArray h(kHeader);
        QTest::newRow("an invalid regular expression is an error at the pattern")
            << h + rule("bad.regex", "'driver (unclosed'") << true << 9 << 17 << "missing )" << 0;
        QTest::newRow("an unknown severity names the value")
            << QByteArray(
                   h + "  - id: x.y\n    title: T\n    severity: fatal\n    match: {pattern: a}\n")
            << true << 7 << 15 << "unknown severity 'fatal'" << 0;
        QTest::newRow("an unknown key is a warning (typo)")
            << h + rule("typo.key", "abc", "    explian: oops\n") << false << 10 << 5
            << "unknown key 'explian'" << 1;
        QTest::newRow("a pattern without a word to look for is a warning (slow)")
            << h + rule("no.word", "'^\\d+ (?P<n>[0-9a-f]+)$'") << false << 9 << 16
            << "no word of 3 or more letters" << 1;
        QTest::newRow("a missing title is an error")
            << QByteArray(h + "  - id: no.title\n    severity: info\n    match: {pattern: a}\n")
            << true << 5 << 5 << "missing required key 'title'" << 0;
        QTest::newRow("a fact that is not captured is an error")
            << h + rule("fact.missing", "'ver(?P<ver>\\d+)'", "    facts: [version]\n") << true
            << 10 << 13 << "fact 'version' is not a named capture" << 0;
        QTest::newRow("a comparison of an unknown fact is an error")
            << h
                   + rule("cmp.unknown", "'ver(?P<a>\\d+)'",
                          "    compare:\n      - {left: a, op: '>', right: b}\n")
            << true << 11 << 35 << "names fact 'b'" << 0;
        QTest::newRow("an unknown operator is an error")
            << h
                   + rule("cmp.op", "'ver(?P<a>\\d+)'",
                          "    compare:\n      - {left: a, op: '=>', right: '1.0'}\n")
            << true << 11 << 23 << "unknown operator '=>'" << 0;
        QTest::newRow("a non-web reference is an error")
            << h
                   + rule("ref.file", "abc",
                          "    references:\n      - {title: t, url: 'file:///etc/passwd'}\n")
            << true << 11 << 25 << "https://" << 0;
        QTest::newRow("a reference url with a line break is an error (Markdown injection)")
            << h
                   + rule("ref.newline", "abc",
                          "    references:\n      - {title: t, url: \"https://docs.nvidia.com/x)\\n"
                          "[click](javascript:alert(1)\"}\n")
            << true << 11 << 25 << "hold no spaces, controls" << 0;
        QTest::newRow("a bad id is an error")
            << h + rule("Bad Id", "abc") << true << 5 << 9 << "rule id 'Bad Id'" << 0;
        QTest::newRow("span out of range is an error")
            << QByteArray(h
                          + "  - id: s.p\n    title: T\n    severity: info\n    match: {pattern: "
                            "abc, span: 99}\n")
            << true << 8 << 33 << "'span' must be a whole number" << 0;
        QTest::newRow("a YAML syntax error has a position")
            << QByteArray(h + "  - id: x\n    title: [unclosed\n") << true << 7 << 1 << "" << 0;
        QTest::newRow("a wrong schema is an error")
            << QByteArray("schema: something/else\nrules: []\n") << true << 1 << 9
            << "unsupported schema" << 0;
        QTest::newRow("a key given twice is an error")
            << h + rule("twice", "abc", "    title: Again\n") << true << 10 << 5
            << "'title' is given twice" << 0;
        QTest::newRow("an example without expect is an error")
            << h + rule("ex.noexpect", "abc", "    examples:\n      - log: abc\n") << true << 11
            << 9 << "missing required key 'expect'" << 0;
    }

    void diagnostics()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(bool, isError);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        QFETCH(int, rulesLoaded);

        const RuleSet set = load(yaml);
        QVERIFY2(!set.diagnostics.isEmpty(), "expected a diagnostic");
        const Diagnostic &d = set.diagnostics.front();
        QVERIFY2(d.where.message.contains(message), qPrintable(d.toString()));
        QCOMPARE(d.isError(), isError);
        QCOMPARE(d.where.file, QStringLiteral("test.yaml"));
        QCOMPARE(d.where.line, line);
        QCOMPARE(d.where.column, column);
        QCOMPARE(int(set.rules.size()), rulesLoaded);
    }

    // Only a rule's own pattern is looked for on every line; a condition is read where it
    // matched, so a condition without a word to look for costs nothing.
    void aConditionNeedsNoWordToLookFor()
    {
        const RuleSet set = load(QByteArray(kHeader)
                                 + rule("cond.word", "'driver'",
                                        "    requires:\n      - {pattern: '\\d+|x', within: 0}\n"));
        QVERIFY2(set.diagnostics.isEmpty(), qPrintable(set.diagnostics.value(0).toString()));
        QCOMPARE(set.rules.size(), size_t(1));
    }

    // A pattern of many alternatives with several words each (a rule that knows every tool's
    // wording of one condition) has too many sets of words to list at once; listed per
    // alternative, every alternative still has its words, so the rule is not "matched on every
    // line". One alternative without a word still makes the whole pattern wordless.
    void manyAlternativesKeepTheirWords()
    {
        QByteArray alternatives;
        for (int i = 0; i < 24; ++i)
            alternatives += (i ? "|" : "") + QByteArray("alpha") + QByteArray::number(i)
                            + " \\d+ beta" + QByteArray::number(i) + " \\d+ gamma"
                            + QByteArray::number(i);
        const RuleSet worded
            = load(QByteArray(kHeader) + rule("many.words", "'" + alternatives + "'"));
        QVERIFY2(worded.diagnostics.isEmpty(), qPrintable(worded.diagnostics.value(0).toString()));
        QCOMPARE(worded.rules.size(), size_t(1));

        const RuleSet wordless
            = load(QByteArray(kHeader) + rule("many.wordless", "'" + alternatives + "|^\\d+$'"));
        QVERIFY(!wordless.diagnostics.isEmpty());
        QVERIFY2(wordless.diagnostics.front().where.message.contains(
                     QStringLiteral("no word of 3 or more letters")),
                 qPrintable(wordless.diagnostics.front().toString()));
    }

    void aBadRuleDisablesOnlyItself()
    {
        const RuleSet set = load(QByteArray(kHeader) + rule("good.one", "abc")
                                 + rule("bad.one", "'(x'") + rule("good.two", "def"));
        QCOMPARE(int(set.rules.size()), 2);
        QVERIFY(set.find(u"good.one"));
        QVERIFY(set.find(u"good.two"));
        QVERIFY(!set.find(u"bad.one"));
        QCOMPARE(set.diagnostics.size(), 1);
        QCOMPARE(set.diagnostics.front().ruleId, QStringLiteral("bad.one"));
    }

    void duplicateIdsAreAnErrorAndUserRulesOverride()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString &name, const QByteArray &text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        QDir(dir.path()).mkpath(QStringLiteral("shipped"));
        write(QStringLiteral("shipped/a.yaml"),
              QByteArray(kHeader) + rule("same.id", "abc") + rule("same.id", "def"));
        QDir(dir.path()).mkpath(QStringLiteral("user"));
        write(QStringLiteral("user/b.yaml"), QByteArray(kHeader) + rule("same.id", "user-pattern"));

        RuleSet set;
        RuleLoader loader(set);
        loader.loadPath(dir.filePath(QStringLiteral("shipped")), false);
        QCOMPARE(set.rules.size(), size_t(2));
        qputenv("GPUTRIAGE_RULES_DIR", dir.filePath(QStringLiteral("shipped")).toUtf8());
        const RuleSet merged = loadRules({dir.filePath(QStringLiteral("user"))}, true);
        QCOMPARE(merged.rules.size(), size_t(1));
        QCOMPARE(merged.rules.front().pattern.source, QStringLiteral("user-pattern"));
        QVERIFY(merged.rules.front().user);
        QCOMPARE(merged.overridden, QList<QString>{QStringLiteral("same.id")});
        QVERIFY(merged.hasErrors()); // the shipped file repeats an id
        const auto dup = std::find_if(
            merged.diagnostics.begin(), merged.diagnostics.end(),
            [](const Diagnostic &d) { return d.where.message.contains(u"duplicate rule id"); });
        QVERIFY(dup != merged.diagnostics.end());
        QCOMPARE(dup->where.line, 10);
        qunsetenv("GPUTRIAGE_RULES_DIR");
    }

    // The rule editor's text stands for its file where that file loads (a linked file in the
    // user folder too), once; a file not yet on disk loads after the rest.
    void anEditorTextReplacesItsFileWhereItLoads()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        using gputriage::test::writeFile;
        writeFile(dir, QStringLiteral("shipped/a.yaml"),
                  QByteArray(kHeader) + rule("shipped.one", "abc"));
        writeFile(dir, QStringLiteral("shared.yaml"),
                  QByteArray(kHeader) + rule("site.linked", "on disk"));
        writeFile(dir, QStringLiteral("config/gputriage/rules/mine.yaml"),
                  QByteArray(kHeader) + rule("site.mine", "saved text"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("shared.yaml")),
                            dir.filePath(QStringLiteral("config/gputriage/rules/linked.yaml"))));
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("GPUTRIAGE_RULES_DIR", dir.filePath(QStringLiteral("shipped")).toUtf8());
        qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toUtf8());
        auto patterns = [](const RuleSet &set) {
            QStringList out;
            for (const Rule &r : set.rules)
                out << r.id + QLatin1Char('=') + r.pattern.source;
            out.sort();
            return out;
        };

        const QString mine = dir.filePath(QStringLiteral("config/gputriage/rules/mine.yaml"));
        const RuleSet edited = loadRules(
            {}, true, RuleFileText{mine, QByteArray(kHeader) + rule("site.mine", "typed")});
        QCOMPARE(patterns(edited), QStringList({QStringLiteral("shipped.one=abc"),
                                                QStringLiteral("site.linked=on disk"),
                                                QStringLiteral("site.mine=typed")}));
        QVERIFY(!edited.hasErrors()); // the file on disk is not read as well (no duplicate id)

        const QString fresh = dir.filePath(QStringLiteral("config/gputriage/rules/new.yaml"));
        const RuleSet drafted = loadRules(
            {}, true, RuleFileText{fresh, QByteArray(kHeader) + rule("site.new", "draft")});
        QVERIFY(patterns(drafted).contains(QStringLiteral("site.new=draft")));
        QVERIFY(patterns(drafted).contains(QStringLiteral("site.mine=saved text")));
        QCOMPARE(drafted.rules.back().id, QStringLiteral("site.new")); // after the rest

        qputenv("XDG_CONFIG_HOME", oldConfig);
        qunsetenv("GPUTRIAGE_RULES_DIR");
    }

    void everyKeyOfTheDesignExampleLoads()
    {
        const QByteArray yaml = QByteArray(kHeader)
                                + "  - id: cuda.forward-compat.enabled\n"
                                  "    title: CUDA Forward Compatibility mode enabled\n"
                                  "    severity: info\n"
                                  "    tags: [cuda, driver]\n"
                                  "    match:\n"
                                  "      pattern: 'NOTE: CUDA Forward Compatibility mode ENABLED'\n"
                                  "      span: 3\n"
                                  "      then:\n"
                                  "        pattern: 'Using CUDA (?P<cuda>[\\d.]+) driver version "
                                  "(?P<cd>[\\d.]+) with kernel driver version (?P<hd>[\\d.]+)'\n"
                                  "        within: 4\n"
                                  "    facts: [cuda, cd, hd]\n"
                                  "    compare:\n"
                                  "      - {left: cd, op: '>', right: hd, says: newer}\n"
                                  "    explain: |\n"
                                  "      Informational.\n"
                                  "    action: Nothing.\n"
                                  "    references:\n"
                                  "      - {title: CUDA Compatibility, url: "
                                  "'https://docs.nvidia.com/deploy/cuda-compatibility/'}\n"
                                  "    examples:\n"
                                  "      - log: 'NOTE: CUDA Forward Compatibility mode ENABLED'\n"
                                  "        expect: match\n"
                                  "      - log: 'INFO: all good'\n"
                                  "        expect: none\n";
        const RuleSet set = load(yaml);
        QVERIFY2(set.diagnostics.isEmpty(), qPrintable(set.diagnostics.value(0).toString()));
        QCOMPARE(set.rules.size(), size_t(1));
        const Rule &r = set.rules.front();
        QCOMPARE(r.span, 3);
        QCOMPARE(r.thenWithin, 4);
        QCOMPARE(r.facts.size(), 3);
        QCOMPARE(r.compare.size(), 1);
        QVERIFY(r.compare.front().left.isFact());
        QCOMPARE(r.references.front().url,
                 QStringLiteral("https://docs.nvidia.com/deploy/cuda-compatibility/"));
        QCOMPARE(r.examples.size(), 2);
        QVERIFY(r.examples[1].expectNone);
        QCOMPARE(set.packs.front().pack, QStringLiteral("test"));
        QCOMPARE(set.packs.front().rules, 1);
    }

    void theShippedRulesLoadCleanly()
    {
        const RuleSet set = loadRules({}, true);
        QVERIFY2(set.diagnostics.isEmpty(), qPrintable(set.diagnostics.value(0).toString()));
        QVERIFY(set.find(u"cuda.forward-compat.enabled"));
        QVERIFY(set.find(u"network.peermem.not-detected"));
    }

    void groupNamesAreRemovedForOtherEngines_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("expected");
        QTest::newRow("P form") << R"(Xid \((?P<pci>[0-9a-f:]+)\): (?P<xid>\d+))"
                                << R"(Xid \(([0-9a-f:]+)\): (\d+))";
        QTest::newRow("short form") << "(?<version>\\d+)"
                                    << "(\\d+)";
        QTest::newRow("plain and non-capturing groups stay") << "(a)(?:b)(?i)c"
                                                             << "(a)(?:b)(?i)c";
        QTest::newRow("escaped parenthesis is text") << R"(\(?P<x>y)"
                                                     << R"(\(?P<x>y)";
        QTest::newRow("escaped backslash, then a group") << R"(\\(?P<x>y))"
                                                         << R"(\\(y))";
        QTest::newRow("not a name") << "(?P<>x)(?P<a b>y)"
                                    << "(?P<>x)(?P<a b>y)";
    }
    void groupNamesAreRemovedForOtherEngines()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(withoutGroupNames(pattern.toStdString())), expected);
    }

    // An override of a shipped rule starts from standaloneRuleYaml(): every shipped rule, even
    // one that uses an alias of an anchor elsewhere in its pack, loads from it on its own.
    void everyShippedRuleStandsAloneAsAnOverride()
    {
        QTemporaryDir dir;
        int rules = 0, aliased = 0;
        QDirIterator it(RuleLoader::shippedRulesDir(), {QStringLiteral("*.yaml")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString pack = it.next();
            QFile f(pack);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            RuleSet set;
            RuleLoader(set).loadFile(pack);
            for (const Rule &rule : set.rules) {
                const QByteArray item = standaloneRuleYaml(text, rule.id);
                QVERIFY2(!item.isEmpty(), qPrintable(rule.id));
                aliased += text.contains("*") && item.contains("lookup:");
                const QString path = dir.filePath(QStringLiteral("override.yaml"));
                QFile out(path);
                QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
                out.write("schema: gputriage/rules/v1\npack: user-overrides\nrules:\n" + item);
                out.close();
                RuleSet loaded;
                RuleLoader(loaded).loadFile(path, true);
                for (const Diagnostic &d : loaded.diagnostics)
                    QVERIFY2(!d.isError(), qPrintable(d.toString()));
                QCOMPARE(loaded.rules.size(), size_t(1));
                QCOMPARE(loaded.rules.front().id, rule.id);
                ++rules;
            }
        }
        qInfo("%d shipped rules, %d with a lookup, each loads on its own", rules, aliased);
        QVERIFY(rules > 150);
    }

    void titlesTakeTheFirstFactPresent_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one name") << "at {device}" << "at 0000:00:03.1";
        QTest::newRow("the first of two present") << "at {device|gpu_pci}" << "at 0000:00:03.1";
        QTest::newRow("the second when the first is missing")
            << "at {port|gpu_pci}" << "at 0000:07:00.0";
        QTest::newRow("none present") << "at {port|bus}" << "at ?";
    }
    void titlesTakeTheFirstFactPresent()
    {
        QFETCH(QString, title);
        QFETCH(QString, expected);
        const std::map<QString, QString> facts{
            {QStringLiteral("device"), QStringLiteral("0000:00:03.1")},
            {QStringLiteral("gpu_pci"), QStringLiteral("0000:07:00.0")}};
        QCOMPARE(expandTemplate(title, facts), expected);
        QCOMPARE(templateNames(QStringLiteral("{a|b} {c}")),
                 QList<QString>({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    }
};

QTEST_GUILESS_MAIN(TestRuleLoader)
#include "tst_ruleloader.moc"
