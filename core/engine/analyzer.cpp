#include "engine/analyzer.h"

#include "timings.h"
#include "workers.h"

#include "engine/gpus.h"
#include "engine/lineorigin.h"
#include "rules/version.h"
#include "source/bundlelayout.h"
#include "source/bundlereader.h"
#include "source/sectionkind.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStringTokenizer>

#include <re2/re2.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <iterator>
#include <limits>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>
#include <utility>

namespace gputriage {

namespace {

// Logs pasted through a web page or a word processor come back with typographic quotes (‘%s’):
// the catalogs and vocabularies know the ASCII ones the programs print.
void straightenQuotes(std::string &text)
{
    if (text.find("\xE2\x80") == std::string::npos)
        return;
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "\xE2\x80") == 0 && i + 2 < text.size()) {
            const unsigned char c = static_cast<unsigned char>(text[i + 2]);
            if (c == 0x98 || c == 0x99 || c == 0x9C || c == 0x9D) {
                out += c <= 0x99 ? '\'' : '"';
                i += 2;
                continue;
            }
        }
        out += text[i];
    }
    text.swap(out);
}

// A row of a text table whose first cell is empty ("|        | …text… |") goes on with the cell
// text of the row above it; the first row of such a run, or `line` itself.
int tableRowHead(const LogDocument &doc, int line)
{
    static const RE2 continuation(R"(^\s*\|\s+\|)");
    auto row = [&](int i) {
        return re2::StringPiece(doc.line(i).data(), doc.line(i).size());
    };
    int head = line;
    while (head > 0 && line - head < 50 && RE2::PartialMatch(row(head), continuation))
        --head;
    return head;
}

// Lines written by NVIDIA components: the kernel driver, NVML and nvidia-smi, CUDA and its
// libraries, NCCL, the container toolkit, Fabric Manager, persistenced, DCGM, the GPU Operator.
// Fabric Manager's and IMEX's own log files (fabricmanager.log, nvidia-imex.log) name neither on
// their lines: their prefix does ("[Oct 31 2023 20:59:37] [ERROR] [tid 527118] failed to release
// multicast team ...").
bool nvidiaOrigin(std::string_view line)
{
    // The bug report's own name in another program's line (a window title, a shell's or sudo's
    // command, a file manager's path) is the report being made, not an NVIDIA message.
    static constexpr std::string_view report = "nvidia-bug-report";
    if (line.find(report) != std::string_view::npos) {
        std::string rest(line);
        for (size_t at; (at = rest.find(report)) != std::string::npos;)
            rest.erase(at, report.size());
        return nvidiaOrigin(rest);
    }
    static const RE2 re(
        "(?i)nvrm|nvidia|nvml|\\bcuda|\\bnccl|\\bxid\\b|fabric ?manager|persistenced|"
        "\\bdcgm|\\bhost "
        "?engine\\b|gpu-operator|nvlink|nvswitch|\\bimex\\b|mig-manager|mig-parted|cudnn|cublas|"
        "libnvidia|\\bgpu\\b|\\bgdrdrv\\b|\\bgdrcopy\\b|(?-i:\\bcu[A-Z][a-z]\\w*|\\bCUresult\\b)|"
        "(?-i:\\[[A-Z][a-z]{2} \\d{2} \\d{4} \\d{2}:\\d{2}:\\d{2}\\] "
        "\\[(?:FATAL|ERROR|WARNING|INFO|DEBUG)\\] \\[tid \\d+\\])");
    return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re);
}

// A daemon's line that names an NVIDIA program only as a quoted argument (`exec: "nvidia-smi":
// executable file not found`) is the daemon's message, not one of NVIDIA's.
bool nvidiaOnlyQuoted(std::string_view line)
{
    static const RE2 daemon(
        "\\b(?:dockerd|containerd|kubelet|crio|podman|runc|systemd)(?:\\[\\d+\\])?: ");
    if (!RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), daemon))
        return false;
    static const RE2 quoted("\\\\?[\"'][\\w./+-]+\\\\?[\"']");
    std::string unquoted(line);
    RE2::GlobalReplace(&unquoted, quoted, "");
    return !nvidiaOrigin(unquoted);
}

// Failure words that say all is well: "ECC Errors" headings, counters at zero, "No errors";
// and comment lines (a script or a config file quoted in the bundle). A "no" is a value only
// where it ends one ("Failed: No", "errors = no,"): after "error:" or "failed :" it may begin
// the message ("cudaCheckError() failed : no kernel image is available for execution on the
// device", "error: no CUDA-capable device is detected"). The driver's assertion helpers print
// the failed expression after "Assertion failed: " (nvassert.c), and NV_ASSERT(0) /
// NV_ASSERT_FAILED print it as "0" ("NVRM: nvAssertFailedNoLog: Assertion failed: 0 @
// osapi.c:1688"): not a counter at zero. Looked for only on the lines the first pattern matched.
bool benign(std::string_view normalized)
{
    static const RE2 re(
        "(?i)^#|\\b(?:errors?|failures?|failed|timeouts?|warnings?)\\b ?[:=] "
        "?(?:(?:0|0x0+|none|n/a|not active|disabled|false)\\b|no\\s*(?:$|[,;.)\\]|}]))|"
        "^(?:ecc errors|errors|[a-z ]*error recovery.*)$|\\bno "
        "errors?\\b|\\b0 errors?\\b|uncorr\\. ecc|error_code=0\\b|\\bwarn(?:ing)?s? ?=? ?0\\b|"
        "\\bloaded \\d+ \\w+ error mappings\\b");
    static const RE2 assertion("Assertion failed: 0 @ ");
    const re2::StringPiece text(normalized.data(), normalized.size());
    return RE2::PartialMatch(text, re) && !RE2::PartialMatch(text, assertion);
}

// A compiler's warning or note (and the numbered source lines it quotes), or a kernel module
// build's own chatter (nvidia-installer's `CONFTEST: dma_fence_set_error`, kbuild's compiler
// check), quoted in an installer log or a pasted build: build output, not a message of the
// program it names. A compiler's error stays a message (a failed build has rules).
bool buildChatter(std::string_view line)
{
    static const RE2 re("^\\s*(?:\\S+:\\d+(?::\\d+)?: (?:warning|note): |\\d+ \\| |CONFTEST: |"
                        "warning: the compiler differs from the one used to build the kernel)");
    return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re);
}

// A kernel log line as dmesg prints it ("[  400.223794] audit: …").
bool quotedKernelLine(std::string_view line)
{
    static const RE2 re("^\\s*\\[\\s*\\d+\\.\\d+\\] ");
    return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re);
}

constexpr int kChunkLines = 32 * 1024;
constexpr qint64 kBatchBytes = qint64(32) << 20;
constexpr size_t kBatchTasks = 256;
// A smaller batch is matched by all threads with the one matcher: a helper's own (which spares
// RE2's locks on big inputs) costs more than it saves.
constexpr qint64 kOwnMatcherBytes = qint64(4) << 20;

// Binary when the bytes are not text: NUL runs do not count (a log that crashed or was
// truncated by copytruncate starts with a hole of NULs, and text follows), control bytes other
// than whitespace and ESC do. A file of NULs only is binary. Decided on 64 KiB after the
// leading NULs.
bool looksBinary(const LogDocument &doc)
{
    std::string_view bytes = doc.bytes();
    const size_t text = bytes.find_first_not_of('\0');
    if (text == std::string_view::npos)
        return !bytes.empty();
    bytes = bytes.substr(text, 64 * 1024);
    size_t nul = 0, control = 0;
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u == 0)
            ++nul;
        else if (u < 0x20 && u != '\t' && u != '\n' && u != '\r' && u != '\f' && u != '\v'
                 && u != '\b' && u != 0x1b)
            ++control;
    }
    return control * 10 > bytes.size() - nul;
}

QString displayText(std::string_view line)
{
    constexpr size_t kMax = 4096;
    const std::string raw = Normalizer::withoutEscapes(line.substr(0, kMax * 2));
    QString text = QString::fromUtf8(raw.data(), qsizetype(std::min(raw.size(), kMax)));
    if (raw.size() > kMax)
        text += QChar(0x2026);
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    return text;
}

// The line for display with the place of the match in it: a line longer than the display limit
// shows the part around the match, not its start.
std::pair<QString, int> displayTextAt(std::string_view line, size_t matchStart)
{
    const size_t rawStart = line.size() > 200 ? matchStart : 0;
    constexpr size_t kMax = 4096, kBefore = 1024;
    if (rawStart + 200 < kMax) {
        const std::string before = Normalizer::withoutEscapes(line.substr(0, rawStart));
        return {displayText(line),
                int(QString::fromUtf8(before.data(), qsizetype(before.size())).size())};
    }
    size_t from = rawStart - kBefore;
    while (from < rawStart && (static_cast<unsigned char>(line[from]) & 0xC0) == 0x80)
        ++from; // not inside a UTF-8 sequence
    const std::string before = Normalizer::withoutEscapes(line.substr(from, rawStart - from));
    QString text = QChar(0x2026) + displayText(line.substr(from));
    return {text, 1 + int(QString::fromUtf8(before.data(), qsizetype(before.size())).size())};
}

// A fact that holds a GPU's bus id: one gpuOfFacts() reads, or another "*_pci" (rpm_pci).
bool busIdFact(const QString &name)
{
    return gpuFactNames().contains(name) || name.endsWith(QLatin1String("_pci"));
}

// Findings of a rule with group_by are kept apart by the values of those facts; a GPU is one
// group however its bus id is written ("00000000:01:00.0", "0000:01:00").
// A group_by entry is a fact name, or alternatives ("unit|started_unit": captures of the
// pattern's alternatives under different names, as titles write them): the first the finding has.
Facts::const_iterator groupFact(const Facts &facts, const QString &name)
{
    for (const QStringView part : QStringTokenizer(name, u'|'))
        if (const auto it = facts.find(part.toString()); it != facts.end())
            return it;
    return facts.end();
}

QString groupKey(const Rule &rule, const Facts &facts)
{
    QString key;
    for (const QString &name : rule.groupBy) {
        const auto it = groupFact(facts, name);
        QString value = it == facts.end() ? QString() : it->second;
        if (busIdFact(name))
            if (QString gpu = gpuKey(value); !gpu.isEmpty())
                value = std::move(gpu);
        key += value + QChar(0x1f);
    }
    return key;
}

} // namespace

Analyzer::Analyzer(const RuleSet &rules)
    : m_rules(rules)
    , m_matcher(rules.rules, Vocabulary::selfNamedTexts(rules))
{}

const Vocabulary &Analyzer::vocabulary() const
{
    std::call_once(m_vocabulary->once, [this] {
        const PhaseTimer timer("build vocabularies");
        m_vocabulary->vocabulary = std::make_unique<Vocabulary>(m_rules);
    });
    return *m_vocabulary->vocabulary;
}

std::vector<std::shared_ptr<const LogDocument>>
Analyzer::openInputs(const QStringList &paths, QList<Error> &problems, const BundleLimits &limits)
{
    BundleReader reader(limits);
    auto docs = reader.read(paths);
    problems.append(reader.problems());
    return docs;
}

QList<Comparison> Analyzer::compare(const Rule &rule, const Facts &facts, const QString &source)
{
    QList<Comparison> out;
    for (const CompareSpec &spec : rule.compare) {
        auto value = [&](const Operand &o) -> std::optional<QString> {
            if (!o.isFact())
                return o.text;
            const auto it = facts.find(o.text);
            return it == facts.end() ? std::nullopt : std::optional<QString>(it->second);
        };
        const auto left = value(spec.left), right = value(spec.right);
        if (!left || !right)
            continue; // a fact the log did not supply: nothing to compare
        Comparison c;
        c.leftName = spec.left.isFact() ? spec.left.text : QString();
        c.rightName = spec.right.isFact() ? spec.right.text : QString();
        c.leftSource = spec.left.isFact() ? source : QString();
        c.rightSource = spec.right.isFact() ? source : QString();
        c.left = *left;
        c.right = *right;
        c.op = spec.op;
        c.holds = evaluate(*left, spec.op, *right);
        c.says = spec.says;
        out.append(c);
    }
    return out;
}

AnalysisResult Analyzer::analyze(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                 const AnalyzeOptions &options) const
{
    AnalysisSession session(*this, options);
    for (const auto &doc : docs)
        session.add(doc);
    return session.finish();
}

void Analyzer::readCatalogsAhead(const RuleSet &rules, const QStringList &paths)
{
    // The kernel driver's catalogs were read for each of the 24 real bug reports (about 20 ms);
    // a small log may need none, and its analysis is shorter than reading them.
    constexpr qint64 kLarge = 256 * 1024;
    if (!rules.messages || std::none_of(paths.begin(), paths.end(), [](const QString &path) {
            const QFileInfo info(path);
            return info.isDir() || info.size() >= kLarge;
        }))
        return;
    rules.messages->readAhead([](const QString &component) {
        const QString origin = catalogOrigin(component);
        return origin == u"kernel-driver" || origin == u"kernel";
    });
}

