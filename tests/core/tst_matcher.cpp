#include "engine/fastprefilter.h"
#include "engine/matcher.h"
#include "rules/ruleloader.h"
#include "text/logdocument.h"

#include <QTest>

#include <re2/re2.h>

using namespace gputriage;

namespace {

std::vector<Rule> rulesFrom(const QByteArray &rulesYaml)
{
    RuleSet set;
    RuleLoader(set).loadText("schema: gputriage/rules/v1\npack: t\nrules:\n" + rulesYaml,
                             QStringLiteral("t.yaml"));
    for (const Diagnostic &d : set.diagnostics)
        qWarning("%s", qPrintable(d.toString()));
    return set.rules;
}

const QByteArray kForwardCompat
    = "  - id: fc\n    title: FC\n    severity: info\n"
      "    match:\n"
      "      pattern: 'NOTE: CUDA Forward Compatibility mode ENABLED'\n"
      "      then:\n"
      "        pattern: 'Using CUDA (?P<cuda>\\d+(?:\\.\\d+)*) driver version "
      "(?P<ud>\\d+(?:\\.\\d+)*) with kernel driver version (?P<kd>\\d+(?:\\.\\d+)*)'\n"
      "        within: 4\n";
const QByteArray kPeermem = "  - id: pm\n    title: PM\n    severity: info\n"
                            "    match:\n"
                            "      pattern: 'Mellanox network driver detected, but NVIDIA peer "
                            "memory driver not detected'\n"
                            "      span: 3\n";

const QByteArray kXid45
    = "  - id: x45\n    title: X45\n    severity: warning\n"
      "    match:\n"
      "      pattern: 'Xid \\(PCI:(?P<pci>[0-9a-f:]+)\\): 45,'\n"
      "    absent:\n"
      "      - pattern: 'Xid \\(PCI:[0-9a-f:]+\\): (?:[0-35-9]\\d*|4[0-46-9]\\d*),'\n"
      "        within: 2\n";
const QByteArray kNeedsBoard = "  - id: nb\n    title: NB\n    severity: error\n"
                               "    match:\n"
                               "      pattern: 'fallen off the bus'\n"
                               "    requires:\n"
                               "      - pattern: 'GPU at PCI:(?P<pci>\\S+)'\n"
                               "        within: 1\n";

} // namespace

class TestMatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void match_data()
    {
        QTest::addColumn<QByteArray>("rules");
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("expected"); // "line:rule[:facts]" per hit, ';'-separated

        QTest::newRow("forward compat in a box, versions from the next line")
            << kForwardCompat
            << "│ NOTE: CUDA Forward Compatibility mode ENABLED.     │\n"
               "│   Using CUDA 13.0 driver version 580.65.06 with kernel driver version "
               "570.158.08. │\n"
            << "1:fc:cuda=13.0,kd=570.158.08,ud=580.65.06";
        QTest::newRow("CRI-prefixed lines")
            << kForwardCompat
            << "2025-11-30T08:15:02.1Z stdout F NOTE: CUDA Forward Compatibility mode ENABLED.\n"
               "2025-11-30T08:15:02.2Z stdout F   Using CUDA 12.9 driver version 575.57.08 with "
               "kernel driver version 550.163.01.\n"
            << "1:fc:cuda=12.9,kd=550.163.01,ud=575.57.08";
        QTest::newRow("the versions line wrapped in the middle")
            << kForwardCompat
            << "NOTE: CUDA Forward Compatibility mode ENABLED.\n  Using CUDA 13.0 driver version "
               "580.65.06 with\n"
               "  kernel driver version 570.158.08.\n"
            << "1:fc:cuda=13.0,kd=570.158.08,ud=580.65.06";
        QTest::newRow("then too far away leaves the facts empty")
            << kForwardCompat
            << "NOTE: CUDA Forward Compatibility mode ENABLED.\na\nb\nc\nd\ne\n"
               "Using CUDA 13.0 driver version 580.65.06 with kernel driver version 570.158.08.\n"
            << "1:fc:";
        QTest::newRow("the sentence wrapped over two lines is found once, on its first line")
            << kPeermem
            << "x\n│ NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not   "
               "│\n"
               "│       detected.  Multi-node communication performance may be reduced.\n"
            << "2:pm:";
        QTest::newRow("the sentence on one line")
            << kPeermem
            << "NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not detected."
            << "1:pm:";
        QTest::newRow("a blank line between the halves still joins")
            << kPeermem
            << "NOTE: Mellanox network driver detected, but NVIDIA peer\n\nmemory driver not "
               "detected.\n"
            << "1:pm:";
        QTest::newRow("span limits how far the sentence may wrap")
            << kPeermem
            << "Mellanox network\ndriver detected,\nbut NVIDIA peer\nmemory driver not detected.\n"
            << "";
        QTest::newRow("two occurrences are two hits")
            << kPeermem
            << "Mellanox network driver detected, but NVIDIA peer memory driver not detected\nok\n"
               "Mellanox network driver detected, but NVIDIA peer memory driver not detected\n"
            << "1:pm:;3:pm:";
        QTest::newRow("CRI partial lines join without a space, reported on the first")
            << kPeermem
            << "2025-11-30T08:15:02.1Z stdout P NOTE: Mellanox network driver detected, but NVIDIA "
               "peer mem\n"
               "2025-11-30T08:15:02.1Z stdout F ory driver not detected.\n"
            << "1:pm:";
        QTest::newRow("docker json-file records")
            << kForwardCompat
            << "{\"log\":\"NOTE: CUDA Forward Compatibility mode "
               "ENABLED.\\n\",\"stream\":\"stdout\"}\n"
               "{\"log\":\"  Using CUDA 13.0 driver version 580.65.06 with kernel driver version "
               "570.158.08.\\n\"}\n"
            << "1:fc:cuda=13.0,kd=570.158.08,ud=580.65.06";
        QTest::newRow("matching is case-sensitive")
            << kPeermem
            << "mellanox network driver detected, but nvidia peer memory driver not detected"
            << "";
        QTest::newRow("several rules on one log")
            << kForwardCompat + kPeermem
            << "NOTE: CUDA Forward Compatibility mode ENABLED.\n"
               "NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not\n"
               "  detected.\n"
            << "1:fc:;2:pm:";
        QTest::newRow("(?i) makes a rule case-insensitive")
            << QByteArray("  - id: ci\n    title: T\n    severity: info\n    match: {pattern: "
                          "'(?i)xid (?P<xid>\\d+)'}\n")
            << "NVRM: XID 79, pid=1"
            << "1:ci:xid=79";
        QTest::newRow("absent: a follow-on Xid 45 right after another Xid is dropped")
            << kXid45
            << "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n"
               "NVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n"
            << "";
        QTest::newRow("absent: a lone Xid 45 is kept")
            << kXid45 << "NVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n"
            << "1:x45:pci=0000:3b:00";
        QTest::newRow("absent: the other Xid further away than within does not count")
            << kXid45
            << "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\nx\ny\n"
               "NVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n"
            << "4:x45:pci=0000:3b:00";
        QTest::newRow("absent: looks after the match too")
            << kXid45
            << "NVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n"
               "NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception\n"
            << "";
        QTest::newRow("requires: the pattern one line before")
            << kNeedsBoard
            << "NVRM: GPU at PCI:0000:3b:00: GPU-1\nNVRM: GPU has fallen off the bus.\n"
            << "2:nb:";
        QTest::newRow("requires: missing pattern drops the match")
            << kNeedsBoard << "NVRM: GPU has fallen off the bus.\n"
            << "";
        QTest::newRow("facts: keeps only the listed captures")
            << QByteArray("  - id: f\n    title: T\n    severity: info\n    match: {pattern: "
                          "'(?P<a>a+)(?P<b>b+)'}\n    facts: [b]\n")
            << "aaabb"
            << "1:f:b=bb";
    }

    void match()
    {
        QFETCH(QByteArray, rules);
        QFETCH(QString, log);
        QFETCH(QString, expected);

        const Matcher matcher(rulesFrom(rules));
        QVERIFY(!matcher.rules().empty());
        QStringList hits;
        for (const LineMatch &m : matcher.matchText(log)) {
            QStringList facts;
            for (const auto &[k, v] : m.facts)
                facts << k + QLatin1Char('=') + v;
            hits << QStringLiteral("%1:%2:%3")
                        .arg(m.line + 1)
                        .arg(matcher.rules()[size_t(m.rule)].id, facts.join(QLatin1Char(',')));
        }
        QCOMPARE(hits.join(QLatin1Char(';')), expected);
    }

    void conditionsSeeLinesBeforeTheChunk()
    {
        // Lines are matched in chunks; the line before a chunk still counts for `absent`.
        const Matcher matcher(rulesFrom(kXid45));
        const auto doc
            = LogDocument::fromBytes("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n"
                                     "NVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n",
                                     QString());
        std::vector<LineMatch> hits;
        matcher.match(*doc, 1, 2, hits);
        QVERIFY(hits.empty());
        const Matcher alone(rulesFrom(kXid45));
        const auto lone = LogDocument::fromBytes(
            "unrelated\nNVRM: Xid (PCI:0000:3b:00): 45, Ch 00000010\n", QString());
        alone.match(*lone, 1, 2, hits);
        QCOMPARE(hits.size(), size_t(1));
    }

    void spansPointIntoTheNormalizedFirstLine()
    {
        const Matcher matcher(rulesFrom(kForwardCompat));
        const auto hits = matcher.matchText(
            QStringLiteral("│  NOTE: CUDA Forward Compatibility mode ENABLED. │\nUsing CUDA 1 "
                           "driver version 2 with kernel driver version 3\n"));
        QCOMPARE(hits.size(), size_t(1));
        QCOMPARE(hits[0].start, 0);
        QCOMPARE(hits[0].end, int(strlen("NOTE: CUDA Forward Compatibility mode ENABLED")));
        QCOMPARE(hits[0].endLine, 1);
    }

    // The vectorscan prefilter must not change a single hit: the shipped pack over a corpus of
    // every rule example, reshaped the ways real logs are (prefixes, boxes, colours, wrapping,
    // non-ASCII text, doubled spaces), matched with and without it.
    void fastPathFindsExactlyWhatRe2Finds()
    {
        const RuleSet rules = loadRules({});
        QVERIFY(!rules.hasErrors());
        QByteArray corpus;
        quint32 seed = 12345;
        auto random = [&seed](quint32 n) {
            seed = seed * 1664525u + 1013904223u;
            return (seed >> 8) % n;
        };
        for (const Rule &rule : rules.rules)
            for (const RuleExample &example : rule.examples)
                for (int variant = 0; variant < 6; ++variant) {
                    for (QByteArray line : example.log.toUtf8().split('\n')) {
                        switch (variant) {
                        case 1: line = "2025-11-30T08:15:02.118374652Z stdout F " + line; break;
                        case 2: line = "\xE2\x94\x82 " + line + " \xE2\x94\x82"; break;
                        case 3: line = "\x1b[1m" + line.replace(' ', "  ") + "\x1b[0m"; break;
                        case 4: line = "caf\xC3\xA9 " + line; break;
                        case 5: {
                            const int at = line.isEmpty() ? 0 : int(random(quint32(line.size())));
                            line = line.left(at) + '\n' + line.mid(at);
                            break;
                        }
                        default: break;
                        }
                        corpus += line + '\n';
                    }
                    corpus += "unrelated line " + QByteArray::number(random(100000)) + '\n';
                }
        const auto doc = LogDocument::fromBytes(corpus, QStringLiteral("corpus.log"));
        auto hitsOf = [&](bool fast) {
            if (fast)
                qunsetenv("GPUTRIAGE_NO_VECTORSCAN");
            else
                qputenv("GPUTRIAGE_NO_VECTORSCAN", "1");
            const Matcher matcher(rules.rules);
            qunsetenv("GPUTRIAGE_NO_VECTORSCAN");
            std::vector<LineMatch> hits;
            matcher.match(*doc, 0, doc->lineCount(), hits);
            return hits;
        };
        const std::vector<LineMatch> fast = hitsOf(true), exact = hitsOf(false);
        QVERIFY(exact.size() > 500); // the corpus does exercise the rules
        QCOMPARE(fast.size(), exact.size());
        for (size_t i = 0; i < exact.size(); ++i) {
            QCOMPARE(fast[i].rule, exact[i].rule);
            QCOMPARE(fast[i].line, exact[i].line);
            QCOMPARE(fast[i].start, exact[i].start);
            QCOMPARE(fast[i].end, exact[i].end);
            QCOMPARE(fast[i].facts, exact[i].facts);
        }
    }

    void vectorscanTakesTheShippedPatterns()
    {
        if (!FastPrefilter::builtWithVectorscan())
            QSKIP("built without vectorscan");
        std::vector<std::string> patterns;
        for (const Rule &rule : loadRules({}).rules)
            if (rule.pattern.regex)
                patterns.push_back(rule.pattern.regex->pattern());
        const FastPrefilter fast(patterns);
        QVERIFY(fast.available());
        qInfo("%zu patterns, %zu left to RE2", patterns.size(), fast.alwaysReported().size());
        QVERIFY(fast.alwaysReported().size() * 10 < patterns.size());
        std::vector<int> hits;
        QVERIFY(
            fast.scan("NVRM: Xid (PCI:0000:3b:00): 13, pid=1, name=a, Graphics Exception", hits));
        QVERIFY(!hits.empty());
    }
};

QTEST_GUILESS_MAIN(TestMatcher)
#include "tst_matcher.moc"
