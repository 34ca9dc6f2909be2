#include "cli/cli.h"
#include "cli/librarycli.h"

#include "atomicfile.h"
#include "diskcache.h"
#include "engine/analyzer.h"
#include "engine/exampletester.h"
#include "engine/matcher.h"
#include "paths.h"
#include "plural.h"
#include "report/bundlediff.h"
#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/redactor.h"
#include "report/reportwriter.h"
#include "report/textreport.h"
#include "rules/ruleloader.h"
#include "timings.h"
#include "workers.h"

#ifdef GPUTRIAGE_WITH_GUI
#include "pdfexport.h"
#endif

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTextStream>
#include <QThread>
#include <QUrl>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <variant>

namespace gputriage {

namespace {

// --redact and the masks that may be added to it (off by default).
void addRedactOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("redact"), QStringLiteral("Mask identifying data.")});
    p.addOption({QStringLiteral("redact-serials"), QStringLiteral("Mask GPU serial numbers too.")});
    p.addOption(
        {QStringLiteral("redact-user-names"), QStringLiteral("Mask user names in paths too.")});
}

bool redacting(const QCommandLineParser &p)
{
    return p.isSet(QStringLiteral("redact")) || p.isSet(QStringLiteral("redact-serials"))
           || p.isSet(QStringLiteral("redact-user-names"));
}

gputriage::Redaction redactionOf(const QCommandLineParser &p)
{
    gputriage::Redaction r;
    r.serials = p.isSet(QStringLiteral("redact-serials"));
    r.userNames = p.isSet(QStringLiteral("redact-user-names"));
    return r;
}

enum ExitCode { Ok = 0, FindingsOrFailures = 1, UsageOrInput = 2 };

const char kUsage[] = R"(Usage:
  gputriage [PATH...]                       open the GUI (with these inputs)
  gputriage analyze PATH... [options]       analyse files and folders, print a report
  gputriage analyze --batch DIR -o OUT [options]   one report per bundle in DIR, and a summary
  gputriage rules list [--patterns]|check|test [--rules P]...
  gputriage diff A B [--format F] [-o FILE] [--redact]   what changed between two bundles
  gputriage library add PATH...|--batch DIR | search|history|stats|delete|export|import|info
                                            the case library: have we seen this before?
  gputriage -v|--version, -h|--help

analyze options:
  --rules P            extra rule file or folder (repeatable)
  --no-default-rules   do not load the shipped and user rules
  --format F           text (default), json, markdown, html or pdf
  --min-severity S     leave out findings below info|warning|error|critical
  --redact             mask IPs, host names, MACs, e-mail addresses, credentials and tokens in
                       every string of the report: evidence, facts, titles, file names
  --redact-serials     with --redact, GPU and board serial numbers too (implies --redact)
  --redact-user-names  with --redact, user names in home folder paths too (implies --redact)
  --unmatched          add "other notable messages": lines with error words no rule matched,
                       grouped into message templates
  --batch DIR          every file or folder in DIR is a bundle: analyse them side by side (one
                       per core), one report each in -o DIR, plus summary.md and summary.json
  -o, --output FILE    write the report to FILE (atomically) instead of stdout
  --fail-on SEVERITY   exit 1 when a finding is at least info|warning|error|critical
  --max-evidence N     evidence lines per finding in text/markdown (default 10)
  --jobs N             worker threads (default: one per core)
  --deterministic      fixed "generated" time, for diffable reports
  --quiet              no progress or problem messages on stderr
  --timings            how long each phase took (load, compile, read, match, report), on stderr
  --max-entries N      files read from a bundle (default 100000)
  --max-depth N        archives inside archives (default 3)
  --max-entry-size S   one decompressed file, e.g. 512M (default 2G)
  --max-total-size S   everything decompressed (default 8G)
  --max-ratio N        decompressed:compressed before a stream counts as a bomb (default 1000)

  --library            add the bundle to the case library (--library-url, --case, --customer)
  --with-history       add to the report what the case library knows of its findings and GPUs
                       (only with this option; --customer limits it to one customer's bundles)

library add PATH... | --batch DIR [--case ID] [--case-pattern RE] [--customer C] [--redact]
library search [TEXT] [--rule R] [--xid N] [--gpu S/N|UUID] [--driver V] [--case ID]
               [--from DATE] [--to DATE] [--customer C] [--format text|json] [-o FILE]
library history --serial S/N | --uuid UUID      a board's records in earlier bundles
library stats                                   bundles per rule and driver version
library show ID [--format text|json|markdown|html] [-o FILE] [--redact]
                                                an entry's report, rebuilt from the library
library delete ID... | export [-o FILE] | import FILE|- | info
  --library-url URL    a SQLite file or postgresql://user@host/db (?host=/socket/dir);
                       default $GPUTRIAGE_LIBRARY_URL, else ~/.local/share/gputriage/library.sqlite

diff compares the findings (new, gone, other count) and the facts (driver 570.158.08 ->
580.65.06) of bundle A with bundle B, as text, json, markdown or html.

Exit codes: 0 ok, 1 a finding at or above --fail-on (or a failing rule example, or a
difference found by diff), 2 usage error, unreadable input or invalid rules.
Rules: shipped pack, then $XDG_CONFIG_HOME/gputriage/rules, then --rules.
)";

// Standard output or error, made safe for a terminal: what goes there quotes names, titles and
// lines from bundles and rule packs (escape sequences, bells, bidi controls are shown, not sent).
class TerminalSafeFile : public QIODevice
{
public:
    explicit TerminalSafeFile(FILE *file)
        : m_file(file)
    {
        open(QIODevice::WriteOnly);
    }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override
    {
        const QByteArray safe = terminalSafe(QString::fromUtf8(data, size)).toUtf8();
        std::fwrite(safe.constData(), 1, size_t(safe.size()), m_file);
        std::fflush(m_file);
        return size;
    }

private:
    FILE *m_file;
};

QTextStream &err()
{
    static TerminalSafeFile device(stderr);
    static QTextStream s(&device);
    return s;
}

// Writes all of `bytes` to `fd`; returns why it failed in words, or an empty string.
QString writeAll(int fd, const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, size_t(std::min<qint64>(left, qint64(1) << 30)));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return QString::fromLocal8Bit(std::strerror(n < 0 ? errno : EIO));
        data += n;
        left -= n;
    }
    return {};
}

