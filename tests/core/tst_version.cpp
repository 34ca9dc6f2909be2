#include "rules/version.h"

#include <QTest>

using namespace gputriage;

class TestVersion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compare_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<int>("expected");

        QTest::newRow("12.10 is newer than 12.9 (numbers, not text)") << "12.10"
                                                                      << "12.9" << 1;
        QTest::newRow("580.142 is newer than 580.65.06") << "580.142"
                                                         << "580.65.06" << 1;
        QTest::newRow("12.4 equals 12.4.0 (missing segments are zero)") << "12.4"
                                                                        << "12.4.0" << 0;
        QTest::newRow("container driver newer than host driver") << "580.65.06"
                                                                 << "570.158.08" << 1;
        QTest::newRow("570.158.08 is older than 580.65.06") << "570.158.08"
                                                            << "580.65.06" << -1;
        QTest::newRow("patch level counts") << "570.148.06"
                                            << "570.148.08" << -1;
        QTest::newRow("identical versions are equal") << "550.163.01"
                                                      << "550.163.01" << 0;
        QTest::newRow("leading zeros compare as numbers") << "525.60.013"
                                                          << "525.60.13" << 0;
        QTest::newRow("a v prefix is ignored") << "v25.3.0"
                                               << "25.3.0" << 0;
        QTest::newRow("a text tail compares after the numbers") << "1.2.3-rc1"
                                                                << "1.2.3-rc2" << -1;
        QTest::newRow("numbers decide before the tail") << "1.10-rc1"
                                                        << "1.9" << 1;
        QTest::newRow("empty is older than anything") << ""
                                                      << "0.1" << -1;
    }

    void compare()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(int, expected);
        const int c = compareVersions(left, right);
        QCOMPARE((c > 0) - (c < 0), expected);
        const int reverse = compareVersions(right, left);
        QCOMPARE((reverse > 0) - (reverse < 0), -expected);
    }

    void operators_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("right");
        QTest::addColumn<bool>("holds");

        QTest::newRow("> holds for newer") << "580.65.06"
                                           << ">"
                                           << "570.158.08" << true;
        QTest::newRow("> fails for equal") << "12.4"
                                           << ">"
                                           << "12.4.0" << false;
        QTest::newRow(">= holds for equal") << "12.4"
                                            << ">="
                                            << "12.4.0" << true;
        QTest::newRow("< holds for older") << "12.9"
                                           << "<"
                                           << "12.10" << true;
        QTest::newRow("<= fails for newer") << "13.0"
                                            << "<="
                                            << "12.9" << false;
        QTest::newRow("== needs equal segments") << "570.148.06"
                                                 << "=="
                                                 << "570.148.08" << false;
        QTest::newRow("!= holds for a patch difference") << "570.148.06"
                                                         << "!="
                                                         << "570.148.08" << true;
    }

    void operators()
    {
        QFETCH(QString, left);
        QFETCH(QString, op);
        QFETCH(QString, right);
        QFETCH(bool, holds);
        const auto parsed = compareOpFromName(op);
        QVERIFY(parsed);
        QCOMPARE(compareOpName(*parsed), op);
        QCOMPARE(evaluate(left, *parsed, right), holds);
    }
};

QTEST_GUILESS_MAIN(TestVersion)
#include "tst_version.moc"