AnalysisResult Analyzer::analyzePaths(const QStringList &paths, const AnalyzeOptions &options) const
{
    readCatalogsAhead(m_rules, paths);
    AnalysisSession session(*this, options);
    BundleReader reader(options.limits);
    QList<Error> excludedNotes;
    std::vector<std::shared_ptr<const LogDocument>> excluded; // kept with keepDocuments
    auto isExcluded = [&](const std::shared_ptr<const LogDocument> &doc) {
        if (!options.excluded.contains(doc->path()))
            return false;
        if (excludedNotes.isEmpty() || excludedNotes.back().file != doc->path()) {
            if (options.keepDocuments)
                excluded.push_back(doc);
            excludedNotes.append(
                Error{.file = doc->path(),
                      .message = QStringLiteral("excluded from the analysis by the engineer"),
                      .warning = true});
        }
        return true;
    };
    std::vector<std::shared_ptr<const LogDocument>> documents;
    // Reading and matching overlap: what the sink takes counts as matching.
    using Clock = std::chrono::steady_clock;
    const auto readStart = Clock::now();
    Clock::duration inSink{};
    if (options.keepDocuments) {
        documents = reader.read(paths);
        const auto sinkStart = Clock::now();
        std::erase_if(documents, isExcluded);
        for (const auto &doc : documents) {
            if (options.cancel && options.cancel->load())
                break; // each document is read whole once more when added (its clock, records)
            session.add(doc);
        }
        inSink = Clock::now() - sinkStart;
    } else {
        // Documents are analysed as the reader produces them and then released, so memory
        // holds about one batch (and one chunk of a huge compressed entry) at a time.
        reader.setSink(
            [&](const std::shared_ptr<const LogDocument> &doc, int matchLines, bool continuation) {
                const auto sinkStart = Clock::now();
                if (!isExcluded(doc))
                    session.add(doc, matchLines, continuation);
                inSink += Clock::now() - sinkStart;
            });
        reader.read(paths);
    }
    const auto finishStart = Clock::now();
    AnalysisResult result = session.finish();
    for (const auto &doc : documents) // kept: what the findings' look-ups touched
        doc->releaseLines(0, doc->lineCount());
    if (Timings::enabled()) {
        Timings::add("read", finishStart - readStart - inSink);
        Timings::add("match", Clock::now() - finishStart + inSink);
    }
    result.addReadProblems(reader.problems() + excludedNotes);
    result.documents = std::move(documents);
    result.excludedDocuments = std::move(excluded);
    return result;
}

struct AnalysisSession::Batch
{
    struct Task
    {
        size_t input;
        std::shared_ptr<const LogDocument> doc;
        int first, last;
    };
    std::vector<Task> tasks;
    qint64 bytes = 0;
    std::vector<std::vector<LineMatch>> hits; // per task
    std::vector<std::vector<int>> notable;    // per task: error lines no rule matched
    std::vector<std::vector<int>> explained;  // per task: error lines a rule matched
    Workers workers;                          // joined before the batch goes
    std::atomic<size_t> next{0};              // the next task a worker takes
    // collect() takes each task in order as soon as it is matched, while the workers go on.
    std::vector<std::atomic<bool>> done; // per task: matched
    int workerCount = 0;
    std::atomic<int> exited{0};   // workers that returned (all tasks, or cancelled)
    std::atomic<int> progress{0}; // bumped at each of both, for collect() to wait on
    void signal()
    {
        progress.fetch_add(1, std::memory_order_release);
        progress.notify_all();
    }
    // Waits until task t is matched; false when the workers stopped without it (cancelled).
    bool waitFor(size_t t)
    {
        for (;;) {
            const int seen = progress.load(std::memory_order_acquire);
            if (done[t].load(std::memory_order_acquire))
                return true;
            if (exited.load(std::memory_order_acquire) == workerCount)
                return false;
            progress.wait(seen, std::memory_order_acquire);
        }
    }
};

AnalysisSession::AnalysisSession(const Analyzer &analyzer, const AnalyzeOptions &options)
    : m_analyzer(analyzer)
    , m_options(options)
    , m_batch(std::make_unique<Batch>())
{
    m_result.packs = analyzer.rules().packs;
    for (const Diagnostic &d : analyzer.rules().diagnostics)
        if (d.isError())
            m_result.problems.append(
                Error{d.where.file, d.where.line, d.where.column, d.where.message});
    // Rules the matcher could not take as usual (matched all the same, more slowly).
    for (const Diagnostic &d : analyzer.matcher().diagnostics())
        m_result.problems.append(d.where);
    // Made by their own thread when a batch first needs them (a small input never does).
    m_matchers.resize(size_t(std::max(0, Workers::count(options.jobs) - 1)));
}

AnalysisSession::~AnalysisSession()
{
    m_running.reset(); // joins its threads before the matchers go
}

// Whether `head` holds " P " (a CRI partial record's tag may): from each 'P', which is rarer than
// the blanks find() would stop at in every line.
static bool hasPartialTag(std::string_view head)
{
    if (head.size() < 3)
        return false;
    const char *const begin = head.data(), *const end = begin + head.size();
    for (const char *p = begin + 1; p + 1 < end;) {
        p = static_cast<const char *>(std::memchr(p, 'P', size_t(end - 1 - p)));
        if (!p)
            return false;
        if (p[-1] == ' ' && p[1] == ' ')
            return true;
        ++p;
    }
    return false;
}

// The stream of a whole (not partial) CRI or docker record, read from its tag or its "stream" key
// without normalizing it.
static int wholeRecordStream(std::string_view line, std::string_view head, bool cri)
{
    if (cri)
        return head.find(" stderr ") != std::string_view::npos ? Normalizer::Stderr
                                                               : Normalizer::Stdout;
    const std::string_view tail = line.substr(line.size() - std::min<size_t>(line.size(), 64));
    return tail.find("\"stream\":\"stderr\"") != std::string_view::npos ? Normalizer::Stderr
           : tail.find("\"stream\":\"stdout\"") != std::string_view::npos
               ? Normalizer::Stdout
               : Normalizer::UnnamedStream;
}

// Partial records (CRI `P`, docker json-file without a final newline) are joined into one
// message per stream up to Normalizer::kMaxLineBytes; a run longer than that is matched only so
// far, and a run that more than Normalizer::kRunGap records of other streams interrupt ends
// there: a note says either (once per input). Only lines that may be partial are normalized.
void AnalysisSession::notePartialRunsCut(const LogDocument &doc, int lines)
{
    if ((doc.byteCount() <= qint64(Normalizer::kMaxLineBytes) && lines <= Normalizer::kRunGap)
        || m_partialRunNoted.contains(doc.path()))
        return;
    // Without a line that may begin a run in the whole text, no line needs a look.
    if (!doc.mayHoldPartialRecords())
        return;
    constexpr int kStreams = Normalizer::StreamCount;
    std::string scratch;
    size_t joined[kStreams] = {};
    int runStart[kStreams] = {-1, -1, -1, -1}, runRecords[kStreams] = {}, last[kStreams] = {};
    auto note = [&](int at, const QString &message) {
        m_partialRunNoted.insert(doc.path());
        m_result.problems.append(Error{doc.path(), doc.lineNumber(at), 0, message, true});
    };
    PagesBehind pages(doc);
    for (int i = 0; i < lines; ++i) {
        pages.passed(i);
        const std::string_view line = doc.line(i);
        const std::string_view head = line.substr(0, 256);
        bool cri = false;
        const bool docker = !line.empty() && line[0] == '{';
        if (!docker && (!Normalizer::timestampPrefixLength(head, &cri) || !cri)) {
            std::fill(std::begin(runStart), std::end(runStart), -1); // a plain line ends every run
            continue;
        }
        bool open = false;
        for (int s : runStart)
            open = open || s >= 0;
        bool partial = false;
        int stream = Normalizer::UnnamedStream;
        // A docker record whose text ends its line carries "\n" before the closing quote.
        if (open || (docker && line.find("\\n\"") == std::string_view::npos)
            || hasPartialTag(head)) {
            Normalizer::normalize(line, scratch, nullptr, &partial, nullptr, &stream);
        } else {
            stream = wholeRecordStream(line, head, cri);
        }
        if (stream == Normalizer::NotARecord)
            continue;
        if (runStart[stream] >= 0 && i - last[stream] > Normalizer::kRunGap) {
            note(runStart[stream],
                 QStringLiteral("a message split into partial records (CRI 'P' or docker "
                                "json-file) is interrupted by more than %1 records of other "
                                "streams; it is matched up to line %2, its later records as "
                                "messages of their own")
                     .arg(Normalizer::kRunGap)
                     .arg(doc.lineNumber(last[stream])));
            return;
        }
        last[stream] = i;
        if (runStart[stream] >= 0) {
            joined[stream] += scratch.size() + 1;
            ++runRecords[stream];
        } else if (partial) {
            runStart[stream] = i;
            runRecords[stream] = 1;
            joined[stream] = scratch.size();
        }
        if (runStart[stream] >= 0 && joined[stream] > Normalizer::kMaxLineBytes) {
            note(runStart[stream],
                 QStringLiteral("a message split into partial records (CRI 'P' or docker "
                                "json-file) is longer than %1 MiB from here; only its first %1 "
                                "MiB are matched (%2 records so far)")
                     .arg(Normalizer::kMaxLineBytes >> 20)
                     .arg(runRecords[stream]));
            return;
        }
        if (!partial)
            runStart[stream] = -1;
    }
}

void AnalysisSession::add(const std::shared_ptr<const LogDocument> &doc,
                          int matchLines,
                          bool continuation)
{
    const int lines = matchLines < 0 ? doc->lineCount() : std::min(matchLines, doc->lineCount());
    qint64 bytes = doc->byteCount();
    if (lines < doc->lineCount() && lines > 0)
        bytes = qint64(doc->line(lines - 1).data() + doc->line(lines - 1).size()
                       - doc->bytes().data())
                + 1;
    m_paths.append(doc->path());
    m_clock.add(*doc, lines);
    if (auto flag = doc->shrankWhileRead();
        flag && (m_shrinkFlags.empty() || m_shrinkFlags.back().second != flag))
        m_shrinkFlags.emplace_back(doc->path(), std::move(flag));
    if (continuation && !m_result.inputs.isEmpty() && m_result.inputs.back().path == doc->path()) {
        m_result.inputs.back().lines += lines;
        m_result.inputs.back().bytes += bytes;
    } else {
        InputInfo info;
        info.path = doc->path();
        info.label = entryLabel(doc->path());
        info.format = doc->format() == LineFormat::Cri ? InputFormat::Cri : InputFormat::Plain;
        info.lines = lines;
        info.bytes = bytes;
        if (doc->byteCount() > qint64(Normalizer::kMaxLineBytes)) {
            PagesBehind pages(*doc);
            for (int i = 0; i < lines; ++i, pages.passed(i))
                if (doc->line(i).size() > Normalizer::kMaxLineBytes) {
                    m_result.problems.append(
                        Error{doc->path(), doc->lineNumber(i), 0,
                              QStringLiteral(
                                  "a line longer than %1 MiB; only its first %1 MiB are matched")
                                  .arg(Normalizer::kMaxLineBytes >> 20),
                              true});
                    break; // one note per input
                }
        }
        if (looksBinary(*doc)) {
            info.format = InputFormat::Binary;
            info.problems.append(QStringLiteral("note: binary file, listed but not analysed"));
            m_result.problems.append(Error{
                doc->path(), 0, 0, QStringLiteral("binary file, listed but not analysed"), true});
        }
        m_result.inputs.append(info);
        if (m_options.keepMatches)
            m_result.matches.emplace_back();
    }
    if (m_result.inputs.back().format == InputFormat::Binary)
        return;
    notePartialRunsCut(*doc, lines);
    const size_t input = size_t(m_result.inputs.size() - 1);
    for (int first = 0; first < lines; first += kChunkLines)
        m_batch->tasks.push_back({input, doc, first, std::min(lines, first + kChunkLines)});
    m_batch->bytes += bytes;
    m_totalBytes += bytes;
    if (m_batch->bytes >= kBatchBytes || m_batch->tasks.size() >= kBatchTasks)
        flush();
}

namespace {

// The slot of a PCI address (domain:bus:device, the domain as four hex digits at least, lower
// case): the functions of one device are one maker's (a GPU's audio, USB-C and UCSI functions
// are NVIDIA's too). Takes "0000:01:00.0", "00000000:3B:00.0", "10003:00:00.0", "0000:3b:00".
std::string pciSlot(std::string_view id)
{
    std::string s(id);
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (const size_t dot = s.rfind('.'); dot != std::string::npos && dot > s.rfind(':'))
        s.resize(dot);
    const size_t colon = s.find(':');
    if (colon == std::string::npos || s.find(':', colon + 1) == std::string::npos)
        return s;
    size_t digits = s.find_first_not_of('0');
    digits = std::min(digits, colon);
    std::string domain = s.substr(digits, colon - digits);
    if (domain.size() < 4)
        domain.insert(0, 4 - domain.size(), '0');
    return domain + s.substr(colon);
}

} // namespace

// The devices the bundle shows the maker of: NVIDIA's by the driver bound to them, the NVRM
// lines that name them or their vendor id (10de) in the kernel's enumeration; another maker's
// by its vendor id. Read from the fact rules' matches.
void AnalysisSession::noteDeviceVendors(const std::vector<LineMatch> &hits)
{
    const auto &rules = m_analyzer.matcher().rules();
    for (const LineMatch &m : hits) {
        if (rules[size_t(m.rule)].kind != RuleKind::Fact)
            continue;
        for (const char *name : {"gpu_bus_id", "drm_bus_id", "nvidia_pci", "gpu_pci"})
            if (const auto it = m.facts.find(QLatin1String(name)); it != m.facts.end())
                m_nvidiaSlots.insert(pciSlot(it->second.toStdString()));
        // "0000:00:02.0: [8086": the enumeration's bus id and vendor id.
        if (const auto it = m.facts.find(QStringLiteral("pci_vendor_of")); it != m.facts.end()) {
            const std::string v = it->second.toLower().toStdString();
            if (const size_t at = v.find(": ["); at != std::string::npos)
                (v.compare(at + 3, 4, "10de") == 0 ? m_nvidiaSlots : m_otherSlots)
                    .insert(pciSlot(std::string_view(v).substr(0, at)));
        }
    }
}