// Standard output is checked like a file: a full disk or a closed pipe is an error (exit 2),
// not a report cut short with exit 0.
bool writeStdout(const QByteArray &bytes)
{
    std::fflush(stdout);
    if (const QString error = writeAll(STDOUT_FILENO, bytes); !error.isEmpty()) {
        err() << "gputriage: cannot write to standard output: " << error << '\n';
        err().flush();
        return false;
    }
    return true;
}

// Text for the terminal (tables, lists) on standard output, through the filter err() uses.
bool writeStdoutText(const QString &text)
{
    return writeStdout(terminalSafe(text).toUtf8());
}

// The descriptor a path names when it is one of this process's own (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1, /proc/<pid>/fd/1): a report goes through it, so a shell's ">>" keeps what
// the file held, rather than a new file replacing the one the shell opened.
std::optional<int> ownDescriptor(const QString &path)
{
    static const QRegularExpression re(
        QStringLiteral("^/(?:dev/(?:std(in|out|err)|fd/(\\d+))|proc/(self|thread-self|\\d+)(?:/"
                       "task/\\d+)?/fd/(\\d+))$"));
    const QRegularExpressionMatch m = re.match(QDir::cleanPath(path));
    if (!m.hasMatch())
        return std::nullopt;
    if (!m.captured(1).isEmpty())
        return QStringList{QStringLiteral("in"), QStringLiteral("out"), QStringLiteral("err")}
            .indexOf(m.captured(1));
    if (!m.captured(2).isEmpty())
        return m.captured(2).toInt();
    const QString pid = m.captured(3);
    if (pid != QLatin1String("self") && pid != QLatin1String("thread-self")
        && pid.toLongLong() != qint64(::getpid()))
        return std::nullopt; // another process's descriptor: refused below
    return m.captured(4).toInt();
}

int usageError(const QString &message)
{
    err() << "gputriage: " << message << "\nTry 'gputriage --help'.\n";
    err().flush();
    return UsageOrInput;
}

// "512", "64K", "512M", "2G" (binary units).
std::optional<qint64> parseSize(QString text)
{
    qint64 unit = 1;
    if (text.endsWith(QLatin1Char('K'), Qt::CaseInsensitive))
        unit = qint64(1) << 10;
    else if (text.endsWith(QLatin1Char('M'), Qt::CaseInsensitive))
        unit = qint64(1) << 20;
    else if (text.endsWith(QLatin1Char('G'), Qt::CaseInsensitive))
        unit = qint64(1) << 30;
    if (unit > 1)
        text.chop(1);
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || v < 0 || v > (qint64(1) << 50) / unit)
        return std::nullopt;
    return v * unit;
}

void addRuleOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("rules"), QStringLiteral("Extra rule file or folder."),
                 QStringLiteral("P")});
    p.addOption(
        {QStringLiteral("no-default-rules"), QStringLiteral("Skip shipped and user rules.")});
}

void addOutputOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("format"), QStringLiteral("Report format."), QStringLiteral("F"),
                 QStringLiteral("text")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Output file."),
                 QStringLiteral("FILE")});
}

bool parse(QCommandLineParser &p, const QStringList &args)
{
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    if (!p.parse(args)) {
        usageError(p.errorText());
        return false;
    }
    return true;
}

RuleSet rulesFrom(const QCommandLineParser &p)
{
    return loadRules(p.values(QStringLiteral("rules")),
                     !p.isSet(QStringLiteral("no-default-rules")));
}

void printDiagnostics(const RuleSet &set, bool warnings)
{
    for (const Diagnostic &d : set.diagnostics)
        if (warnings || d.isError())
            err() << d.toString() << '\n';
    err().flush();
}

// A report must never replace the customer's data nor the rules that read it: refuse an output
// that is an input or a rule file, or lies inside an input or rules folder.
int refuseClobber(const QString &output, const QStringList &inputs, const QStringList &rules = {})
{
    QString input = inputOverwrittenBy(output, inputs);
    const bool rule = input.isEmpty();
    if (rule)
        input = inputOverwrittenBy(output, rules);
    if (input.isEmpty())
        return Ok;
    const bool dir = QFileInfo(input).isDir();
    const QString why = rule ? (dir ? QStringLiteral("it is inside the rules folder")
                                    : QStringLiteral("it is the rule file"))
                             : (dir ? QStringLiteral("it is inside the input folder")
                                    : QStringLiteral("it is the input"));
    err() << "gputriage: refusing to write the report to " << output << ": " << why << ' ' << input
          << " (nothing was written)\n";
    err().flush();
    return UsageOrInput;
}

// The rule files and folders a run reads: --rules, and the user's folder unless skipped.
QStringList rulePaths(const QCommandLineParser &p)
{
    QStringList paths = p.values(QStringLiteral("rules"));
    if (!p.isSet(QStringLiteral("no-default-rules")))
        paths << RuleLoader::userRulesDir();
    return paths;
}

