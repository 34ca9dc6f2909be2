// Hostile inputs, generated here (never checked in: some are 100 MiB), each run through the real
// `gputriage` binary: it must exit normally with the expected code, within a time and a memory
// bound, and say what happened. Archive bombs and path traversal are in tst_bundlereader.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

#ifdef GPUTRIAGE_SANITIZE
constexpr double kSlowdown = 8; // ASan/UBSan builds: slower, and their shadow memory counts
constexpr bool kCheckMemory = false;
// Rows that measure scale run the code smaller rows run too; under the sanitizers they took
// 100 s of CI, so they are left to the Release suite.
constexpr bool kScaleRows = false;
#else
constexpr double kSlowdown = 1;
constexpr bool kCheckMemory = true;
constexpr bool kScaleRows = true;
#endif
constexpr const char *kScaleOnly[]
    = {"10 000 rules", "a rule matching every line", "50 000 bug-report sections of one title",
       "a NUL hole of 4 GiB before an Xid (copytruncate)"};

struct Run
{
    int exitCode = -1; // -1: killed by a signal or by the time limit
    double seconds = 0;
    long peakMiB = 0;
    QByteArray output; // stdout and stderr
};

// Each thread of a running process: its name, state (R runs, S sleeps, D waits on the disk), the
// kernel function it sleeps in and its system call (number and arguments), from /proc.
QByteArray threadStates(pid_t pid)
{
    QByteArray out = "threads at the time limit (name, state, kernel wait, syscall):\n";
    const QString task = QStringLiteral("/proc/%1/task").arg(pid);
    auto read = [](const QString &path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray("?");
    };
    for (const QString &tid : QDir(task).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString dir = task + QLatin1Char('/') + tid;
        const QByteArray stat = read(dir + QLatin1String("/stat"));
        const qsizetype close = stat.lastIndexOf(')');
        const QByteArray state = close >= 0 ? stat.mid(close + 2, 1) : QByteArray("?");
        out += "  " + tid.toLatin1() + ' ' + read(dir + QLatin1String("/comm")) + ' ' + state + ' '
               + read(dir + QLatin1String("/wchan")) + " [" + read(dir + QLatin1String("/syscall"))
               + "]\n";
    }
    return out;
}