// Whose device a kernel line about a PCI device ("pci 0000:01:00.0: …", "pcieport", "vfio-pci")
// is: NVIDIA's, another maker's, or unknown when the bundle never shows its vendor (an excerpt,
// a ring buffer that lost the boot). A port is a bridge, never the GPU.
AnalysisSession::DeviceVendor AnalysisSession::deviceVendor(std::string_view line) const
{
    static const RE2 device(
        "\\b(pci|pcieport|vfio-pci) ([0-9a-fA-F]{4,5}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})\\.[0-7]: ");
    std::string driver, id;
    if (line.find("pci") == std::string_view::npos
        || !RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), device, &driver, &id))
        return DeviceVendor::None;
    const std::string slot = pciSlot(id);
    if (m_nvidiaSlots.count(slot) > 0)
        return DeviceVendor::Nvidia;
    if (m_otherSlots.count(slot) > 0 || driver == "pcieport")
        return DeviceVendor::Other;
    return DeviceVendor::Unknown;
}

// A line about a device whose vendor the bundle never shows: the PCI core's catalogued failures
// are said as a GPU's would be, at warning or above only (a routine ROM or bridge window line
// stays quiet). False when the catalog says nothing of it: read as any program's line.
bool AnalysisSession::collectUnknownDeviceLine(const LogDocument &doc,
                                               int line,
                                               SectionKind kind,
                                               std::string &normalized)
{
    Normalizer::normalize(doc.line(line), normalized);
    if (benign(normalized))
        return false;
    straightenQuotes(normalized);
    if (!addCatalogLine(doc, line, normalized, kind, lineOrigin(normalized, kind, doc.line(line)),
                        PrintLevel::Warning))
        return false;
    ++m_result.nvidiaExplainedLines;
    return true;
}

void AnalysisSession::flush()
{
    collect();
    if (m_batch->tasks.empty())
        return;
    m_running = std::exchange(m_batch, std::make_unique<Batch>());
    Batch &batch = *m_running;
    const auto &tasks = batch.tasks;
    batch.hits.resize(tasks.size());
    batch.notable.resize(tasks.size()); // error lines no rule matched: never silent
    batch.explained.resize(tasks.size());

    const bool shared = batch.bytes < kOwnMatcherBytes;
    auto worker = [this, &batch, shared](int j) {
        if (j > 0 && !shared && !m_matchers[size_t(j) - 1])
            m_matchers[size_t(j) - 1] = m_analyzer.matcher().clone();
        const Matcher *matcher
            = j == 0 || shared ? &m_analyzer.matcher() : m_matchers[size_t(j) - 1].get();
        const auto exit = qScopeGuard([&batch] {
            batch.exited.fetch_add(1, std::memory_order_release);
            batch.signal();
        });
        for (size_t t; (t = batch.next.fetch_add(1)) < batch.tasks.size();) {
            if (m_options.cancel && m_options.cancel->load())
                return;
            const auto &task = batch.tasks[t];
            {
                const PhaseTimer timer("match: lines"); // summed over the threads
                matcher->match(*task.doc, task.first, task.last, batch.hits[t], &batch.notable[t],
                               &batch.explained[t]);
                task.doc->releaseLines(task.first, task.last);
            }
            batch.done[t].store(true, std::memory_order_release);
            batch.signal();
            if (m_options.progress) {
                const LogDocument &doc = *task.doc;
                const qint64 bytes
                    = doc.lineCount() ? doc.byteCount() * (task.last - task.first) / doc.lineCount()
                                      : 0;
                m_options.progress(m_doneBytes += bytes, m_totalBytes);
            }
        }
    };
    batch.done = std::vector<std::atomic<bool>>(tasks.size());
    batch.workerCount = int(std::min(m_matchers.size() + 1, tasks.size()));
    batch.workers.start(batch.workerCount, worker);
}

// The lines the matches of a task cover, each with the rule (fact rules aside), ascending: the
// rules that explain a line.
class RulesOnLines
{
public:
    RulesOnLines(const std::vector<LineMatch> &hits, const std::vector<Rule> &rules)
    {
        for (const LineMatch &m : hits)
            if (rules[size_t(m.rule)].kind != RuleKind::Fact)
                for (LineNumber l = m.line; l <= m.endLine; ++l)
                    m_lines.emplace_back(l.get(), m.rule);
        std::sort(m_lines.begin(), m_lines.end());
    }
    RulesOnLines() = default;

    std::span<const std::pair<int, int>> on(int line) const
    {
        const auto [from, to]
            = std::equal_range(m_lines.begin(), m_lines.end(), std::pair(line, INT_MIN),
                               [](const auto &a, const auto &b) { return a.first < b.first; });
        return {from, to};
    }

private:
    std::vector<std::pair<int, int>> m_lines; // line, rule index
};

void AnalysisSession::collect()
{
    if (!m_running)
        return;
    const auto &tasks = m_running->tasks;
    auto &hits = m_running->hits;
    auto &notable = m_running->notable;
    // Tasks are in document and line order, so findings collect occurrences in order too; each
    // is taken as soon as it is matched, while the workers match the next ones.
    const auto &rules = m_analyzer.matcher().rules();
    for (size_t t = 0; t < tasks.size(); ++t) {
        m_running->waitFor(t); // (a task left by a cancelled run has nothing to collect)
        const PhaseTimer timer("match: collect"); // findings, catalogs, templates
        const LogDocument &doc = *tasks[t].doc;
        collectErrorLines(doc, hits[t], notable[t], m_running->explained[t]);
        if (m_options.unmatched)
            mineUnmatched(doc, notable[t]);
        if (m_options.keepMatches)
            keepMatches(doc, tasks[t].input, hits[t]);
        const bool earlierBoot = isEarlierBoot(doc.path());
        for (LineMatch &m : hits[t]) {
            const Rule &rule = rules[size_t(m.rule)];
            if (rule.kind == RuleKind::Fact)
                addFactMatch(doc, rule, m);
            else
                addFindingMatch(doc, rule, m, earlierBoot);
        }
        // The lines read here again (hits, error lines) each brought back their pages.
        doc.releaseLines(tasks[t].first, tasks[t].last);
    }
    m_running->workers.join();
    m_running.reset();
}

void AnalysisSession::collectErrorLines(const LogDocument &doc,
                                        const std::vector<LineMatch> &hits,
                                        const std::vector<int> &notable,
                                        const std::vector<int> &explained)
{
    const auto &rules = m_analyzer.matcher().rules();
    std::string normalized;
    const RulesOnLines rulesOn
        = notable.empty() && explained.empty() ? RulesOnLines() : RulesOnLines(hits, rules);
    const std::vector<int> dropped = collectExplainedLines(doc, explained, rulesOn);
    std::vector<int> merged; // both ascending
    if (!dropped.empty()) {
        merged.reserve(notable.size() + dropped.size());
        std::merge(notable.begin(), notable.end(), dropped.begin(), dropped.end(),
                   std::back_inserter(merged));
    }
    const std::vector<int> &lines = dropped.empty() ? notable : merged;
    // The kernel's lines about an NVIDIA device by its bus id are NVIDIA's ("pci
    // 0000:01:00.0: BAR 1: can't assign"): its ids, read by fact rules, first.
    noteDeviceVendors(hits);
    // Values, dumps and build output hold no messages (a failed build has rules).
    const SectionKind kind = kindOf(doc);
    const bool messages = !holdsValues(kind) && kind != SectionKind::BuildLog;
    for (int line : lines) {
        if (!messages || isSectionHeader(doc.line(line), doc.path())
            || buildChatter(doc.line(line)))
            continue;
        // A kernel module's line without error words is looked up in its catalog only.
        const bool words = m_analyzer.matcher().hasErrorWords(doc.line(line));
        const DeviceVendor vendor = deviceVendor(doc.line(line));
        // An installer log is NVIDIA's, save the kernel log it quotes after a failed load.
        const bool nvidia = (kind == SectionKind::InstallerLog && !quotedKernelLine(doc.line(line)))
                            || nvidiaOrigin(doc.line(line)) || vendor == DeviceVendor::Nvidia;
        if (!nvidia && vendor == DeviceVendor::Unknown && rulesOn.on(line).empty()
            && collectUnknownDeviceLine(doc, line, kind, normalized))
            continue;
        if (!words && !nvidia)
            continue;
        if (nvidia ? nvidiaOnlyQuoted(doc.line(line))
                   : !m_analyzer.vocabulary().mayRecognise(doc.line(line)))
            continue;
        bool edges[2] = {false, false}; // [0]: the message starts with a blank
        Normalizer::normalize(doc.line(line), normalized, nullptr, nullptr, edges);
        if (benign(normalized))
            continue;
        straightenQuotes(normalized);
        if (!nvidia) {
            // Any program may print an NVIDIA library's return code in its own words
            // ("RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR", a logger's "Failed to
            // watch metrics: … The third-party Profiling module returned an
            // unrecoverable error"): the vocabularies read a code's name, a text that
            // says whose it is, or a code where the line names the library.
            if (rulesOn.on(line).empty() && addVocabularyLine(doc, line, normalized))
                ++m_result.nvidiaExplainedLines;
            continue;
        }
        // A line a match goes on over (a wrapped message) is explained by it; so are the
        // rows a table cell's text goes on in (dcgmi diag cuts messages at the column's
        // width) when their row is.
        auto explaining = rulesOn.on(line);
        if (explaining.empty())
            explaining = rulesOn.on(tableRowHead(doc, line));
        if (!explaining.empty()) {
            if (words) {
                ++m_result.nvidiaExplainedLines;
                addForeignCode(doc, line, normalized, explaining);
            }
            continue;
        }
        if (words)
            collectNvidiaLine(doc, line, normalized, kind, edges[0]);
        else
            addCatalogLine(doc, line, normalized, kind,
                           lineOrigin(normalized, kind, doc.line(line)), PrintLevel::Warning);
    }
}

// The error lines a rule's pattern matched: an NVIDIA line may quote another library's code.
// Returns the other programs' lines whose every match a condition dropped ("failed: out of
// memory" with no CUDA on the line, FFmpeg's "OpenEncodeSessionEx failed: out of memory (10)"):
// no rule's, so read as lines no rule matched.
std::vector<int> AnalysisSession::collectExplainedLines(const LogDocument &doc,
                                                        const std::vector<int> &explained,
                                                        const RulesOnLines &rulesOn)
{
    std::vector<int> dropped;
    std::string normalized;
    for (int line : explained) {
        const std::string_view raw = doc.line(line);
        if (!m_analyzer.matcher().hasErrorWords(raw))
            continue;
        // An NVIDIA line a condition dropped stays explained: the condition says it is not
        // a finding (an Xid 45 after another Xid).
        const bool nvidia = nvidiaOrigin(raw);
        if (!nvidia && rulesOn.on(line).empty()) {
            dropped.push_back(line);
            continue;
        }
        // Another program's line a rule explains may quote a library's code too (dcgm-exporter's
        // fatal "… The third-party Profiling module returned an unrecoverable error").
        if (nvidia)
            ++m_result.nvidiaExplainedLines;
        else if (!m_analyzer.vocabulary().mayRecognise(raw))
            continue;
        Normalizer::normalize(raw, normalized);
        straightenQuotes(normalized);
        addForeignCode(doc, line, normalized, rulesOn.on(line));
    }
    return dropped;
}

// An NVIDIA line with error words that no rule explains: a return code, a catalogued message,
// or else a line of an unrecognised message of its component.
void AnalysisSession::collectNvidiaLine(const LogDocument &doc,
                                        int line,
                                        const std::string &normalized,
                                        SectionKind kind,
                                        bool indented)
{
    const LineOrigin origin = lineOrigin(normalized, kind, doc.line(line));
    // A return code decodes a line better than a generic message of its printer; the
    // driver's own messages are catalogued by function, with their status decoded.
    const bool rmLine = normalized.find("NVRM") != std::string::npos;
    if ((!rmLine && addVocabularyLine(doc, line, normalized))
        || addCatalogLine(doc, line, normalized, kind, origin)
        || (rmLine && addVocabularyLine(doc, line, normalized))
        || (rmLine
            && addCatalogLine(doc, line, normalized, kind, origin, PrintLevel::Unknown,
                              CatalogLookup::ByFunction))) {
        ++m_result.nvidiaExplainedLines;
        return;
    }
    // A line its printer marks as information (X's "(II)", NCCL INFO, level=info) is not an
    // error line, whatever its words ("(II) Failed to load module \"nvidia\" (already loaded)").
    if (origin.level == PrintLevel::Debug || origin.level == PrintLevel::Info)
        return;
    ++m_result.nvidiaUnrecognisedLines;
    if (m_nvidiaTraceback.skip(doc, indented, normalized))
        return;
    // The lines of one multi-line message (an NVRM explanation) follow each other,
    // written by one source: the same component, program and process.
    std::string writer
        = origin.component.toStdString() + '\x1f' + Normalizer::source(doc.line(line)) + '\x1f';
    static const RE2 ncclProcess(R"(^(\S+:\d+:\d+) \[\d+\] )");
    re2::StringPiece process;
    if (RE2::PartialMatch(normalized, ncclProcess, &process))
        writer.append(process.data(), process.size());
    const bool continues = doc.serial() == m_nvidiaDoc && line == m_nvidiaPrevLine + 1
                           && writer == m_nvidiaPrevSource;
    m_nvidiaDoc = doc.serial();
    m_nvidiaPrevLine = line;
    m_nvidiaPrevSource = std::move(writer);
    if (!continues) {
        Unrecognised &u = m_unrecognised[origin.component];
        u.miner.add(normalized, Normalizer::withoutEscapes(doc.line(line)), doc.path(),
                    doc.lineNumber(line));
        if (origin.level == PrintLevel::Error || origin.level == PrintLevel::Fatal)
            ++u.errorLines[doc.path()];
    }
}