// Writes to stdout ("" or "-"), one of this process's descriptors, a device or pipe, or a
// file replaced atomically. Every write is checked: a report cut short exits 2.
int writeOutput(const QString &output, const QByteArray &report)
{
    if (output.isEmpty() || output == QLatin1String("-"))
        return writeStdout(report) ? Ok : UsageOrInput;
    auto failed = [&](const QString &why) {
        err() << "gputriage: cannot write " << output << ": " << why << '\n';
        err().flush();
        return UsageOrInput;
    };
    if (const std::optional<int> fd = ownDescriptor(output)) {
        if (*fd == STDOUT_FILENO)
            std::fflush(stdout);
        if (::fcntl(*fd, F_GETFD) < 0)
            return failed(QStringLiteral("descriptor %1 is not open").arg(*fd));
        const QString error = writeAll(*fd, report);
        return error.isEmpty() ? Ok : failed(error);
    }
    if (QDir::cleanPath(output).startsWith(QLatin1String("/proc/")))
        return failed(QStringLiteral("not a place for a report (a file of the process table)"));
    if (const QFileInfo target(output); target.exists() && !target.isFile()) {
        // A device or pipe (/dev/null, a FIFO) cannot be replaced atomically: write to it.
        const int fd = ::open(QFile::encodeName(output).constData(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return failed(QString::fromLocal8Bit(std::strerror(errno)));
        QString error = writeAll(fd, report);
        if (::close(fd) != 0 && error.isEmpty())
            error = QString::fromLocal8Bit(std::strerror(errno));
        return error.isEmpty() ? Ok : failed(error);
    }
    // The old report stays whole until the new one is complete.
    if (const QString error = writeFileAtomically(output, report); !error.isEmpty())
        return failed(error + QStringLiteral(" (nothing was changed)"));
    return Ok;
}

// The CLI's conventions, for the library commands (librarycli.cpp).
CliServices cliServices()
{
    return {err, usageError, writeStdoutText, writeOutput,
            [](const QString &output, const QStringList &inputs) {
                return refuseClobber(output, inputs);
            }};
}

struct BatchRow
{
    QString bundle, report;
    QString writeError; // why its report could not be written
    AnalysisResult result;
};

// The options analyze and analyze --batch share, checked once.
struct AnalyzeArgs
{
    std::optional<Severity> minSeverity, failOn;
    int jobs = 0; // 0: all cores
    int maxEvidence = 10;
};

// The parsed options, or the usage error to print.
std::variant<AnalyzeArgs, QString> parseAnalyzeArgs(const QCommandLineParser &p)
{
    AnalyzeArgs args;
    for (const auto &[name, into] : {std::pair(QStringLiteral("min-severity"), &args.minSeverity),
                                     std::pair(QStringLiteral("fail-on"), &args.failOn)}) {
        if (!p.isSet(name))
            continue; // an unset option is no severity; a set one must name a severity
        *into = severityFromName(p.value(name));
        if (!*into)
            return QStringLiteral("unknown severity '%1'").arg(p.value(name));
    }
    bool ok = false;
    args.jobs = p.value(QStringLiteral("jobs")).toInt(&ok);
    // Each job holds a matcher (tens of MiB with a big pack): more than 256 only costs memory.
    if (!ok || args.jobs < 0 || args.jobs > 256)
        return QStringLiteral("--jobs needs a number from 0 (one per core) to 256");
    args.maxEvidence = p.value(QStringLiteral("max-evidence")).toInt(&ok);
    if (!ok || args.maxEvidence < 0)
        return QStringLiteral("--max-evidence needs a number");
    return args;
}

// A name in one Markdown table cell or heading: escaped, on one line.
QString markdownCell(QString text)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return markdownEscape(text);
}

// The path with every symlink of its existing part resolved ("" when nothing of it exists).
QString resolvedPath(const QString &path)
{
    QString rest, existing = QDir::cleanPath(QDir(QDir::currentPath()).absoluteFilePath(path));
    for (;;) {
        if (char *real = ::realpath(toNativePath(existing).constData(), nullptr)) {
            QString out = fromNativePath(QByteArray(real));
            std::free(real);
            return rest.isEmpty() ? out : QDir::cleanPath(out + QLatin1Char('/') + rest);
        }
        const qsizetype cut = existing.lastIndexOf(QLatin1Char('/'));
        if (cut <= 0)
            return {};
        rest = rest.isEmpty() ? existing.mid(cut + 1)
                              : existing.mid(cut + 1) + QLatin1Char('/') + rest;
        existing.truncate(cut);
    }
}

// Why the reports cannot go to `out`, or "": they go in a folder of their own, outside DIR or
// directly in it, never inside one of its bundles (that bundle would be changed and skipped).
QString batchOutputClash(const QString &dir, const QString &out)
{
    const QString realDir = resolvedPath(dir), realOut = resolvedPath(out);
    if (realDir.isEmpty() || realOut.isEmpty())
        return {};
    if (realOut == realDir)
        return QStringLiteral("-o %1 is the --batch folder: the reports need a folder of their own")
            .arg(out);
    const QString prefix
        = realDir.endsWith(QLatin1Char('/')) ? realDir : realDir + QLatin1Char('/');
    if (!realOut.startsWith(prefix))
        return {};
    const QString rel = realOut.mid(prefix.size());
    if (!rel.contains(QLatin1Char('/')))
        return {};
    return QStringLiteral("-o %1 is inside the bundle %2 of the --batch folder (nothing was "
                          "written): put the reports in a folder of their own, outside %3 or "
                          "directly in it")
        .arg(out, shownPath(QDir(dir).filePath(rel.section(QLatin1Char('/'), 0, 0))),
             shownPath(dir));
}

struct BatchEntry
{
    QString path; // as fromNativePath() gives it: opens whatever its bytes
    QString name; // as shown
};

struct BatchListing
{
    std::vector<BatchEntry> entries;
    QStringList skipped; // "name: why", for the summary and stderr
    QString folderName;
};

// The bundles of a --batch folder: its files and folders by their bytes (a name that is not
// UTF-8 is read too), never a symlink (it may lead out of the folder) nor a device or FIFO;
// hidden names and the output folder are left out.
BatchListing listBatchFolder(const QString &dir, const struct stat &outStat)
{
    BatchListing listing;
    listing.folderName = shownPath(QFileInfo(QDir::cleanPath(QDir(dir).absolutePath())).fileName());
    const QByteArray native = toNativePath(dir);
    DIR *d = ::opendir(native.constData());
    if (!d)
        return listing;
    std::vector<std::pair<QByteArray, struct stat>> names;
    while (const dirent *e = ::readdir(d)) {
        const QByteArray name(e->d_name);
        if (name.startsWith('.'))
            continue;
        struct stat st{};
        if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        names.emplace_back(name, st);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[name, st] : names) {
        const QString path = fromNativePath(native + '/' + name),
                      shown = shownPath(fromNativePath(name));
        if (st.st_dev == outStat.st_dev && st.st_ino == outStat.st_ino)
            continue; // the reports' own folder
        if (S_ISLNK(st.st_mode))
            listing.skipped << QStringLiteral("%1: a symbolic link, not followed (it may lead out "
                                              "of the --batch folder)")
                                   .arg(shown);
        else if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            listing.skipped << QStringLiteral("%1: not a file or folder, not read").arg(shown);
        else
            listing.entries.push_back({path, shown});
    }
    return listing;
}

// The report file of each bundle of a --batch folder, named after it. Report names never take
// the summary's names or each other's ("summary" is a fine node name): a clash gets "-2", "-3"
// ... before the suffix.
void nameBatchReports(std::vector<BatchRow> &rows,
                      const std::vector<BatchEntry> &entries,
                      const QString &suffix,
                      bool redact,
                      const Redaction &extra)
{
    std::set<QString> taken{QStringLiteral("summary.md"), QStringLiteral("summary.json")};
    for (size_t i = 0; i < rows.size(); ++i) {
        const QString base = redact ? gputriage::redact(entries[i].name, extra) : entries[i].name;
        QString name = base + QLatin1Char('.') + suffix;
        for (int n = 2; taken.count(name.toLower()); ++n)
            name = QStringLiteral("%1-%2.%3").arg(base).arg(n).arg(suffix);
        taken.insert(name.toLower());
        rows[i].report = name;
    }
}

// The summary of a --batch run, as the terminal, summary.md and summary.json show it.
struct BatchSummary
{
    QString text, markdown;
    QJsonArray bundles;
    QByteArray json;
    int failed = 0;   // bundles with a finding at or above --fail-on
    int problems = 0; // problems that are not notes, over all bundles
};

// One bundle's line in each of the summary's forms: its counts and its most severe finding.
void addSummaryRow(BatchSummary &s, const BatchRow &r, std::optional<Severity> failOn)
{
    const AnalysisResult &res = r.result;
    const Finding *top = nullptr;
    for (const Finding &f : res.findings)
        if (!top || f.severity > top->severity)
            top = &f;
    const QString topTitle = top ? stripControl(top->title) : QStringLiteral("-");
    s.text += QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                  .arg(r.bundle.leftJustified(28))
                  .arg(res.countOf(Severity::Critical), 4)
                  .arg(res.countOf(Severity::Error), 3)
                  .arg(res.countOf(Severity::Warning), 4)
                  .arg(res.countOf(Severity::Info), 4)
                  .arg(r.report.isEmpty() ? QStringLiteral("(not written)") : r.report, -32)
                  .arg(topTitle);
    s.markdown += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
                      .arg(markdownCell(r.bundle))
                      .arg(res.countOf(Severity::Critical))
                      .arg(res.countOf(Severity::Error))
                      .arg(res.countOf(Severity::Warning))
                      .arg(res.countOf(Severity::Info))
                      .arg(markdownCell(topTitle),
                           r.report.isEmpty()
                               ? QStringLiteral("(not written)")
                               : QStringLiteral("[%1](%2)")
                                     .arg(markdownCell(r.report),
                                          QString::fromUtf8(QUrl::toPercentEncoding(r.report))));
    s.bundles.append(QJsonObject{{QStringLiteral("bundle"), r.bundle},
                                 {QStringLiteral("report"), r.report},
                                 {QStringLiteral("critical"), res.countOf(Severity::Critical)},
                                 {QStringLiteral("error"), res.countOf(Severity::Error)},
                                 {QStringLiteral("warning"), res.countOf(Severity::Warning)},
                                 {QStringLiteral("info"), res.countOf(Severity::Info)},
                                 {QStringLiteral("most_severe"), top ? top->ruleId : QString()},
                                 {QStringLiteral("problems"), int(res.problems.size())}});
    if (failOn && res.countAtLeast(*failOn) > 0)
        ++s.failed;
    s.problems += int(std::count_if(res.problems.begin(), res.problems.end(),
                                    [](const Error &e) { return !e.warning; }));
}

// The summary: most severe bundles first, each with its counts and worst finding, then what was
// not read.
BatchSummary summarizeBatch(const std::vector<BatchRow> &rows,
                            const BatchListing &listing,
                            const QString &dir,
                            bool redact,
                            const QDateTime &generated,
                            std::optional<Severity> failOn)
{
    std::vector<const BatchRow *> sorted;
    sorted.reserve(rows.size());
    for (const BatchRow &r : rows)
        sorted.push_back(&r);
    auto worst = [](const AnalysisResult &r) {
        int w = -1;
        for (const Finding &f : r.findings)
            w = std::max(w, int(f.severity));
        return w;
    };
    std::stable_sort(sorted.begin(), sorted.end(), [&](const BatchRow *a, const BatchRow *b) {
        return worst(a->result) > worst(b->result);
    });
    BatchSummary s;
    s.text = QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                 .arg(QStringLiteral("bundle").leftJustified(28), QStringLiteral("crit"),
                      QStringLiteral("err"), QStringLiteral("warn"), QStringLiteral("info"),
                      QStringLiteral("report").leftJustified(32),
                      QStringLiteral("most severe finding"));
    // The folder's name is the customer's too: escaped, and masked under --redact.
    const QString folderName = redact ? gputriage::redact(listing.folderName) : listing.folderName;
    s.markdown = QStringLiteral("# GPU Triage batch: %1\n\n| Bundle | Critical | Error | Warning | "
                                "Info | Most severe finding | Report |\n|---|---:|---:|---:|---:|"
                                "---|---|\n")
                     .arg(markdownCell(folderName));
    for (const BatchRow *r : sorted)
        addSummaryRow(s, *r, failOn);
    s.text += QStringLiteral("%1; a report each, summary.md and summary.json in the "
                             "output folder\n")
                  .arg(plural(rows.size(), u"bundle", u"bundles"));
    QJsonArray notRead;
    if (!listing.skipped.isEmpty())
        s.markdown += QStringLiteral("\nNot read:\n\n");
    for (const QString &skipped : listing.skipped) {
        const QString shown = redact ? gputriage::redact(skipped) : skipped;
        s.markdown += QStringLiteral("- %1\n").arg(markdownCell(shown));
        notRead.append(shown);
    }
    s.json = QJsonDocument(
                 QJsonObject{{QStringLiteral("schema"), QStringLiteral("gputriage/batch/v1")},
                             {QStringLiteral("folder"), redact ? folderName : shownPath(dir)},
                             {QStringLiteral("not_read"), notRead},
                             {QStringLiteral("generated"), generated.toString(Qt::ISODate)},
                             {QStringLiteral("bundles"), s.bundles}})
                 .toJson(QJsonDocument::Indented);
    return s;
}

// `gputriage analyze --batch DIR -o OUT`: every file or folder in DIR is one bundle (a node's
// bug report, a must-gather, a pod's logs). Bundles are analysed side by side, one per core,
// each into OUT/<name>.<format>, and OUT/summary.md and summary.json list them all.
int analyzeBatch(const QCommandLineParser &p, const BundleLimits &limits, const AnalyzeArgs &args)
{
    const QString dir = p.value(QStringLiteral("batch"));
    const QString out = p.value(QStringLiteral("output"));
    if (out.isEmpty() || out == QLatin1String("-"))
        return usageError(QStringLiteral("--batch needs -o DIR for the reports"));
    if (!p.positionalArguments().isEmpty())
        return usageError(QStringLiteral("--batch takes its bundles from DIR, not from arguments"));
    const std::optional<ReportFormat> chosen = reportFormatOfId(p.value(QStringLiteral("format")));
    if (!chosen || !isTextReportFormat(*chosen))
        return usageError(
            QStringLiteral("unknown format '%1' for --batch (use %2)")
                .arg(p.value(QStringLiteral("format")), reportFormatChoices(kTextReportFormats)));
    const ReportFormat format = *chosen;
    struct stat dirStat{};
    if (::stat(toNativePath(dir).constData(), &dirStat) != 0 || !S_ISDIR(dirStat.st_mode))
        return usageError(QStringLiteral("--batch needs a folder: %1").arg(shownPath(dir)));
    if (const QString clash = batchOutputClash(dir, out); !clash.isEmpty())
        return usageError(clash);
    if (!QDir().mkpath(out))
        return usageError(QStringLiteral("cannot create %1").arg(out));
    struct stat outStat{};
    ::stat(toNativePath(out).constData(), &outStat);
    const BatchListing listing = listBatchFolder(dir, outStat);
    const std::vector<BatchEntry> &entries = listing.entries;
    for (const QString &skipped : listing.skipped)
        err() << "gputriage: note: " << skipped << '\n';
    err().flush();
    const int jobs = Workers::count(args.jobs);

    const RuleSet rules = rulesFrom(p);
    const Analyzer analyzer(rules);
    AnalyzeOptions options;
    options.jobs = 1; // one bundle per core instead of one bundle on all cores
    options.limits = limits;
    options.unmatched = p.isSet(QStringLiteral("unmatched"));
    ReportOptions ro;
    ro.generated = ReportOptions::generationTime(p.isSet(QStringLiteral("deterministic")));
    ro.maxEvidence = args.maxEvidence;
    const std::optional<Severity> minSeverity = args.minSeverity, failOn = args.failOn;
    const bool redact = redacting(p);
    const Redaction extra = redactionOf(p);

    std::vector<BatchRow> rows(entries.size());
    nameBatchReports(rows, entries, reportFormatSuffix(format), redact, extra);
    std::atomic<size_t> next{0};
    auto worker = [&](int) {
        for (size_t i; (i = next.fetch_add(1)) < rows.size();) {
            const BatchEntry &entry = entries[i];
            BatchRow &row = rows[i];
            row.bundle = redact ? gputriage::redact(entry.name, extra) : entry.name;
            row.result = analyzer.analyzePaths({entry.path}, options);
            if (redact) // the summary shows its words too
                row.result = reportView(row.result, std::nullopt, true, extra);
            const QByteArray bytes
                = writeReport(reportView(row.result, minSeverity, redact, extra), format, ro);
            if (QString error = writeFileAtomically(QDir(out).filePath(row.report), bytes);
                !error.isEmpty()) {
                row.writeError = std::move(error);
            }
        }
    };
    Workers::run(std::min<int>(jobs, int(rows.size())), worker);
    QStringList failures; // "path: cause" of each report that could not be written
    for (BatchRow &r : rows)
        if (!r.writeError.isEmpty()) {
            failures << QStringLiteral("%1: %2").arg(QDir(out).filePath(r.report), r.writeError);
            r.report.clear(); // "(not written)" in the summary
        }

    BatchSummary summary = summarizeBatch(rows, listing, dir, redact, ro.generated, failOn);
    QString &text = summary.text;
    for (const auto &[name, bytes] :
         {std::pair(QStringLiteral("summary.md"), summary.markdown.toUtf8()),
          std::pair(QStringLiteral("summary.json"), summary.json)})
        if (const QString error = writeFileAtomically(QDir(out).filePath(name), bytes);
            !error.isEmpty())
            failures << QStringLiteral("%1: %2").arg(QDir(out).filePath(name), error);
    if (!failures.isEmpty()) {
        // The table without the line that says every report was written.
        text.truncate(text.lastIndexOf(QLatin1Char('\n'), -2) + 1);
        writeStdoutText(text);
        for (const QString &f : failures)
            err() << "gputriage: cannot write " << f << '\n';
        err().flush();
        return UsageOrInput;
    }
    if (!writeStdoutText(text) || summary.problems)
        return UsageOrInput;
    return summary.failed ? FindingsOrFailures : Ok;
}

// What one analysis built, left to the end of the process: the system drops it faster than it
// is freed piece by piece (about 40 ms for a bug report's rules, catalogs and findings).
void keepUntilExit(std::shared_ptr<const void> object)
{
    static auto *kept = new std::vector<std::shared_ptr<const void>>; // never freed, on purpose
    kept->push_back(std::move(object));
}

// `analyze --timings`: each phase's wall time (summed over threads), then the whole command.
void printTimings(std::chrono::steady_clock::duration total)
{
    QTextStream &e = err();
    e << "timings:\n";
    for (const Timings::Phase &ph : Timings::phases())
        e << QStringLiteral("  %1 %2 s").arg(ph.name, -24).arg(ph.seconds, 6, 'f', 3)
          << (ph.count > 1 ? QStringLiteral("  (%1 times)").arg(ph.count) : QString()) << '\n';
    e << QStringLiteral("  %1 %2 s")
             .arg(QStringLiteral("analyze command"), -24)
             .arg(std::chrono::duration<double>(total).count(), 6, 'f', 3)
      << '\n';
    e.flush();
}

// The options of `analyze`.
void addAnalyzeOptions(QCommandLineParser &p)
{
    addRuleOptions(p);
    addOutputOptions(p);
    p.addOption({QStringLiteral("fail-on"), QStringLiteral("Severity that fails."),
                 QStringLiteral("SEVERITY")});
    p.addOption({QStringLiteral("max-evidence"), QStringLiteral("Evidence lines."),
                 QStringLiteral("N"), QStringLiteral("10")});
    p.addOption({QStringLiteral("jobs"), QStringLiteral("Threads."), QStringLiteral("N"),
                 QStringLiteral("0")});
    p.addOption({QStringLiteral("deterministic"), QStringLiteral("Fixed generation time.")});
    p.addOption({QStringLiteral("quiet"), QStringLiteral("Quiet.")});
    p.addOption({QStringLiteral("min-severity"), QStringLiteral("Lowest severity shown."),
                 QStringLiteral("S")});
    addRedactOptions(p);
    p.addOption({QStringLiteral("unmatched"), QStringLiteral("Other notable messages section.")});
    p.addOption({QStringLiteral("timings"), QStringLiteral("Time of each phase on stderr.")});
    p.addOption({QStringLiteral("batch"), QStringLiteral("Every entry of DIR is a bundle."),
                 QStringLiteral("DIR")});
    addAnalyzeLibraryOptions(p);
    for (const char *limit :
         {"max-entries", "max-depth", "max-entry-size", "max-total-size", "max-ratio"})
        p.addOption(
            {QString::fromLatin1(limit), QStringLiteral("Bundle limit."), QStringLiteral("N")});
}

// The bundle limits of the --max-* options into `limits`; an error message when one is out of
// range (else empty).
QString readBundleLimits(const QCommandLineParser &p, BundleLimits &limits)
{
    struct LimitOption
    {
        const char *name;
        qint64 min, max;
        std::function<void(qint64)> set;
    };
    const LimitOption limitOptions[] = {
        {"max-entries", 1, 100000000,
         [&](qint64 v) {
             limits.maxEntries = int(v);
         }},
        {"max-depth", 0, 16,
         [&](qint64 v) {
             limits.maxDepth = int(v);
         }},
        {"max-entry-size", 1, qint64(1) << 50,
         [&](qint64 v) {
             limits.maxEntryBytes = v;
         }},
        {"max-total-size", 1, qint64(1) << 50,
         [&](qint64 v) {
             limits.maxTotalBytes = v;
         }},
        {"max-ratio", 2, 100000000,
         [&](qint64 v) {
             limits.maxRatio = int(v);
         }},
    };
    for (const LimitOption &o : limitOptions) {
        const QString name = QString::fromLatin1(o.name);
        if (!p.isSet(name))
            continue;
        const auto v = parseSize(p.value(name));
        if (!v || *v < o.min || *v > o.max)
            return QStringLiteral("--%1 needs a number from %2 to %3 (K, M, G suffixes allowed)")
                .arg(name)
                .arg(o.min)
                .arg(o.max);
        o.set(*v);
    }
    return {};
}

// The rule packs of the options, kept to the end of the process; with --timings, the time
// they took beyond reading their files.
const RuleSet &loadRules(const QCommandLineParser &p, bool timings)
{
    // The folders walked, overrides and references checked: what the files' own phases leave.
    using Clock = std::chrono::steady_clock;
    const auto rulesStart = Clock::now();
    auto filesSeconds = [] {
        return Timings::seconds("load packs") + Timings::seconds("load catalogs")
               + Timings::seconds("load packs: cached ones, two threads");
    };
    const double filesBefore = filesSeconds();
    const auto rulesHeld = std::make_shared<const RuleSet>(rulesFrom(p));
    keepUntilExit(rulesHeld);
    if (timings)
        Timings::add("load packs: the rest",
                     Clock::now() - rulesStart
                         - std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(filesSeconds() - filesBefore)));
    return *rulesHeld;
}

