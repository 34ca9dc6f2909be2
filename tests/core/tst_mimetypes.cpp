// The MIME types installed by packaging/gputriage-mime.xml: what a file manager will call a bug
// report or a rule file, read through Qt's own freedesktop MIME database reader.
#include <QMimeDatabase>
#include <QTemporaryDir>
#include <QTest>

class TestMimeTypes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // XDG_DATA_DIRS points at a folder holding only our package file (set by ctest).
        QVERIFY(QMimeDatabase()
                    .mimeTypeForName(QStringLiteral("application/x-nvidia-bug-report"))
                    .isValid());
    }

    void byName_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bug report") << "nvidia-bug-report.log.gz"
                                    << "application/x-nvidia-bug-report";
        QTest::newRow("renamed bug report") << "nvidia-bug-report-node7.log.gz"
                                            << "application/x-nvidia-bug-report";
        // Only our package file is in the database here, so other names have no type at all.
        QTest::newRow("other gzip") << "kubelet.log.gz"
                                    << "";
        QTest::newRow("bug report, not gzip") << "nvidia-bug-report.log"
                                              << "";
        QTest::newRow("gzip of a bug report") << "nvidia-bug-report.log.gz.1"
                                              << "";
    }
    void byName()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, expected);
        const QMimeType type
            = QMimeDatabase().mimeTypeForFile(fileName, QMimeDatabase::MatchExtension);
        QCOMPARE(type.isValid() ? type.name() : QString(), expected);
    }

    void bugReportIsAGzipFile()
    {
        const QMimeType type
            = QMimeDatabase().mimeTypeForName(QStringLiteral("application/x-nvidia-bug-report"));
        QVERIFY(type.inherits(QStringLiteral("application/gzip")));
    }

    void rulesByContent_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("isRules");
        QTest::newRow("rule pack")
            << QByteArray("schema: gputriage/rules/v1\npack: mine\nrules: []\n") << true;
        QTest::newRow("after a comment")
            << QByteArray("# my rules\n# second line\nschema: gputriage/rules/v1\n") << true;
        QTest::newRow("version table") << QByteArray("schema: gputriage/table/v1\n") << true;
        QTest::newRow("other YAML") << QByteArray("apiVersion: v1\nkind: Pod\n") << false;
    }
    void rulesByContent()
    {
        QFETCH(QByteArray, content);
        QFETCH(bool, isRules);
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("mine.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const QMimeType type = QMimeDatabase().mimeTypeForFile(file.fileName());
        QCOMPARE(type.name() == QLatin1String("application/x-gputriage-rules+yaml"), isRules);
        if (isRules)
            QVERIFY(type.inherits(QStringLiteral("application/yaml")));
    }
};

QTEST_GUILESS_MAIN(TestMimeTypes)
#include "tst_mimetypes.moc"