// The lines with error words that no rule matched, mined for their shapes (--unmatched).
void AnalysisSession::mineUnmatched(const LogDocument &doc, const std::vector<int> &notable)
{
    std::string normalized;
    for (int line : notable) {
        if (!m_analyzer.matcher().hasErrorWords(doc.line(line)))
            continue;
        ++m_result.unmatchedLines;
        if (m_miner.lines() >= kMaxMinedLines)
            continue; // counted, not mined: the shapes are known by then
        bool edges[2] = {false, false};
        Normalizer::normalize(doc.line(line), normalized, nullptr, nullptr, edges);
        if (m_unmatchedTraceback.skip(doc, edges[0], normalized))
            continue;
        const std::string raw = Normalizer::withoutEscapes(doc.line(line));
        m_miner.add(normalized, raw, doc.path(), doc.lineNumber(line));
        if (m_result.unmatchedSamples.size() < kMaxUnmatchedSamples) {
            Occurrence o;
            o.path = doc.path();
            o.line = doc.lineNumber(line);
            o.text = QString::fromStdString(raw.substr(0, 2000));
            m_result.unmatchedSamples.append(std::move(o));
        }
    }
}

// The matches kept for highlighting, up to kMaxKeptMatches per input.
void AnalysisSession::keepMatches(const LogDocument &doc,
                                  size_t input,
                                  const std::vector<LineMatch> &hits)
{
    auto &into = m_result.matches[input];
    const size_t room = kMaxKeptMatches - std::min(into.size(), kMaxKeptMatches);
    into.insert(into.end(), hits.begin(),
                hits.begin() + std::ptrdiff_t(std::min(room, hits.size())));
    if (hits.size() > room)
        m_matchesCapped.insert(doc.path());
}

void AnalysisSession::addFactMatch(const LogDocument &doc, const Rule &rule, const LineMatch &m)
{
    // A "topology" fact (the PCI bridge above a bus) joins findings to GPUs; it is
    // not a fact of the report.
    const bool listed = !rule.tags.contains(QLatin1String("topology"));
    for (const auto &[name, value] : m.facts) {
        if (!listed)
            break;
        auto [it, inserted] = m_facts.try_emplace(
            std::pair(name, value), SeenFact{BundleFact{.name = name,
                                                        .value = value,
                                                        .path = doc.path(),
                                                        .line = doc.lineNumber(m.line),
                                                        .rule = rule.id}});
        // Two fact rules reading one line see the value once.
        SeenFact &seen = it->second;
        if (inserted)
            seen.fact.text = displayText(doc.line(m.line));
        else if (seen.lastLine != std::pair(doc.serial(), m.line))
            ++seen.fact.count;
        seen.lastLine = std::pair(doc.serial(), m.line);
        if (name == u"kernel_driver" && isLoadedModuleFile(doc.path()))
            m_loadedModules.insert(value);
        else if (name == u"installer_version")
            m_installerVersions.emplace(doc.path(), value);
    }
    m_seen.insert(size_t(m.rule));
    if (rule.tags.contains(QLatin1String("boot")))
        m_boots[doc.path()].push_back(doc.lineNumber(m.line));
    constexpr size_t kMaxRecords = 100000;
    if (m.facts.size() > 1 && m_records.size() < kMaxRecords)
        m_records.try_emplace(m.facts,
                              QStringLiteral("%1:%2").arg(doc.path()).arg(doc.lineNumber(m.line)));
}

void AnalysisSession::addFindingMatch(const LogDocument &doc,
                                      const Rule &rule,
                                      LineMatch &m,
                                      bool earlierBoot)
{
    RuleHits &ruleHits = m_ruleHits[size_t(m.rule)];
    ++ruleHits.lines;
    const auto key = std::pair(size_t(m.rule), groupKey(rule, m.facts));
    auto it = m_groups.find(key);
    if (it == m_groups.end()) {
        // A group_by capture that differs on every line must not grow memory per line.
        if (ruleHits.groups >= kMaxGroupsPerRule) {
            ++ruleHits.ungrouped;
            return;
        }
        ++ruleHits.groups;
        it = m_groups.emplace(key, Finding{}).first;
        it->second.facts = m.facts;
    }
    Finding &f = it->second;
    // A later line may say what the first did not (a code, a status): the first value stays.
    if (f.count > 0)
        for (const auto &[name, value] : m.facts)
            if (f.facts.try_emplace(name, value).second)
                f.factSources[name]
                    = QStringLiteral("%1:%2").arg(doc.path()).arg(doc.lineNumber(m.line));
    ++f.count;
    if (!earlierBoot)
        m_currentBoot.insert(key);
    if (f.occurrences.size() < m_options.maxOccurrences) {
        Occurrence o;
        o.path = doc.path();
        o.line = doc.lineNumber(m.line);
        o.endLine = doc.lineNumber(m.endLine);
        std::tie(o.text, o.at)
            = displayTextAt(doc.line(m.line), m.start > 0 ? size_t(m.rawStart.get()) : 0);
        o.time = QString::fromStdString(Normalizer::timestamp(doc.line(m.line)));
        o.facts = std::move(m.facts);
        f.occurrences.append(std::move(o));
    }
}

// Rules that match far too much still give exact counts, but say so: the evidence and the
// highlighting are cut, and such a pattern is usually a mistake.
void AnalysisSession::addLimitNotes()
{
    const auto &rules = m_analyzer.matcher().rules();
    for (const auto &[r, hits] : m_ruleHits) {
        const Rule &rule = rules[r];
        if (hits.lines > kTooBroadLines)
            m_result.problems.append(
                Error{rule.file, rule.line, 0,
                      QStringLiteral("rule '%1' matched %2 lines: too broad; its findings keep the "
                                     "first %3 lines each as evidence")
                          .arg(rule.id)
                          .arg(hits.lines)
                          .arg(m_options.maxOccurrences),
                      true});
        if (hits.ungrouped > 0)
            m_result.problems.append(
                Error{rule.file, rule.line, 0,
                      QStringLiteral("rule '%1' has more than %2 groups (group_by %3); %4 matching "
                                     "lines in further groups are not reported")
                          .arg(rule.id)
                          .arg(kMaxGroupsPerRule)
                          .arg(rule.groupBy.join(QStringLiteral(", ")))
                          .arg(hits.ungrouped),
                      true});
    }
    for (const QString &path : m_matchesCapped)
        m_result.problems.append(
            Error{path, 0, 0,
                  QStringLiteral("more than %1 matching lines: only the first are highlighted")
                      .arg(kMaxKeptMatches),
                  true});
}

AnalysisResult AnalysisSession::finish()
{
    flush();
    collect();
    if (m_options.unmatched)
        m_result.unmatched = m_miner.templates(100);
    for (const auto &[path, shrank] : m_shrinkFlags)
        if (shrank->load())
            m_result.problems.append(Error{
                path, 0, 0,
                QStringLiteral("file changed while read: it shrank (truncated by log rotation?); "
                               "the findings cover the part read, lines past its new end were "
                               "read as empty")});
    const auto &rules = m_analyzer.matcher().rules();
    for (const BundleFact &f : layoutFacts(m_paths))
        m_facts.emplace(std::pair(f.name, f.value), SeenFact{f});

    for (auto &[path, lines] : m_boots)
        std::sort(lines.begin(), lines.end());
    std::vector<std::pair<size_t, Finding>> found = lineFindings(); // rule index, finding
    for (size_t r = 0; r < rules.size(); ++r)
        if (rules[r].scope == RuleScope::Bundle)
            for (Finding &f : bundleFindings(rules[r]))
                found.emplace_back(r, std::move(f));

    // Decide what is reported before moving any finding out of `found`.
    const std::vector<bool> reported = reportedFindings(found);
    if (m_options.keepMatches) {
        // Highlight only what the report shows (not superseded or filtered-out matches).
        std::set<std::pair<size_t, QString>> shown;
        for (size_t i = 0; i < found.size(); ++i)
            if (reported[i])
                shown.emplace(found[i].first,
                              groupKey(rules[found[i].first], found[i].second.facts));
        for (auto &matches : m_result.matches)
            std::erase_if(matches, [&](const LineMatch &m) {
                const Rule &rule = rules[size_t(m.rule)];
                return rule.kind == RuleKind::Finding
                       && !shown.count({size_t(m.rule), groupKey(rule, m.facts)});
            });
    }
    bool claimed = false; // a generic rule's finding became the rule that names its code
    for (size_t i = 0; i < found.size(); ++i) {
        if (!reported[i])
            continue;
        auto &[r, f] = found[i];
        claimed = completeFinding(rules[r], f) || claimed;
        m_result.findings.append(std::move(f));
    }
    for (auto &[key, seen] : m_facts)
        m_result.facts.append(std::move(seen.fact));
    if (claimed)
        mergeSameRule();
    addVocabularyFindings(); // before folding: a code a rule names is that rule's condition
    foldConsequences();
    addCatalogFindings();
    foldConsequences(); // a rule's findings from the messages it names (`messages:`) too
    mergeClaimedMessages();
    foldRestatements();
    addUnrecognisedNvidiaMessages();
    m_result.clock = m_clock.finish();
    m_result.gpus = gpuVerdicts(m_result.findings, m_records, m_boots);
    addLimitNotes();
    std::sort(
        m_result.findings.begin(), m_result.findings.end(), [](const Finding &a, const Finding &b) {
            if (a.severity != b.severity)
                return a.severity > b.severity;
            if (a.ruleId != b.ruleId)
                return a.ruleId < b.ruleId;
            return a.occurrences.isEmpty() || b.occurrences.isEmpty()
                       ? a.title < b.title
                       : std::pair(a.occurrences.front().path, a.occurrences.front().line)
                             < std::pair(b.occurrences.front().path, b.occurrences.front().line);
        });
    m_result.cancelled = m_options.cancel && m_options.cancel->load();
    return std::move(m_result);
}

// The findings of line rules, one per group seen at least min_count times; those seen only
// before the driver or boot of now say so (markEarlier).
std::vector<std::pair<size_t, Finding>> AnalysisSession::lineFindings()
{
    const auto &rules = m_analyzer.matcher().rules();
    std::vector<std::pair<size_t, Finding>> found; // rule index, finding
    for (auto &[key, f] : m_groups) {
        if (f.count < rules[key.first].minCount)
            continue;
        markEarlier(key, f);
        found.emplace_back(key.first, std::move(f));
    }
    return found;
}

void AnalysisSession::markEarlier(const std::pair<size_t, QString> &key, Finding &f) const
{
    // Seen only in sections of earlier boots (journalctl -b -1, Xorg.0.log.old, kern.log.1),
    // or only before the last boot marker of its log (every occurrence known).
    const auto beforeLastBoot = [&](const Occurrence &o) {
        const auto boots = m_boots.find(o.path);
        return boots != m_boots.end() && !boots->second.empty() && o.line < boots->second.back();
    };
    const bool earlierSection = !m_currentBoot.count(key);
    const bool earlierInLog
        = f.count == f.occurrences.size()
          && std::all_of(f.occurrences.begin(), f.occurrences.end(), beforeLastBoot);
    // A message naming a kernel module other than the one loaded now, or only in the log of
    // an installation of another version, is from before the driver that runs now.
    const Rule &rule = m_analyzer.matcher().rules()[key.first];
    const QString loaded = loadedModule();
    const bool otherModule
        = !rule.loadedModuleFact.isEmpty() && !loaded.isEmpty() && !f.occurrences.isEmpty()
          && std::all_of(f.occurrences.begin(), f.occurrences.end(), [&](const Occurrence &o) {
                 const auto v = o.facts.find(rule.loadedModuleFact);
                 return v != o.facts.end() && v->second != loaded;
             });
    QString staleInstall;
    if (!f.occurrences.isEmpty() && f.count == f.occurrences.size()) {
        staleInstall = staleInstallerLog(f.occurrences.front().path);
        for (const Occurrence &o : f.occurrences)
            if (o.path != f.occurrences.front().path)
                staleInstall.clear();
    }
    if ((earlierSection || earlierInLog || otherModule || !staleInstall.isEmpty())
        && !f.occurrences.isEmpty()) {
        f.facts[QStringLiteral("seen")]
            = earlierSection ? QStringLiteral("only in an earlier boot (%1)")
                                   .arg(f.occurrences.front().path.section(QLatin1Char('!'), -1))
              : earlierInLog ? QStringLiteral("only before the last boot of its log")
              : otherModule
                  ? QStringLiteral("only with kernel module %1; %2 is loaded now")
                        .arg(f.occurrences.front().facts.at(rule.loadedModuleFact), loaded)
                  : staleInstall;
        f.tags.append(QStringLiteral("earlier-boot"));
        if (!staleInstall.isEmpty())
            f.tags.append(QStringLiteral("earlier-install"));
    }
}