// The exit code of `analyze` once its report is written: the problems (unreadable inputs,
// invalid rules) said on stderr too, then --fail-on.
int analyzeExitCode(const AnalysisResult &result, bool quiet, std::optional<Severity> failOn)
{
    // Problems are in the report too; the rest was analysed.
    if (!quiet) {
        for (const Error &e : result.problems)
            err() << "gputriage: " << (e.warning ? "note: " : "") << e.toString() << '\n';
        err().flush();
    }
    if (std::any_of(result.problems.begin(), result.problems.end(),
                    [](const Error &e) { return !e.warning; }))
        return UsageOrInput;
    if (failOn && result.countAtLeast(*failOn) > 0)
        return FindingsOrFailures;
    return Ok;
}

int analyze(const QStringList &args)
{
    QCommandLineParser p;
    addAnalyzeOptions(p);
    if (!parse(p, args))
        return UsageOrInput;
    const bool timings = p.isSet(QStringLiteral("timings"));
    Timings::setEnabled(timings);
    const auto start = std::chrono::steady_clock::now();

    BundleLimits limits;
    if (const QString error = readBundleLimits(p, limits); !error.isEmpty())
        return usageError(error);

    const auto parsed = parseAnalyzeArgs(p);
    if (const QString *error = std::get_if<QString>(&parsed))
        return usageError(*error);
    const AnalyzeArgs &shared = std::get<AnalyzeArgs>(parsed);
    if (p.isSet(QStringLiteral("batch"))
        && (p.isSet(QStringLiteral("library")) || p.isSet(QStringLiteral("with-history"))))
        return usageError(QStringLiteral("for a folder of bundles use 'gputriage library add "
                                         "--batch DIR'"));
    if (p.isSet(QStringLiteral("batch")))
        return analyzeBatch(p, limits, shared);
    const QStringList paths = p.positionalArguments();
    if (paths.isEmpty())
        return usageError(QStringLiteral("analyze needs at least one file or folder"));
    if (const int rc = refuseClobber(p.value(QStringLiteral("output")), paths, rulePaths(p));
        rc != Ok)
        return rc;
    const std::optional<ReportFormat> chosen = reportFormatOfId(p.value(QStringLiteral("format")));
    if (!chosen)
        return usageError(QStringLiteral("unknown format '%1' (use %2)")
                              .arg(p.value(QStringLiteral("format")),
                                   reportFormatChoices({ReportFormat::Text, ReportFormat::Json,
                                                        ReportFormat::Markdown, ReportFormat::Html,
                                                        ReportFormat::Pdf})));
    const ReportFormat format = *chosen;
    const std::optional<Severity> minSeverity = shared.minSeverity, failOn = shared.failOn;
    const int jobs = shared.jobs, maxEvidence = shared.maxEvidence;
    const bool quiet = p.isSet(QStringLiteral("quiet"));

    const RuleSet &rules = loadRules(p, timings);
    Analyzer::readCatalogsAhead(rules, paths);
    AnalyzeOptions options;
    options.jobs = jobs;
    options.limits = limits;
    options.unmatched = p.isSet(QStringLiteral("unmatched"));
    const bool showProgress = !quiet && isatty(STDERR_FILENO);
    if (showProgress) {
        options.progress = [](qint64 done, qint64 total) {
            if (total > 0)
                std::fprintf(stderr, "\ranalysing… %3d%%", int(done * 100 / total));
        };
    }
    const auto analyzerHeld = std::make_shared<const Analyzer>(rules);
    keepUntilExit(analyzerHeld);
    const auto resultHeld
        = std::make_shared<const AnalysisResult>(analyzerHeld->analyzePaths(paths, options));
    const AnalysisResult &result = *resultHeld;
    keepUntilExit(resultHeld);
    if (showProgress)
        std::fprintf(stderr, "\r               \r");

    PhaseTimer reportTimer("report");
    ReportOptions ro;
    ro.generated = ReportOptions::generationTime(p.isSet(QStringLiteral("deterministic")));
    ro.maxEvidence = maxEvidence;
    const QString output = p.value(QStringLiteral("output"));
    ro.color = format == ReportFormat::Text && output.isEmpty() && isatty(STDOUT_FILENO)
               && qEnvironmentVariableIsEmpty("NO_COLOR");
    const auto shownHeld = std::make_shared<const AnalysisResult>(
        reportView(result, minSeverity, redacting(p), redactionOf(p)));
    const AnalysisResult &shown = *shownHeld;
    keepUntilExit(shownHeld);
    QByteArray report;
    if (format == ReportFormat::Pdf) {
#ifdef GPUTRIAGE_WITH_GUI
        report = renderPdf(QString::fromUtf8(writeHtmlReport(shown, ro)), ro.title);
#else
        return usageError(QStringLiteral("this build has no PDF support (built without the GUI)"));
#endif
    } else {
        report = writeReport(shown, format, ro);
    }
    if (const int rc
        = applyLibraryToAnalysis(p, paths, result, shown, format, report, cliServices());
        rc != Ok)
        return rc;

    const int written = writeOutput(output, report);
    reportTimer.stop();
    if (timings)
        printTimings(std::chrono::steady_clock::now() - start);
    if (written != Ok)
        return written;

    return analyzeExitCode(result, quiet, failOn);
}

