// The strong line types (text/linetypes.h): what may be mixed is checked when this file
// compiles, what the arithmetic gives when it runs.

#include "text/linetypes.h"

#include <QTest>

#include <concepts>

using namespace gputriage;

// An int is not a line nor a count, and a line is not an int: each spelling below would be a
// 0-/1-based mistake waiting, so none of them compiles.
static_assert(!std::is_convertible_v<int, LineNumber>);
static_assert(!std::is_convertible_v<int, LinesCount>);
static_assert(!std::is_convertible_v<int, LineColumn>);
static_assert(!std::is_convertible_v<LineNumber, int>);
static_assert(!std::is_convertible_v<LinesCount, LineNumber>);
static_assert(!std::is_convertible_v<LineColumn, LineNumber>);
template<typename A, typename B>
concept Addable = requires(A a, B b) { a + b; };
template<typename A, typename B>
concept Subtractable = requires(A a, B b) { a - b; };
template<typename A, typename B>
concept Ordered = requires(A a, B b) { a < b; };
template<typename A, typename B, typename Sum>
concept AddsTo = requires(A a, B b) {
    { a + b } -> std::same_as<Sum>;
};
template<typename A, typename B, typename Difference>
concept SubtractsTo = requires(A a, B b) {
    { a - b } -> std::same_as<Difference>;
};
static_assert(!Addable<LineNumber, LineNumber>); // two lines do not add up
static_assert(!Addable<LineNumber, int>);        // a count must say it is one
static_assert(!Subtractable<LinesCount, LineNumber>);
static_assert(!Ordered<LineNumber, LineColumn>);
static_assert(!Ordered<LineNumber, int>);
static_assert(AddsTo<LineNumber, LinesCount, LineNumber>);
static_assert(SubtractsTo<LineNumber, LinesCount, LineNumber>);
static_assert(SubtractsTo<LineNumber, LineNumber, LinesCount>);
static_assert(AddsTo<LinesCount, LinesCount, LinesCount>);
static_assert(AddsTo<LineColumn, int, LineColumn>);
static_assert(SubtractsTo<LineColumn, LineColumn, int>);

// They compile to the int they hold: usable in constant expressions, copied as ints.
static_assert(LineNumber(4) + LinesCount(3) == LineNumber(7));
static_assert(LineNumber(7) - LineNumber(4) == LinesCount(3));
static_assert(LineNumber(0).displayed() == 1);
static_assert(LineNumber::fromDisplayed(1) == LineNumber(0));
static_assert(std::is_trivially_copyable_v<LineNumber> && std::is_trivially_copyable_v<LinesCount>
              && std::is_trivially_copyable_v<LineColumn>);
static_assert(sizeof(LineNumber) == sizeof(int) && sizeof(LinesCount) == sizeof(int)
              && sizeof(LineColumn) == sizeof(int));

class TestLineTypes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aLinePlusACountIsALine_data()
    {
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("sum");
        QTest::newRow("the first line and none more") << 0 << 0 << 0;
        QTest::newRow("the first line and one more") << 0 << 1 << 1;
        QTest::newRow("ten lines on") << 41 << 10 << 51;
        QTest::newRow("a count back") << 41 << -10 << 31;
    }
    void aLinePlusACountIsALine()
    {
        QFETCH(int, line);
        QFETCH(int, count);
        QFETCH(int, sum);
        QCOMPARE(LineNumber(line) + LinesCount(count), LineNumber(sum));
        QCOMPARE(LineNumber(sum) - LinesCount(count), LineNumber(line));
        QCOMPARE(LineNumber(sum) - LineNumber(line), LinesCount(count));
        LineNumber moved(line);
        moved += LinesCount(count);
        QCOMPARE(moved.get(), sum);
    }

    void theDisplayedNumberCountsFromOne_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("shown");
        QTest::newRow("the first line is line 1") << 0 << 1;
        QTest::newRow("the 42nd line is line 42") << 41 << 42;
    }
    void theDisplayedNumberCountsFromOne()
    {
        QFETCH(int, index);
        QFETCH(int, shown);
        QCOMPARE(LineNumber(index).displayed(), shown);
        QCOMPARE(LineNumber::fromDisplayed(shown), LineNumber(index));
        QCOMPARE(LineNumber::fromDisplayed(shown).get(), index);
    }

    void linesStepAndCompareInOrder()
    {
        LineNumber line(3);
        QCOMPARE((++line).get(), 4);
        QCOMPARE((--line).get(), 3);
        QVERIFY(LineNumber(2) < LineNumber(3));
        QVERIFY(LineNumber(3) >= LineNumber(3));
        QVERIFY(LinesCount(2) < LinesCount(5));
        QCOMPARE(LinesCount(2) + LinesCount(5), LinesCount(7));
        QCOMPARE(LineColumn(10) - LineColumn(4), 6);
        QCOMPARE(LineColumn(4) + 6, LineColumn(10));
        QCOMPARE(LineNumber().get(), 0);
        QCOMPARE(LinesCount().get(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLineTypes)
#include "tst_linetypes.moc"