std::vector<bool>
AnalysisSession::reportedFindings(const std::vector<std::pair<size_t, Finding>> &found) const
{
    const auto &rules = m_analyzer.matcher().rules();
    // Conditions on other rules read what was found before any of them applied.
    std::set<QString> present;
    for (const auto &[r, f] : found)
        present.insert(rules[r].id);
    for (size_t r : m_seen)
        present.insert(rules[r].id);
    auto conditionsHold = [&](const Rule &rule) {
        return std::all_of(rule.requiresRules.begin(), rule.requiresRules.end(),
                           [&](const QString &id) { return present.count(id) > 0; })
               && std::none_of(rule.absentRules.begin(), rule.absentRules.end(),
                               [&](const QString &id) { return present.count(id) > 0; });
    };
    // A finding hides the findings of the rules it supersedes that are about the same group.
    auto superseded = [&](size_t r, const Finding &f) {
        return std::any_of(found.begin(), found.end(), [&](const auto &other) {
            const Rule &by = rules[other.first];
            if (!by.supersedes.contains(rules[r].id) || !conditionsHold(by))
                return false;
            // Group facts both findings have must agree (a per-GPU finding hides only that
            // GPU's); a fact only one of them has does not matter.
            return std::all_of(by.groupBy.begin(), by.groupBy.end(), [&](const QString &name) {
                const auto a = groupFact(other.second.facts, name), b = groupFact(f.facts, name);
                return a == other.second.facts.end() || b == f.facts.end()
                       || a->second == b->second;
            });
        });
    };
    // A finding about a PCI device the bundle shows to be another maker's (the kernel's
    // enumeration gives its vendor id) is no GPU's: a NIC handed to a VM through vfio-pci, an
    // NVMe drive's AER or link speed.
    auto anotherMakers = [&](const Finding &f) {
        const std::string slot = gpuOfFacts(f.facts).toStdString();
        return !slot.empty() && m_otherSlots.count(slot) > 0 && m_nvidiaSlots.count(slot) == 0;
    };
    std::vector<bool> reported(found.size());
    for (size_t i = 0; i < found.size(); ++i)
        reported[i] = conditionsHold(rules[found[i].first])
                      && !superseded(found[i].first, found[i].second)
                      && !anotherMakers(found[i].second);
    return reported;
}

// A reported finding gets its rule's words, its group, the facts its lookups and catalog give,
// and its comparisons. True when a rule that names its code claimed it (mergeSameRule).
bool AnalysisSession::completeFinding(const Rule &rule, Finding &f) const
{
    bool claimed = false;
    f.ruleId = rule.id;
    f.severity = rule.severity;
    f.pack = rule.pack;
    f.explain = rule.explain;
    f.action = rule.action;
    f.resolution = rule.resolution;
    f.nvidiaResolution = !rule.resolutionSource.isEmpty();
    f.references = rule.references;
    f.tags = rule.tags + f.tags;
    for (const QString &name : rule.groupBy)
        if (const auto it = groupFact(f.facts, name); it != f.facts.end())
            f.group.emplace(name.section(u'|', 0, 0), it->second);
    if (rule.scope == RuleScope::Line && !f.occurrences.isEmpty()) {
        const Occurrence &first = f.occurrences.front();
        for (const auto &[name, value] : f.facts)
            f.factSources.try_emplace(name,
                                      QStringLiteral("%1:%2").arg(first.path).arg(first.line));
    }
    for (const FactLookup &l : rule.lookups) {
        const auto key = f.facts.find(l.equals);
        if (key == f.facts.end())
            continue;
        for (const auto &[record, source] : m_records) {
            const auto where = record.find(l.where), value = record.find(l.fact);
            if (where != record.end() && value != record.end() && where->second == key->second) {
                f.facts[l.fact] = value->second;
                f.factSources[l.fact] = source;
                break;
            }
        }
    }
    if (rule.catalog) {
        applyCatalog(rule, f);
        // A generic rule's code that a rule of its family (cuda.*) names as its condition is
        // that condition (cuda.error.by-text's "out of memory" is cuda.error.out-of-memory); a
        // rule of another family keeps its own words (k8s.*: the GPU Operator's validator).
        const auto code = f.facts.find(rule.catalog->key + QLatin1String("_code"));
        const auto key = f.facts.find(rule.catalog->key);
        bool numeric = false;
        const int number = code != f.facts.end()  ? code->second.toInt(&numeric)
                           : key != f.facts.end() ? key->second.trimmed().toInt(&numeric)
                                                  : 0;
        const Rule *claim = numeric ? claimOf(rule.catalog->name, number) : nullptr;
        const QString family = rule.id.section(QLatin1Char('.'), 0, 0) + QLatin1Char('.');
        if (claim && claim != &rule && claim->id.startsWith(family)) {
            adoptClaim(*claim, f);
            claimed = true;
        }
    } else {
        f.title = expandTemplate(rule.title, f.facts);
    }
    if (rule.vocabulary)
        addClaimedCode(rule, f);
    if (rule.scope == RuleScope::Line && !f.occurrences.isEmpty())
        f.comparisons = Analyzer::compare(
            rule, f.facts,
            QStringLiteral("%1:%2").arg(f.occurrences.front().path,
                                        QString::number(f.occurrences.front().line)));
    // A state a reboot clears, seen only before the last boot: history.
    if ((rule.resolvedByReboot && f.tags.contains(QLatin1String("earlier-boot")))
        || f.tags.contains(QLatin1String("earlier-install")))
        f.severity = Severity::Info;
    return claimed;
}

// A traceback's header, its frames (indented) and the lines that chain two tracebacks are parts
// of the one message its exception line states.
bool AnalysisSession::TracebackFold::skip(const LogDocument &d,
                                          bool indented,
                                          std::string_view normalized)
{
    if (d.serial() != doc) {
        doc = d.serial();
        inside = false;
    }
    auto startsWith = [&](std::string_view prefix) {
        return normalized.substr(0, prefix.size()) == prefix;
    };
    if (startsWith("Traceback (most recent call last)")) {
        inside = true;
        return true;
    }
    if (!inside)
        return false;
    if (indented)
        return true;
    if (startsWith("During handling of the above exception")
        || startsWith("The above exception was the direct cause"))
        return true;
    inside = false; // the exception line: it is the message
    return false;
}

// One condition, one finding above info: a finding whose rule names its causes
// (`consequence_of`) is said at info, under its cause, when a cause was found on the same GPU
// (or either is about no GPU in particular): "No devices were found" after RmInitAdapter failed,
// the older "GPU has fallen off the bus" wording beside the Xid 79 of the same GPU.
void AnalysisSession::foldConsequences()
{
    const RuleSet &rules = m_analyzer.rules();
    auto matches = [](const QString &id, const QList<QString> &patterns) {
        return std::any_of(patterns.begin(), patterns.end(),
                           [&](const QString &p) { return ruleIdMatches(id, p); });
    };
    // Causes are judged as they were found, before any of them is folded itself.
    std::vector<Severity> was;
    for (const Finding &f : m_result.findings)
        was.push_back(f.severity);
    for (Finding &f : m_result.findings) {
        const Rule *rule = rules.find(f.ruleId);
        if (!rule || rule->consequenceOf.isEmpty() || f.severity == Severity::Info)
            continue;
        const QString gpu = gpuOfFacts(f.facts);
        // A per-GPU finding whose GPU is not known (a redacted bus id) cannot be matched to a
        // cause: it stays as it is.
        const bool perGpu
            = std::any_of(rule->groupBy.begin(), rule->groupBy.end(), [](const QString &g) {
                  return std::ranges::any_of(
                      g.split(u'|'), [](const QString &n) { return gpuFactNames().contains(n); });
              });
        if (perGpu && gpu.isEmpty())
            continue;
        for (qsizetype i = 0; i < m_result.findings.size(); ++i) {
            const Finding &cause = m_result.findings[i];
            if (&cause == &f || was[size_t(i)] == Severity::Info
                || !matches(cause.ruleId, rule->consequenceOf))
                continue;
            const QString causeGpu = gpuOfFacts(cause.facts);
            if (!gpu.isEmpty() && !causeGpu.isEmpty() && gpu != causeGpu)
                continue;
            f.severity = Severity::Info;
            f.facts[QStringLiteral("consequence_of")] = cause.title;
            f.tags.append(QStringLiteral("consequence"));
            break;
        }
    }
}

// One condition, one finding, across components: a finding whose every line is also evidence
// of another rule's finding that has more lines restates part of it ("nvidia-container-cli:
// initialization error: nvml error: driver/library version mismatch" is the toolkit's failure
// and the NVML mismatch the next line states again): it is said at info, under the finding that
// explains more. Only when every line of it is known (none left out over the cap), and never
// under a catalog's or the unrecognised-lines finding, which name no condition.
void AnalysisSession::foldRestatements()
{
    auto lines = [](const Finding &f) {
        std::set<std::pair<QString, int>> out;
        for (const Occurrence &o : f.occurrences)
            for (int l = o.line; l <= std::max(o.line, o.endLine); ++l)
                out.emplace(o.path, l);
        return out;
    };
    auto conditionless = [](const Finding &f) {
        return f.ruleId.startsWith(QLatin1String("catalog."))
               || f.ruleId == QLatin1String("nvidia.unrecognised");
    };
    // Each finding's lines, and its severity before any of them is folded here.
    std::vector<std::set<std::pair<QString, int>>> all;
    std::vector<Severity> was;
    for (const Finding &f : m_result.findings) {
        all.push_back(lines(f));
        was.push_back(f.severity);
    }
    for (qsizetype i = 0; i < m_result.findings.size(); ++i) {
        Finding &f = m_result.findings[i];
        const auto &mine = all[size_t(i)];
        if (f.severity == Severity::Info || conditionless(f) || mine.empty()
            || f.count != f.occurrences.size())
            continue;
        for (qsizetype j = 0; j < m_result.findings.size(); ++j) {
            const Finding &by = m_result.findings[j];
            const auto &theirs = all[size_t(j)];
            const bool folded = by.tags.contains(QLatin1String("consequence"));
            if (j == i || (was[size_t(j)] < f.severity && !folded) || conditionless(by)
                || by.ruleId == f.ruleId
                || !std::includes(theirs.begin(), theirs.end(), mine.begin(), mine.end()))
                continue;
            // The same lines: the finding that decodes a status names the condition; the other
            // says which program met it.
            if (theirs.size() == mine.size()
                && (!by.facts.contains(QStringLiteral("code_name"))
                    || f.facts.contains(QStringLiteral("code_name"))))
                continue;
            f.severity = Severity::Info;
            f.facts[QStringLiteral("consequence_of")]
                = folded ? by.facts.at(QStringLiteral("consequence_of")) : by.title;
            f.tags.append(QStringLiteral("consequence"));
            break;
        }
    }
}

// Texts whose catalog lookup is remembered, at most (a bundle's distinct error lines are fewer).
constexpr size_t kMaxRemembered = 20000;

// One whole line as evidence: a catalog message or a return code no rule explains.
static Occurrence lineOccurrence(const LogDocument &doc, int line)
{
    Occurrence o;
    o.path = doc.path();
    o.line = o.endLine = doc.lineNumber(line);
    std::tie(o.text, o.at) = displayTextAt(doc.line(line), 0);
    o.time = QString::fromStdString(Normalizer::timestamp(doc.line(line)));
    return o;
}

// The catalogs a line may be a message of: its origin's, and a kernel line's own module's.
static MessageCatalog::Wanted catalogsOf(std::string_view normalized, const QString &origin)
{
    return [origin, module = kernelModuleOf(normalized)](const QString &component) {
        return originsAgree(origin, catalogOrigin(component))
               && kernelModulesAgree(module, component);
    };
}

bool AnalysisSession::addCatalogLine(const LogDocument &doc,
                                     int line,
                                     std::string_view normalized,
                                     SectionKind kind,
                                     const LineOrigin &origin,
                                     PrintLevel minimum,
                                     CatalogLookup lookup)
{
    const MessageCatalog *catalog = m_analyzer.rules().messages.get();
    if (!catalog)
        return false;
    // An RM line no catalog message matched, from a function the catalogs know: a message of
    // that function's subsystem in another driver version's words.
    if (lookup == CatalogLookup::ByFunction) {
        const std::optional<Recognition> r
            = catalog->recogniseFunction(normalized, catalogsOf(normalized, origin.component));
        return r && addRecognition(doc, line, normalized, kind, *r, minimum);
    }
    // Only the catalogs of the component the line comes from are read and searched: an X
    // server line is not a container toolkit message because the texts are alike. The
    // component is read from the whole line, the level from what precedes the message ("ERROR:
    // Could not get DaemonSetList" logged at info is the message's own text).
    const std::optional<Recognition> &r = recogniseMessage(*catalog, normalized, origin);
    return r && addRecognition(doc, line, normalized, kind, *r, minimum);
}