// `rules list`: every rule with its severity and origin, every code of every catalog with its
// severity and resolution bucket, and what each message catalog holds by print level.
void listRules(const RuleSet &rules, QTextStream &out)
{
    for (const Rule &r : rules.rules) {
        QString origin = r.pack;
        if (r.user)
            origin += rules.overridden.contains(r.id) ? QLatin1String(", user, overrides shipped")
                                                      : QLatin1String(", user");
        out << QStringLiteral("%1  %2  %3  (%4)\n")
                   .arg(r.id, -40)
                   .arg(r.kind == RuleKind::Fact ? QStringLiteral("fact")
                                                 : severityName(r.severity),
                        -8)
                   .arg(r.title, origin);
    }
    for (const auto &[name, catalog] : rules.catalogs) {
        out << QStringLiteral("\n%1 catalog (%2 codes, %3):\n")
                   .arg(name)
                   .arg(catalog.entries.size())
                   .arg(catalog.source.url);
        for (const auto &[code, e] : catalog.entries) {
            const auto severity = e.severity ? e.severity : severityForResolution(e.resolution);
            out << QStringLiteral("  %1 %2  %3  %4  %5\n")
                       .arg(name)
                       .arg(code, -4)
                       .arg(severity ? severityName(*severity) : QStringLiteral("-"), -8)
                       .arg(e.resolution.isEmpty() ? QStringLiteral("-") : e.resolution, -20)
                       .arg(e.name);
        }
    }
    if (!rules.messages || rules.messages->components().empty())
        return;
    out << QStringLiteral("\nmessage catalogs (rules/catalogs/messages):\n");
    const auto &components = rules.messages->components();
    std::vector<std::map<PrintLevel, int>> levels(components.size());
    for (const CatalogMessage &m : rules.messages->messages())
        ++levels[size_t(m.component)][m.level];
    for (size_t i = 0; i < components.size(); ++i) {
        int total = 0;
        QStringList byLevel;
        for (const auto &[level, n] : levels[i]) {
            total += n;
            byLevel << QStringLiteral("%1 %2").arg(printLevelName(level)).arg(n);
        }
        out << QStringLiteral("  %1 %2 messages (%3) from %4 %5\n")
                   .arg(components[i].id, -26)
                   .arg(total, 5)
                   .arg(byLevel.join(QLatin1String(", ")),
                        components[i].source.isEmpty() ? components[i].generator
                                                       : components[i].source,
                        components[i].versions.join(QLatin1Char(' ')));
    }
    for (const QString &problem : rules.messages->problems())
        out << QStringLiteral("  problem: %1\n").arg(problem);
}