// fork + exec + wait4, so the child's own peak RSS is known (QProcess does not give it). Not
// posix_spawn: a vfork-style child would report this process's own peak as its start.
// `fileSizeLimit` (bytes, RLIMIT_FSIZE) makes writes fail like a full disk, even for root.
Run runGpuTriage(const QStringList &args,
                 const QString &dir,
                 double limitSeconds,
                 long fileSizeLimit = -1,
                 const QByteArray *input = nullptr)
{
    Run run;
    int pipeFds[2] = {-1, -1};
    if (input && pipe(pipeFds) != 0)
        return run;
    const QByteArray out = QFile::encodeName(QDir(dir).filePath(QStringLiteral("output.txt")));
    const QByteArray cwd = QFile::encodeName(dir);
    QList<QByteArray> storage{QByteArrayLiteral(GPUTRIAGE_EXE)};
    for (const QString &a : args)
        storage << a.toUtf8();
    std::vector<char *> argv;
    for (QByteArray &a : storage)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = fork();
    if (pid < 0)
        return run;
    if (pid == 0) {
        const int fd = open(out.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 || chdir(cwd.constData()) != 0)
            _exit(127);
        if (input) {
            dup2(pipeFds[0], 0);
            close(pipeFds[0]);
            close(pipeFds[1]);
        }
        if (fileSizeLimit >= 0) {
            signal(SIGXFSZ, SIG_IGN); // a write past the limit then fails with EFBIG
            const rlimit limit{rlim_t(fileSizeLimit), rlim_t(fileSizeLimit)};
            setrlimit(RLIMIT_FSIZE, &limit);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    // Standard input through a real pipe, written while the child reads it.
    std::thread writer;
    if (input) {
        close(pipeFds[0]);
        writer = std::thread([fd = pipeFds[1], input] {
            signal(SIGPIPE, SIG_IGN);
            for (qsizetype done = 0; done < input->size();) {
                const ssize_t n
                    = write(fd, input->constData() + done, size_t(input->size() - done));
                if (n <= 0)
                    break;
                done += n;
            }
            close(fd);
        });
    }
    const auto joinWriter = qScopeGuard([&] {
        if (writer.joinable())
            writer.join();
    });
    int status = 0;
    rusage usage{};
    for (pid_t got; (got = wait4(pid, &status, WNOHANG, &usage)) != pid;) {
        if (got < 0 && errno != EINTR) { // reaped elsewhere: no exit code to give
            run.output = "wait4: " + QByteArray(strerror(errno)) + '\n';
            run.seconds = timer.elapsed() / 1000.0;
            return run;
        }
        if (timer.elapsed() > limitSeconds * 1000) {
            run.output = threadStates(pid); // where it waits or spins, for the failure message
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            run.seconds = timer.elapsed() / 1000.0;
            run.output += QStringLiteral("CPU time: %1 s user, %2 s system\n")
                              .arg(double(usage.ru_utime.tv_sec) + usage.ru_utime.tv_usec / 1e6)
                              .arg(double(usage.ru_stime.tv_sec) + usage.ru_stime.tv_usec / 1e6)
                              .toUtf8();
            QFile f(QFile::decodeName(out));
            if (f.open(QIODevice::ReadOnly))
                run.output += "output so far:\n" + f.readAll().right(4000);
            return run;
        }
        usleep(20000);
    }
    run.seconds = timer.elapsed() / 1000.0;
    run.peakMiB = usage.ru_maxrss / 1024;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    QFile f(QFile::decodeName(out));
    if (f.open(QIODevice::ReadOnly))
        run.output = f.readAll();
    return run;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

const QByteArray kXid = "NVRM: Xid (PCI:0000:3b:00): 13, pid=1, name=a, Graphics Exception";

QByteArray rulesHeader(const char *pack)
{
    return QByteArray("schema: gputriage/rules/v1\npack: ") + pack + "\nrules:\n";
}

QByteArray simpleRule(const QByteArray &id, const QByteArray &pattern, const QByteArray &extra = {})
{
    return "  - id: " + id + "\n    title: " + id + "\n    severity: info\n    match: {pattern: '"
           + pattern + "'}\n" + extra + "    explain: x\n";
}

// A case outside the hostileInput table: it finished in time (a killed or overdue run has no
// exit code) and within 128 MiB.
void checkBounds(const Run &run)
{
    QVERIFY2(run.exitCode >= 0, qPrintable(QStringLiteral("killed or over its time limit\n")
                                           + QString::fromUtf8(run.output)));
    if (kCheckMemory)
        QVERIFY2(run.peakMiB <= 128,
                 qPrintable(QStringLiteral("peak %1 MiB > 128 MiB").arg(run.peakMiB)));
}

} // namespace

class TestAdversarial : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Logs.
        QByteArray longLine(100 << 20, 'x');
        writeFile(path("long-line.log"), longLine + '\n' + kXid);
        longLine.clear();
        {
            // Over 512 MiB: read in chunks, not mapped.
            QFile huge(path("huge-line.log"));
            QVERIFY(huge.open(QIODevice::WriteOnly));
            const QByteArray block(16 << 20, 'x');
            for (int i = 0; i < 33; ++i)
                QVERIFY(huge.write(block) == block.size());
            QVERIFY(huge.write("\n" + kXid + '\n') > 0);
        }
        writeFile(path("nul.log"), QByteArray(10 << 20, '\0'));
        QByteArray bad;
        for (int i = 0; i < 1000; ++i)
            bad += "x\xFF\xC3\x28 " + kXid + " \xED\xA0\x80\n";
        writeFile(path("invalid-utf8.log"), bad);
        QByteArray utf16;
        for (int i = 0; i < 1000; ++i)
            for (const char c : QByteArray(kXid + '\n'))
                utf16.append(c).append('\0');
        writeFile(path("utf16-no-bom.log"), utf16);
        writeFile(path("empty-lines.log"), QByteArray(10'000'000, '\n'));
        // Lines: a, b, c, an empty one (the lone return), the Xid, the Xid.
        writeFile(path("cr-mix.log"), "a\rb\r\nc\n\r" + kXid + "\r\r\n" + kXid + "\r");
        QByteArray as;
        for (int i = 0; i < 100; ++i)
            as += QByteArray(100000, 'a') + "!\n";
        writeFile(path("aaaa.log"), as);
        QByteArray numbered;
        for (int i = 0; i < 1'000'000; ++i)
            numbered += "line " + QByteArray::number(i) + '\n';
        writeFile(path("numbered.log"), numbered);
        QByteArray tokens;
        for (int i = 0; i < 200'000; ++i)
            tokens += "line token" + QByteArray::number(i % 20000) + " here\n";
        writeFile(path("tokens.log"), tokens);

        QVERIFY(mkfifo(QFile::encodeName(path("fifo.log")).constData(), 0600) == 0);
        QByteArray sections = "Start of NVIDIA bug report log file.\n";
        for (int i = 0; i < 50000; ++i)
            sections += "____________________________________________\ndmesg:\nline\n";
        sections += "____________________________________________\ndmesg:\n" + kXid + '\n';
        writeFile(path("nvidia-bug-report-sections.log"), sections);

        // A CRI message split over a run of partial records across the 32 768-line chunk; a
        // docker json-file record whose message follows a window title (OSC ended by BEL); a
        // name and a line holding bidirectional controls.
        {
            QByteArray cri;
            for (int i = 0; i < 32760; ++i)
                cri += "2025-11-30T08:15:02.1Z stdout F filler " + QByteArray::number(i) + '\n';
            for (int i = 0; i < 400; ++i)
                cri += "2025-11-30T08:15:02.2Z stdout P progress " + QByteArray::number(i) + " \n";
            cri += "2025-11-30T08:15:02.3Z stdout P " + kXid
                   + "\n2025-11-30T08:15:02.3Z stdout F end\n";
            writeFile(path("cri-run.log"), cri);
        }
        writeFile(path("osc.log"),
                  "{\"log\":\"\\u001b]0;title\\u0007" + kXid + "\\n\",\"stream\":\"stdout\"}\n");
        writeFile(path("bidi\xe2\x80\xaegol.log"), kXid + " \xe2\x81\xa6x\xe2\x81\xa9\n");

        // Logs that look like something else.
        writeFile(path("nul-run.log"),
                  "line one\n" + QByteArray(300, '\0') + "\nline three\n" + kXid + '\n');
        writeFile(path("magic-bzh.log"), "BZh91AY starting\n" + kXid + '\n');
        writeFile(path("magic-gzip.log"), "\x1f\x8b starting\n" + kXid + '\n');
        writeFile(path("magic-zip.log"), "PK\x05\x06 starting\n" + kXid + '\n');
        writeFile(path("magic-ustar.log"), QByteArray(257, 'a') + "ustar\n" + kXid + '\n');
        if (const QString gzip = QStandardPaths::findExecutable(QStringLiteral("gzip"));
            !gzip.isEmpty()) {
            auto gzipped = [&](const QString &name, const QByteArray &bytes) {
                QProcess p;
                p.setStandardOutputFile(path(name));
                p.start(gzip, {QStringLiteral("-1"), QStringLiteral("-c")});
                p.write(bytes);
                p.closeWriteChannel();
                QVERIFY(p.waitForFinished(60000) && p.exitCode() == 0);
            };
            gzipped(QStringLiteral("nul-led.log.gz"), QByteArray(512, '\0') + kXid + '\n');
            gzipped(QStringLiteral("words.log.gz"), "start\nok\nready\n" + kXid + '\n');
            gzipped(QStringLiteral("zeros.gz"), QByteArray(64 << 20, '\0'));
            gzipped(QStringLiteral("long-line.log.gz"),
                    QByteArray(256 << 20, 'x') + '\n' + kXid + '\n');
        }

        // A NUL hole of 4 GiB and more (logrotate's copytruncate while the writer kept its
        // offset), sparse; a UTF-16 block with its byte order mark appended to a UTF-8 log.
        {
            QFile hole(path("hole.log"));
            QVERIFY(hole.open(QIODevice::WriteOnly) && hole.resize((qint64(4) << 30) + 4096));
            QVERIFY(hole.seek(hole.size()) && hole.write("\n" + kXid + '\n') > 0);
        }
        {
            QByteArray mixed = "a UTF-8 line first\n\xFF\xFE";
            for (const char c : QByteArray("PowerShell says hello\n" + kXid + '\n'))
                mixed.append(c).append('\0');
            writeFile(path("utf16-appended.log"), mixed);
        }
        // A rule whose context pattern never matches, `within: 1000`, on every tenth of
        // 1 000 000 lines (took 14 s, 20 times the time without the context).
        QByteArray states;
        for (int i = 0; i < 1'000'000; ++i)
            states += "widget " + QByteArray::number(i)
                      + (i % 10 ? " idle and waiting for work\n" : " state ok\n");
        writeFile(path("states.log"), states);
        writeFile(
            path("rules-context/r.yaml"),
            rulesHeader("context")
                + simpleRule("context.state", "state ok",
                             "    context: {pattern: 'PCI:(?P<pci>[0-9a-f:.]+)', within: 1000}\n"));

        // Rules.
        QVERIFY(QDir().mkpath(path("rules-zero")));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path("rules-zero/zero.yaml")));
        {
            QDir().mkpath(path("rules-sparse"));
            QFile sparse(path("rules-sparse/sparse.yaml"));
            QVERIFY(sparse.open(QIODevice::WriteOnly) && sparse.resize(qint64(6) << 30));
        }
        QByteArray bomb = rulesHeader("bomb");
        bomb.replace("rules:\n", "links:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        char previous = 'a';
        for (char c = 'b'; c <= 'i'; ++c) {
            bomb += QByteArray("  ") + c + ": &" + c + " [";
            for (int i = 0; i < 9; ++i)
                bomb += QByteArray(i ? ", *" : "*") + previous;
            bomb += "]\n";
            previous = c;
        }
        bomb += "rules: *i\n";
        writeFile(path("rules-bomb/bomb.yaml"), bomb);
        writeFile(path("rules-big/big.yaml"),
                  rulesHeader("big") + "  []\n# " + QByteArray(10 << 20, 'x') + "\n");
        writeFile(path("rules-deep/deep.yaml"), rulesHeader("deep").replace("rules:\n", "rules: ")
                                                    + QByteArray(100000, '[')
                                                    + QByteArray(100000, ']') + "\n");
        writeFile(path("rules-backtracking/r.yaml"),
                  rulesHeader("re") + simpleRule("re.nested", "^(a+)+$")
                      + simpleRule("re.alternation", "^(a|aa)+$"));
        writeFile(path("rules-empty/r.yaml"), rulesHeader("empty") + simpleRule("empty.pattern", "")
                                                  + simpleRule("empty.other", "Xid"));
        QByteArray many = rulesHeader("many");
        for (int i = 0; i < 10000; ++i)
            many += simpleRule("many.r" + QByteArray::number(i),
                               "token" + QByteArray::number(i) + "[^0-9]");
        writeFile(path("rules-many/many.yaml"), many);
        writeFile(path("rules-every-line/r.yaml"),
                  rulesHeader("all") + simpleRule("all.lines", ".")
                      + simpleRule("all.grouped", "line (?P<n>[0-9]+)", "    group_by: [n]\n"));
    }

    void hostileInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message"); // a regular expression the output must match
        QTest::addColumn<double>("seconds");
        QTest::addColumn<int>("mebibytes");
        const QStringList noDefaults{"--no-default-rules", "--rules"};

        QTest::newRow("100 MiB single line")
            << QStringList{"analyze", "long-line.log", "--max-evidence", "1"} << 0
            << "(?s)(?=.*Xid 13 on GPU 0000:3b:00)(?=.*long-line.log:1: a line longer than 1 MiB; "
               "only its "
               "first 1 MiB are matched)"
            << 60.0 << 512;
        QTest::newRow("a 528 MiB line in a plain file")
            << QStringList{"analyze", "huge-line.log", "--max-evidence", "1"} << 0
            << "(?s)(?=.*Xid 13 on GPU 0000:3b:00)(?=.*huge-line.log:1: a line of 528.0 MiB; its "
               "first 8 "
               "MiB are read)"
            << 20.0 << 256;
        QTest::newRow("only NUL bytes")
            << QStringList{"analyze", "nul.log"} << 0
            << "nul.log: binary file, listed but not analysed" << 20.0 << 128;
        QTest::newRow("invalid UTF-8")
            << QStringList{"analyze", "invalid-utf8.log", "--max-evidence", "1"} << 0
            << "Xid 13 on GPU 0000:3b:00.*\\(1000×\\)" << 20.0 << 128;
        QTest::newRow("UTF-16 without BOM")
            << QStringList{"analyze", "utf16-no-bom.log", "--max-evidence", "1"} << 0
            << "Xid 13 on GPU 0000:3b:00.*\\(1000×\\)" << 20.0 << 128;
        QTest::newRow("10 M empty lines") << QStringList{"analyze", "empty-lines.log"} << 0
                                          << "0 findings in 1 file, 10000000 lines" << 30.0 << 256;
        QTest::newRow("CR and CRLF mixed") << QStringList{"analyze", "cr-mix.log"} << 0
                                           << "cr-mix.log:5: NVRM: Xid" << 20.0 << 128;
        QTest::newRow("a NUL run in a text log")
            << QStringList{"analyze", "nul-run.log"} << 0
            << "(?s)1 finding in 1 file.*Xid 13 on GPU 0000:3b:00" << 20.0 << 128;
        for (const char *name :
             {"magic-bzh.log", "magic-gzip.log", "magic-zip.log", "magic-ustar.log"})
            QTest::newRow(qPrintable(
                QStringLiteral("a log starting like an archive: %1").arg(QLatin1String(name))))
                << QStringList{"analyze", QLatin1String(name)} << 0
                << QStringLiteral(
                       "(?s)(?=.*Xid 13 on GPU 0000:3b:00)(?=.*%1: starts like an archive but is "
                       "not one; read as a plain file)")
                       .arg(QLatin1String(name))
                << 20.0 << 128;
        QTest::newRow("a gzipped log starting with NULs")
            << QStringList{"analyze", "nul-led.log.gz"} << 0
            << "(?s)1 finding in 1 file.*Xid 13 on GPU 0000:3b:00" << 20.0 << 128;
        QTest::newRow("a gzipped log of single words")
            << QStringList{"analyze", "words.log.gz"} << 0
            << "(?s)1 finding in 1 file.*Xid 13 on GPU 0000:3b:00" << 20.0 << 128;
        QTest::newRow("a 256 MiB line in a compressed log")
            << QStringList{"analyze", "long-line.log.gz", "--max-evidence", "1"} << 0
            << "(?s)(?=.*Xid 13 on GPU 0000:3b:00)(?=.*a line longer than 1 MiB)" << 10.0 << 1024;
        QTest::newRow("gzipped zeros")
            << QStringList{"analyze", "zeros.gz"} << 0
            << "(?s)in 1 file.*zeros.gz: binary file, listed but not analysed" << 20.0 << 256;
        QTest::newRow("a CRI partial run across a matching chunk")
            << QStringList{"analyze", "cri-run.log", "--max-evidence", "1"} << 0
            << "Xid 13 on GPU 0000:3b:00" << 20.0 << 256;
        QTest::newRow("a window title before a docker json-file message")
            << QStringList{"analyze", "osc.log"} << 0 << "Xid 13 on GPU 0000:3b:00" << 20.0 << 128;
        QTest::newRow("bidirectional controls in a name and a line, Markdown")
            << QStringList{"analyze", "bidi\u202Egol.log", "--format", "markdown"} << 0
            << "(?s)^(?!.*[\u202E\u2066\u2069])(?=.*bidi<U\\+202E>gol\\.log)(?=.*<U\\+2066>x<U\\+"
               "2069>)"
            << 20.0 << 128;
        QTest::newRow("YAML alias bomb")
            << QStringList{"rules", "check", "--no-default-rules", "--rules", "rules-bomb"} << 2
            << "bomb.yaml:\\d+:\\d+: error: each rule must be a map" << 20.0 << 128;
        QTest::newRow("a FIFO named on the command line")
            << QStringList{"analyze", "fifo.log", "cr-mix.log"} << 2
            << "(?s)(?=.*fifo.log: a pipe \\(FIFO\\), not read)(?=.*cr-mix.log:5)" << 20.0 << 128;
        QTest::newRow("50 000 bug-report sections of one title")
            << QStringList{"analyze", "nvidia-bug-report-sections.log", "--max-evidence", "1"} << 0
            << "dmesg \\(50001\\):\\d+: NVRM: Xid" << 20.0 << 512;
        QTest::newRow("bug-report sections past --max-entries")
            << QStringList{"analyze",        "nvidia-bug-report-sections.log",
                           "--max-entries",  "100",
                           "--max-evidence", "1"}
            << 0 << "(?s)(?=.*more sections than --max-entries allows)(?=.*Xid 13 on GPU)" << 20.0
            << 512;
        QTest::newRow("a NUL hole of 4 GiB before an Xid (copytruncate)")
            << QStringList{"analyze", "hole.log", "--max-evidence", "1"} << 0
            << "Xid 13 on GPU 0000:3b:00" << 120.0 << 8192;
        QTest::newRow("a UTF-16 block with its BOM appended to a UTF-8 log")
            << QStringList{"analyze", "utf16-appended.log"} << 0
            << "(?s)Xid 13 on GPU 0000:3b:00.*utf16-appended.log:3" << 20.0 << 128;
        QTest::newRow("a context rule looking 1000 lines back for each of 100 000 matches")
            << (QStringList{"analyze", "states.log", "--max-evidence", "1"} + noDefaults
                + QStringList{"rules-context"})
            << 0 << "context.state \\(100,?000" << 5.0 << 256;
        QTest::newRow("/dev/zero named on the command line")
            << QStringList{"analyze", "/dev/zero"} << 2 << "/dev/zero: a character device, not read"
            << 20.0 << 128;
        QTest::newRow("a rule file linked to /dev/zero")
            << QStringList{"rules", "check", "--no-default-rules", "--rules", "rules-zero"} << 2
            << "zero.yaml: error: not a regular file, not read" << 20.0 << 128;
        QTest::newRow("a sparse 6 GiB rule file")
            << QStringList{"rules", "check", "--no-default-rules", "--rules", "rules-sparse"} << 2
            << "sparse.yaml: error: rule file is 6144.0 MiB; the limit is 8 MiB" << 5.0 << 128;
        QTest::newRow("--jobs 100000") << QStringList{"analyze", "cr-mix.log", "--jobs", "100000"}
                                       << 2 << "--jobs needs a number from 0" << 5.0 << 128;
        QTest::newRow("10 MiB rule file")
            << QStringList{"rules", "check", "--no-default-rules", "--rules", "rules-big"} << 2
            << "big.yaml: error: rule file is 10.0 MiB; the limit is 8 MiB" << 20.0 << 128;
        QTest::newRow("deeply nested YAML")
            << QStringList{"rules", "check", "--no-default-rules", "--rules", "rules-deep"} << 2
            << "deep.yaml:3:\\d+: error: invalid YAML" << 20.0 << 128;
        QTest::newRow("catastrophic backtracking in PCRE terms")
            << (QStringList{"analyze", "aaaa.log"} + noDefaults + QStringList{"rules-backtracking"})
            << 0 << "0 findings in 1 file, 100 lines" << 20.0 << 128;
        QTest::newRow("empty pattern")
            << (QStringList{"analyze", "cr-mix.log"} + noDefaults + QStringList{"rules-empty"}) << 2
            << "(?s)(?=.*r.yaml:\\d+:\\d+: 'pattern' must not be empty)(?=.*empty.other)" << 20.0
            << 128;
        QTest::newRow("10 000 rules")
            << (QStringList{"analyze", "tokens.log", "--format", "json", "-o", "/dev/null"}
                + noDefaults + QStringList{"rules-many"})
            << 0 << "" << 120.0 << 768;
        QTest::newRow("a rule matching every line")
            << (QStringList{"analyze", "numbered.log", "--max-evidence", "1"} + noDefaults
                + QStringList{"rules-every-line"})
            << 0
            << "(?s)(?=.*rule 'all.lines' matched 1000000 lines: too broad)"
               "(?=.*rule 'all.grouped' has more than 1000 groups)"
            << 60.0 << 512;
    }

    void hostileInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QFETCH(double, seconds);
        QFETCH(int, mebibytes);
        if (!kScaleRows
            && std::any_of(std::begin(kScaleOnly), std::end(kScaleOnly), [](const char *tag) {
                   return qstrcmp(tag, QTest::currentDataTag()) == 0;
               }))
            QSKIP("a scale test: run in the Release suite");
        const Run run = runGpuTriage(args, m_dir.path(), seconds * kSlowdown);
        qInfo("%s: exit %d, %.2f s, peak %ld MiB", QTest::currentDataTag(), run.exitCode,
              run.seconds, run.peakMiB);
        QVERIFY2(run.exitCode >= 0,
                 qPrintable(QStringLiteral("killed or over %1 s").arg(seconds * kSlowdown)));
        QVERIFY2(run.exitCode == exitCode, run.output.right(2000).constData());
        QVERIFY2(QRegularExpression(message).match(QString::fromUtf8(run.output)).hasMatch(),
                 run.output.right(2000).constData());
        if (kCheckMemory)
            QVERIFY2(
                run.peakMiB <= mebibytes,
                qPrintable(QStringLiteral("peak %1 MiB > %2 MiB").arg(run.peakMiB).arg(mebibytes)));
    }

    // Names that are not valid UTF-8 (a tarball from another locale, extracted) are read, and
    // the folders below them too.
    void namesThatAreNotUtf8AreRead()
    {
        const QByteArray folder = QFile::encodeName(path(QStringLiteral("latin1"))) + "/caf\xe9";
        QVERIFY(QDir().mkpath(path(QStringLiteral("latin1"))));
        QVERIFY(::mkdir(folder.constData(), 0755) == 0 || errno == EEXIST);
        const QByteArray file = folder + "/k\xf6rnel.log";
        const int fd = ::open(file.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        const QByteArray line = kXid + '\n';
        QVERIFY(::write(fd, line.constData(), size_t(line.size())) == line.size());
        ::close(fd);
        const Run run = runGpuTriage({QStringLiteral("analyze"), QStringLiteral("latin1")},
                                     m_dir.path(), 20 * kSlowdown);
        checkBounds(run);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(
            QRegularExpression(QStringLiteral("(?s)1 finding in 1 file.*Xid 13 on GPU.*"
                                              "latin1/caf\uFFFD: folder name is not valid UTF-8"))
                .match(QString::fromUtf8(run.output))
                .hasMatch(),
            run.output.constData());
    }

    // A folder the engineer cannot read (a tarball extracted by another user) is named, and the
    // rest of the bundle is still analysed.
    void anUnreadableFolderIsReported()
    {
        if (::geteuid() == 0)
            QSKIP("root reads every folder: this needs an unprivileged user");
        QVERIFY(QDir().mkpath(path(QStringLiteral("locked/closed"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("locked/open"))));
        writeFile(path(QStringLiteral("locked/closed/kern.log")), kXid + '\n');
        writeFile(path(QStringLiteral("locked/open/kern.log")), kXid + '\n');
        QVERIFY(::chmod(QFile::encodeName(path(QStringLiteral("locked/closed"))).constData(), 0)
                == 0);
        const auto restore = qScopeGuard([&] {
            ::chmod(QFile::encodeName(path(QStringLiteral("locked/closed"))).constData(), 0755);
        });
        const Run run = runGpuTriage({QStringLiteral("analyze"), QStringLiteral("locked")},
                                     m_dir.path(), 20 * kSlowdown);
        checkBounds(run);
        QVERIFY2(QRegularExpression(
                     QStringLiteral("(?s)(?=.*in 1 file)(?=.*locked/closed: folder cannot "
                                    "be read)"))
                     .match(QString::fromUtf8(run.output))
                     .hasMatch(),
                 run.output.constData());
    }

    // --redact: a bundle holding more than 60 kinds of customer data, through every format (the
    // PDF by its text), diff and the batch summary: not one datum in any output, and the facts an
    // engineer needs (driver version, bus id, Xid code, GPU UUID) all there.
    void redactionLeavesNoCustomerData()
    {
        const QString root = path(QStringLiteral("leak/bundle"));
        const QStringList data{
            "10.20.30.40", "fe80::1ff:fe23:4567:890a", "10.20.30.41", "10.20.30.42", "fd00::a1b2",
            "aa:bb:cc:dd:ee:01", "aa-bb-cc-dd-ee-02", "0011.2233.4455", "jane.doe@example.com",
            "gpu-03.prod.example.com", "api.customer.co", "node7.lab.acme.us", "dgxnode",
            "trainhost", "abc.def-123xyz", "hunter2", "s3cr3tpw", "KEYVALUE123",
            "AKIAIOSFODNN7EXAMPLE", "xoxb-123456789012-abcdefghijk", "alice", "pa55word",
            "repo.example.com", "ghp_0123456789abcdefABCDEF0123456789abcd", "10.20.30.43",
            "topsecretvalue", "tok_live_998877", "opensesame1", "10.99.88.77", "ops@customer.com",
            "worker.acme.io", "10.20.30.44",
            // Host names where a log or a bundle's layout names the machine (item 28, 29).
            "precisehost", "rfchost", "prompthost", "colonhost", "sshtarget", "node9.lab.acme.nz",
            "build.farm.xyz", "trtsvc7", "infns42", "ip-10-42-7-19", "10-42-7-19", "unamehost",
            "mgnode01", "sosnode7", "bugnode3", "sosbatch9", "learntwice",
            // Credentials in more forms (item 30).
            "json pass phrase", "yamlsecret1", "dbpw12345", "nvapi-AbCdEf0123456789XyZ",
            "redispw99", "dockerpw77", "mysqlpw55", "YWxhZGRpbjpvcGVuc2VzYW1l", "cookieval123",
            "setcookie42", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "azsigvalue123", "clientsec9",
            "xapikey777", "2001:db8::7", "hf_abcdefghijklmnopqrstuv"};
        // What must survive: the facts a support engineer works with.
        const QStringList kept{"570.158.08", "0000:3b:00", "Xid 13",
                               "GPU-5a8b3c1d-1111-2222-3333-444455556666"};
        writeFile(root + QStringLiteral("/kern.log"),
                  "Nov 30 08:15:01 dgxnode17 kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel "
                  "Module  570.158.08  Release Build\n"
                  "Nov 30 08:15:02 dgxnode17 kernel: NVRM: Xid (PCI:0000:3b:00): 13, pid=1, "
                  "Graphics Exception\n"
                  "Nov 30 08:15:03 dgxnode17 kernel: NVRM: login failed password=hunter2 "
                  "pwd=s3cr3tpw api_key=KEYVALUE123\n"
                  "Nov 30 08:15:04 dgxnode17 kernel: NVRM: key AKIAIOSFODNN7EXAMPLE hook "
                  "xoxb-123456789012-abcdefghijk failed\n"
                  "Nov 30 08:15:05.123456 precisehost kernel: NVRM: GPU at PCI:0000:3b:00: "
                  "GPU-5a8b3c1d-1111-2222-3333-444455556666\n"
                  "<34>1 2025-11-30T08:15:06.003Z rfchost nvidia-persistenced 812 - - "
                  "nvidia-persistenced failed to open the device\n"
                  "Nov 30 08:15:07 learntwice kernel: NVRM: GPU0 frobnicate failed\n"
                  "nvidia error: the peer learntwice failed to answer\n");
        writeFile(
            root + QStringLiteral("/10.99.88.77/ops@customer.com/worker.acme.io.log"),
            "nvidia-container-cli: initialization error: cannot reach 10.20.30.40 via "
            "fe80::1ff:fe23:4567:890a\n"
            "nvidia-container-cli: mount error: peer 10.20.30.41.\n"
            "nvidia-container-cli: detection error: ip_10.20.30.42 fd00::a1b2 unreachable\n"
            "nvidia-container-cli: device error: mac aa:bb:cc:dd:ee:01 aa-bb-cc-dd-ee-02 "
            "0011.2233.4455\n"
            "nvidia-container-cli: ldcache error: owner jane.doe@example.com\n"
            "nvidia-container-cli: load library failed: gpu-03.prod.example.com api.customer.co "
            "node7.lab.acme.us\n"
            "Authorization: Bearer abc.def-123xyz failed for the device plugin\n"
            "nvidia-container-cli: initialization error: pull "
            "https://alice:pa55word@repo.example.com/x ghp_0123456789abcdefABCDEF0123456789abcd\n"
            "trainhost42:1234:1290 [0] NCCL WARN NET/Socket : Connect to 10.20.30.43<43210> failed "
            ": Connection refused\n"
            "nvidia error: secret: topsecretvalue token=tok_live_998877 passphrase=opensesame1\n"
            "error: cannot connect to 10.20.30.44: connection refused\n"
            "[root@prompthost ~]# nvidia-smi failed with an error\n"
            "bob@colonhost:~# nvidia-smi: command failed\n"
            "nvidia error: ssh admin@sshtarget failed, and node9.lab.acme.nz and build.farm.xyz "
            "too\n"
            "nvidia error: triton at trtsvc7.infns42.svc.cluster.local:8001 failed\n"
            "nvidia error: kubelet on ip-10-42-7-19.ec2.internal failed, and ip-10-42-7-19 again\n"
            "nvidia error: uname says Linux unamehost 5.15.0-91-generic #101-Ubuntu SMP x86_64 "
            "failed\n"
            "nvidia error: config {\"password\": \"json pass phrase\"} failed\n"
            "nvidia error: config password: 'yamlsecret1' failed\n"
            "nvidia error: env DB_PASSWORD=dbpw12345 NGC_API_KEY=nvapi-AbCdEf0123456789XyZ failed\n"
            "nvidia error: cache redis://:redispw99@cache failed\n"
            "nvidia error: docker login -u bob -p dockerpw77 nvcr.io failed\n"
            "nvidia error: mysql -u root -pmysqlpw55 failed\n"
            "nvidia error: Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l\n"
            "nvidia error: Cookie: session=cookieval123; theme=dark\n"
            "nvidia error: Set-Cookie: sid=setcookie42; Path=/\n"
            "nvidia error: key -----BEGIN PRIVATE KEY-----MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-----END "
            "PRIVATE KEY----- failed\n"
            "nvidia error: blob "
            "https://acct.blob.core.windows.net/c?sv=2022-11-02&sig=azsigvalue123 failed\n"
            "nvidia error: oauth client_secret=clientsec9 x-api-key: xapikey777 failed\n"
            "nvidia error: peer 2001:db8::7 and token hf_abcdefghijklmnopqrstuv failed\n");
        writeFile(root + QStringLiteral("/must-gather/nodes/mgnode01/nvidia-driver.log"),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=2, Graphics Exception\n");
        writeFile(root + QStringLiteral("/sosreport-sosnode7-2025-11-30-abcdef/var/log/messages"),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=3, Graphics Exception\n");
        writeFile(root + QStringLiteral("/nvidia-bug-report_bugnode3.log"),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=4, Graphics Exception\n");
        QVERIFY(QDir().mkpath(path(QStringLiteral("leak/empty"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("leak/out"))));
        const QStringList common{"--redact", "--unmatched", "--max-evidence", "100",
                                 "--deterministic"};
        QStringList outputs;
        QStringList formats{"text", "json", "markdown", "html"};
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (!pdftotext.isEmpty())
            formats << QStringLiteral("pdf");
        for (const QString &format : formats) {
            const QString out = QStringLiteral("leak/report.%1").arg(format);
            const Run run = runGpuTriage(
                QStringList{"analyze", "leak/bundle", "--format", format, "-o", out} + common,
                m_dir.path(), 60 * kSlowdown);
            checkBounds(run);
            QVERIFY2(run.exitCode == 0, run.output.constData());
            if (format == u"pdf") {
                QProcess p;
                p.start(pdftotext, {path(out), path(out + QStringLiteral(".txt"))});
                QVERIFY(p.waitForFinished(60000) && p.exitCode() == 0);
                outputs << out + QStringLiteral(".txt");
            } else {
                outputs << out;
            }
        }
        for (const char *format : {"text", "json", "markdown", "html"}) {
            const QString out = QStringLiteral("leak/diff.%1").arg(QLatin1String(format));
            const Run run = runGpuTriage(
                {"diff", "leak/empty", "leak/bundle", "--redact", "--format", format, "-o", out},
                m_dir.path(), 60 * kSlowdown);
            checkBounds(run);
            QVERIFY2(run.exitCode == 1, run.output.constData());
            outputs << out;
        }
        QVERIFY(QDir().mkpath(path(QStringLiteral("leak/batch"))));
        writeFile(path(QStringLiteral(
                      "leak/batch/sosreport-sosbatch9-2025-11-30-abcdef/var/log/messages")),
                  "NVRM: Xid (PCI:0000:3b:00): 13, pid=5, Graphics Exception\n");
        QVERIFY(QFile::rename(path(QStringLiteral("leak/bundle")),
                              path(QStringLiteral("leak/batch/10.99.88.77"))));
        const Run batch = runGpuTriage(QStringList{"analyze", "--batch", "leak/batch", "-o",
                                                   "leak/out", "--format", "markdown"}
                                           + common,
                                       m_dir.path(), 60 * kSlowdown);
        checkBounds(batch);
        QVERIFY2(batch.exitCode == 0, batch.output.constData());
        const QStringList written = QDir(path(QStringLiteral("leak/out"))).entryList(QDir::Files);
        QCOMPARE(written.size(), 4); // two reports, summary.md, summary.json
        for (const QString &f : written)
            outputs << QStringLiteral("leak/out/") + f;
        int checked = 0;
        auto squeezed = [](QString t) {
            return t.remove(QRegularExpression(QStringLiteral("\\s+")));
        };
        for (const QString &out : outputs) {
            QFile f(path(out));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(out));
            const QString text = QString::fromUtf8(f.readAll());
            // Masked, not dropped (Markdown escapes the brackets); the second batch bundle
            // holds no address.
            QVERIFY2(out.contains(u"sosreport") || text.contains(u"[ip]")
                         || text.contains(u"\\[ip\\]"),
                     qPrintable(out));
            // The PDF's text breaks lines where the page did.
            const QString flat = squeezed(text) + squeezed(out);
            for (const QString &datum : data)
                QVERIFY2(!text.contains(datum, Qt::CaseInsensitive)
                             && !out.contains(datum, Qt::CaseInsensitive)
                             && !flat.contains(squeezed(datum), Qt::CaseInsensitive),
                         qPrintable(QStringLiteral("%1 holds %2").arg(out, datum)));
            if (out.startsWith(u"leak/report."))
                for (const QString &fact : kept)
                    QVERIFY2(flat.contains(squeezed(fact)) || text.contains(fact),
                             qPrintable(QStringLiteral("%1 lost %2").arg(out, fact)));
            ++checked;
        }
        qInfo("%d outputs, %lld kinds of data, 0 leaks; %lld facts kept", checked,
              qlonglong(data.size()), qlonglong(kept.size()));
    }

    // GPU serial numbers and user names in paths are masked only when asked.
    void serialsAndUserNamesAreMaskedWhenAsked()
    {
        writeFile(path(QStringLiteral("serials/home/carol7/run/kern.log")),
                  kXid + '\n' + "NVRM: GPU Board Serial Number: 1320220012345 failed\n"
                      + "nvidia error: cannot open /home/carol7/.nv/cache: failed\n");
        const QStringList common{"analyze",  "serials", "--unmatched",
                                 "--format", "json",    "--redact"};
        const Run plain = runGpuTriage(common, m_dir.path(), 20 * kSlowdown);
        checkBounds(plain);
        QVERIFY2(plain.output.contains("1320220012345") && plain.output.contains("carol7"),
                 plain.output.constData());
        const Run masked
            = runGpuTriage(common + QStringList{"--redact-serials", "--redact-user-names"},
                           m_dir.path(), 20 * kSlowdown);
        checkBounds(masked);
        QVERIFY2(!masked.output.contains("1320220012345") && !masked.output.contains("carol7")
                     && masked.output.contains("[serial]") && masked.output.contains("[user]"),
                 masked.output.constData());
        QVERIFY2(masked.output.contains("0000:3b:00"), masked.output.constData());
    }

    // --batch on a full disk names each report it could not write, and why, and does not say
    // that every report was written.
    void aBatchThatCannotWriteSaysWhich()
    {
        const QString dir = path(QStringLiteral("batch-full"));
        writeFile(dir + QStringLiteral("/in/node-a.log"), kXid + '\n');
        writeFile(dir + QStringLiteral("/in/node-b.log"), kXid + '\n');
        const Run run
            = runGpuTriage({"analyze", "--batch", "in", "-o", "out"}, dir, 20 * kSlowdown, 1000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("cannot write out/node-a.log.txt: File too large")
                     && run.output.contains("cannot write out/node-b.log.txt: File too large"),
                 run.output.constData());
        QVERIFY2(!run.output.contains("a report each"), run.output.constData());
    }

    // Names and lines from the bundle never reach the terminal as escape sequences or bidi
    // controls: not in the report, not in the notes on stderr.
    void theTerminalGetsNoEscapesFromTheBundle()
    {
        const QString dir = path(QStringLiteral("escapes"));
        const QString evil = QString::fromUtf8("node\x1b]0;pwned\x07\x1b[2J\u202Egol.log");
        writeFile(dir + QStringLiteral("/in/") + evil,
                  kXid + "\x1b]8;;https://example.invalid\x07click\x1b]8;;\x07\n");
        writeFile(dir + QStringLiteral("/in/") + evil + QStringLiteral(".gz"), "not gzip at all");
        const Run run = runGpuTriage({"analyze", "in"}, dir, 20 * kSlowdown);
        QVERIFY2(run.exitCode == 0 || run.exitCode == 2, run.output.constData());
        QVERIFY2(run.output.contains("Xid 13 on GPU"), run.output.constData());
        QVERIFY2(!run.output.contains('\x1b') && !run.output.contains('\x07'),
                 run.output.constData());
        QVERIFY2(!run.output.contains("\u202E") && run.output.contains("<U+202E>"),
                 run.output.constData());
        QVERIFY2(run.output.contains("\\x1b]0;pwned"), run.output.constData());
    }

    // Standard input is read once and whole, through '-' or /dev/stdin, compressed or not.
    void standardInputIsReadWhole_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("gzip");
        QTest::newRow("-") << "-" << false;
        QTest::newRow("/dev/stdin") << "/dev/stdin" << false;
        QTest::newRow("gzip on -") << "-" << true;
    }
    void standardInputIsReadWhole()
    {
        QFETCH(QString, name);
        QFETCH(bool, gzip);
        QByteArray lines;
        for (int i = 0; i < 5000; ++i)
            lines += "[" + QByteArray::number(i) + ".0] NVRM: Xid (PCI:0000:3b:00): 13, pid="
                     + QByteArray::number(i) + ", name=a, Graphics Exception\n";
        if (gzip) {
            const QString exe = QStandardPaths::findExecutable(QStringLiteral("gzip"));
            if (exe.isEmpty())
                QSKIP("no gzip program to make the input");
            QProcess p;
            p.start(exe, {QStringLiteral("-c")});
            p.write(lines);
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(10000));
            lines = p.readAllStandardOutput();
        }
        const Run run = runGpuTriage({"analyze", name, "--format", "json", "--deterministic"},
                                     m_dir.path(), 20 * kSlowdown, -1, &lines);
        QVERIFY2(run.exitCode == 0, run.output.right(2000).constData());
        QVERIFY2(run.output.contains("\"count\": 5000"), run.output.left(3000).constData());
        QVERIFY2(run.output.contains("\"path\": \"stdin\"")
                     || run.output.contains("\"path\": \"stdin!"),
                 run.output.left(3000).constData());
    }

    // A report that cannot be written whole leaves the previous one as it was, and says so.
    void aFailedSaveKeepsTheOldFile_data()
    {
        QTest::addColumn<bool>("readOnlyFolder");
        QTest::newRow("disk full (file size limit)") << false;
        QTest::newRow("read-only folder") << true;
    }
    void aFailedSaveKeepsTheOldFile()
    {
        QFETCH(bool, readOnlyFolder);
        if (readOnlyFolder && geteuid() == 0)
            QSKIP("root writes into read-only folders; the file size limit row covers this");
        const QString dir = path(QStringLiteral("save-%1").arg(readOnlyFolder));
        writeFile(dir + QStringLiteral("/report.json"), "OLD REPORT\n");
        writeFile(dir + QStringLiteral("/input.log"), kXid + '\n');
        QFile folder(dir);
        const auto permissions = folder.permissions();
        if (readOnlyFolder)
            QVERIFY(folder.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const Run run
            = runGpuTriage({"analyze", "input.log", "--format", "json", "-o", "report.json"}, dir,
                           20 * kSlowdown, readOnlyFolder ? -1 : 512);
        folder.setPermissions(permissions);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("cannot write report.json")
                     && run.output.contains("(nothing was changed)"),
                 run.output.constData());
        if (!readOnlyFolder) // the cause, not Qt's "Unknown error"
            QVERIFY2(run.output.contains("File too large"), run.output.constData());
        QFile old(dir + QStringLiteral("/report.json"));
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("OLD REPORT\n"));
        // No half-written temporary file is left behind.
        QCOMPARE(QDir(dir).entryList(QDir::Files).size(), 3); // report, input, output.txt
    }
};

QTEST_GUILESS_MAIN(TestAdversarial)
#include "tst_adversarial.moc"
