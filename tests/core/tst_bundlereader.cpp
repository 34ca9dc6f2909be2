#include "engine/analyzer.h"
#include "rules/ruleloader.h"
#include "source/bundlereader.h"
#include "testarchive.h"
#include "testfiles.h"
#include "text/logdocument.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>

#include <unistd.h>

using namespace gputriage;
using gputriage::test::makeArchive;
using gputriage::test::Member;
using gputriage::test::writeFile;

namespace {

const QByteArray kSeed = "\xE2\x94\x82 NOTE: CUDA Forward Compatibility mode ENABLED.              "
                         "       \xE2\x94\x82\n"
                         "\xE2\x94\x82   Using CUDA 13.0 driver version 580.65.06 with kernel "
                         "driver version 570.158.08. \xE2\x94\x82\n";

QStringList problemTexts(const QList<Error> &problems)
{
    QStringList out;
    for (const Error &e : problems)
        out << e.toString();
    return out;
}

} // namespace

class TestBundleReader : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    AnalysisResult analyze(const QStringList &paths, const BundleLimits &limits = {})
    {
        const Analyzer analyzer(loadRules({}, true));
        QList<Error> problems;
        auto docs = Analyzer::openInputs(paths, problems, limits);
        AnalysisResult result = analyzer.analyze(docs);
        result.addReadProblems(problems);
        return result;
    }