// `rules check`: what loading found, and what matching would (patterns too large for one set).
int checkRules(const RuleSet &rules, QTextStream &out)
{
    const QList<Diagnostic> diagnostics = rules.diagnostics + Matcher(rules.rules).diagnostics();
    for (const Diagnostic &d : diagnostics)
        out << d.toString() << '\n';
    int errors = 0, warnings = 0;
    for (const Diagnostic &d : diagnostics)
        (d.isError() ? errors : warnings)++;
    out << QStringLiteral("%1 rules in %2 packs: %3 errors, %4 warnings\n")
               .arg(rules.rules.size())
               .arg(rules.packs.size())
               .arg(errors)
               .arg(warnings);
    return errors ? UsageOrInput : Ok;
}

// `rules test`: every rule's examples.
int testRules(const RuleSet &rules, QTextStream &out)
{
    printDiagnostics(rules, false);
    int passed = 0, failed = 0, withoutExamples = 0;
    for (const Rule &r : rules.rules)
        withoutExamples += r.examples.isEmpty();
    for (const ExampleResult &r : runExamples(rules)) {
        (r.passed ? passed : failed)++;
        out << (r.passed ? "PASS " : "FAIL ") << r.ruleId << " example " << r.index << " ("
            << r.file << ':' << r.line << "): " << r.message << '\n';
    }
    if (withoutExamples)
        out << plural(withoutExamples, u"rule has", u"rules have") << " no examples\n";
    out << "rules: " << passed << " passed, " << failed << " failed\n";
    out.flush();
    if (rules.hasErrors())
        return UsageOrInput;
    return failed ? FindingsOrFailures : Ok;
}

