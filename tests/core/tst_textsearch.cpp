#include "engine/textsearch.h"
#include "text/logdocument.h"

#include <QTest>

using namespace gputriage;

class TestTextSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsEveryOccurrenceInALine_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<bool>("regex");
        QTest::addColumn<bool>("caseSensitive");
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("spans"); // "start-end start-end"

        QTest::newRow("plain, twice, any case")
            << QStringLiteral("xid") << false << false
            << QByteArray("NVRM: Xid (PCI:0000:86:00): 79, xid again")
            << QStringLiteral("6-9 32-35");
        QTest::newRow("case kept") << QStringLiteral("xid") << false << true
                                   << QByteArray("NVRM: Xid, xid") << QStringLiteral("11-14");
        QTest::newRow("regex special characters are literal in plain mode")
            << QStringLiteral("(PCI:") << false << false << QByteArray("Xid (PCI:0000")
            << QStringLiteral("4-9");
        QTest::newRow("regex, bus ids")
            << QStringLiteral("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}") << true << false
            << QByteArray("0000:86:00 and 0000:3b:00") << QStringLiteral("0-10 15-25");
        QTest::newRow("a regex that matches empty moves on")
            << QStringLiteral("x*") << true << false << QByteArray("axxb x")
            << QStringLiteral("1-3 5-6");
        QTest::newRow("UTF-8 offsets are bytes")
            << QStringLiteral("GPU") << false << false << QByteArray("\xe2\x94\x82 GPU")
            << QStringLiteral("4-7");
    }
    void findsEveryOccurrenceInALine()
    {
        QFETCH(QString, query);
        QFETCH(bool, regex);
        QFETCH(bool, caseSensitive);
        QFETCH(QByteArray, line);
        QFETCH(QString, spans);
        const auto search = TextSearch::compile({query, regex, caseSensitive});
        QVERIFY(search.ok());
        QStringList found;
        for (const auto &[start, end] :
             search.value().spans(std::string_view(line.constData(), size_t(line.size()))))
            found << QStringLiteral("%1-%2").arg(start).arg(end);
        QCOMPARE(found.join(u' '), spans);
        QCOMPARE(search.value().matches(std::string_view(line.constData(), size_t(line.size()))),
                 !spans.isEmpty());
    }

    void anInvalidRegexSaysWhy()
    {
        const auto search = TextSearch::compile({QStringLiteral("(unclosed"), true, false});
        QVERIFY(!search.ok());
        QVERIFY(search.error().message.contains(u"missing )"));
    }

    void searchesEveryFileOfTheBundleInOrderUpToTheCap()
    {
        auto a = LogDocument::fromBytes("Xid 79\nok\nXid 13\n", QStringLiteral("a"));
        auto b = LogDocument::fromBytes("nothing\nXid 48\n", QStringLiteral("b"));
        const auto all = searchBundle({a, b}, {QStringLiteral("xid")}, 10);
        QVERIFY(all.ok());
        QStringList where;
        for (const BundleSearchHit &h : all.value().hits)
            where << QStringLiteral("%1:%2").arg(h.doc).arg(h.line.get());
        QCOMPARE(where, QStringList(
                            {QStringLiteral("0:0"), QStringLiteral("0:2"), QStringLiteral("1:1")}));
        QVERIFY(!all.value().capped);
        const auto capped = searchBundle({a, b}, {QStringLiteral("xid")}, 2);
        QCOMPARE(capped.value().hits.size(), size_t(2));
        QVERIFY(capped.value().capped);
    }
};

QTEST_GUILESS_MAIN(TestTextSearch)
#include "tst_textsearch.moc"
