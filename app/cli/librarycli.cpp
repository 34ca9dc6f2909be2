#include "cli/librarycli.h"

#include "engine/analyzer.h"
#include "library/caselibrary.h"
#include "paths.h"
#include "plural.h"
#include "report/redactor.h"
#include "report/reportwriter.h"
#include "rules/ruleloader.h"
#include "workers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QThread>
#include <QTimeZone>

#include <atomic>
#include <cstdio>
#include <thread>
#include <tuple>
#include <unistd.h>

namespace gputriage {

namespace {

enum ExitCode { Ok = 0, UsageOrInput = 2 };

QString opt(const char *name)
{
    return QString::fromLatin1(name);
}

void addLocationOptions(QCommandLineParser &p)
{
    p.addOption(
        {opt("library-url"),
         QStringLiteral("The case library: a SQLite file or postgresql://… (default "
                        "$GPUTRIAGE_LIBRARY_URL, else ~/.local/share/gputriage/library.sqlite)."),
         QStringLiteral("URL")});
    p.addOption({opt("customer"),
                 QStringLiteral("Only this customer's entries (and, when adding, "
                                "the entry's customer)."),
                 QStringLiteral("NAME")});
}

void addEntryOptions(QCommandLineParser &p)
{
    p.addOption({opt("case"), QStringLiteral("The case or ticket id."), QStringLiteral("ID")});
    p.addOption({opt("case-pattern"),
                 QStringLiteral("A regular expression that finds the case id in the path."),
                 QStringLiteral("RE")});
}

// A date ("2026-10-02") or a date and time; a date as the end of a range covers its whole day.
std::optional<QDateTime> parseWhen(const QString &text, bool end)
{
    const QDate d = QDate::fromString(text, Qt::ISODate);
    if (d.isValid())
        return end ? QDateTime(d, QTime(23, 59, 59), QTimeZone::UTC)
                   : QDateTime(d, QTime(0, 0), QTimeZone::UTC);
    QDateTime t = QDateTime::fromString(text, Qt::ISODate);
    if (!t.isValid())
        return std::nullopt;
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeZone(QTimeZone::UTC);
    return t.toUTC();
}

QString dateOf(const QDateTime &t)
{
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd"));
}

// Opens the library named by --library-url; on failure prints why and gives nothing.
std::unique_ptr<CaseLibrary> openLibrary(const QCommandLineParser &p,
                                         CaseLibrary::Mode mode,
                                         const CliServices &cli,
                                         bool note = false)
{
    const Result<LibraryLocation> location = parseLibraryUrl(p.value(opt("library-url")));
    if (!location) {
        cli.err() << "gputriage: " << location.error().message << '\n';
        cli.err().flush();
        return nullptr;
    }
    Result<std::unique_ptr<CaseLibrary>> library = CaseLibrary::open(location.value(), mode);
    if (!library) {
        cli.err() << "gputriage: " << (note ? "note: " : "") << library.error().message << '\n';
        cli.err().flush();
        return nullptr;
    }
    return std::move(library).value();
}

LibraryScope scopeOf(const QCommandLineParser &p)
{
    return LibraryScope{p.value(opt("customer"))};
}

EntryOptions entryOptions(const QCommandLineParser &p)
{
    EntryOptions o;
    o.caseId = p.value(opt("case"));
    o.casePattern = p.value(opt("case-pattern"));
    o.customer = p.value(opt("customer"));
    o.redact = p.isSet(opt("redact"));
    return o;
}

QString shown(const QCommandLineParser &p, const QString &text)
{
    return p.isSet(opt("redact")) ? redact(text) : text;
}

QJsonObject pastCaseJson(const QCommandLineParser &p, const PastCase &c)
{
    QJsonObject o{{QStringLiteral("id"), c.id},
                  {QStringLiteral("identity"), c.identity},
                  {QStringLiteral("name"), shown(p, c.name)},
                  {QStringLiteral("case"), shown(p, c.caseId)},
                  {QStringLiteral("customer"), shown(p, c.customer)},
                  {QStringLiteral("analysed_at"), c.analysedAt.toString(Qt::ISODate)},
                  {QStringLiteral("driver_version"), c.driverVersion},
                  {QStringLiteral("cuda_version"), c.cudaVersion}};
    if (c.findings > 0) {
        o.insert(QStringLiteral("findings"), c.findings);
        o.insert(QStringLiteral("most_severe"), c.worstRule);
        o.insert(QStringLiteral("severity"), c.worst ? severityName(*c.worst) : QString());
    }
    if (!c.matched.isEmpty())
        o.insert(QStringLiteral("matched"), QJsonArray::fromStringList(c.matched));
    return o;
}

// "case 1234, 2026-10-02, bundle.tgz, driver 570.158.08"
QString pastCaseText(const QCommandLineParser &p, const PastCase &c)
{
    QStringList parts;
    parts << (c.caseId.isEmpty() ? QStringLiteral("no case id")
                                 : QStringLiteral("case %1").arg(shown(p, c.caseId)));
    parts << dateOf(c.analysedAt) << shown(p, c.name);
    if (!c.driverVersion.isEmpty())
        parts << QStringLiteral("driver %1").arg(c.driverVersion);
    if (!c.customer.isEmpty())
        parts << QStringLiteral("customer %1").arg(shown(p, c.customer));
    return parts.join(QLatin1String(", "));
}

QString boardRecordText(const QCommandLineParser &p, const BoardRecord &r)
{
    QStringList events;
    for (const LibraryGpuEvent &e : r.gpu.events)
        events << (e.code.isEmpty() ? e.rule : e.code)
                      + (e.count > 1 ? QStringLiteral(" ×%1").arg(e.count) : QString());
    QString s = QStringLiteral("#%1 %2 at %3: %4")
                    .arg(r.bundle.id)
                    .arg(pastCaseText(p, r.bundle), r.gpu.busId,
                         events.isEmpty() ? QStringLiteral("no events")
                                          : events.join(QLatin1String(", ")));
    if (!r.gpu.action.isEmpty())
        s += QStringLiteral(" — %1").arg(r.gpu.action);
    return s;
}

QJsonObject boardRecordJson(const QCommandLineParser &p, const BoardRecord &r)
{
    QJsonArray events;
    for (const LibraryGpuEvent &e : r.gpu.events)
        events.append(QJsonObject{{QStringLiteral("rule"), e.rule},
                                  {QStringLiteral("code"), e.code},
                                  {QStringLiteral("severity"), severityName(e.severity)},
                                  {QStringLiteral("count"), e.count},
                                  {QStringLiteral("first"), e.firstTime},
                                  {QStringLiteral("last"), e.lastTime}});
    return QJsonObject{{QStringLiteral("bundle"), pastCaseJson(p, r.bundle)},
                       {QStringLiteral("bus_id"), r.gpu.busId},
                       {QStringLiteral("uuid"), r.gpu.uuid},
                       {QStringLiteral("serial"), r.gpu.serial},
                       {QStringLiteral("name"), r.gpu.name},
                       {QStringLiteral("severity"), severityName(r.gpu.severity)},
                       {QStringLiteral("action"), r.gpu.action},
                       {QStringLiteral("events"), events}};
}

bool textOrJson(const QCommandLineParser &p, const CliServices &cli, bool &json)
{
    const QString format = p.value(opt("format"));
    json = format == QLatin1String("json");
    if (!json && format != QLatin1String("text")) {
        cli.usageError(QStringLiteral("unknown format '%1' (use text or json)").arg(format));
        return false;
    }
    return true;
}

int emit(const QCommandLineParser &p,
         const CliServices &cli,
         bool json,
         const QString &text,
         const QJsonValue &value)
{
    const QString output = p.value(opt("output"));
    if (json) {
        const QByteArray bytes
            = value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)
                              : QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
        return cli.writeOutput(output, bytes);
    }
    if (output.isEmpty() || output == QLatin1String("-"))
        return cli.writeStdoutText(text) ? Ok : UsageOrInput;
    return cli.writeOutput(output, text.toUtf8());
}

// The bundles of `library add`: the paths given, or every file and folder of --batch DIR
// (hidden names and symbolic links left out: a link may lead out of the folder).
QStringList bundlesToAdd(const QCommandLineParser &p, const CliServices &cli, bool &ok)
{
    ok = true;
    QStringList paths = p.positionalArguments().mid(1);
    if (!p.isSet(opt("batch")))
        return paths;
    if (!paths.isEmpty()) {
        cli.usageError(QStringLiteral("--batch takes its bundles from DIR, not from arguments"));
        ok = false;
        return {};
    }
    const QString dir = p.value(opt("batch"));
    if (!QFileInfo(dir).isDir()) {
        cli.usageError(QStringLiteral("--batch needs a folder: %1").arg(shownPath(dir)));
        ok = false;
        return {};
    }
    for (const QFileInfo &info : QDir(dir).entryInfoList(
             QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::System, QDir::Name)) {
        if (info.isSymLink()) {
            cli.err() << "gputriage: note: " << shownPath(info.fileName())
                      << ": a symbolic link, not followed\n";
            continue;
        }
        if (info.isFile() || info.isDir())
            paths << info.filePath();
    }
    cli.err().flush();
    return paths;
}

// The options of `library add` that need checking before a bundle is read: --jobs (into
// `jobsWanted`), --case-pattern and --case.
int checkAddOptions(const QCommandLineParser &p,
                    const QStringList &bundles,
                    const CliServices &cli,
                    int &jobsWanted)
{
    bool numeric = false;
    jobsWanted = p.value(opt("jobs")).toInt(&numeric);
    if (!numeric || jobsWanted < 0 || jobsWanted > 256)
        return cli.usageError(QStringLiteral("--jobs needs a number from 0 (one per core) to 256"));
    if (const QString pattern = p.value(opt("case-pattern"));
        !pattern.isEmpty() && !QRegularExpression(pattern).isValid())
        return cli.usageError(QStringLiteral("--case-pattern is not a valid regular expression: %1")
                                  .arg(QRegularExpression(pattern).errorString()));
    if (p.isSet(opt("case")) && bundles.size() > 1)
        return cli.usageError(QStringLiteral("--case names one bundle; for several, use "
                                             "--case-pattern"));
    return Ok;
}

int addCommand(const QCommandLineParser &p, const CliServices &cli)
{
    bool ok = false;
    const QStringList bundles = bundlesToAdd(p, cli, ok);
    if (!ok)
        return UsageOrInput;
    if (bundles.isEmpty())
        return cli.usageError(QStringLiteral("library add needs bundles: PATH... or --batch DIR"));
    int jobsWanted = 0;
    if (const int rc = checkAddOptions(p, bundles, cli, jobsWanted); rc != Ok)
        return rc;
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Write, cli);
    if (!library)
        return UsageOrInput;