int rulesCommand(const QStringList &args)
{
    QCommandLineParser p;
    addRuleOptions(p);
    p.addOption({QStringLiteral("patterns"), QStringLiteral("list: only the line patterns.")});
    if (!parse(p, args))
        return UsageOrInput;
    const QStringList pos = p.positionalArguments();
    const QString sub = pos.value(0);
    if (pos.size() != 1
        || !QStringList{QStringLiteral("list"), QStringLiteral("check"), QStringLiteral("test")}
                .contains(sub))
        return usageError(
            QStringLiteral("use 'gputriage rules list', 'rules check' or 'rules test'"));

    const RuleSet rules = rulesFrom(p);
    TerminalSafeFile safeStdout(stdout);
    QTextStream out(&safeStdout);
    if (sub == QLatin1String("list") && p.isSet(QStringLiteral("patterns"))) {
        // One regular expression per line, for other tools (`rg -f`) in benchmarks. Group names
        // go: such tools join the lines into one expression, where names would repeat.
        printDiagnostics(rules, false);
        for (const Rule &r : rules.rules)
            if (r.scope == RuleScope::Line && r.pattern.regex)
                out << QString::fromStdString(withoutGroupNames(r.pattern.source.toStdString()))
                    << '\n';
        return rules.hasErrors() ? UsageOrInput : Ok;
    }
    if (sub == QLatin1String("list")) {
        printDiagnostics(rules, false);
        listRules(rules, out);
        return rules.hasErrors() ? UsageOrInput : Ok;
    }
    if (sub == QLatin1String("check"))
        return checkRules(rules, out);
    return testRules(rules, out);
}