bool AnalysisSession::addRecognition(const LogDocument &doc,
                                     int line,
                                     std::string_view normalized,
                                     SectionKind kind,
                                     const Recognition &r,
                                     PrintLevel minimum)
{
    // The later lines of a message printed over several are its first line's: known, and no
    // finding of their own.
    if (r.message->continuation)
        return true;
    const PrintLevel shown = lineOrigin(normalized.substr(0, r.start), kind).level;
    const PrintLevel printed = shown != PrintLevel::Unknown ? shown : r.message->level;
    if (minimum != PrintLevel::Unknown && (printed == PrintLevel::Unknown || printed < minimum))
        return false;
    // The GPU a line names, by its PCI address (any domain width, or none).
    static const RE2 busId("\\b((?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7])\\b");
    std::string pci;
    RE2::PartialMatch(re2::StringPiece(normalized.data(), normalized.size()), busId, &pci);
    auto [it, added] = m_catalogHits.try_emplace({r.order, QString::fromStdString(pci)});
    CatalogHit &hit = it->second;
    if (added) {
        hit.first = r;
        hit.pci = it->first.second;
    }
    ++hit.count;
    // The level the line itself shows wins over the catalog's (a message printed at different
    // levels in different versions): NCCL WARN is a warning whatever the source says today.
    const PrintLevel level = shown != PrintLevel::Unknown ? shown : hit.first.message->level;
    if (hit.level == PrintLevel::Unknown || (level != PrintLevel::Unknown && level > hit.level))
        hit.level = level;
    if (hit.occurrences.size() < m_options.maxOccurrences)
        hit.occurrences.append(lineOccurrence(doc, line));
    return true;
}

// What a known message no rule explains is worth. A generated catalog gives the level the
// source prints it at, and that alone does not say: drivers print routine conditions at error
// level ("Failed to grab modeset ownership" whenever X holds the display). So such a message is
// named, with its level as a fact, at info, and only a fatal print is a warning. A hand-written
// entry (closed components: the X driver, Fabric Manager, kernel lines about NVIDIA devices)
// carries a meaning checked against NVIDIA's documents, and its level is a triage: an error there
// is a warning. Rules say what matters, and win where both match.
static Severity severityFor(const CatalogMessage &m, PrintLevel level)
{
    if (!m.meaning.isEmpty())
        return level == PrintLevel::Fatal   ? Severity::Error
               : level == PrintLevel::Error ? Severity::Warning
                                            : Severity::Info;
    return level == PrintLevel::Fatal ? Severity::Warning : Severity::Info;
}

// The catalog message a line is, each text and origin looked up once (see m_recognised).
const std::optional<Recognition> &AnalysisSession::recogniseMessage(const MessageCatalog &catalog,
                                                                    std::string_view normalized,
                                                                    const LineOrigin &origin)
{
    std::string key(normalized);
    key += '\x1f';
    key += origin.component.toStdString();
    if (const auto it = m_recognised.find(key); it != m_recognised.end())
        return it->second;
    if (m_recognised.size() >= kMaxRemembered)
        m_recognised.clear();
    std::optional<Recognition> found
        = catalog.recognise(normalized, catalogsOf(normalized, origin.component));
    return m_recognised.emplace(std::move(key), std::move(found)).first->second;
}

// The code a line names, each text read once (see m_recognised).
const std::optional<VocabularyHit> &AnalysisSession::recogniseCode(std::string_view normalized)
{
    std::string key(normalized);
    if (const auto it = m_codes.find(key); it != m_codes.end())
        return it->second;
    if (m_codes.size() >= kMaxRemembered)
        m_codes.clear();
    return m_codes.emplace(std::move(key), m_analyzer.vocabulary().recognise(normalized))
        .first->second;
}

bool AnalysisSession::addVocabularyLine(const LogDocument &doc,
                                        int line,
                                        std::string_view normalized)
{
    std::optional<VocabularyHit> hit = recogniseCode(normalized);
    if (!hit)
        return false;
    addVocabularyHit(doc, line, std::move(*hit), false);
    return true;
}

void AnalysisSession::addVocabularyHit(const LogDocument &doc,
                                       int line,
                                       VocabularyHit hit,
                                       bool quoted)
{
    auto [it, added] = m_vocabularyHits.try_emplace({hit.catalog->name, hit.entry->code});
    VocabularyHits &hits = it->second;
    if (added)
        hits.first = std::move(hit);
    hits.onlyQuoted = hits.onlyQuoted && quoted;
    ++hits.count;
    if (hits.occurrences.size() < m_options.maxOccurrences)
        hits.occurrences.append(lineOccurrence(doc, line));
}

// A line a rule explains may quote another library's return code (DCGM's diagnostic quoting
// CUDA's "CUDA-capable device(s) is/are busy or unavailable"): that code is decoded too, at info
// (the rule's finding says how much it matters), unless a rule on the line is that library's
// (its id's first part, or its `vocabulary:`).
void AnalysisSession::addForeignCode(const LogDocument &doc,
                                     int line,
                                     std::string_view normalized,
                                     std::span<const std::pair<int, int>> rulesOnLine)
{
    std::optional<VocabularyHit> hit = recogniseCode(normalized);
    if (!hit)
        return;
    const QStringView library = QStringView(hit->findingId).left(hit->findingId.indexOf(u'.'));
    const auto &rules = m_analyzer.matcher().rules();
    for (const auto &[l, r] : rulesOnLine) {
        const Rule &rule = rules[size_t(r)];
        if (QStringView(rule.id).left(rule.id.indexOf(u'.')) == library
            || (rule.vocabulary && rule.vocabulary->catalog == hit->catalog->name))
            return;
    }
    addVocabularyHit(doc, line, std::move(*hit), true);
}

// A return code found in a line no rule explains: named by its library and decoded by its
// A code as its library writes it: the driver's statuses in hex (0x00000065), others in decimal.
static QString codeText(const VocabularyHit &h)
{
    return h.catalog->name == u"nv-status"
               ? QStringLiteral("0x%1").arg(h.entry->code, 8, 16, QLatin1Char('0'))
               : QString::number(h.entry->code);
}

// catalog, at the severity its resolution implies.
void AnalysisSession::addVocabularyFindings()
{
    for (auto &[key, hits] : m_vocabularyHits) {
        const VocabularyHit &h = hits.first;
        const CatalogEntry &e = *h.entry;
        const QString code = codeText(h);
        const QString found
            = QStringLiteral("Recognised by its %1 (\"%2\") in a line %3.")
                  .arg(h.how, h.written,
                       hits.onlyQuoted ? QStringLiteral("a rule of another program explains")
                                       : QStringLiteral("no rule's pattern explains"));
        // A rule that names this code (`vocabulary:`) is the condition: its words, in any wording
        // the code is found in. Where its finding exists already, the lines join it.
        const Rule *claim = claimOf(h.catalog->name, e.code);
        if (claim) {
            const auto same = std::find_if(m_result.findings.begin(), m_result.findings.end(),
                                           [&](const Finding &f) { return f.ruleId == claim->id; });
            if (same != m_result.findings.end()) {
                same->count += hits.count;
                for (Occurrence &o : hits.occurrences)
                    if (same->occurrences.size() < m_options.maxOccurrences)
                        same->occurrences.append(std::move(o));
                continue;
            }
        }
        Finding f;
        f.ruleId = h.findingId;
        f.pack = QStringLiteral("catalog:%1").arg(h.catalog->name);
        f.group[QStringLiteral("vocabulary")] = h.catalog->name;
        f.group[QStringLiteral("code")] = code;
        f.title = QStringLiteral("%1 error %2: %3").arg(h.library, code, e.name);
        f.severity = severityForResolution(e.resolution).value_or(Severity::Warning);
        f.count = hits.count;
        f.tags = {QStringLiteral("vocabulary"), h.catalog->name};
        f.facts[QStringLiteral("vocabulary")] = h.catalog->name;
        f.facts[QStringLiteral("code")] = code;
        f.facts[QStringLiteral("code_name")] = e.name;
        f.facts[QStringLiteral("written")] = h.written;
        f.facts[QStringLiteral("found_by")] = h.how;
        QStringList explain;
        for (const QString &part : {e.meaning, e.decode})
            if (!part.isEmpty())
                explain << part;
        explain << found;
        f.explain = explain.join(QLatin1String("\n\n"));
        f.action = e.action;
        if (claim) {
            adoptClaim(*claim, f);
            f.explain += QLatin1String("\n\n") + found;
        }
        // Quoted only in lines another library's rule explains: what the code means, as context
        // of that finding (it says how much the condition matters).
        if (hits.onlyQuoted)
            f.severity = Severity::Info;
        const QString source = e.source.isEmpty() ? h.catalog->source.url : e.source;
        if (source.startsWith(QLatin1String("https://"))
            || source.startsWith(QLatin1String("http://")))
            f.references.append(Reference{h.catalog->source.title.isEmpty()
                                              ? h.catalog->description
                                              : h.catalog->source.title,
                                          source,
                                          {},
                                          0});
        f.occurrences = std::move(hits.occurrences);
        m_result.findings.append(std::move(f));
    }
}

// A rule that names codes (`vocabulary:`) matched by its own pattern: the code its lines write
// ("cuda runtime error (35)", "error=38") is decoded as it would be where no pattern explains the
// line, so the finding says which code it was.
void AnalysisSession::addClaimedCode(const Rule &rule, Finding &f) const
{
    if (!rule.vocabulary || f.facts.count(QStringLiteral("code")))
        return;
    const VocabularyRef &claims = *rule.vocabulary;
    std::string normalized;
    for (const Occurrence &o : std::as_const(f.occurrences)) {
        Normalizer::normalize(o.text.toStdString(), normalized);
        const std::optional<VocabularyHit> hit = m_analyzer.vocabulary().recognise(normalized);
        if (!hit || hit->catalog->name != claims.catalog
            || !claims.codes.contains(hit->entry->code))
            continue;
        const QString code = codeText(*hit);
        f.facts[QStringLiteral("code_name")] = hit->entry->name;
        // Found by its text, the number is the line's only where the line writes it: CUDA
        // releases before 10.1 numbered the runtime's codes differently ("error=38 : no
        // CUDA-capable device is detected" is today's 100).
        const QString text = QString::fromStdString(normalized);
        if (hit->how != u"text"
            || QRegularExpression(QStringLiteral("(?<![\\w.])%1(?![\\w.])").arg(code))
                   .match(text)
                   .hasMatch())
            f.facts[QStringLiteral("code")] = code;
        return;
    }
}

const Rule *AnalysisSession::claimOf(const QString &catalog, int code) const
{
    for (const Rule &r : m_analyzer.rules().rules)
        if (r.vocabulary && r.vocabulary->catalog == catalog && r.vocabulary->codes.contains(code))
            return &r;
    return nullptr;
}

void AnalysisSession::adoptClaim(const Rule &claim, Finding &f)
{
    f.ruleId = claim.id;
    f.pack = claim.pack;
    f.severity = claim.severity;
    for (const QString &tag : claim.tags)
        if (!f.tags.contains(tag))
            f.tags.append(tag);
    // A title whose values the line does not give keeps the words it has.
    const QList<QString> names = templateNames(claim.title);
    if (std::all_of(names.begin(), names.end(), [&](const QString &n) {
            const QStringList alternatives = n.split(QLatin1Char('|'));
            return std::any_of(alternatives.begin(), alternatives.end(),
                               [&](const QString &alt) { return f.facts.count(alt) > 0; });
        }))
        f.title = expandTemplate(claim.title, f.facts);
    if (!claim.explain.isEmpty())
        f.explain = claim.explain;
    if (!claim.action.isEmpty())
        f.action = claim.action;
    f.resolution = claim.resolution;
    f.nvidiaResolution = !claim.resolutionSource.isEmpty();
    f.references = claim.references;
    f.group.clear();
}

void AnalysisSession::mergeSameRule()
{
    QList<Finding> &all = m_result.findings;
    for (qsizetype i = 0; i < all.size(); ++i)
        for (qsizetype j = all.size() - 1; j > i; --j) {
            if (all[j].ruleId != all[i].ruleId || all[j].group != all[i].group)
                continue;
            all[i].count += all[j].count;
            for (Occurrence &o : all[j].occurrences)
                if (all[i].occurrences.size() < m_options.maxOccurrences)
                    all[i].occurrences.append(std::move(o));
            all[i].severity = std::max(all[i].severity, all[j].severity);
            all.removeAt(j);
        }
}

namespace {

constexpr QLatin1StringView kMessageNote("\n\nThe message: ");

// "rule text\n\nThe message: X." → ("rule text", "X").
std::pair<QString, QString> splitMessageNote(const QString &explain)
{
    const qsizetype at = explain.indexOf(kMessageNote);
    if (at < 0)
        return {explain, {}};
    QString note = explain.mid(at + kMessageNote.size());
    if (note.endsWith(QLatin1Char('.')))
        note.chop(1);
    return {explain.left(at), note};
}

// Facts of two findings of one condition: a value both have stays; differing values are
// listed (a few), except the source versions of one message, which say nothing of several.
void mergeFacts(Facts &into, const Facts &from)
{
    constexpr int kMostValues = 4;
    for (const auto &[name, value] : from) {
        const auto it = into.find(name);
        if (it == into.end()) {
            into.emplace(name, value);
            continue;
        }
        if (it->second == value)
            continue;
        if (name == QLatin1String("source_versions")) {
            into.erase(it);
            continue;
        }
        QStringList values = it->second.split(QStringLiteral(", "));
        if (values.contains(value) || values.contains(QStringLiteral("…")))
            continue;
        values << (values.size() < kMostValues ? value : QStringLiteral("…"));
        it->second = values.join(QStringLiteral(", "));
    }
}

} // namespace