    const RuleSet rules = loadRules(p.values(opt("rules")), !p.isSet(opt("no-default-rules")));
    const Analyzer analyzer(rules);
    const bool quiet = p.isSet(opt("quiet"));
    const bool progress = !quiet && ::isatty(STDERR_FILENO);
    const EntryOptions options = entryOptions(p);
    const int jobs = std::min<int>(Workers::count(jobsWanted), int(bundles.size()));

    // Bundles are analysed side by side, one per job; each is added as soon as it is ready, in
    // the order given, on this thread (the connection is this thread's).
    struct Slot
    {
        LibraryEntry entry;
        QList<Error> problems;
        std::atomic<bool> ready{false};
    };
    std::vector<Slot> slots(size_t(bundles.size()));
    std::atomic<size_t> next{0};
    std::atomic<bool> cancel{false};
    AnalyzeOptions analyzeOptions;
    analyzeOptions.jobs = 1;
    analyzeOptions.cancel = &cancel;
    std::thread pool([&] {
        Workers::run(jobs, [&](int) {
            for (size_t i; !cancel && (i = next.fetch_add(1)) < slots.size();) {
                const AnalysisResult result
                    = analyzer.analyzePaths({bundles[qsizetype(i)]}, analyzeOptions);
                slots[i].entry = libraryEntry(result, {bundles[qsizetype(i)]}, options);
                for (const Error &e : result.problems)
                    if (!e.warning)
                        slots[i].problems << e;
                slots[i].ready = true;
            }
        });
    });
    int failed = 0, added = 0, present = 0;
    QString text;
    for (size_t i = 0; i < slots.size(); ++i) {
        while (!slots[i].ready)
            QThread::msleep(5);
        const Slot &s = slots[i];
        const QString name = shown(p, shownPath(bundles[qsizetype(i)]));
        if (progress)
            std::fprintf(stderr, "\radding %zu/%zu…", i + 1, slots.size());
        for (const Error &e : s.problems)
            if (!quiet)
                cli.err() << "gputriage: " << e.toString() << '\n';
        if (s.entry.identity.isEmpty()) {
            cli.err() << "gputriage: " << name << ": nothing to read, not added\n";
            ++failed;
            continue;
        }
        const Result<CaseLibrary::Added> r = library->add(s.entry);
        if (!r) {
            cli.err() << "gputriage: " << name << ": " << r.error().message << '\n';
            ++failed;
            if (r.error().message.contains(QLatin1String("read-only"))
                || r.error().message.contains(QLatin1String("not a GPU Triage")))
                cancel = true; // every later bundle would fail the same way
            if (cancel)
                break;
            continue;
        }
        (r.value().added ? added : present)++;
        text += QStringLiteral("%1 #%2 %3 (%4, %5 findings)\n")
                    .arg(r.value().added ? QStringLiteral("added")
                                         : QStringLiteral("already in the library as"))
                    .arg(r.value().id)
                    .arg(name, s.entry.caseId.isEmpty()
                                   ? QStringLiteral("no case id")
                                   : QStringLiteral("case %1").arg(shown(p, s.entry.caseId)))
                    .arg(s.entry.findings.size());
    }
    cancel = true;
    pool.join();
    if (progress)
        std::fprintf(stderr, "\r%*s\r", 24, "");
    cli.err().flush();
    text += QStringLiteral("%1 added, %2 already there, %3 failed: %4\n")
                .arg(added)
                .arg(present)
                .arg(failed)
                .arg(library->location().shown());
    if (!quiet && !cli.writeStdoutText(text))
        return UsageOrInput;
    return failed ? UsageOrInput : Ok;
}