int diffCommand(const QStringList &args)
{
    QCommandLineParser p;
    addRuleOptions(p);
    addOutputOptions(p);
    p.addOption({QStringLiteral("quiet"), QStringLiteral("Quiet.")});
    addRedactOptions(p);
    if (!parse(p, args))
        return UsageOrInput;
    const QStringList paths = p.positionalArguments();
    if (paths.size() != 2)
        return usageError(QStringLiteral("diff needs two bundles: gputriage diff A B"));
    if (const int rc = refuseClobber(p.value(QStringLiteral("output")), paths, rulePaths(p));
        rc != Ok)
        return rc;
    const std::optional<ReportFormat> format = reportFormatOfId(p.value(QStringLiteral("format")));
    if (!format || !isDiffFormat(*format))
        return usageError(
            QStringLiteral("unknown format '%1' (use %2)")
                .arg(p.value(QStringLiteral("format")), reportFormatChoices(kTextReportFormats)));
    const RuleSet rules = rulesFrom(p);
    const Analyzer analyzer(rules);
    const bool redacted = redacting(p);
    const Redaction extra = redactionOf(p);
    auto shown = [&](const QString &path) {
        const AnalysisResult r = analyzer.analyzePaths({path});
        return redacted ? reportView(r, std::nullopt, true, extra) : r;
    };
    const AnalysisResult left = shown(paths[0]);
    const AnalysisResult right = shown(paths[1]);
    const BundleDiff diff = diffResults(left, right, redacted ? redact(paths[0], extra) : paths[0],
                                        redacted ? redact(paths[1], extra) : paths[1]);
    if (const int rc = writeOutput(p.value(QStringLiteral("output")), writeDiff(diff, *format));
        rc != Ok)
        return rc;
    bool failed = false;
    for (const AnalysisResult *r : {&left, &right})
        for (const Error &e : r->problems) {
            if (!p.isSet(QStringLiteral("quiet")))
                err() << "gputriage: " << (e.warning ? "note: " : "") << e.toString() << '\n';
            failed = failed || !e.warning;
        }
    err().flush();
    if (failed)
        return UsageOrInput;
    return diff.isEmpty() ? Ok : FindingsOrFailures;
}

} // namespace

bool needsGuiApplication(const QStringList &arguments)
{
    // The parser reads "-format" as "--format" and keeps the last value given: so does this.
    QString format;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        if (a == QLatin1String("--"))
            break;
        if (a == QLatin1String("--format") || a == QLatin1String("-format"))
            format = arguments.value(++i);
        else if (a.startsWith(QLatin1String("--format="))
                 || a.startsWith(QLatin1String("-format=")))
            format = a.mid(a.indexOf(QLatin1Char('=')) + 1);
    }
    return reportFormatOfId(format) == ReportFormat::Pdf;
}

bool isCliInvocation(const QStringList &arguments)
{
    static const QStringList commands
        = {QStringLiteral("analyze"),   QStringLiteral("rules"), QStringLiteral("diff"),
           QStringLiteral("--version"), QStringLiteral("-v"),    QStringLiteral("--help"),
           QStringLiteral("-h"),        QStringLiteral("help"),  QStringLiteral("library")};
    // Any option is for the CLI too, so an unknown one is a usage error rather than a file name.
    return arguments.size() > 1
           && (commands.contains(arguments.at(1)) || arguments.at(1).startsWith(QLatin1Char('-')));
}

namespace {

int runCommand(const QStringList &arguments)
{
    const QString command = arguments.value(1);
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        return writeStdout(QByteArrayLiteral("gputriage " GPUTRIAGE_VERSION "\n")) ? Ok
                                                                                   : UsageOrInput;
    }
    const bool help
        = arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"));
    if (help || command == QLatin1String("help")) {
        return writeStdout(QByteArray(kUsage)) ? Ok : UsageOrInput;
    }
    QStringList rest = arguments;
    rest.removeAt(1); // QCommandLineParser expects argv[0] first
    if (command == QLatin1String("analyze"))
        return analyze(rest);
    if (command == QLatin1String("rules"))
        return rulesCommand(rest);
    if (command == QLatin1String("diff"))
        return diffCommand(rest);
    if (command == QLatin1String("library"))
        return libraryCommand(rest, cliServices());
    return usageError(QStringLiteral("unknown command or option '%1'").arg(command));
}

} // namespace

int runCli(const QStringList &arguments)
{
    const int rc = runCommand(arguments);
    // A damaged or outdated cache was rebuilt: said once, it should not recur.
    if (!arguments.contains(QStringLiteral("--quiet"))) {
        for (const QString &note : DiskCache::takeNotes())
            err() << "gputriage: note: " << note << '\n';
        err().flush();
    }
    // What went through stdio (rules list, diagnostics tables) is checked as the reports are.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        err() << "gputriage: cannot write to standard output: "
              << QString::fromLocal8Bit(std::strerror(errno ? errno : EIO)) << '\n';
        err().flush();
        return UsageOrInput;
    }
    return rc;
}

} // namespace gputriage