void AnalysisSession::mergeClaimedMessages()
{
    QList<Finding> &all = m_result.findings;
    auto claimed = [](const Finding &f) {
        return f.tags.contains(QLatin1String("catalog"))
               && !f.ruleId.startsWith(QLatin1String("catalog."));
    };
    auto sameCondition = [](const Finding &a, const Finding &b) {
        return a.ruleId == b.ruleId && a.title == b.title && a.severity == b.severity
               && gpuOfFacts(a.facts) == gpuOfFacts(b.facts);
    };
    std::map<qsizetype, QStringList> notes; // finding → the messages merged into it
    for (qsizetype j = 0; j < all.size(); ++j) {
        if (!claimed(all[j]))
            continue;
        qsizetype i = 0;
        while (i < j && !sameCondition(all[i], all[j]))
            ++i;
        if (i == j)
            continue;
        Finding from = all.takeAt(j--);
        Finding &into = all[i];
        if (!notes.count(i)) {
            auto [text, note] = splitMessageNote(into.explain);
            into.explain = text;
            notes[i] = note.isEmpty() ? QStringList() : QStringList{note};
        }
        if (const QString note = splitMessageNote(from.explain).second; !note.isEmpty())
            notes[i] << note;
        into.count += from.count;
        into.occurrences += std::move(from.occurrences);
        std::stable_sort(into.occurrences.begin(), into.occurrences.end(),
                         [](const Occurrence &a, const Occurrence &b) {
                             return std::pair(a.path, a.line) < std::pair(b.path, b.line);
                         });
        if (into.occurrences.size() > m_options.maxOccurrences)
            into.occurrences.resize(m_options.maxOccurrences);
        mergeFacts(into.facts, from.facts);
        for (const auto &[name, where] : from.factSources)
            into.factSources.emplace(name, where);
        into.comparisons += from.comparisons;
    }
    constexpr qsizetype kMostNotes = 8;
    for (auto &[i, list] : notes) {
        if (list.size() == 1) {
            all[i].explain += kMessageNote + list.front() + QLatin1Char('.');
        } else if (!list.isEmpty()) {
            QString more;
            if (list.size() > kMostNotes) {
                more = QStringLiteral("; and %1 more").arg(list.size() - kMostNotes);
                list.resize(kMostNotes);
            }
            all[i].explain += QStringLiteral("\n\nThe messages: ") + list.join(QStringLiteral("; "))
                              + more + QLatin1Char('.');
        }
    }
}

// The status a catalogued message carries, decoded by the nv-status vocabulary into `f`'s facts
// and title: a value after a status word ("status=0x00000062" is NV_ERR_TIMEOUT), else a status
// printed by name ("... failed [NV_ERR_RESET_REQUIRED]"). Null when it carries none.
static const CatalogEntry *addStatus(const Recognition &r,
                                     const QList<Occurrence> &occurrences,
                                     const Catalog *statuses,
                                     Finding &f)
{
    const CatalogMessage &m = *r.message;
    const std::vector<std::string> literalsBefore = MessageCatalog::literalsBefore(m.format);
    const CatalogEntry *status = nullptr;
    // Only the driver's modules and the vGPU manager print NV_STATUS values; elsewhere
    // "status=1" is another number (systemd's exit status, Fabric Manager's in-band status).
    const bool driver = catalogOrigin(r.component->id) == QLatin1String("kernel-driver")
                        || r.component->id == QLatin1String("nvidia-vgpu-mgr");
    for (size_t i = 0; driver && i < r.values.size() && i < literalsBefore.size(); ++i) {
        static const RE2 statusWord("(?i)(?:status|error|rmStatus|ret|code)\\W{0,4}(?:0x)?$");
        if (!statuses || !RE2::PartialMatch(literalsBefore[i], statusWord))
            continue;
        bool ok = false;
        const QString value = QString::fromStdString(r.values[i]);
        const bool hex
            = value.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)
              || (i < r.conversions.size() && (r.conversions[i] == 'x' || r.conversions[i] == 'X'));
        const int code = value.toInt(&ok, hex ? 16 : 10);
        if (!ok)
            continue;
        if (const CatalogEntry *e = statuses->find(QString::number(code))) {
            status = e;
            f.facts[QStringLiteral("status")] = value;
            f.facts[QStringLiteral("status_name")] = e->name;
            f.title += QStringLiteral(" [%1]").arg(e->name.section(QLatin1Char(':'), 0, 0));
            break;
        }
    }
    static const RE2 statusName("\\b(NV_(?:ERR|WARN)_[A-Z0-9_]+)\\b");
    std::string name;
    if (statuses && !f.facts.count(QStringLiteral("status_name")) && !occurrences.isEmpty()
        && RE2::PartialMatch(occurrences.front().text.toStdString(), statusName, &name))
        if (const CatalogEntry *e = statuses->find(QString::fromStdString(name))) {
            status = e;
            f.facts[QStringLiteral("status_name")] = e->name;
        }
    return status;
}

void AnalysisSession::addCatalogFindings()
{
    const Catalog *statuses = m_analyzer.rules().catalog(QStringLiteral("nv-status"));
    for (auto &[key, hit] : m_catalogHits) {
        const CatalogMessage &m = *hit.first.message;
        const MessageComponent &c = *hit.first.component;
        Finding f;
        f.ruleId = QStringLiteral("catalog.%1.%2").arg(c.id, m.subsystem);
        f.pack = QStringLiteral("catalog:%1").arg(c.file);
        // A stable key: the same message keeps its anchor when the catalogs are regenerated.
        f.group[QStringLiteral("message")] = QString::fromLatin1(
            QCryptographicHash::hash(QStringLiteral("%1\n%2\n%3")
                                         .arg(c.id, m.function, QString::fromStdString(m.format))
                                         .toUtf8(),
                                     QCryptographicHash::Sha1)
                .toHex()
                .left(8));
        if (!hit.pci.isEmpty()) {
            f.group[QStringLiteral("pci")] = hit.pci;
            f.facts[QStringLiteral("pci")] = hit.pci;
        }
        f.severity = severityFor(m, hit.level);
        // A message known by its function alone (MessageCatalog::recogniseFunction).
        const bool byFunction = m.format.empty();
        f.title = byFunction ? QStringLiteral("%1 (%2): a message of %3 the catalog does not hold")
                                   .arg(c.title, m.subsystem, m.function)
                             : QStringLiteral("%1 (%2): %3")
                                   .arg(c.title, m.subsystem,
                                        QString::fromStdString(MessageCatalog::shape(m.format)));
        f.count = hit.count;
        f.tags = {QStringLiteral("catalog"), c.id, m.subsystem};
        f.facts[QStringLiteral("component")] = c.id;
        f.facts[QStringLiteral("subsystem")] = m.subsystem;
        f.facts[QStringLiteral("level")] = printLevelName(hit.level);
        if (!m.function.isEmpty())
            f.facts[QStringLiteral("function")] = m.function;
        const CatalogEntry *status = addStatus(hit.first, hit.occurrences, statuses, f);
        f.explain
            = byFunction
                  ? QStringLiteral("Printed by %1 in %2 (%3), in words the catalog, made from the "
                                   "driver's sources %4, does not hold: another driver version's "
                                   "message, or one of a build it was not made from.%5 No rule "
                                   "of the loaded packs explains it.")
                        .arg(m.function, c.title, m.file.isEmpty() ? c.source : m.file,
                             m.first == m.last || m.last.isEmpty()
                                 ? m.first
                                 : QStringLiteral("%1 to %2").arg(m.first, m.last),
                             hit.level == PrintLevel::Unknown
                                 ? QString()
                                 : QStringLiteral(" The lines show it at %1 level.")
                                       .arg(printLevelName(hit.level)))
              : m.meaning.isEmpty()
                  ? QStringLiteral("A message of %1 (%2, printed with %3 in its source); the "
                                   "lines show it at %4 level. No rule of the loaded packs "
                                   "explains it.")
                        .arg(c.title, m.file.isEmpty() ? c.source : m.file,
                             m.sourceLevel.isEmpty() ? printLevelName(m.level) : m.sourceLevel,
                             printLevelName(hit.level))
                  : m.meaning;
        if (!m.first.isEmpty())
            f.facts[QStringLiteral("source_versions")]
                = m.first == m.last || m.last.isEmpty()
                      ? m.first
                      : QStringLiteral("%1 to %2").arg(m.first, m.last);
        f.action = f.severity > Severity::Info
                       ? QStringLiteral("Read it in context; search NVIDIA's documentation and the "
                                        "component's issue tracker for the message.")
                       : QString();
        f.occurrences = std::move(hit.occurrences);
        adoptCatalogClaim(hit, status, f);
        m_result.findings.append(std::move(f));
    }
}

// A rule that names the status a catalogued message carries (`vocabulary:` of nv-status: the
// GPU is lost) or this kind of message (`messages:`) says what it means; the finding stays one
// per message.
void AnalysisSession::adoptCatalogClaim(const CatalogHit &hit,
                                        const CatalogEntry *status,
                                        Finding &f) const
{
    const CatalogMessage &m = *hit.first.message;
    const MessageComponent &c = *hit.first.component;
    if (const Rule *claim = status ? claimOf(QStringLiteral("nv-status"), status->code) : nullptr) {
        const auto group = f.group;
        adoptClaim(*claim, f);
        f.group = group;
        f.explain += kMessageNote
                     + QStringLiteral("%1 (%2), with status %3.")
                           .arg(QString::fromStdString(MessageCatalog::shape(m.format)),
                                m.file.isEmpty() ? c.title : m.file, status->name);
        return;
    }
    for (const Rule &rule : m_analyzer.rules().rules)
        if (rule.messages && rule.messages->component == c.id
            && rule.messages->covers(m.subsystem, m.function) && m.level != PrintLevel::Unknown
            && hit.level != PrintLevel::Unknown
            && m.level >= printLevelFromName(rule.messages->minLevel)
            && hit.level >= printLevelFromName(rule.messages->minLevel)) {
            const auto group = f.group;
            adoptClaim(rule, f);
            f.group = group; // one finding per message, as before
            f.explain += kMessageNote
                         + QStringLiteral("%1 (%2, printed at %3 level).")
                               .arg(QString::fromStdString(MessageCatalog::shape(m.format)),
                                    m.file.isEmpty() ? c.title : m.file, printLevelName(hit.level));
            break;
        }
}

// Never silent, but quiet: the NVIDIA lines with failure words that neither a rule nor a
// message catalog explains are one finding per component, listing their shapes; a warning only
// when a line says it was printed at error level (X's (EE), "ERROR:", level=error ...).
QString AnalysisSession::loadedModule() const
{
    return m_loadedModules.size() == 1 ? *m_loadedModules.begin() : QString();
}

SectionKind AnalysisSession::kindOf(const LogDocument &doc)
{
    const auto [it, added] = m_kinds.try_emplace(doc.serial(), sectionKind(doc.path()));
    if (!added || it->second != SectionKind::Log)
        return it->second;
    // The driver's installer, and the GPU Operator's driver container that runs it, say who
    // they are in their first lines, whatever the file is called: every line is the
    // installer's then ("ERROR: Unable to open 'kernel/dkms.conf' for copying").
    static const RE2 banner("NVIDIA Software Installer|^nvidia-installer log file|^Using: "
                            "nvidia-installer|^installer version: \\d");
    std::string normalized;
    for (int i = 0, n = std::min(doc.lineCount(), 64); i < n; ++i) {
        Normalizer::normalize(doc.line(i), normalized);
        if (RE2::PartialMatch(normalized, banner))
            return it->second = SectionKind::InstallerLog;
    }
    return it->second;
}

QString AnalysisSession::staleInstallerLog(const QString &path) const
{
    const auto it = m_installerVersions.find(path);
    const QString loaded = loadedModule();
    if (it == m_installerVersions.end() || loaded.isEmpty() || it->second == loaded)
        return {};
    return QStringLiteral("only in the log of an earlier installation (%1); %2 is loaded now")
        .arg(it->second, loaded);
}