int searchCommand(const QCommandLineParser &p, const CliServices &cli)
{
    bool json = false;
    if (!textOrJson(p, cli, json))
        return UsageOrInput;
    LibraryQuery q;
    q.rule = p.value(opt("rule"));
    q.xid = p.value(opt("xid"));
    q.gpu = p.value(opt("gpu"));
    q.driver = p.value(opt("driver"));
    q.caseId = p.value(opt("case"));
    q.text = p.positionalArguments().mid(1).join(QLatin1Char(' '));
    bool ok = false;
    q.limit = p.value(opt("limit")).toInt(&ok);
    if (!ok || q.limit < 1)
        return cli.usageError(QStringLiteral("--limit needs a number above 0"));
    for (const auto &[name, into, end] :
         {std::tuple(opt("from"), &q.from, false), std::tuple(opt("to"), &q.to, true)}) {
        if (!p.isSet(name))
            continue;
        const auto when = parseWhen(p.value(name), end);
        if (!when)
            return cli.usageError(QStringLiteral("--%1 needs a date (2026-10-02) or a date and "
                                                 "time")
                                      .arg(name));
        *into = *when;
    }
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    const Result<QList<PastCase>> found = library->search(q, scopeOf(p));
    if (!found) {
        cli.err() << "gputriage: " << found.error().message << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    QJsonArray array;
    QString text;
    for (const PastCase &c : found.value()) {
        array.append(pastCaseJson(p, c));
        text += QStringLiteral("#%1 %2").arg(c.id).arg(pastCaseText(p, c));
        if (c.worst)
            text += QStringLiteral(": %1 findings, most severe %2 (%3)")
                        .arg(c.findings)
                        .arg(c.worstRule, severityName(*c.worst));
        if (!c.matched.isEmpty())
            text += QStringLiteral("\n    matched: %1").arg(c.matched.join(QLatin1String(", ")));
        text += QLatin1Char('\n');
    }
    text += QStringLiteral("%1 entr%2 found\n")
                .arg(found.value().size())
                .arg(found.value().size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
    return emit(p, cli, json, text, array);
}

int historyCommand(const QCommandLineParser &p, const CliServices &cli)
{
    bool json = false;
    if (!textOrJson(p, cli, json))
        return UsageOrInput;
    const QString serial = p.value(opt("serial")), uuid = p.value(opt("uuid"));
    if (serial.isEmpty() && uuid.isEmpty())
        return cli.usageError(QStringLiteral("library history needs --serial S/N or --uuid GPU-…"));
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    const Result<QList<BoardRecord>> records = library->boardHistory(serial, uuid, {}, scopeOf(p));
    if (!records) {
        cli.err() << "gputriage: " << records.error().message << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    QJsonArray array;
    QString text;
    for (const BoardRecord &r : records.value()) {
        array.append(boardRecordJson(p, r));
        text += boardRecordText(p, r) + QLatin1Char('\n');
    }
    text += QStringLiteral("%1 of the board\n")
                .arg(plural(records.value().size(), u"record", u"records"));
    return emit(p, cli, json, text, array);
}

int statsCommand(const QCommandLineParser &p, const CliServices &cli)
{
    bool json = false;
    if (!textOrJson(p, cli, json))
        return UsageOrInput;
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    const Result<QList<StatRow>> rows = library->stats(scopeOf(p));
    const Result<qint64> bundles = library->bundleCount(scopeOf(p));
    if (!rows || !bundles) {
        cli.err() << "gputriage: " << (rows ? bundles.error() : rows.error()).message << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    QJsonArray array;
    QString text = QStringLiteral("%1 in %2\n\n%3  %4  bundles\n")
                       .arg(plural(bundles.value(), u"bundle", u"bundles"))
                       .arg(library->location().shown())
                       .arg(QStringLiteral("rule"), -44)
                       .arg(QStringLiteral("driver"), -14);
    for (const StatRow &r : rows.value()) {
        array.append(QJsonObject{{QStringLiteral("rule"), r.rule},
                                 {QStringLiteral("driver_version"), r.driverVersion},
                                 {QStringLiteral("bundles"), r.bundles}});
        text += QStringLiteral("%1  %2  %3\n")
                    .arg(r.rule, -44)
                    .arg(r.driverVersion.isEmpty() ? QStringLiteral("-") : r.driverVersion, -14)
                    .arg(r.bundles);
    }
    return emit(p, cli, json, text,
                QJsonObject{{QStringLiteral("bundles"), bundles.value()},
                            {QStringLiteral("rule_by_driver"), array}});
}

int deleteCommand(const QCommandLineParser &p, const CliServices &cli)
{
    const QStringList ids = p.positionalArguments().mid(1);
    if (ids.isEmpty())
        return cli.usageError(
            QStringLiteral("library delete needs entry numbers (see library search)"));
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Write, cli);
    if (!library)
        return UsageOrInput;
    int rc = Ok;
    QString text;
    for (const QString &id : ids) {
        bool ok = false;
        const qint64 n = QString(id).remove(QLatin1Char('#')).toLongLong(&ok);
        if (!ok)
            return cli.usageError(QStringLiteral("'%1' is not an entry number").arg(id));
        const Result<bool> r = library->remove(n);
        if (!r) {
            cli.err() << "gputriage: " << r.error().message << '\n';
            rc = UsageOrInput;
        } else if (!r.value()) {
            cli.err() << "gputriage: no entry #" << n << " in the library\n";
            rc = UsageOrInput;
        } else {
            text += QStringLiteral("deleted #%1\n").arg(n);
        }
    }
    cli.err().flush();
    if (!text.isEmpty() && !cli.writeStdoutText(text))
        return UsageOrInput;
    return rc;
}

int showCommand(const QCommandLineParser &p, const CliServices &cli)
{
    const QStringList ids = p.positionalArguments().mid(1);
    if (ids.size() != 1)
        return cli.usageError(
            QStringLiteral("library show needs one entry number (see library search)"));
    bool ok = false;
    const qint64 n = QString(ids[0]).remove(QLatin1Char('#')).toLongLong(&ok);
    if (!ok)
        return cli.usageError(QStringLiteral("'%1' is not an entry number").arg(ids[0]));
    const std::optional<ReportFormat> format = reportFormatOfId(p.value(opt("format")));
    if (!format || !isTextReportFormat(*format))
        return cli.usageError(
            QStringLiteral("unknown format '%1' (use %2)")
                .arg(p.value(opt("format")), reportFormatChoices(kTextReportFormats)));
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    const Result<std::optional<LibraryEntry>> entry = library->entry(n);
    if (!entry) {
        cli.err() << "gputriage: " << entry.error().message << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    const QString customer = p.value(opt("customer"));
    if (!entry.value() || (!customer.isEmpty() && entry.value()->customer != customer)) {
        cli.err() << "gputriage: no entry #" << n << " in the library"
                  << (customer.isEmpty() ? QString()
                                         : QStringLiteral(" for customer %1").arg(customer))
                  << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    const LibraryEntry &e = *entry.value();
    ReportOptions ro;
    ro.generated = ReportOptions::generationTime(p.isSet(opt("deterministic")));
    ro.title = QStringLiteral("GPU Triage report: case library entry #%1%2")
                   .arg(n)
                   .arg(e.caseId.isEmpty() ? QString()
                                           : QStringLiteral(" (case %1)").arg(shown(p, e.caseId)));
    const AnalysisResult result = reportView(analysisOf(e), std::nullopt, p.isSet(opt("redact")));
    return cli.writeOutput(p.value(opt("output")), writeReport(result, *format, ro));
}

int exportCommand(const QCommandLineParser &p, const CliServices &cli)
{
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    QByteArray lines;
    const bool redacting = p.isSet(opt("redact"));
    const Result<int> n = library->forEachEntry(scopeOf(p), [&](const LibraryEntry &e) {
        QJsonObject o = entryToJson(e);
        if (redacting)
            for (const char *key : {"name", "case", "customer", "analysed_by"})
                o.insert(opt(key), redact(o.value(opt(key)).toString()));
        lines += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        return true;
    });
    if (!n) {
        cli.err() << "gputriage: " << n.error().message << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    return cli.writeOutput(p.value(opt("output")), lines);
}

int importCommand(const QCommandLineParser &p, const CliServices &cli)
{
    const QStringList files = p.positionalArguments().mid(1);
    if (files.isEmpty())
        return cli.usageError(QStringLiteral("library import needs a file of JSON lines (- for "
                                             "standard input)"));
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Write, cli);
    if (!library)
        return UsageOrInput;
    int added = 0, present = 0, bad = 0;
    for (const QString &file : files) {
        QFile f;
        const bool stdinput = file == QLatin1String("-");
        if (stdinput ? !f.open(stdin, QIODevice::ReadOnly)
                     : (f.setFileName(file), !f.open(QIODevice::ReadOnly))) {
            cli.err() << "gputriage: cannot read " << shownPath(file) << ": " << f.errorString()
                      << '\n';
            ++bad;
            continue;
        }
        for (int line = 1; !f.atEnd(); ++line) {
            const QByteArray bytes = f.readLine(64 << 20).trimmed();
            if (bytes.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
            Result<LibraryEntry> entry
                = doc.isObject() ? entryFromJson(doc.object())
                                 : Result<LibraryEntry>(Error{{}, 0, 0, error.errorString()});
            if (!entry) {
                cli.err() << "gputriage: " << shownPath(file) << ':' << line << ": "
                          << entry.error().message << " (line skipped)\n";
                ++bad;
                continue;
            }
            const Result<CaseLibrary::Added> r = library->add(entry.value());
            if (!r) {
                cli.err() << "gputriage: " << shownPath(file) << ':' << line << ": "
                          << r.error().message << '\n';
                cli.err().flush();
                return UsageOrInput;
            }
            (r.value().added ? added : present)++;
        }
    }
    cli.err().flush();
    if (!p.isSet(opt("quiet"))
        && !cli.writeStdoutText(QStringLiteral("%1 added, %2 already there, %3 not read\n")
                                    .arg(added)
                                    .arg(present)
                                    .arg(bad)))
        return UsageOrInput;
    return bad ? UsageOrInput : Ok;
}

int infoCommand(const QCommandLineParser &p, const CliServices &cli)
{
    std::unique_ptr<CaseLibrary> library = openLibrary(p, CaseLibrary::Mode::Read, cli);
    if (!library)
        return UsageOrInput;
    const Result<qint64> bundles = library->bundleCount(scopeOf(p));
    const Result<qint64> findings = library->findingCount();
    if (!bundles || !findings) {
        cli.err() << "gputriage: " << (bundles ? findings.error() : bundles.error()).message
                  << '\n';
        cli.err().flush();
        return UsageOrInput;
    }
    return cli.writeStdoutText(QStringLiteral("case library %1\nschema version %2\n%3, %4\n")
                                   .arg(library->location().shown())
                                   .arg(library->schemaVersion())
                                   .arg(plural(bundles.value(), u"bundle", u"bundles"),
                                        plural(findings.value(), u"finding", u"findings")))
               ? Ok
               : UsageOrInput;
}

// Bidirectional controls as \u escapes, as the JSON report writes them.
QByteArray escapeBidi(QByteArray json)
{
    for (const char16_t u : {u'\u061C', u'\u200E', u'\u200F', u'\u202A', u'\u202B', u'\u202C',
                             u'\u202D', u'\u202E', u'\u2066', u'\u2067', u'\u2068', u'\u2069'})
        json.replace(QString(QChar(u)).toUtf8(),
                     QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0')).toLatin1());
    return json;
}

// What the case library knows of a bundle's findings and GPUs (--with-history): JSON members
// and the lines of the text forms.
struct History
{
    QJsonArray findings, gpus;
    QString text;
};

// The findings seen in earlier bundles, with the last cases they were seen in.
void addFindingHistory(const QCommandLineParser &p,
                       const QList<SeenBefore> &seen,
                       const AnalysisResult &shownResult,
                       bool markdown,
                       History &h)
{
    for (qsizetype i = 0; i < shownResult.findings.size(); ++i) {
        const SeenBefore &s = seen.at(i);
        if (s.bundles == 0)
            continue;
        QJsonArray recent;
        QStringList recentText;
        for (const PastCase &c : s.recent) {
            recent.append(pastCaseJson(p, c));
            recentText << pastCaseText(p, c);
        }
        h.findings.append(QJsonObject{{QStringLiteral("rule"), shownResult.findings[i].ruleId},
                                      {QStringLiteral("signature"), s.signature},
                                      {QStringLiteral("bundles"), s.bundles},
                                      {QStringLiteral("recent"), recent}});
        h.text += QStringLiteral("%1%2: seen in %3 earlier bundle%4 (last: %5)\n")
                      .arg(markdown ? QStringLiteral("- ") : QStringLiteral("  "),
                           shownResult.findings[i].title)
                      .arg(s.bundles)
                      .arg(s.bundles == 1 ? QString() : QStringLiteral("s"))
                      .arg(recentText.join(QLatin1String("; ")));
    }
}

// The earlier records of the bundle's GPUs, by serial number or UUID.
void addGpuHistory(const QCommandLineParser &p,
                   CaseLibrary &library,
                   const AnalysisResult &shownResult,
                   const QString &identity,
                   const LibraryScope &scope,
                   bool markdown,
                   History &h,
                   const CliServices &cli)
{
    for (const GpuVerdict &g : shownResult.gpus) {
        const Result<QList<BoardRecord>> records
            = library.boardHistory(g.serial, g.uuid, identity, scope, 5);
        if (!records) {
            cli.err() << "gputriage: note: " << records.error().message << '\n';
            break;
        }
        if (records.value().isEmpty())
            continue;
        QJsonArray recs;
        for (const BoardRecord &r : records.value()) {
            recs.append(boardRecordJson(p, r));
            h.text += QStringLiteral("%1GPU %2 (%3): %4\n")
                          .arg(markdown ? QStringLiteral("- ") : QStringLiteral("  "), g.key,
                               g.nameAndSerial(), boardRecordText(p, r));
        }
        h.gpus.append(QJsonObject{{QStringLiteral("bus_id"), g.key},
                                  {QStringLiteral("serial"), g.serial},
                                  {QStringLiteral("uuid"), g.uuid},
                                  {QStringLiteral("records"), recs}});
    }
}

// The history joins the report: a member of the JSON object, a section before the end of the
// HTML body, or a section at the end of the text and Markdown forms.
void addHistoryToReport(const QCommandLineParser &p,
                        ReportFormat format,
                        const QString &where,
                        const LibraryScope &scope,
                        History &h,
                        QByteArray &report)
{
    if (format == ReportFormat::Json) {
        const QJsonObject member{
            {QStringLiteral("history"),
             QJsonObject{{QStringLiteral("library"), where},
                         {QStringLiteral("customer"), shown(p, scope.customer)},
                         {QStringLiteral("findings"), h.findings},
                         {QStringLiteral("gpus"), h.gpus}}}};
        QByteArray inner = escapeBidi(QJsonDocument(member).toJson(QJsonDocument::Indented));
        inner = inner.mid(2, inner.lastIndexOf('}') - 2); // the member, indented as the report's
        const qsizetype close = report.lastIndexOf('}');
        if (close > 0) {
            QByteArray head = report.left(close);
            while (head.endsWith('\n') || head.endsWith(' '))
                head.chop(1);
            report = head + ",\n" + inner + "}\n";
        }
        return;
    }
    if (h.text.isEmpty())
        h.text = QStringLiteral("  nothing: no finding or GPU of this bundle is in the library\n");
    const QString heading
        = QStringLiteral("History from the case library %1%2")
              .arg(where, scope.customer.isEmpty()
                              ? QString()
                              : QStringLiteral(" (customer %1)").arg(shown(p, scope.customer)));
    if (format == ReportFormat::Html) {
        const QString section
            = QStringLiteral("<section id=\"history\"><h2>%1</h2><pre>%2</pre></section>\n")
                  .arg(heading.toHtmlEscaped(), h.text.toHtmlEscaped());
        const qsizetype body = report.lastIndexOf("</body>");
        report.insert(body >= 0 ? body : report.size(), section.toUtf8());
        return;
    }
    report += (format == ReportFormat::Markdown ? QStringLiteral("\n## %1\n\n%2")
                                                : QStringLiteral("\n%1:\n%2"))
                  .arg(heading, h.text)
                  .toUtf8();
}

} // namespace

void addAnalyzeLibraryOptions(QCommandLineParser &p)
{
    p.addOption({opt("library"), QStringLiteral("Add the bundle to the case library.")});
    p.addOption({opt("with-history"),
                 QStringLiteral("Add what the case library knows of the findings and GPUs.")});
    addLocationOptions(p);
    addEntryOptions(p);
}

int applyLibraryToAnalysis(const QCommandLineParser &p,
                           const QStringList &paths,
                           const AnalysisResult &result,
                           const AnalysisResult &shownResult,
                           ReportFormat format,
                           QByteArray &report,
                           const CliServices &cli)
{
    const bool add = p.isSet(opt("library")), history = p.isSet(opt("with-history"));
    if (!add && !history)
        return Ok;
    if (history && format == ReportFormat::Pdf)
        return cli.usageError(QStringLiteral("--with-history: use text, json, markdown or html"));
    std::unique_ptr<CaseLibrary> library
        = openLibrary(p, add ? CaseLibrary::Mode::Write : CaseLibrary::Mode::Read, cli, true);
    if (!library) {
        cli.err() << "gputriage: note: the report has no library data; the analysis is complete\n";
        cli.err().flush();
        return Ok;
    }
    const LibraryEntry entry = libraryEntry(result, paths, entryOptions(p));
    if (!history) {
        if (const Result<CaseLibrary::Added> r = library->add(entry); !r)
            cli.err() << "gputriage: note: " << r.error().message << " (not added)\n";
        else if (!p.isSet(opt("quiet")))
            cli.err() << "gputriage: "
                      << (r.value().added ? "added to the case library as #"
                                          : "already in the case library as #")
                      << r.value().id << '\n';
        cli.err().flush();
        return Ok;
    }

    // History before adding: "seen before" is about other bundles anyway.
    const LibraryScope scope = scopeOf(p);
    QStringList signatures;
    for (const Finding &f : shownResult.findings)
        signatures << findingSignature(f);
    const Result<QList<SeenBefore>> seen
        = library->seenBefore(signatures, entry.identity, scope, 3);
    History h;
    const bool markdown = format == ReportFormat::Markdown;
    if (!seen)
        cli.err() << "gputriage: note: " << seen.error().message << '\n';
    else
        addFindingHistory(p, seen.value(), shownResult, markdown, h);
    addGpuHistory(p, *library, shownResult, entry.identity, scope, markdown, h, cli);
    cli.err().flush();
    if (add) {
        if (const Result<CaseLibrary::Added> r = library->add(entry); !r) {
            cli.err() << "gputriage: note: " << r.error().message << " (not added)\n";
            cli.err().flush();
        }
    }
    addHistoryToReport(p, format, shown(p, library->location().shown()), scope, h, report);
    return Ok;
}

int libraryCommand(const QStringList &args, const CliServices &cli)
{
    QCommandLineParser p;
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    addLocationOptions(p);
    addEntryOptions(p);
    p.addOption(
        {opt("batch"), QStringLiteral("Every entry of DIR is a bundle."), QStringLiteral("DIR")});
    p.addOption(
        {opt("jobs"), QStringLiteral("Threads."), QStringLiteral("N"), QStringLiteral("0")});
    p.addOption({opt("rules"), QStringLiteral("Extra rule file or folder."), QStringLiteral("P")});
    p.addOption({opt("no-default-rules"), QStringLiteral("Skip shipped and user rules.")});
    p.addOption({opt("redact"), QStringLiteral("Mask identifying data.")});
    p.addOption({opt("quiet"), QStringLiteral("Quiet.")});
    p.addOption({opt("deterministic"), QStringLiteral("Fixed generation time.")});
    p.addOption({opt("format"), QStringLiteral("text or json (show: markdown, html too)."),
                 QStringLiteral("F"), QStringLiteral("text")});
    p.addOption(
        {{opt("o"), opt("output")}, QStringLiteral("Output file."), QStringLiteral("FILE")});
    for (const char *name : {"rule", "xid", "gpu", "driver", "from", "to", "serial", "uuid"})
        p.addOption({opt(name), QStringLiteral("Search term."), QStringLiteral("V")});
    p.addOption({opt("limit"), QStringLiteral("Most entries shown."), QStringLiteral("N"),
                 QStringLiteral("100")});
    if (!p.parse(args))
        return cli.usageError(p.errorText());
    const QString sub = p.positionalArguments().value(0);
    const QString output = p.value(opt("output"));
    if (!output.isEmpty() && output != QLatin1String("-")) {
        QStringList inputs = p.positionalArguments().mid(1);
        if (p.isSet(opt("batch")))
            inputs << p.value(opt("batch"));
        if (const Result<LibraryLocation> l = parseLibraryUrl(p.value(opt("library-url")));
            l && l.value().kind == LibraryLocation::Kind::Sqlite)
            inputs << l.value().path; // never write an export over the library itself
        if (const int rc = cli.refuseClobber(output, inputs); rc != Ok)
            return rc;
    }
    if (sub == QLatin1String("add"))
        return addCommand(p, cli);
    if (sub == QLatin1String("search"))
        return searchCommand(p, cli);
    if (sub == QLatin1String("history"))
        return historyCommand(p, cli);
    if (sub == QLatin1String("stats"))
        return statsCommand(p, cli);
    if (sub == QLatin1String("delete"))
        return deleteCommand(p, cli);
    if (sub == QLatin1String("show"))
        return showCommand(p, cli);
    if (sub == QLatin1String("export"))
        return exportCommand(p, cli);
    if (sub == QLatin1String("import"))
        return importCommand(p, cli);
    if (sub == QLatin1String("info"))
        return infoCommand(p, cli);
    return cli.usageError(QStringLiteral("use 'gputriage library add|search|history|stats|show|"
                                         "delete|export|import|info'"));
}

} // namespace gputriage