private Q_SLOTS:
    // The marks of partial records (a docker record's line start, a CRI "P" tag), noted by the
    // line index's pass, are found wherever they are: the first and last bytes, across its
    // 64-byte blocks, in the bytes after the last whole block, and nowhere a look-alike is.
    void partialRecordMarksAreFoundAnywhere_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("at");
        QTest::addColumn<bool>("found");
        for (const int at : {0, 1, 62, 63, 64, 65, 126, 127, 16383, 16384, 40000, -40, -3, -2})
            for (const char *text : {" P ", "\n{", "\r{"})
                QTest::addRow("%s at %d",
                              text[0] == ' '    ? "P tag"
                              : text[0] == '\n' ? "record start"
                                                : "record after a return",
                              at)
                    << QByteArray(text) << at << true;
        QTest::addRow("a brace first") << QByteArray("{") << 0 << true;
        QTest::addRow("P2P") << QByteArray(" P2") << 63 << false;
        QTest::addRow("P before the end") << QByteArray(" P") << -2 << false;
        QTest::addRow("brace inside a line") << QByteArray("x{") << 63 << false;
        QTest::addRow("none") << QByteArray() << 0 << false;
    }
    void partialRecordMarksAreFoundAnywhere()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, at);
        QFETCH(bool, found);
        QByteArray bytes(40 * 1024 + 37, 'a'); // 640 blocks and 37 bytes
        const qsizetype offset = at < 0 ? bytes.size() + at : at;
        bytes.replace(offset, std::min(text.size(), bytes.size() - offset),
                      text.left(bytes.size() - offset));
        const auto doc = LogDocument::fromBytes(bytes, QStringLiteral("t.log"));
        QCOMPARE(doc->mayHoldPartialRecords(), found && offset + text.size() <= bytes.size());
    }
    void theSeedNoteIsFoundInEveryContainer_data()
    {
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<QByteArray>("filter");
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("expectedPath"); // relative to the archive's path

        QTest::newRow("tar") << QByteArray("tar") << QByteArray("none") << "b.tar"
                             << "b.tar!pods/app.log";
        QTest::newRow("tar.gz") << QByteArray("tar") << QByteArray("gzip") << "b.tgz"
                                << "b.tgz!pods/app.log";
        QTest::newRow("tar.xz") << QByteArray("tar") << QByteArray("xz") << "b.tar.xz"
                                << "b.tar.xz!pods/app.log";
        QTest::newRow("tar.zst") << QByteArray("tar") << QByteArray("zstd") << "b.tar.zst"
                                 << "b.tar.zst!pods/app.log";
        QTest::newRow("tar.bz2") << QByteArray("tar") << QByteArray("bzip2") << "b.tar.bz2"
                                 << "b.tar.bz2!pods/app.log";
        QTest::newRow("zip") << QByteArray("zip") << QByteArray("none") << "b.zip"
                             << "b.zip!pods/app.log";
        QTest::newRow("single .gz") << QByteArray("raw") << QByteArray("gzip") << "app.log.gz"
                                    << "app.log.gz";
        QTest::newRow("single .xz") << QByteArray("raw") << QByteArray("xz") << "app.log.xz"
                                    << "app.log.xz";
        QTest::newRow("single .zst") << QByteArray("raw") << QByteArray("zstd") << "app.log.zst"
                                     << "app.log.zst";
        QTest::newRow("single .bz2") << QByteArray("raw") << QByteArray("bzip2") << "app.log.bz2"
                                     << "app.log.bz2";
    }

    void theSeedNoteIsFoundInEveryContainer()
    {
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        QFETCH(QString, fileName);
        QFETCH(QString, expectedPath);
        const QByteArray log = "first line\n" + kSeed;
        const QString path
            = writeFile(m_dir, fileName, makeArchive(format, filter, {{"pods/app.log", log}}));
        const AnalysisResult result = analyze({path});
        QVERIFY2(result.problems.isEmpty(), qPrintable(problemTexts(result.problems).join(u'\n')));
        QCOMPARE(result.findings.size(), 1);
        const Occurrence &o = result.findings.front().occurrences.front();
        QCOMPARE(o.path, expectedPath); // named without the engineer's local folders
        QCOMPARE(o.line, 2);
        QCOMPARE(result.findings.front().facts.at(QStringLiteral("host_driver")),
                 QStringLiteral("570.158.08"));
    }

    void nestedArchivesAreOpenedAndNamed()
    {
        const QByteArray inner = makeArchive("tar", "gzip", {{"pods/app.log", kSeed}});
        const QString path
            = writeFile(m_dir, "outer.zip", makeArchive("zip", "none", {{"inner.tgz", inner}}));
        const AnalysisResult result = analyze({path});
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings.front().occurrences.front().path,
                 QStringLiteral("outer.zip!inner.tgz!pods/app.log"));
    }

    void adversarialInputsFinishQuicklyWithAMessage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("seedStillFound");

        QTest::newRow("zip-slip names are shown sanitized")
            << makeArchive("zip", "none",
                           {{"../../etc/cron.d/evil.log", kSeed}, {"/abs/path.log", "x\n"}})
            << "unsafe entry name '../../etc/cron.d/evil.log' shown sanitized" << true;
        QTest::newRow("a 10 000:1 bomb stops at the ratio limit")
            << makeArchive("tar", "zstd",
                           {{"zeros.log", QByteArray(16 << 20, '\0')}, {"app.log", kSeed}})
            << "decompresses more than 1000:1" << false;
        QByteArray claimed
            = makeArchive("tar", "none", {{"huge.log", kSeed, AE_IFREG, qint64(1) << 30}});
        QTest::newRow("an entry claiming 1 GiB that is not there keeps what is there")
            << claimed.left(4096) << "truncated" << true;
        QByteArray noise; // does not compress, so the cut lands inside the second entry
        for (quint32 x = 1; noise.size() < 400000;) {
            x = x * 1664525u + 1013904223u;
            noise += QByteArray::number(x, 16) + ((x & 7) ? ' ' : '\n');
        }
        QByteArray gz = makeArchive("tar", "gzip", {{"app.log", kSeed}, {"more.log", noise}});
        QTest::newRow("a truncated gzip keeps what was read")
            << gz.left(gz.size() / 2) << "more.log" << true;
        QTest::newRow("a gzip cut in its first block is damaged, not a plain file")
            << gz.left(20) << "damaged, nothing could be read: truncated gzip input" << false;
        QList<Member> empties;
        for (int i = 0; i < 200000; ++i)
            empties.append({"e" + QByteArray::number(i), QByteArray()});
        QTest::newRow("200 000 empty entries hit the entry limit")
            << makeArchive("tar", "gzip", empties) << "more than 100000 entries" << false;
        QByteArray nested = makeArchive("tar", "gzip", {{"app.log", kSeed}});
        for (int depth = 0; depth < 9; ++depth)
            nested = makeArchive("tar", "gzip",
                                 {{"level" + QByteArray::number(depth) + ".tgz", nested}});
        QTest::newRow("nesting depth 10 stops at 3")
            << nested << "nested deeper than 3 levels" << false;
        QTest::newRow("a log starting like an archive at the deepest level is read")
            << makeArchive(
                   "tar", "gzip",
                   {{"a.tgz", makeArchive("tar", "gzip",
                                          {{"b.tgz", makeArchive("tar", "gzip",
                                                                 {{"odd.log", "BZh odd first line\n"
                                                                                  + kSeed}})}})}})
            << "starts like an archive but is not one" << true;
        QTest::newRow("symlinks inside an archive are not followed")
            << makeArchive("tar", "none",
                           {{"link.log", QByteArray(), AE_IFLNK}, {"app.log", kSeed}})
            << "1 link/device entries not followed" << true;
    }

    void adversarialInputsFinishQuicklyWithAMessage()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        QFETCH(bool, seedStillFound);
        const QString path = writeFile(
            m_dir, QStringLiteral("adversarial/%1.bin").arg(QTest::currentDataTag()), bytes);
        QElapsedTimer timer;
        timer.start();
        const AnalysisResult result = analyze({path});
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        const QStringList problems = problemTexts(result.problems);
        QVERIFY2(!problems.isEmpty(), "expected a problem message");
        QVERIFY2(problems.join(u'\n').contains(message), qPrintable(problems.join(u'\n')));
        QCOMPARE(!result.findings.isEmpty(), seedStillFound);
        // Every problem (not note) is also on the input it names, for the JSON inventory.
        for (const Error &e : result.problems) {
            if (e.warning)
                continue;
            const bool attached
                = std::any_of(result.inputs.begin(), result.inputs.end(), [&](const InputInfo &in) {
                      return in.path == e.file && in.problems.contains(e.message);
                  });
            QVERIFY2(attached, qPrintable(e.toString()));
        }
    }

    // A compressed archive or file cut short: every entry before the cut is read whole, the cut
    // one up to where its bytes end, and the archive names where it was cut.
    void aCompressedStreamCutShortKeepsWhatDecompresses_data()
    {
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<QByteArray>("filter");
        QTest::addColumn<int>("linesPerMember");
        QTest::addColumn<int>("minWhole"); // members read whole at least
        QTest::addColumn<QString>("kind");

        // A few KB: less than libarchive's block, so it used to give 0 files.
        QTest::newRow("a small must-gather .tar.gz")
            << QByteArray("tar") << QByteArray("gzip") << 60 << 4 << "gzip";
        QTest::newRow("a large must-gather .tar.gz")
            << QByteArray("tar") << QByteArray("gzip") << 6000 << 4 << "gzip";
        QTest::newRow("a small .tar.xz")
            << QByteArray("tar") << QByteArray("xz") << 60 << 4 << "xz";
        // zstd and bzip2 decompress whole blocks only (128 KiB, 900 kB): a larger archive.
        QTest::newRow("a .tar.zst")
            << QByteArray("tar") << QByteArray("zstd") << 6000 << 3 << "zstd";
        QTest::newRow("a .tar.bz2")
            << QByteArray("tar") << QByteArray("bzip2") << 12000 << 2 << "bzip2";
        QTest::newRow("a single .gz")
            << QByteArray("raw") << QByteArray("gzip") << 60 << 0 << "gzip";
        QTest::newRow("a single .xz") << QByteArray("raw") << QByteArray("xz") << 60 << 0 << "xz";
    }

    void aCompressedStreamCutShortKeepsWhatDecompresses()
    {
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        QFETCH(int, linesPerMember);
        QFETCH(int, minWhole);
        QFETCH(QString, kind);
        QList<Member> members;
        quint32 x = 11;
        for (int m = 0; m < (format == "raw" ? 1 : 6); ++m) {
            QByteArray log = m == 0 ? kSeed : QByteArray();
            for (int i = 0; i < linesPerMember; ++i) {
                x = x * 1664525u + 1013904223u;
                log += "I1130 pod" + QByteArray::number(m) + " step " + QByteArray::number(i)
                       + " token " + QByteArray::number(x, 16) + '\n';
            }
            members.append({"must-gather/pods/pod" + QByteArray::number(m) + ".log", log});
        }
        const QByteArray whole = makeArchive(format, filter, members);
        const QByteArray cut = whole.left(whole.size() * 8 / 10);
        const QString name
            = QStringLiteral("cut-%1").arg(QTest::currentDataTag()).replace(u' ', u'-');
        const QString path = writeFile(m_dir, QStringLiteral("cut/%1").arg(name), cut);
        const AnalysisResult result = analyze({path});
        const QString problems = problemTexts(result.problems).join(u'\n');

        int complete = 0, partial = 0;
        for (const InputInfo &in : result.inputs) {
            const int expected = linesPerMember + (in.path.endsWith(u"pod0.log") ? 2 : 0);
            if (in.lines == expected && format != "raw")
                ++complete;
            else if (in.lines > 0)
                ++partial;
        }
        QVERIFY2(complete >= minWhole, qPrintable(problems));
        QCOMPARE(partial, 1);
        QVERIFY(!result.findings.isEmpty()); // the seed in the first member
        QVERIFY2(problems.contains(QStringLiteral("cut short: its %1 stream ends after %2 bytes")
                                       .arg(kind)
                                       .arg(cut.size())),
                 qPrintable(problems));
        if (format == "tar")
            QVERIFY2(problems.contains(u"which is cut off")
                         && problems.contains(u"entry truncated"),
                     qPrintable(problems));
    }

    void filesGivenByAbsolutePathAreNamedWithoutTheirFolders_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("relative paths stay as given")
            << QStringList{QStringLiteral("tests/data/./seed.log"), QStringLiteral("b.tgz")}
            << QStringList{QStringLiteral("tests/data/seed.log"), QStringLiteral("b.tgz")};
        QTest::newRow("an absolute path keeps its name")
            << QStringList{QStringLiteral("/home/eng/cases/12345/node-7.tar.gz")}
            << QStringList{QStringLiteral("node-7.tar.gz")};
        QTest::newRow("two files of one name keep the folders that tell them apart")
            << QStringList{QStringLiteral("/cases/1/node-a/dmesg.log"),
                           QStringLiteral("/cases/1/node-b/dmesg.log"),
                           QStringLiteral("/cases/1/node-b/kern.log")}
            << QStringList{QStringLiteral("node-a/dmesg.log"), QStringLiteral("node-b/dmesg.log"),
                           QStringLiteral("kern.log")};
        QTest::newRow("the same file twice is one name")
            << QStringList{QStringLiteral("/x/a.log"), QStringLiteral("/x/a.log")}
            << QStringList{QStringLiteral("a.log"), QStringLiteral("a.log")};
    }
    void filesGivenByAbsolutePathAreNamedWithoutTheirFolders()
    {
        QFETCH(QStringList, paths);
        QFETCH(QStringList, names);
        QCOMPARE(BundleReader::displayNames(paths), names);
    }

    // A bomb spread over many entries, each under the ratio limit, stops at the total size, and
    // the message says which option raises it. The default suits a laptop: 8 GiB.
    void manyEntriesStopAtTheTotalSize()
    {
        QCOMPARE(BundleLimits().maxTotalBytes, qint64(8) << 30);
        QByteArray noise; // compresses little, so the ratio limit stays out of the way
        for (quint32 x = 7; noise.size() < (1 << 20);) {
            x = x * 1664525u + 1013904223u;
            noise += QByteArray::number(x, 16) + ((x & 7) ? ' ' : '\n');
        }
        QList<Member> members;
        for (int i = 0; i < 12; ++i)
            members.append({"part" + QByteArray::number(i) + ".log", noise});
        members.append({"last.log", kSeed});
        const QString path = writeFile(m_dir, QStringLiteral("total/spread.tgz"),
                                       makeArchive("tar", "gzip", members));
        BundleLimits limits;
        limits.maxTotalBytes = qint64(4) << 20;
        const AnalysisResult result = analyze({path}, limits);
        const QString problems = problemTexts(result.problems).join(u'\n');
        QVERIFY2(problems.contains(u"bundle larger than 4 MiB decompressed")
                     && problems.contains(u"--max-total-size"),
                 qPrintable(problems));
        QVERIFY(result.findings.isEmpty()); // the entry after the limit is not read
        QVERIFY(result.inputs.size() <= 6);
    }

    void aFolderNeverFollowsSymlinks()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("bundle/app.log"), kSeed);
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("bundle")),
                            dir.filePath(QStringLiteral("bundle/loop"))));
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"),
                            dir.filePath(QStringLiteral("bundle/host.log"))));
        const AnalysisResult result = analyze({dir.filePath(QStringLiteral("bundle"))});
        QCOMPARE(result.inputs.size(), 1);
        QCOMPARE(result.inputs.front().path, QStringLiteral("bundle/app.log"));
        QVERIFY(problemTexts(result.problems)
                    .join(u'\n')
                    .contains(u"2 symlinks or special files not followed"));
        QVERIFY(result.problems.front().warning);
    }

    void bugReportIsSplitIntoSections()
    {
        const QByteArray sep = QByteArray(44, '_') + "\n\n";
        const QByteArray part1
            = sep
              + "Start of NVIDIA bug report log file.  Please include this file, along\n"
                "nvidia-bug-report.sh Version: 37062940\n\n";
        const QByteArray part2 = sep
                                 + "*** /proc/driver/nvidia/version\n"
                                   "*** ls: -r--r--r-- 1 root root 0 2025-11-30 08:00:00.000000000 "
                                   "+0000 /proc/driver/nvidia/version\n"
                                   "NVRM version: NVIDIA UNIX x86_64 Kernel Module  570.158.08  "
                                   "Tue Jun 10 21:17:04 UTC 2025\n\n";
        // A command that printed nothing leaves blank lines between two separators: no section.
        const QByteArray part3
            = sep + "\n  \n" + sep + "dmesg:\n\n[    4.13] NVRM: loading\n" + kSeed + "\n";
        // nvidia-bug-report.sh appends one gzip member per block.
        const QByteArray gz = makeArchive("raw", "gzip", {{"data", part1}})
                              + makeArchive("raw", "gzip", {{"data", part2}})
                              + makeArchive("raw", "gzip", {{"data", part3}});
        const QString path = writeFile(m_dir, QStringLiteral("nvidia-bug-report.log.gz"), gz);
        const AnalysisResult result = analyze({path});
        QStringList names;
        for (const InputInfo &in : result.inputs)
            names << in.path.mid(QFileInfo(path).fileName().size());
        QCOMPARE(names, (QStringList{QStringLiteral("!prologue"),
                                     QStringLiteral("!/proc/driver/nvidia/version"),
                                     QStringLiteral("!dmesg")}));
        QCOMPARE(result.findings.size(), 1);
        const Occurrence &o = result.findings.front().occurrences.front();
        QCOMPARE(o.path, QStringLiteral("nvidia-bug-report.log.gz!dmesg"));
        // The line number still points into the whole report.
        const QByteArray all = part1 + part2 + part3;
        QCOMPARE(o.line, int(all.left(all.indexOf("\xE2\x94\x82 NOTE")).count('\n')) + 1);
    }

    // An entry larger than a streaming chunk is still read as what it is: a bug report is split
    // into sections (not streamed as one log), a UTF-16 log decoded whole (not chunk by chunk).
    void aLargeEntryThatMustBeReadWholeIsNotStreamed_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("expectedSection"); // empty: no sections
        const QByteArray sep = QByteArray(44, '_') + "\n\n";
        // 40 Xids among 12 000 other lines: across many chunks and their boundaries.
        QByteArray text;
        for (int i = 0; i < 12000; ++i)
            text += i % 300 == 150
                        ? QByteArray("[ 9000.1] NVRM: Xid (PCI:0000:86:00): 79, pid=1, GPU has "
                                     "fallen off the bus.\n")
                        : "[ " + QByteArray::number(i) + ".000000] usb 1-1: new device number 3\n";
        QTest::newRow("a bug report is split into sections")
            << sep + "Start of NVIDIA bug report log file.\n\n" + sep + "dmesg:\n\n" + text
            << QStringLiteral("!dmesg");
        QByteArray utf16("\xff\xfe");
        const QString wide = QString::fromUtf8(text);
        utf16.append(reinterpret_cast<const char *>(wide.utf16()), wide.size() * 2);
        QTest::newRow("a UTF-16 log is decoded whole") << utf16 << QString();
    }
    void aLargeEntryThatMustBeReadWholeIsNotStreamed()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, expectedSection);
        const QString path = writeFile(m_dir, QStringLiteral("whole/report.log.gz"),
                                       makeArchive("raw", "gzip", {{"data", log}}));
        const Analyzer analyzer(loadRules({}, true));
        AnalyzeOptions options;
        options.limits.streamChunkBytes = 64 * 1024; // the entry is many chunks long
        const AnalysisResult result = analyzer.analyzePaths({path}, options);
        const auto xid
            = std::find_if(result.findings.begin(), result.findings.end(),
                           [](const Finding &f) { return f.facts.count(QStringLiteral("xid")); });
        QVERIFY(xid != result.findings.end());
        QCOMPARE(xid->count, 40);
        QCOMPARE(xid->occurrences.front().path, QStringLiteral("report.log.gz") + expectedSection);
    }

    void mustGatherIsRecognisedWithFactsAndLabels()
    {
        QTemporaryDir dir;
        writeFile(dir, QStringLiteral("mg/must-gather.log"), "#\n# ClusterPolicy\n#\n");
        writeFile(dir, QStringLiteral("mg/cluster_policy.yaml"),
                  "spec:\n  operator:\n    image: registry.example/nvidia/gpu-operator:v25.3.0\n");
        writeFile(
            dir, QStringLiteral("mg/gpu_operand_pod_nvidia-driver-daemonset-x7k2p.log"),
            "[pod/nvidia-driver-daemonset-x7k2p/nvidia-driver-ctr] Creating directory "
            "NVIDIA-Linux-x86_64-570.158.08\n"
            "[pod/nvidia-driver-daemonset-x7k2p/nvidia-driver-ctr] Done, now waiting for signal\n");
        const QByteArray sep = QByteArray(44, '_') + "\n\n";
        const QByteArray report
            = sep
              + "Start of NVIDIA bug report log file.\n"
                "uname: Linux node1 5.15.0-91-generic #101-Ubuntu SMP x86_64 GNU/Linux\n\n"
              + sep
              + "/usr/bin/nvidia-smi --query\n\n"
                "Driver Version                            : 570.158.08\n"
                "CUDA Version                              : 12.8\n\n"
                "GPU 00000000:3B:00.0\n"
                "    Product Name                          : NVIDIA H100 80GB HBM3\n"
                "    Product Brand                         : NVIDIA\n";
        writeFile(dir, QStringLiteral("mg/nvidia-bug-report_node1.log.gz"),
                  makeArchive("raw", "gzip", {{"data", report}}));
        writeFile(
            dir,
            QStringLiteral("pods/ml_trainer-0_0c6f7a52-1b7e-4b1e-9a55-2f6f9a0d1e11/pytorch/0.log"),
            kSeed);

        const AnalysisResult result
            = analyze({dir.filePath(QStringLiteral("mg")), dir.filePath(QStringLiteral("pods"))});
        QStringList facts;
        for (const BundleFact &f : result.facts)
            facts << f.name + QLatin1Char('=') + f.value + QLatin1Char('@') + f.path
                         + QLatin1Char(':') + QString::number(f.line);
        QCOMPARE(
            facts,
            (QStringList{
                QStringLiteral("bundle_type=gpu-operator-must-gather@mg/must-gather.log:0"),
                QStringLiteral("bundle_type=nvidia-bug-report@mg/nvidia-bug-report_node1.log.gz:0"),
                QStringLiteral("driver_cuda=12.8@mg/nvidia-bug-report_node1.log.gz!/usr/bin/"
                               "nvidia-smi --query:11"),
                QStringLiteral("gpu_bus_id=00000000:3B:00.0@mg/nvidia-bug-report_node1.log.gz!/usr/"
                               "bin/nvidia-smi --query:13"),
                QStringLiteral(
                    "gpu_name=NVIDIA H100 80GB "
                    "HBM3@mg/nvidia-bug-report_node1.log.gz!/usr/bin/nvidia-smi --query:13"),
                QStringLiteral("gpu_operator=25.3.0@mg/cluster_policy.yaml:3"),
                QStringLiteral(
                    "kernel=5.15.0-91-generic@mg/nvidia-bug-report_node1.log.gz!prologue:4"),
                // nvidia-smi in the bug report says the same: one fact, seen twice.
                QStringLiteral("kernel_driver=570.158.08@mg/"
                               "gpu_operand_pod_nvidia-driver-daemonset-x7k2p.log:1"),
            }));
        QStringList labels;
        for (const InputInfo &in : result.inputs)
            if (!in.label.isEmpty())
                labels << in.label;
        QCOMPARE(labels, (QStringList{QStringLiteral("pod nvidia-driver-daemonset-x7k2p"),
                                      QStringLiteral("ml/trainer-0/pytorch")}));
        QCOMPARE(result.findings.size(), 1);
    }

    void aLargeEntryIsStreamedInChunks_data()
    {
        QTest::addColumn<bool>("compressed");
        QTest::addColumn<QByteArray>("lineEnd");
        QTest::newRow("gzip'd entry") << true << QByteArray("\n");
        QTest::newRow("plain file") << false << QByteArray("\n");
        QTest::newRow("plain file with old Mac line ends") << false << QByteArray("\r");
    }
    void aLargeEntryIsStreamedInChunks()
    {
        QFETCH(bool, compressed);
        QFETCH(QByteArray, lineEnd);
        // 20 000 numbered lines with the wrapped peer-memory note every 997 lines, so notes
        // fall on and across chunk boundaries.
        QByteArray log;
        QList<int> expectedLines;
        for (int line = 1; line <= 20000; ++line) {
            if (line % 997 == 0) {
                log += "NOTE: Mellanox network driver detected, but NVIDIA peer memory driver "
                       "not\n";
                expectedLines << line;
                log += "      detected.  Multi-node communication performance may be reduced.\n";
                ++line;
            } else if (line == 5000) { // longer than a chunk
                log += "2025-11-30T08:15:02Z " + QByteArray(200 * 1024, 'x') + '\n';
            } else {
                log += "2025-11-30T08:15:02Z line " + QByteArray::number(line)
                       + " of the training log\n";
            }
        }
        log.replace('\n', lineEnd);
        const QString path = compressed ? writeFile(m_dir, QStringLiteral("stream/train.log.gz"),
                                                    makeArchive("raw", "gzip", {{"data", log}}))
                                        : writeFile(m_dir, QStringLiteral("stream/train.log"), log);
        const Analyzer analyzer(loadRules({}, true));
        AnalyzeOptions options;
        options.maxOccurrences = 100;
        options.limits.streamChunkBytes = 64 * 1024; // ~15 chunks
        int chunks = 0;
        const AnalysisResult result = [&] {
            AnalysisSession session(analyzer, options);
            BundleReader reader(options.limits);
            reader.setSink(
                [&](std::shared_ptr<const LogDocument> doc, int matchLines, bool continuation) {
                    ++chunks;
                    session.add(doc, matchLines, continuation);
                });
            reader.read({path});
            return session.finish();
        }();
        QVERIFY2(chunks > 10, qPrintable(QString::number(chunks)));
        QCOMPARE(result.inputs.size(), 1);
        QCOMPARE(result.inputs.front().lines, qint64(20000));
        QCOMPARE(result.inputs.front().bytes, qint64(log.size()));
        QCOMPARE(result.findings.size(), 1);
        QList<int> lines;
        for (const Occurrence &o : result.findings.front().occurrences)
            lines << o.line;
        QCOMPARE(lines, expectedLines);
        // The same through analyzePaths, which streams the same way.
        const AnalysisResult viaPaths = analyzer.analyzePaths({path}, options);
        QCOMPARE(viaPaths.findings.front().count, expectedLines.size());
    }

    // A line ends at a newline or at a return nothing ends with it (old Mac files, progress
    // bars), in the vector loop and after it: "\r\n" and "\r\r\n" end one line.
    void lineEndsAreNewlinesAndLoneReturns()
    {
        const QList<QByteArray> ends = {"\n", "\r", "\r\n", "\r\r\n"};
        QByteArray text;
        QList<QByteArray> expected;
        for (int i = 0; i < 400; ++i) {
            expected << "line " + QByteArray::number(i) + ' ' + QByteArray(i % 97, 'x');
            text += expected.back() + ends[(i * 7 + i / 5) % ends.size()];
        }
        text += "last line without an end\r";
        expected << "last line without an end";
        const auto doc = LogDocument::fromBytes(text, QStringLiteral("ends.log"));
        QList<QByteArray> lines;
        for (int i = 0; i < doc->lineCount(); ++i)
            lines << QByteArray(doc->line(i).data(), qsizetype(doc->line(i).size()));
        QCOMPARE(lines, expected);
    }

    void oldMacLineEndsAreLinesForTheRules()
    {
        const QByteArray line = "Dec  3 10:00:00 node1 kernel: NVRM: Xid (PCI:0000:3b:00): 79, "
                                "pid=1234, name=python, GPU has fallen off the bus.";
        const QString path = writeFile(m_dir, QStringLiteral("cr/kern.log"),
                                       line + '\r' + "unrelated\r" + line + '\r' + line + '\r');
        const AnalysisResult result = analyze({path});
        QCOMPARE(result.inputs.front().lines, qint64(4));
        QCOMPARE(result.findings.size(), 1);
        QCOMPARE(result.findings.front().count, 3);
    }

    // Files of the kernel's tables say size 0 and give terabytes (/proc/self/pagemap) or wait
    // for more (/proc/kmsg): read up to a bound, without waiting, and the other inputs after.
    void kernelFilesAreReadWithABound()
    {
        if (!QFileInfo::exists(QStringLiteral("/proc/self/pagemap")))
            QSKIP("no /proc/self/pagemap here");
        const QByteArray xid = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=a, GPU has fallen "
                               "off the bus.\n";
        const QString log = writeFile(m_dir, QStringLiteral("kernel/kern.log"), xid);
        BundleReader reader;
        const auto docs = reader.read(
            {QStringLiteral("/proc/self/pagemap"), QStringLiteral("/proc/self/status"), log});
        QCOMPARE(docs.size(), size_t(3));
        QVERIFY(qint64(docs[0]->bytes().size()) <= BundleReader::kKernelFileBytes);
        QVERIFY(docs[1]->bytes().find("Name:") != std::string_view::npos);
        QCOMPARE(docs[2]->bytes(), std::string_view(xid.constData(), size_t(xid.size())));
        const QStringList problems = problemTexts(reader.problems());
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.front().contains(QLatin1String("only its first 16 MiB are read")),
                 qPrintable(problems.front()));

        // A whole folder of them (with pagemap, mem, the tasks' copies) ends too, and the rest
        // is analysed.
        QElapsedTimer timer;
        timer.start();
        const Analyzer analyzer(loadRules({}, true));
        const AnalysisResult result
            = analyzer.analyzePaths({QStringLiteral("/proc/self"), log}, AnalyzeOptions{});
        QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(std::any_of(result.findings.begin(), result.findings.end(), [](const Finding &f) {
            return f.ruleId == QLatin1String("gpu.xid.79-fallen-off-bus");
        }));
        for (const InputInfo &input : result.inputs)
            QVERIFY2(input.bytes <= BundleReader::kKernelFileBytes, qPrintable(input.path));
    }

    // The same file named twice, or a file and its folder, is read once, with a note: its
    // lines would count twice ("keeps repeating").
    void eachFileIsReadOnce_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("a file named twice") << QStringList{"once/a.log", "once/a.log"};
        QTest::newRow("a file by two names") << QStringList{"once/a.log", "once/../once/a.log"};
        QTest::newRow("a file and its folder") << QStringList{"once/sub/b.log", "once"};
        QTest::newRow("a folder and its file") << QStringList{"once", "once/a.log"};
        QTest::newRow("a folder named twice") << QStringList{"once", "once/"};
        QTest::newRow("a folder and its subfolder") << QStringList{"once", "once/sub"};
        QTest::newRow("a subfolder and its folder") << QStringList{"once/sub", "once"};
        QTest::newRow("a file and a hard link to it") << QStringList{"once", "link.log"};
    }
    void eachFileIsReadOnce()
    {
        QFETCH(QStringList, paths);
        const QByteArray xid = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=a, GPU has fallen "
                               "off the bus.\n";
        writeFile(m_dir, QStringLiteral("once/a.log"), xid);
        writeFile(m_dir, QStringLiteral("once/sub/b.log"), xid);
        QFile::remove(m_dir.filePath(QStringLiteral("link.log")));
        QVERIFY(::link(QFile::encodeName(m_dir.filePath(QStringLiteral("once/a.log"))).constData(),
                       QFile::encodeName(m_dir.filePath(QStringLiteral("link.log"))).constData())
                == 0);
        QStringList absolute;
        for (const QString &p : paths)
            absolute << m_dir.filePath(p);
        BundleReader reader;
        const auto docs = reader.read(absolute);
        const QStringList problems = problemTexts(reader.problems());
        const bool whole = paths.contains(QStringLiteral("once"));
        QCOMPARE(docs.size(), size_t(whole ? 2 : 1));
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.front().contains(QLatin1String(": read once")),
                 qPrintable(problems.front()));
        QVERIFY(reader.problems().front().warning);
    }

    void sosreportIsRecognisedInsideItsArchive()
    {
        const QByteArray smi = "| NVIDIA-SMI 570.158.08             Driver Version: 570.158.08     "
                               "CUDA Version: 12.8     |\n";
        const QString path = writeFile(
            m_dir, QStringLiteral("sosreport-node1-2025-11-30-abcdef.tar.xz"),
            makeArchive(
                "tar", "xz",
                {{"sosreport-node1-2025-11-30-abcdef/sos_commands/nvidia/nvidia-smi_-q", smi},
                 {"sosreport-node1-2025-11-30-abcdef/sos_commands/kernel/dmesg", kSeed},
                 {"sosreport-node1-2025-11-30-abcdef/dmesg", QByteArray(), AE_IFLNK}}));
        const AnalysisResult result = analyze({path});
        QStringList facts, labels;
        for (const BundleFact &f : result.facts)
            facts << f.name + QLatin1Char('=') + f.value;
        for (const InputInfo &in : result.inputs)
            labels << in.label;
        QCOMPARE(facts, (QStringList{QStringLiteral("bundle_type=sosreport"),
                                     QStringLiteral("driver_cuda=12.8"),
                                     QStringLiteral("kernel_driver=570.158.08")}));
        QCOMPARE(labels, (QStringList{QStringLiteral("sos nvidia: nvidia-smi -q"),
                                      QStringLiteral("sos kernel: dmesg")}));
        QCOMPARE(result.findings.size(), 1);
    }

    void encodingsAreDecoded_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("firstLine");
        const QString text = QStringLiteral("Café NVRM: ok\nsecond\n");
        QByteArray le("\xFF\xFE"), be("\xFE\xFF");
        for (const QChar c : text) {
            le.append(char(c.unicode() & 0xFF)).append(char(c.unicode() >> 8));
            be.append(char(c.unicode() >> 8)).append(char(c.unicode() & 0xFF));
        }
        QTest::newRow("UTF-16 LE with BOM") << le << "utf-16le"
                                            << "Café NVRM: ok";
        QTest::newRow("UTF-16 BE with BOM") << be << "utf-16be"
                                            << "Café NVRM: ok";
        QTest::newRow("UTF-16 LE without BOM") << le.mid(2) << "utf-16le"
                                               << "Café NVRM: ok";
        QTest::newRow("UTF-16 BE without BOM") << be.mid(2) << "utf-16be"
                                               << "Café NVRM: ok";
        QTest::newRow("UTF-8 with BOM") << QByteArray("\xEF\xBB\xBF") + text.toUtf8() << "utf-8"
                                        << "Café NVRM: ok";
        QTest::newRow("Latin-1 without a valid UTF-8 sequence") << text.toLatin1() << "latin-1"
                                                                << "Café NVRM: ok";
        // Past the first 64 bytes the index's pass is the one that sees the high byte.
        const QByteArray ascii = QByteArray(300, 'a') + '\n';
        QTest::newRow("Latin-1 after ASCII")
            << ascii + text.toLatin1() << "latin-1" << QString::fromLatin1(ascii.chopped(1));
        QTest::newRow("a UTF-16 block appended to ASCII")
            << ascii + le << "utf-8+utf-16le" << QString::fromLatin1(ascii.chopped(1));
        QTest::newRow("ASCII only")
            << ascii + ascii << "utf-8" << QString::fromLatin1(ascii.chopped(1));
        QTest::newRow("UTF-8 with a broken byte keeps it as U+FFFD")
            << QByteArray("Caf\xC3\xA9 \xFF ok\n") << "utf-8" << QStringLiteral("Café \uFFFD ok");
    }

    void encodingsAreDecoded()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, encoding);
        QFETCH(QString, firstLine);
        const auto doc = LogDocument::fromBytes(bytes, QStringLiteral("x.log"));
        QCOMPARE(doc->encoding(), encoding);
        QCOMPARE(doc->lineText(0), firstLine);
    }

    void sanitizedNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<bool>("changed");
        QTest::newRow("plain") << "pods/app.log"
                               << "pods/app.log" << false;
        QTest::newRow("leading ./ is normal") << "./pods/app.log"
                                              << "pods/app.log" << false;
        QTest::newRow("parent references") << "../../etc/passwd"
                                           << "etc/passwd" << true;
        QTest::newRow("absolute") << "/etc/passwd"
                                  << "etc/passwd" << true;
        QTest::newRow("drive letter and backslashes") << "C:\\Windows\\x.log"
                                                      << "Windows/x.log" << true;
        QTest::newRow("control characters")
            << "a\x1b[2Jb.log" << QStringLiteral("a\uFFFD[2Jb.log") << true;
    }

    void sanitizedNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, shown);
        QFETCH(bool, changed);
        bool wasChanged = false;
        QCOMPARE(BundleReader::sanitizeEntryName(name, &wasChanged), shown);
        QCOMPARE(wasChanged, changed);
    }
};

QTEST_GUILESS_MAIN(TestBundleReader)
#include "tst_bundlereader.moc"