void AnalysisSession::addUnrecognisedNvidiaMessages()
{
    // An X server log or an installer log is one run: when a finding above info explains its
    // failure, its other error lines are that failure's details.
    std::set<QString> explainedRuns;
    for (const Finding &f : std::as_const(m_result.findings)) {
        if (f.severity == Severity::Info && !f.tags.contains(QLatin1String("consequence")))
            continue;
        for (const Occurrence &o : f.occurrences) {
            const SectionKind kind = sectionKind(o.path);
            if (kind == SectionKind::XorgLog || kind == SectionKind::InstallerLog)
                explainedRuns.insert(o.path);
        }
    }
    for (auto &[component, u] : m_unrecognised) {
        const QList<MessageTemplate> shapes = u.miner.templates(50);
        if (shapes.isEmpty())
            continue;
        Finding f;
        f.group[QStringLiteral("component")] = component;
        f.ruleId = QStringLiteral("nvidia.unrecognised");
        f.pack = QStringLiteral("gputriage");
        const QString title = componentTitle(component);
        f.title = QStringLiteral("Unrecognised NVIDIA messages: %1 (%2 shape%3)")
                      .arg(title)
                      .arg(shapes.size())
                      .arg(shapes.size() == 1 ? QString() : QStringLiteral("s"));
        // Error lines of earlier boots, of an earlier installation or of a run whose failure is
        // known are listed, not alarming.
        qint64 errorLines = 0, currentErrorLines = 0;
        for (const auto &[path, n] : u.errorLines) {
            errorLines += n;
            if (!isEarlierBoot(path) && staleInstallerLog(path).isEmpty()
                && !explainedRuns.count(path))
                currentErrorLines += n;
        }
        f.severity = currentErrorLines > 0 ? Severity::Warning : Severity::Info;
        f.count = int(std::min<qint64>(u.miner.lines(), std::numeric_limits<int>::max()));
        f.tags = {QStringLiteral("unrecognised"), component};
        f.facts[QStringLiteral("component")] = component;
        f.facts[QStringLiteral("error_lines")] = QString::number(errorLines);
        QStringList list;
        for (const MessageTemplate &t : shapes) {
            QString shape = t.text;
            if (shape.size() > 160)
                shape = shape.left(159) + QChar(0x2026);
            list << QStringLiteral("%1× %2").arg(t.count).arg(shape);
            if (f.occurrences.size() < m_options.maxOccurrences) {
                Occurrence o;
                o.path = t.examplePath;
                o.line = o.endLine = t.exampleLine;
                o.text = t.example;
                f.occurrences.append(o);
            }
        }
        // The shapes are the customer's lines: facts, so that redaction masks them.
        f.facts[QStringLiteral("shape")] = shapes.front().text;
        f.facts[QStringLiteral("shapes")] = list.join(QLatin1Char('\n'));
        f.explain
            = QStringLiteral(
                  "Lines from %1 with failure wording that no rule or message catalog of the "
                  "loaded "
                  "packs explains; %2 of them printed at error level. Their shapes (<*> marks what "
                  "varies), most frequent first, are in the facts.")
                  .arg(title)
                  .arg(errorLines);
        if (errorLines > 0 && currentErrorLines == 0)
            f.explain += QStringLiteral(
                " None of those is a failure of its own now: they come from an earlier boot, from "
                "the log of an earlier installation, or from an X server or installer run whose "
                "failure another finding explains.");
        f.action = QStringLiteral(
            "Read them in context; if one matters, write a rule for it (Rules ▸ New rule from "
            "this line) so the next bundle explains it.");
        m_result.findings.append(std::move(f));
    }
}

// A catalogued code (Xid 79) takes its words, NVIDIA's resolution and the severity that
// follows from it from the catalog; a rule's own explain and action, when it has them, add the
// engineer's knowledge to NVIDIA's. A code the catalog lacks keeps the rule's severity.
void AnalysisSession::applyCatalog(const Rule &rule, Finding &f) const
{
    if (!rule.catalog)
        return;
    std::map<QString, QString> words = f.facts;
    const QString key = rule.catalog->key;
    const Catalog *catalog = m_analyzer.rules().catalog(rule.catalog->name);
    const auto code = f.facts.find(key);
    const CatalogEntry *entry
        = catalog && code != f.facts.end() ? catalog->find(code->second) : nullptr;
    // A text followed by details of the program's own (ONNX Runtime's "<text> ; GPU=0 ; …"), or
    // a match read on over the next lines as a wrap that took in a line of its own ("CUDA error:
    // <text>" then another message): the catalog knowing the shorter text is the evidence.
    if (!entry && catalog && code != f.facts.end()) {
        QString shorter = code->second;
        for (qsizetype cut = shorter.lastIndexOf(u' '); cut > 0 && !entry;
             cut = shorter.lastIndexOf(u' ')) {
            shorter.truncate(cut);
            entry = catalog->find(shorter);
        }
        if (entry) {
            code->second = shorter;
            words[key] = shorter;
            if (const auto g = f.group.find(key); g != f.group.end())
                g->second = shorter;
        }
    }
    if (!entry) {
        bool numeric = false;
        if (code != f.facts.end())
            code->second.toInt(&numeric);
        words[key + QLatin1String("_name")]
            = numeric || code == f.facts.end()
                  ? QStringLiteral("code not in NVIDIA's catalog")
                  : QStringLiteral("%1 (not in the catalog)").arg(code->second);
        f.title = expandTemplate(rule.title, words);
        return;
    }
    // A code found by its name or text gets its number as a fact too (CUDA error 700).
    if (code->second.trimmed() != QString::number(entry->code))
        f.facts[key + QLatin1String("_code")] = QString::number(entry->code);
    words[key + QLatin1String("_name")] = entry->name;
    words[key + QLatin1String("_mnemonic")] = entry->mnemonic;
    words[QStringLiteral("resolution")] = resolutionText(entry->resolution);
    f.title = expandTemplate(rule.title, words);
    f.resolution = entry->resolution;
    f.investigate = entry->investigate;
    f.nvidiaResolution = entry->nvidiaResolution && !entry->resolution.isEmpty();
    if (entry->severity)
        f.severity = *entry->severity;
    else if (const auto severity = severityForResolution(entry->resolution))
        f.severity = *severity;
    else if (entry->severityClass == QLatin1String("fatal")
             || entry->severityClass == QLatin1String("always-fatal"))
        f.severity = std::max(f.severity, Severity::Error);
    // A hand-written rule's words replace the catalog's: they say more about this code.
    if (rule.explain.isEmpty()) {
        QStringList explain;
        for (const QString &part : {entry->meaning, entry->decode})
            if (!part.isEmpty())
                explain << part;
        f.explain = explain.join(QLatin1String("\n\n"));
    }
    f.action = rule.action.isEmpty() ? entry->action : rule.action;
    const QString source = entry->source.isEmpty() ? catalog->source.url : entry->source;
    if (!source.isEmpty()
        && std::none_of(f.references.begin(), f.references.end(),
                        [&](const Reference &r) { return r.url == source; }))
        f.references.prepend(Reference{catalog->source.title.isEmpty()
                                           ? QStringLiteral("NVIDIA catalog")
                                           : catalog->source.title,
                                       source,
                                       {},
                                       0});
}

static QString factSource(const BundleFact &f)
{
    return f.line ? QStringLiteral("%1:%2").arg(f.path).arg(f.line) : f.path;
}

// Adds one combination of fact values for which all of a bundle rule's comparisons hold to the
// finding of its group: the first gives the facts and comparisons, each its evidence lines.
static void addCombination(Finding &f,
                           const Facts &facts,
                           const QList<Comparison> &comparisons,
                           const std::map<QString, const BundleFact *> &from)
{
    if (f.count++ == 0) {
        f.facts = facts;
        f.comparisons = comparisons;
        for (const auto &[name, fact] : from)
            f.factSources[name] = factSource(*fact);
        for (const Comparison &c : comparisons)
            for (const auto &[value, src] :
                 {std::pair(c.left, c.leftSource), std::pair(c.right, c.rightSource)})
                if (src.startsWith(QLatin1String("table ")))
                    for (const auto &[name, v] : facts)
                        if (v == value && !f.factSources.count(name))
                            f.factSources[name] = src;
    }
    for (const auto &[name, fact] : from) {
        const bool listed
            = std::any_of(f.occurrences.begin(), f.occurrences.end(), [&](const auto &o) {
                  return o.path == fact->path && o.line == fact->line;
              });
        if (listed || !fact->line)
            continue;
        Occurrence o;
        o.path = fact->path;
        o.line = o.endLine = fact->line;
        o.text = fact->text;
        o.facts = {{name, fact->value}};
        f.occurrences.append(o);
    }
}

std::vector<Finding> AnalysisSession::bundleFindings(const Rule &rule) const
{
    // Every combination of the values of the facts the rule compares (a bundle may hold two
    // containers with different CUDA releases) is tried; those where all comparisons hold count.
    QList<QString> names;
    for (const CompareSpec &c : rule.compare)
        for (const Operand *o : {&c.left, &c.right})
            if (o->isFact() && !names.contains(o->text))
                names.append(o->text);
    std::vector<std::vector<const BundleFact *>> values(size_t(names.size()));
    for (qsizetype i = 0; i < names.size(); ++i) {
        for (const auto &[key, seen] : m_facts)
            if (key.first == names[i])
                values[size_t(i)].push_back(&seen.fact);
        if (values[size_t(i)].empty())
            return {};
    }
    constexpr size_t kMaxCombinations = 256;
    std::map<QString, Finding> byGroup;
    std::vector<size_t> pick(values.size(), 0);
    for (size_t n = 0; n < kMaxCombinations; ++n) {
        Facts facts;
        std::map<QString, const BundleFact *> from;
        for (size_t i = 0; i < values.size(); ++i) {
            facts[names[qsizetype(i)]] = values[i][pick[i]]->value;
            from[names[qsizetype(i)]] = values[i][pick[i]];
        }
        QList<Comparison> comparisons;
        if (compareFacts(rule, from, facts, comparisons))
            addCombination(byGroup[groupKey(rule, facts)], facts, comparisons, from);
        // Next combination, like an odometer.
        size_t i = 0;
        for (; i < pick.size(); ++i) {
            if (++pick[i] < values[i].size())
                break;
            pick[i] = 0;
        }
        if (i == pick.size())
            break;
    }
    std::vector<Finding> out;
    for (auto &[key, f] : byGroup) {
        std::sort(f.occurrences.begin(), f.occurrences.end(), [](const auto &a, const auto &b) {
            return std::pair(a.path, a.line) < std::pair(b.path, b.line);
        });
        out.push_back(std::move(f));
    }
    return out;
}

// A bundle rule's comparisons over one combination of fact values (`from`, by fact name), each
// side a literal, a fact or a row of a version table (whose value joins `facts`); true when all
// hold.
bool AnalysisSession::compareFacts(const Rule &rule,
                                   std::map<QString, const BundleFact *> &from,
                                   Facts &facts,
                                   QList<Comparison> &comparisons) const
{
    bool holds = true;
    for (const CompareSpec &spec : rule.compare) {
        Comparison c;
        c.op = spec.op;
        c.says = spec.says;
        bool known = true;
        auto side = [&](const Operand &o, QString &name, QString &value, QString &src) {
            if (o.kind == Operand::Kind::Literal) {
                value = o.text;
                return;
            }
            const BundleFact &fact = *from[o.text];
            if (o.kind == Operand::Kind::Fact) {
                name = o.text;
                value = fact.value;
                src = factSource(fact);
                return;
            }
            const VersionTable *table = m_analyzer.rules().table(o.table);
            const VersionTable::Row *row = table ? table->lookup(fact.value) : nullptr;
            if (!row) {
                known = false;
                return;
            }
            name = QStringLiteral("%1 for %2 %3").arg(table->valueName, o.text, fact.value);
            value = row->value;
            src = QStringLiteral("table %1 row %2 (%3:%4)")
                      .arg(table->name, row->key, table->file)
                      .arg(row->line);
            facts[table->valueName] = row->value;
        };
        side(spec.left, c.leftName, c.left, c.leftSource);
        side(spec.right, c.rightName, c.right, c.rightSource);
        c.holds = known && evaluate(c.left, c.op, c.right);
        holds = holds && c.holds;
        comparisons.append(c);
    }
    return holds;
}

void AnalysisResult::addReadProblems(const QList<Error> &readProblems)
{
    problems = readProblems + problems;
    QHash<QString, qsizetype> byPath;
    for (qsizetype i = 0; i < inputs.size(); ++i)
        byPath.insert(inputs[i].path, i);
    for (const Error &e : readProblems) {
        if (e.file.isEmpty())
            continue;
        auto it = byPath.find(e.file);
        if (it == byPath.end() && e.warning)
            continue; // a note about a folder or archive as a whole
        if (it == byPath.end()) {
            // An archive or file that yielded no entry of its own still appears in the inventory.
            InputInfo info;
            info.path = e.file;
            info.format = InputFormat::Unread;
            inputs.append(info);
            it = byPath.insert(e.file, inputs.size() - 1);
        }
        inputs[*it].problems.append(e.warning ? QLatin1String("note: ") + e.message : e.message);
    }
}

int AnalysisResult::readInputCount() const
{
    return int(std::count_if(inputs.begin(), inputs.end(),
                             [](const InputInfo &in) { return in.format != InputFormat::Unread; }));
}

QString inputFormatName(InputFormat format)
{
    switch (format) {
    case InputFormat::Plain: return QStringLiteral("plain");
    case InputFormat::Cri: return QStringLiteral("cri");
    case InputFormat::Binary: return QStringLiteral("binary");
    case InputFormat::Unread: return QStringLiteral("unread");
    }
    return {};
}

std::vector<AnalysisResult::InputHits> AnalysisResult::hitsPerInput() const
{
    std::vector<InputHits> out(matches.size());
    for (size_t i = 0; i < matches.size(); ++i) {
        for (const LineMatch &m : matches[i]) {
            if (!m.severity)
                continue;
            ++out[i].hits;
            out[i].worst = std::max(out[i].worst.value_or(Severity::Info), *m.severity);
        }
    }
    return out;
}

QString AnalysisResult::nvidiaErrorLinesSentence() const
{
    if (nvidiaErrorLines() == 0)
        return QStringLiteral("NVIDIA error lines: none.");
    return QStringLiteral("NVIDIA error lines: %1 (%2 explained by rules, %3 not recognised).")
        .arg(nvidiaErrorLines())
        .arg(nvidiaExplainedLines)
        .arg(nvidiaUnrecognisedLines);
}

int AnalysisResult::countAtLeast(Severity severity) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const Finding &f) { return f.severity >= severity; }));
}

int AnalysisResult::countOf(Severity severity) const
{
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const Finding &f) { return f.severity == severity; }));
}

} // namespace gputriage
