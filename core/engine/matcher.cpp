#include "engine/matcher.h"

#include "engine/fastprefilter.h"
#include "engine/patternset.h"
#include "rules/ruleregexoptions.h"
#include "text/logdocument.h"
#include "text/normalizer.h"
#include "timings.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

namespace gputriage {

struct Matcher::Sets
{
    // Rules matched on one line, and rules whose pattern may span several joined lines.
    PatternSet single{RE2::Options()};
    PatternSet spanning{RE2::Options()};
    std::vector<int> singleRules, spanningRules; // set index → rule index
    int maxSpan = 1;
    bool singleOk = false, spanningOk = false;
    // The same patterns for vectorscan, used on ASCII text (where its byte semantics and RE2's
    // UTF-8 semantics agree), each null when vectorscan cannot take them. Built on first use
    // (compiling them took 0.28 s), or read from the DiskCache when it holds them.
    struct Fast
    {
        enum State { None, NotCached, Ready };
        std::mutex mutex;
        std::atomic<int> state{None};
        std::unique_ptr<const FastPrefilter> single, spanning;
    };
    std::shared_ptr<Fast> fast; // shared by clones; null without vectorscan
    // Picks the lines worth normalizing from the raw text of a chunk, for the rules alone and
    // with the error words too; null when unavailable.
    std::shared_ptr<const RawPrefilter> raw, rawNotable;
    // Error words, scanned with the single-line patterns (set index → -1) for the lines that no
    // rule explains but that look like trouble; exact check by `notable`, which also lets
    // through the kernel modules' lines (their catalogs say what matters), and `errorWords`
    // tells the two apart.
    std::unique_ptr<RE2> notable, errorWords;
};

namespace {

// A line left empty because its text was joined onto an earlier record (a partial one's): not
// a blank line that ends a message (see Matcher::normalizeJoined).
constexpr char kJoinedAway = 4;

// Words that make a line worth a look when no rule explains it (see Matcher::match): failure
// words, and the words NVIDIA's sources use for a failure without one ("invalid", "not
// supported", "mismatch"). Each word costs the lines that hold it a normalisation and a catalog
// lookup: the last ten added 0.6 % to a 16 MiB log's instructions and 0.7 % to a bug report's.
constexpr std::string_view kErrorWords
    = "error|fail|fatal|panic|warn|exception|timeout|timed out|denied|refused|unable to|cannot|"
      "can't|segfault|abort|oom|killed|unreachable|crash|traceback|\\bs?xid \\(|has fallen off "
      "the bus|invalid|not supported|unsupported|mismatch|could not|not found|insufficient|"
      "incompatible|out of memory|no such|retcode";
// The kernel modules' own prefixes, and the kernel's lines about a PCI device (about an NVIDIA
// GPU they are catalogued: "pci 0000:01:00.0: BAR 1: no space for …"): their messages are
// catalogued with the level the source prints them at, so a line of theirs is looked up
// whatever its words (the catalog, not the words, says whether it matters; see
// AnalysisSession::collectErrorLines).
constexpr std::string_view kKernelOrigins
    = "nvrm: |nvidia-modeset: |nvidia-uvm: |\\[nvidia-drm\\]|nvidia-nvlink: |nvidia-peermem|"
      "\\bnvidia-fs:|\\bgdrdrv:|"
      "\\b(?:pci|pcieport|vfio-pci) [0-9a-f]{4,5}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]: ";

const std::string &errorWordsPattern()
{
    static const std::string pattern = "(?i)" + std::string(kErrorWords);
    return pattern;
}

// The error words, and the code texts that say no error word of their own.
std::string errorWordsWith(const QStringList &codeTexts)
{
    static const RE2 errorWords(errorWordsPattern());
    std::string pattern = errorWordsPattern();
    for (const QString &text : codeTexts) {
        const std::string t = text.toStdString();
        if (!RE2::PartialMatch(t, errorWords))
            pattern += '|' + RE2::QuoteMeta(t);
    }
    return pattern;
}

RE2::Options setOptions()
{
    RE2::Options o;
    o.set_log_errors(false);
    o.set_max_mem(int64_t(64) << 20);
    return o;
}

bool isAscii(std::string_view s)
{
    // Eight bytes at a time: any high bit makes the text non-ASCII.
    uint64_t high = 0;
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        uint64_t word;
        std::memcpy(&word, s.data() + i, 8);
        high |= word;
    }
    for (; i < s.size(); ++i)
        high |= uint64_t(static_cast<unsigned char>(s[i]));
    return (high & 0x8080808080808080ULL) == 0;
}

// Candidate rules of `text`: from vectorscan when it can take the text, else from RE2::Set.
void candidatesOf(std::string_view text,
                  const PatternSet &set,
                  const FastPrefilter *fast,
                  std::vector<int> &hits)
{
    hits.clear();
    if (fast && (isAscii(text) ? fast->scan(text, hits) : fast->scanNonAscii(text, hits)))
        return;
    hits.clear();
    set.match(text, hits);
}

// How far a window of `n` lines reaches: `n` lines that hold text. Empty lines (blank ones, and
// the records a split message was joined from) do not count, up to 4n lines in all.
size_t windowEnd(const ChunkLines &lines, size_t first, size_t n)
{
    const size_t limit = std::min(lines.size(), first + 4 * n);
    size_t i = first + 1, counted = 1;
    for (; i < limit && counted < n; ++i)
        counted += !lines[i].empty();
    return i;
}

// Joins the window of `n` lines from `first` (see windowEnd) with single spaces into `out`.
// `glued(i)`: line i goes on a word that line i - 1 cut (see cutMidWord), with no blank between.
constexpr auto kNeverGlued = [](size_t) {
    return false;
};

template<typename Glued = decltype(kNeverGlued)>
void joinInto(
    const ChunkLines &lines, size_t first, size_t n, std::string &out, Glued glued = kNeverGlued)
{
    out.assign(lines[first]);
    for (size_t i = first + 1, end = windowEnd(lines, first, n); i < end; ++i) {
        if (lines[i].empty())
            continue;
        if (!glued(i))
            out.push_back(' ');
        out.append(lines[i]);
    }
}

template<typename Glued = decltype(kNeverGlued)>
std::string join(const ChunkLines &lines, size_t first, size_t n, Glued glued = kNeverGlued)
{
    std::string out;
    joinInto(lines, first, n, out, glued);
    return out;
}

// Where the match lies in the raw first line `raw`: set once here, so neither the evidence nor
// the log view normalizes the line again. A match past the first line's text keeps 0, 0.
void setRawSpan(std::string_view raw, LineMatch &m)
{
    thread_local std::string normalized;
    thread_local std::vector<uint32_t> map;
    Normalizer::normalize(raw, normalized, &map);
    if (m.start < 0 || m.start >= int(map.size()))
        return;
    m.rawStart = LineColumn(int(map[size_t(m.start)]));
    m.rawEnd = m.end > m.start
                   ? LineColumn(int(map[size_t(std::min<int>(m.end, int(map.size())) - 1)]) + 1)
                   : m.rawStart;
}

// How many lines after `first` the line is that byte `offset` of join(lines, first, n, glued)
// falls in.
template<typename Glued = decltype(kNeverGlued)>
LinesCount lineOfOffset(
    const ChunkLines &lines, size_t first, size_t n, size_t offset, Glued glued = kNeverGlued)
{
    size_t pos = lines[first].size();
    int line = 0;
    const size_t end = windowEnd(lines, first, n);
    for (size_t i = first + 1; i < end; ++i) {
        if (lines[i].empty())
            continue;
        if (offset <= pos)
            break;
        pos += (glued(i) ? 0 : 1) + lines[i].size();
        line = int(i - first);
    }
    return LinesCount(offset <= pos ? line : int(end - first - 1));
}

// The text a line showed on the screen the application wrote it to: without the container
// runtime's prefix (CRI), which the application never saw; a docker json-file record decoded.
template<typename Raw>
std::string_view screenText(const ChunkLines &lines, Raw raw, size_t k)
{
    std::string_view r = raw(k);
    if (!r.empty() && r[0] == '{')
        return lines[k];
    bool cri = false;
    if (const size_t stamp = Normalizer::timestampPrefixLength(r, &cri); cri)
        r.remove_prefix(stamp);
    return r;
}

// Columns: code points.
size_t columnsOf(std::string_view text)
{
    size_t n = 0;
    for (const char c : text)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// Terminal and console widths a wrap shows itself at.
constexpr size_t kTerminalWidths[] = {80, 100, 120, 132, 160, 200};

// Whether line `j` begins a record of its own, so it is not line j - 1 wrapped (on the raw
// line: a syslog, journald or kernel time stamp, aligned "Key:   value" columns; in the message:
// a bracket, a table or box edge, a level word, a kernel or daemon label, a traceback or its
// frames, what PyTorch and the C++ runtime print after an error, NCCL's host:pid:tid prefix).
template<typename Raw>
bool beginsRecord(const ChunkLines &lines, Raw raw, size_t j)
{
    static const RE2 recordStart(
        R"(^(?:\s|[\[<{|+#*=>-]|\xe2\x94|\d{4}[-/]\d\d[-/]\d\d|\d{1,2}:\d\d:\d\d|[IWEF]\d{4} |NVRM: |)"
        R"(nvidia[\w-]*: |[\w.-]+\[\d+\]: |Traceback |File "|During handling |The above exception |)"
        // What PyTorch and the C++ runtime print after a CUDA error line.
        R"(CUDA kernel errors might be |Compile with `TORCH_USE_CUDA_DSA`|For debugging consider passing |)"
        R"(terminate called after throwing |what\(\): |Exception raised from |frame #\d|)"
        R"(\S+:\d+:\d+ \[\d+\] |)"
        R"((?:INFO|WARN|WARNING|ERROR|ERRO|DEBUG|FATAL|CRITICAL|NOTE)\b|(?:Error|Warning):))");
    // Container runtimes (CRI, docker json-file, kubectl --timestamps) stamp every line an
    // application writes, wrapped ones too; a syslog or kernel stamp starts a record.
    // A row of aligned "Key:   value" columns (nvidia-container-cli info, nvidia-smi -q) too.
    static const RE2 alignedKey(R"(^\s*[^\s:][^:]{0,40}?(?: {2,}: | ?: {2,})\S)");
    const std::string &line = lines[j];
    const std::string_view r = raw(j);
    bool cri = false;
    return line.empty() || RE2::PartialMatch(line, recordStart)
           || RE2::PartialMatch(re2::StringPiece(r.data(), r.size()), alignedKey)
           || (!r.empty() && r[0] != '{' && !Normalizer::timestampPrefixLength(r, &cri)
               && !Normalizer::timestamp(r).empty());
}

// Whether line `j` is surely a record of its own, whatever a rule expects to follow: a time
// stamp of its own (syslog, journald, kernel), a glog or syslog program label, NCCL's
// host:pid:tid prefix, a rank label. (A bracket or a level word may be a wrapped word, and the
// kernel driver writes one message over several "NVRM:" lines.)
template<typename Raw>
bool beginsOwnRecord(const ChunkLines &lines, Raw raw, size_t j)
{
    static const RE2 ownStart(
        R"(^(?:\d{4}[-/]\d\d[-/]\d\d[T ]\d|\d{1,2}:\d\d:\d\d|[IWEF]\d{4} \d|[\w.-]+\[\d+\]: |)"
        R"(\S+:\d+:\d+ \[\d+\] |\[rank\d+\]:))");
    const std::string_view r = raw(j);
    bool cri = false;
    return RE2::PartialMatch(lines[j], ownStart)
           || (!r.empty() && r[0] != '{' && !Normalizer::timestampPrefixLength(r, &cri)
               && !Normalizer::timestamp(r).empty());
}

// How many lines after line `last` continue it as a word wrap would: each holds text, does not
// begin a record of its own (beginsRecord), and the wrap shows: there is one width W that every
// line of the block from `first` fits in while the first word of the line after each break did
// not fit before it (or the break cut a word at W), and W is a terminal's width, or the block
// has two breaks or more that agree on it, or every break left its blank at the line's end.
// Lines of unrelated messages that merely follow each other rarely agree on a width.
// `raw(k)` is the document line of lines[k].
template<typename Raw>
size_t wrapContinuation(const ChunkLines &lines, Raw raw, size_t first, size_t last, size_t most)
{
    // A break before line j allows the widths [before, before + its first word]: the line
    // before ends at or before W, and the word (with its indentation) did not fit after it.
    // A wrap at a blank that kept the blank at the end of the line (fold -s, a terminal's
    // word wrap) shows itself too: a program's own lines rarely end with one.
    bool blankEnds = true;
    auto allowed = [&](size_t j, size_t &low, size_t &high) {
        const std::string_view text = screenText(lines, raw, j);
        const size_t indent = std::min(text.find_first_not_of(' '), text.size());
        const size_t word
            = columnsOf(text.substr(0, std::min(text.find(' ', indent), text.size())));
        const std::string_view previous = screenText(lines, raw, j - 1);
        const size_t before = columnsOf(previous);
        low = std::max({low, before, columnsOf(text)});
        high = std::min(high, before + word);
        blankEnds
            = blankEnds && !previous.empty() && (previous.back() == ' ' || previous.back() == '\t');
    };
    // The widths every break so far allows: [low, high]. The breaks inside the match's window
    // count when they agree (a wrap the retry joined); else (a rule's span over the lines of one
    // message) only the window's width.
    size_t low = 0, high = SIZE_MAX, breaks = 0;
    for (size_t k = first + 1; k <= last; ++k, ++breaks)
        if (lines[k].empty() || lines[k - 1].empty())
            break;
        else
            allowed(k, low, high);
    if (breaks < last - first || low > high) {
        low = 0;
        high = SIZE_MAX;
        breaks = 0;
        blankEnds = true;
        for (size_t k = first; k <= last; ++k)
            low = std::max(low, columnsOf(screenText(lines, raw, k)));
    }
    size_t n = 0, added = 0;
    for (size_t j = last + 1; j < lines.size() && added < most; ++j) {
        if (lines[j].empty() || lines[j - 1].size() < 8 || beginsRecord(lines, raw, j))
            break;
        allowed(j, low, high);
        if (low > high)
            break;
        ++breaks;
        ++added;
        bool terminal = false;
        for (const size_t w : kTerminalWidths)
            terminal = terminal || (w >= low && w <= high);
        if (terminal || breaks >= 2 || blankEnds)
            n = added;
    }
    return n;
}

// Whether line k goes on a word that line k - 1 cut: a fixed-width wrap (a terminal's, pasted)
// cuts anywhere, so line k - 1 fills that width exactly (as the line before it does, or a
// terminal's width) and ends inside a word that line k completes.
template<typename Raw>
bool cutMidWord(const ChunkLines &lines, Raw raw, size_t k)
{
    auto word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0;
    };
    if (k == 0 || lines[k].empty() || lines[k - 1].empty() || !word(lines[k - 1].back())
        || !word(lines[k].front()))
        return false;
    const std::string_view before = screenText(lines, raw, k - 1);
    const std::string_view text = screenText(lines, raw, k);
    if (before.empty() || text.empty() || !word(before.back()) || !word(text.front()))
        return false;
    // The width tests first: they are cheaper than reading time stamps, and most lines fail one.
    const size_t width = columnsOf(before);
    if (width < 40)
        return false;
    const bool terminal = std::find(std::begin(kTerminalWidths), std::end(kTerminalWidths), width)
                          != std::end(kTerminalWidths);
    const bool block
        = k >= 2 && !lines[k - 2].empty() && columnsOf(screenText(lines, raw, k - 2)) == width;
    if (!terminal && !block)
        return false;
    // A line with a time stamp of its own was written as a line, not cut by a screen.
    if (!Normalizer::timestamp(raw(k)).empty() || !Normalizer::timestamp(raw(k - 1)).empty())
        return false;
    return !beginsRecord(lines, raw, k);
}

// The open runs of partial records, per stream (see Normalizer::Stream).
struct PartialRuns
{
    size_t joinInto[Normalizer::StreamCount] = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX};
    bool open[Normalizer::StreamCount] = {};
    bool blankBefore[Normalizer::StreamCount] = {}; // the part joined last ended with a blank
    int last[Normalizer::StreamCount] = {};         // the line of the stream's last record

    bool continues(int stream, int line) const
    {
        return open[stream] && line - last[stream] <= Normalizer::kRunGap;
    }
    void record(int stream, int line, bool partial, bool blankAtEnd)
    {
        open[stream] = partial;
        last[stream] = line;
        blankBefore[stream] = blankAtEnd;
    }
    bool any(int line) const
    {
        for (int s = 1; s < Normalizer::StreamCount; ++s)
            if (continues(s, line))
                return true;
        return false;
    }
};

// The runs open at line `start`, read back from the last record of each stream before it
// (no further than a run stays open); their text belongs to the chunk they began in.
PartialRuns partialRunsBefore(const LogDocument &doc, int start)
{
    PartialRuns runs;
    bool seen[Normalizer::StreamCount] = {};
    std::string scratch;
    for (int k = start - 1; k >= 0 && k >= start - 1 - Normalizer::kRunGap; --k) {
        bool p = false;
        bool edges[2] = {false, false};
        int stream = Normalizer::NotARecord;
        Normalizer::normalize(doc.line(k), scratch, nullptr, &p, edges, &stream);
        if (stream == Normalizer::NotARecord)
            break;
        if (seen[stream])
            continue;
        seen[stream] = true;
        runs.record(stream, k, p, edges[1]);
        if (seen[Normalizer::Stdout] && seen[Normalizer::Stderr] && seen[Normalizer::UnnamedStream])
            break;
    }
    return runs;
}

// The lines a rule's context pattern was tried on, in a chunk: up to `next`, matched at `hits`.
struct ContextScan
{
    int next = 0;
    std::vector<int> hits;
};

// Appends a part of a split record; the split fell on a blank: keep one between the parts.
void appendPart(std::string &into, const std::string &part, bool blank)
{
    if (blank && !part.empty() && !into.empty())
        into += ' ';
    into += part;
}

void capture(const CompiledPattern &p, const std::vector<re2::StringPiece> &groups, Facts &facts)
{
    for (const auto &[index, name] : p.groupNames) {
        const auto &g = groups[size_t(index)];
        if (g.data())
            facts[name] = QString::fromUtf8(g.data(), qsizetype(g.size()));
    }
}

} // namespace

Matcher::Matcher(const std::vector<Rule> &rules)
    : Matcher(rules, nullptr, errorWordsPattern())
{}

Matcher::Matcher(const std::vector<Rule> &rules, const QStringList &codeTexts)
    : Matcher(rules, nullptr, errorWordsWith(codeTexts))
{}

Matcher::Matcher(const std::vector<Rule> &rules,
                 const Sets *shareFastFrom,
                 const std::string &errorWords)
    : m_rules(rules)
    , m_sets(std::make_unique<Sets>())
{
    PhaseTimer setsTimer(shareFastFrom ? nullptr : "plan RE2 sets"); // clone(): its own
    planSets(errorWords);
    if (shareFastFrom) {
        // The split the original found, without trying again.
        m_sets->singleOk
            = shareFastFrom->singleOk && m_sets->single.compileLike(shareFastFrom->single);
        m_sets->spanningOk
            = shareFastFrom->spanningOk && m_sets->spanning.compileLike(shareFastFrom->spanning);
        // Vectorscan databases are read-only while scanning (each thread has its own scratch),
        // so clones share them instead of compiling them again.
        m_sets->fast = shareFastFrom->fast;
        m_sets->raw = shareFastFrom->raw;
        m_sets->rawNotable = shareFastFrom->rawNotable;
        return;
    }
    m_sets->singleOk = !m_sets->singleRules.empty() && m_sets->single.compile();
    m_sets->spanningOk = !m_sets->spanningRules.empty() && m_sets->spanning.compile();
    reportSplit();
    setsTimer.stop();
    if (qEnvironmentVariableIsSet("GPUTRIAGE_NO_VECTORSCAN"))
        return;
    m_sets->fast = std::make_shared<Sets::Fast>();
    const PhaseTimer rawTimer("compile raw prefilter");
    if (qEnvironmentVariableIsSet("GPUTRIAGE_NO_RAW_PREFILTER"))
        return;
    buildRawPrefilters();
}

// Each rule's pattern in the set of its kind (one line, or a span of lines), the error words
// with the one-line patterns, and how far windows and conditions read around a line.
void Matcher::planSets(const std::string &errorWords)
{
    m_sets->single = PatternSet(setOptions());
    m_sets->spanning = PatternSet(setOptions());
    for (int i = 0; i < int(m_rules.size()); ++i) {
        const Rule &r = m_rules[size_t(i)];
        if (!r.pattern.regex)
            continue;
        const bool spans = r.span > 1;
        PatternSet &set = spans ? m_sets->spanning : m_sets->single;
        // (The loader compiled it with the same parsing options.)
        if (set.add(r.pattern.regex.pattern(), r.pattern.regex.programSize(), true) < 0)
            continue;
        (spans ? m_sets->spanningRules : m_sets->singleRules).push_back(i);
        m_sets->maxSpan = std::max(m_sets->maxSpan, r.span);
        // Windows skip empty lines (see windowEnd): up to four lines for each line they hold.
        m_lookahead
            = std::max({m_lookahead, 4 * r.span, r.thenPattern ? 4 * (r.thenWithin + 1) : 0});
        for (const NearbyPattern &n : r.nearby) {
            m_lookahead
                = std::max(m_lookahead, 4 * (std::max(r.span, r.thenWithin + 1) + n.within));
            m_lookbehind = std::max(m_lookbehind, n.within);
        }
    }
    if (!m_sets->singleRules.empty()) {
        m_sets->errorWords = std::make_unique<RE2>(errorWords, setOptions());
        const std::string notable = errorWords + '|' + std::string(kKernelOrigins);
        m_sets->notable = std::make_unique<RE2>(notable, setOptions());
        if (m_sets->single.add(notable, m_sets->notable->ProgramSize()) >= 0)
            m_sets->singleRules.push_back(-1);
    }
    // Wrapped messages are matched over up to RawPrefilter::kWrapLines lines (see matchLines).
    m_wrap = !qEnvironmentVariableIsSet("GPUTRIAGE_NO_WRAP");
    if (m_wrap)
        m_lookahead = std::max(m_lookahead, 4 * (m_sets->maxSpan + RawPrefilter::kWrapLines));
}

// The raw prefilters (for the rules alone, and with the error words), from the cache or
// compiled; left null when unavailable.
void Matcher::buildRawPrefilters()
{
    // Each pattern's clauses once, for both prefilters (the rules alone, and with error words),
    // and only when the cache does not hold them.
    struct Source
    {
        const std::string *pattern;
        RE2::Options options;
        bool spanning, wrappable, errorWords;
        int span;
    };
    std::vector<Source> sources;
    for (const auto &[ok, indices, spanning] :
         {std::tuple(m_sets->singleOk, &m_sets->singleRules, false),
          std::tuple(m_sets->spanningOk, &m_sets->spanningRules, true)}) {
        if (!ok)
            continue;
        // The error words are looked for line by line; rules' messages may be wrapped.
        for (int i : *indices)
            sources.push_back({&setPattern(i),
                               i < 0 ? m_sets->notable->options() : ruleRegexOptions(), spanning,
                               i >= 0, i < 0, i < 0 ? 1 : m_rules[size_t(i)].span});
    }
    auto clauses = std::make_shared<std::vector<RawPrefilter::Clauses>>();
    auto patterns = [&sources, clauses](bool errorWords) {
        if (clauses->empty())
            for (const Source &s : sources)
                clauses->push_back(RawPrefilter::clausesOf(*s.pattern, s.options));
        std::vector<RawPrefilter::Pattern> out;
        for (size_t k = 0; k < sources.size(); ++k)
            if (errorWords || !sources[k].errorWords)
                out.push_back(
                    {(*clauses)[k], sources[k].spanning, sources[k].wrappable, sources[k].span});
        return out;
    };
    QByteArray inputs[2]; // without and with the error words
    for (const Source &s : sources) {
        const QByteArray in
            = RawPrefilter::cacheInputs(*s.pattern, s.options, s.spanning, s.wrappable, s.span);
        if (!s.errorWords)
            inputs[0] += in;
        inputs[1] += in;
    }
    auto rawNotable = std::make_shared<RawPrefilter>(
        inputs[1], [&] { return patterns(true); }, m_sets->maxSpan);
    if (!rawNotable->available())
        return;
    m_sets->rawNotable = std::move(rawNotable);
    auto raw = std::make_shared<RawPrefilter>(
        inputs[0], [&] { return patterns(false); }, m_sets->maxSpan);
    if (raw->available())
        m_sets->raw = std::move(raw);
}

Matcher::~Matcher() = default;

void Matcher::reportSplit()
{
    for (const auto &[set, indices] : {std::pair(&m_sets->single, &m_sets->singleRules),
                                       std::pair(&m_sets->spanning, &m_sets->spanningRules)}) {
        if (!set->isSplit())
            continue;
        // The rules with the largest programs are the ones to simplify.
        std::vector<std::pair<int, int>> sizes; // program size, rule index
        for (int i : *indices)
            if (i >= 0)
                sizes.emplace_back(m_rules[size_t(i)].pattern.regex.programSize(), i);
        if (sizes.empty())
            continue;
        std::sort(sizes.begin(), sizes.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        QStringList largest;
        for (size_t k = 0; k < std::min<size_t>(3, sizes.size()); ++k)
            largest << QStringLiteral("%1 (%2 instructions)")
                           .arg(m_rules[size_t(sizes[k].second)].id)
                           .arg(sizes[k].first);
        const Rule &worst = m_rules[size_t(sizes.front().second)];
        Diagnostic d;
        d.level = Diagnostic::Level::Warning;
        d.ruleId = worst.id;
        d.where = Error{worst.file, worst.line, 0,
                        QStringLiteral("the rules' patterns are too large together for one RE2 "
                                       "set: they are matched in %1 parts instead, which is "
                                       "slower; the largest: %2 (bounded repeats of classes, "
                                       "such as [\\pL]{1,200}, cost the most)")
                            .arg(set->partCount())
                            .arg(largest.join(QLatin1String(", "))),
                        true};
        m_diagnostics.append(d);
    }
}

const std::string &Matcher::notablePattern()
{
    static const std::string pattern = errorWordsPattern() + '|' + std::string(kKernelOrigins);
    return pattern;
}

bool Matcher::hasErrorWords(std::string_view line) const
{
    static const RE2 base(errorWordsPattern());
    const RE2 &re = m_sets->errorWords ? *m_sets->errorWords : base;
    return RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re);
}
const std::string &Matcher::setPattern(int ruleIndex) const
{
    return ruleIndex < 0 ? m_sets->notable->pattern()
                         : m_rules[size_t(ruleIndex)].pattern.regex.pattern();
}

bool Matcher::fastReady(bool compile) const
{
    Sets::Fast &fast = *m_sets->fast;
    auto settled = [&](int state) {
        return state == Sets::Fast::Ready || (state == Sets::Fast::NotCached && !compile);
    };
    if (const int state = fast.state.load(std::memory_order_acquire); settled(state))
        return state == Sets::Fast::Ready;
    std::lock_guard lock(fast.mutex);
    if (const int state = fast.state.load(std::memory_order_acquire); settled(state))
        return state == Sets::Fast::Ready;
    const PhaseTimer timer(compile ? "compile vectorscan" : "load vectorscan");
    const auto mode = compile ? FastPrefilter::Cache::Use : FastPrefilter::Cache::Only;
    auto build = [&](bool ok,
                     const std::vector<int> &ruleIndices) -> std::unique_ptr<const FastPrefilter> {
        if (!ok)
            return nullptr;
        std::vector<std::string> patterns;
        patterns.reserve(ruleIndices.size());
        for (int i : ruleIndices)
            patterns.push_back(setPattern(i));
        auto f = std::make_unique<const FastPrefilter>(patterns, mode);
        if (!f->available())
            return nullptr;
        return f;
    };
    auto single = build(m_sets->singleOk, m_sets->singleRules);
    auto spanning = build(m_sets->spanningOk, m_sets->spanningRules);
    // Read from the cache only: ready when it held every database the sets need.
    if (!compile && ((m_sets->singleOk && !single) || (m_sets->spanningOk && !spanning))) {
        fast.state.store(Sets::Fast::NotCached, std::memory_order_release);
        return false;
    }
    fast.single = std::move(single);
    fast.spanning = std::move(spanning);
    fast.state.store(Sets::Fast::Ready, std::memory_order_release);
    return true;
}

std::unique_ptr<Matcher> Matcher::clone() const
{
    const PhaseTimer timer("clone matchers");
    std::vector<Rule> rules = m_rules;
    auto recompile = [](CompiledPattern &p) {
        p.regex = p.regex.unshared();
    };
    for (Rule &r : rules) {
        recompile(r.pattern);
        if (r.thenPattern)
            recompile(*r.thenPattern);
        for (NearbyPattern &n : r.nearby)
            recompile(n.pattern);
    }
    const std::string errorWords
        = m_sets->errorWords ? m_sets->errorWords->pattern() : errorWordsPattern();
    return std::unique_ptr<Matcher>(new Matcher(rules, m_sets.get(), errorWords));
}

void Matcher::match(const LogDocument &doc,
                    int first,
                    int last,
                    std::vector<LineMatch> &out,
                    std::vector<int> *notable,
                    std::vector<int> *explained) const
{
    last = std::min(last, doc.lineCount());
    if (first >= last)
        return;
    if (!m_sets->singleOk && !m_sets->spanningOk)
        return; // no line patterns: nothing to normalize for
    const int end = std::min(doc.lineCount(), last + m_lookahead);
    // Lines before the chunk are read only by requires/absent conditions.
    const int behind = std::min(first, m_lookbehind);
    // Reused by each thread from chunk to chunk: the strings keep their capacity, so most
    // lines are normalized without allocating.
    thread_local std::vector<std::string> normalized;
    normalized.resize(size_t(end - first + behind));

    if (matchMayBegin(doc, first, last, end, behind, normalized, out, notable, explained))
        return;
    if (m_sets->fast)
        fastReady(true);
    // Every line may begin a match, wrapped or not (the raw prefilter cannot see the words of
    // joined records); the slots whose text went into an earlier record are marked apart.
    thread_local std::vector<char> marks;
    normalizeJoined(doc, first, end, behind, normalized, &marks);
    matchLines(doc, ChunkLines(normalized), size_t(behind), first, last - first, out, notable,
               explained, &marks, m_sets->fast != nullptr);
}

bool Matcher::matchMayBegin(const LogDocument &doc,
                            int first,
                            int last,
                            int end,
                            int behind,
                            std::vector<std::string> &normalized,
                            std::vector<LineMatch> &out,
                            std::vector<int> *notable,
                            std::vector<int> *explained) const
{
    // Fast path: only lines where the raw text says a match may begin, and the lines around
    // them that windows and conditions read, are normalized and matched. Line first - 1 is
    // scanned too: a CRI partial line there would continue into this chunk.
    thread_local std::vector<char> starts, only;
    const int from = std::max(0, first - 1);
    const RawPrefilter *raw = notable ? m_sets->rawNotable.get() : m_sets->raw.get();
    if (!raw || !raw->startLines(doc, from, end, starts))
        return false;
    const int base = first - behind; // document line of normalized[0]
    only.assign(normalized.size(), 0);
    std::vector<char> needed(normalized.size(), 0);
    int candidates = 0;
    const char wanted = m_wrap ? RawPrefilter::kMayBegin | RawPrefilter::kMayBeginWrapped
                               : RawPrefilter::kMayBegin;
    for (int i = first; i < last; ++i) {
        if (!(starts[size_t(i - from)] & wanted))
            continue;
        ++candidates;
        only[size_t(i - base)] = starts[size_t(i - from)];
        // (A wrapped message may have begun up to kWrapBack lines before: see matchLines.)
        const int lo
            = std::max(base, i - std::max(m_lookbehind, m_wrap ? RawPrefilter::kWrapBack : 0)),
            hi = std::min(end, i + m_lookahead + 1);
        std::fill(needed.begin() + (lo - base), needed.begin() + (hi - base), 1);
    }
    // A run of partial records open before the chunk: joined by normalizeJoined. (The raw
    // prefilter saw none from line first - 1 on.) The lines after are normalized when read.
    thread_local std::vector<char> made;
    made.assign(normalized.size(), 0);
    bool partialBefore = base > 0 && partialRunsBefore(doc, base).any(base);
    for (size_t k = 0; k < size_t(behind) && !partialBefore; ++k) {
        if (needed[k])
            Normalizer::normalize(doc.line(base + int(k)), normalized[k], nullptr, &partialBefore);
        else
            normalized[k].clear();
        made[k] = 1;
    }
    if (partialBefore)
        return false;
    // Many candidates (a word of a rule in the host name, say): vectorscan per line again.
    // Few: RE2::Set, unless the line databases are at hand (cached: no compiling).
    const bool many = candidates > (last - first) / 16;
    const bool fast = m_sets->fast && fastReady(many);
    matchLines(doc, ChunkLines(normalized, doc, base, needed, made), size_t(behind), first,
               last - first, out, notable, explained, &only, fast);
    return true;
}

// Normalizes every line of the chunk and the lines before it that conditions read, joining the
// runs of partial records.
void Matcher::normalizeJoined(const LogDocument &doc,
                              int first,
                              int end,
                              int behind,
                              std::vector<std::string> &normalized,
                              std::vector<char> *marks) const
{
    if (marks)
        marks->assign(normalized.size(), RawPrefilter::kMayBegin | RawPrefilter::kMayBeginWrapped
                                             | RawPrefilter::kSpanningNear);
    // Partial records (CRI `P`, docker json-file without "\n") continue in the next record of
    // their stream: join them onto the first, so the message matches where it starts. A record
    // of another stream between them is a line of its own (stderr inside a progress bar on
    // stdout). A chunk that starts inside such a run leaves it to the chunk before; the lines
    // before the chunk are joined too, as context for conditions.
    std::string scratch;
    const int start = first - behind;
    PartialRuns runs = partialRunsBefore(doc, start);
    for (int i = start; i < end; ++i) {
        const size_t at = size_t(i - first + behind);
        std::string &line = normalized[at];
        bool p = false;
        bool edges[2] = {false, false};
        int stream = Normalizer::NotARecord;
        Normalizer::normalize(doc.line(i), line, nullptr, &p, edges, &stream);
        if (stream == Normalizer::NotARecord) {
            runs = PartialRuns(); // a plain line ends every run
            continue;
        }
        if (runs.continues(stream, i)) {
            // (A joined message is matched up to Normalizer::kMaxLineBytes, as a line is.)
            const size_t into = runs.joinInto[stream];
            if (into != SIZE_MAX && normalized[into].size() < Normalizer::kMaxLineBytes)
                appendPart(normalized[into], line, runs.blankBefore[stream] || edges[0]);
            line.clear();
            if (marks)
                (*marks)[at] = kJoinedAway;
        } else {
            runs.joinInto[stream] = at;
        }
        runs.record(stream, i, p, edges[1]);
    }
    // A run that goes on past the chunk's end is joined here to its end (the next chunk leaves
    // the lines of a run begun before it to this one).
    auto joining = [&](int stream, int i) {
        return runs.continues(stream, i) && runs.joinInto[stream] != SIZE_MAX
               && normalized[runs.joinInto[stream]].size() < Normalizer::kMaxLineBytes;
    };
    for (int i = end; i < doc.lineCount(); ++i) {
        bool any = false;
        for (int s = 1; s < Normalizer::StreamCount; ++s)
            any = any || joining(s, i);
        if (!any)
            break;
        bool p = false;
        bool edges[2] = {false, false};
        int stream = Normalizer::NotARecord;
        Normalizer::normalize(doc.line(i), scratch, nullptr, &p, edges, &stream);
        if (stream == Normalizer::NotARecord)
            break;
        if (joining(stream, i))
            appendPart(normalized[runs.joinInto[stream]], scratch,
                       runs.blankBefore[stream] || edges[0]);
        else
            runs.joinInto[stream] = SIZE_MAX; // a message of the next chunk
        runs.record(stream, i, p, edges[1]);
    }
}

std::vector<LineMatch> Matcher::matchText(const QString &text) const
{
    auto doc = LogDocument::fromBytes(text.toUtf8(), QString());
    std::vector<LineMatch> out;
    match(*doc, 0, doc->lineCount(), out);
    return out;
}

bool Matcher::nearbyHolds(const Rule &rule, const ChunkLines &lines, size_t at, size_t extra) const
{
    for (const NearbyPattern &n : rule.nearby) {
        // `within` lines that hold text before the match (empty ones do not count, see windowEnd).
        size_t from = at;
        for (size_t counted = 0, floor = at - std::min(at, 4 * size_t(n.within));
             from > floor && counted < size_t(n.within);) {
            --from;
            counted += !lines[from].empty();
        }
        const std::string area = join(lines, from, at - from + extra + size_t(n.within) + 1);
        if (RE2::PartialMatch(area, *n.pattern.regex) == n.absent)
            return false;
    }
    return true;
}

// The matching of one chunk's lines (Matcher::matchLines). Its buffers are reused from line to
// line, so a line is matched without allocating; for each line: the candidate rules of the two
// sets, each tried over its window (tryRule), the retries of messages wrapped over lines
// (retryWrapped), and the error words no rule explained.
class Matcher::ChunkScan
{
public:
    ChunkScan(const Matcher &matcher,
              const LogDocument &doc,
              const ChunkLines &lines,
              size_t begin,
              int firstLine,
              std::vector<LineMatch> &out,
              const std::vector<char> *only,
              bool fast)
        : m_matcher(matcher)
        , m_sets(*matcher.m_sets)
        , m_rules(matcher.m_rules)
        , m_wrap(matcher.m_wrap)
        , m_doc(doc)
        , m_lines(lines)
        , m_begin(begin)
        , m_firstLine(firstLine)
        , m_out(out)
        , m_only(only)
        , m_gluedAt(m_wrap ? lines.size() : 0, -1)
        , m_ownRecordAt(m_wrap ? lines.size() : 0, -1)
    {
        if (fast) {
            m_fastSingle = m_sets.fast->single.get();
            m_fastSpanning = m_sets.fast->spanning.get();
        }
    }

    void scanLine(size_t i, std::vector<int> *notable, std::vector<int> *explained);

private:
    // The document line of lines[k], raw.
    std::string_view raw(size_t k) const { return m_doc.line(m_firstLine + int(k) - int(m_begin)); }
    auto rawLines() const
    {
        return [this](size_t k) {
            return raw(k);
        };
    }
    // Whether line k goes on the word line k - 1 cut, known once per line: the windows of the
    // lines around it join it again and again.
    bool glued(size_t k)
    {
        if (!m_wrap)
            return false;
        signed char &known = m_gluedAt[k];
        if (known < 0)
            known = cutMidWord(m_lines, rawLines(), k) ? 1 : 0;
        return known != 0;
    }
    auto gluedLines()
    {
        return [this](size_t k) {
            return glued(k);
        };
    }
    bool joinedAway(size_t k) const { return m_only && (*m_only)[k] == kJoinedAway; }
    // How many lines before line i the kWrapBack lines that hold text or are blank begin (the
    // lines joined away skipped); `toBlank`: none past a blank line.
    size_t wrapBack(size_t i, bool toBlank) const;
    bool tryRule(int ruleIndex, size_t at, int span, bool wrapped);
    int extendOverWrap(
        const RE2 &re, size_t at, int span, size_t start, size_t textSize, std::string &longer);
    void addContextFacts(
        int ruleIndex, const Rule &rule, const CompiledPattern &pattern, size_t at, LineMatch &m);
    bool addThenFacts(const Rule &rule, const CompiledPattern &pattern, size_t at, LineMatch &m);
    void retryWrapped(size_t i);
    bool ownRecord(size_t k);
    int ownRecordsAround(size_t i, size_t back);
    void addWrappedCandidates(size_t i, bool spanningOnly);
    void retryFrom(int ruleIndex, size_t i, size_t maxBack);

    const Matcher &m_matcher;
    const Sets &m_sets;
    const std::vector<Rule> &m_rules;
    const bool m_wrap;
    const LogDocument &m_doc;
    const ChunkLines &m_lines;
    const size_t m_begin;
    const int m_firstLine;
    std::vector<LineMatch> &m_out;
    const std::vector<char> *m_only;
    const FastPrefilter *m_fastSingle = nullptr, *m_fastSpanning = nullptr;
    std::vector<int> m_hits, m_candidates;
    std::vector<re2::StringPiece> m_groups;
    std::string m_window; // kept across lines: no allocation per line
    std::vector<int> m_matched, m_retry;
    std::map<int, ContextScan> m_contextScans; // rule index → the lines its context pattern holds
    std::vector<signed char> m_gluedAt;
    std::vector<signed char> m_ownRecordAt;
    bool m_recognised = false; // a rule's pattern matched, even if a condition then dropped it
};

void Matcher::ChunkScan::scanLine(size_t i, std::vector<int> *notable, std::vector<int> *explained)
{
    const std::string &line = m_lines[i];
    m_candidates.clear();
    bool errorWords = false;
    m_recognised = false;
    // A line the raw prefilter marked only as a wrapped message's possible start begins no
    // match by itself (nor error words): its two scans are skipped, the wrapped ones run.
    const bool mayBegin = !m_only || ((*m_only)[i] & RawPrefilter::kMayBegin);
    if (m_sets.singleOk && mayBegin) {
        candidatesOf(line, m_sets.single, m_fastSingle, m_hits);
        for (int h : m_hits) {
            const int r = m_sets.singleRules[size_t(h)];
            if (r < 0)
                errorWords = true;
            else
                m_candidates.push_back(r);
        }
    }
    // No window pattern's word near: no window pattern begins a match here.
    if (m_sets.spanningOk && mayBegin
        && (!m_only || ((*m_only)[i] & RawPrefilter::kSpanningNear))) {
        joinInto(m_lines, i, size_t(m_sets.maxSpan), m_window);
        candidatesOf(m_window, m_sets.spanning, m_fastSpanning, m_hits);
        for (int h : m_hits)
            m_candidates.push_back(m_sets.spanningRules[size_t(h)]);
    }
    std::sort(m_candidates.begin(), m_candidates.end());
    m_matched.clear();
    m_retry.clear();
    for (int ruleIndex : m_candidates) {
        const int span = m_rules[size_t(ruleIndex)].span;
        if (tryRule(ruleIndex, i, span, false))
            m_matched.push_back(ruleIndex);
        else
            m_retry.push_back(ruleIndex);
    }
    if (m_wrap && (i + 1 < m_lines.size() || i > m_begin))
        retryWrapped(i);
    if (notable && errorWords && RE2::PartialMatch(line, *m_sets.notable)) {
        if (!m_recognised)
            notable->push_back(m_firstLine + int(i - m_begin));
        else if (explained)
            explained->push_back(m_firstLine + int(i - m_begin));
    }
}

// One rule over the window of `span` lines from line `at` (the line scanned, or a line before it
// when a wrapped message began there); `wrapped`: only a match that goes on past line `at` counts
// (line `at` alone did not match). True when the rule's pattern matched there, even if a
// condition then dropped the match.
bool Matcher::ChunkScan::tryRule(int ruleIndex, size_t at, int span, bool wrapped)
{
    const Rule &rule = m_rules[size_t(ruleIndex)];
    const RE2 &re = *rule.pattern.regex;
    const std::string &head = m_lines[at];
    const std::string text = span > 1 ? join(m_lines, at, size_t(span), gluedLines()) : head;
    m_groups.assign(size_t(re.NumberOfCapturingGroups() + 1), re2::StringPiece());
    if (!re.Match(text, 0, text.size(), RE2::UNANCHORED, m_groups.data(), int(m_groups.size())))
        return false;
    const size_t start = size_t(m_groups[0].data() - text.data());
    // A match that begins on a later line is reported when the scan reaches that line.
    if (start >= head.size() || (wrapped && start + m_groups[0].size() <= head.size()))
        return false;
    std::string longer; // the groups may point into it
    span += extendOverWrap(re, at, span, start, text.size(), longer);
    LineMatch m;
    m.rule = ruleIndex;
    if (rule.kind != RuleKind::Fact)
        m.severity = rule.severity;
    m.line = LineNumber(m_firstLine + int(at) - int(m_begin));
    m.start = int(start);
    m.end = int(start + m_groups[0].size());
    // The same wrapped message, found again from a later line of it (one of the last 15).
    const size_t recent = m_out.size() - std::min<size_t>(m_out.size(), 15);
    for (size_t k = m_out.size(); k-- > recent;)
        if (m_out[k].rule == ruleIndex && m_out[k].line == m.line && m_out[k].start == m.start)
            return true;
    setRawSpan(raw(at), m);
    // A fact read from a line does not explain a failure the line reports.
    m_recognised = m_recognised || rule.kind != RuleKind::Fact;
    m.endLine
        = m.line
          + lineOfOffset(m_lines, at, size_t(span),
                         start + m_groups[0].size() - (m_groups[0].empty() ? 0 : 1), gluedLines());
    capture(rule.pattern, m_groups, m.facts);
    if (rule.contextPattern)
        addContextFacts(ruleIndex, rule, *rule.contextPattern, at, m);
    if (rule.thenPattern && !addThenFacts(rule, *rule.thenPattern, at, m))
        return true; // the pattern matched: the line is explained
    if (!m_matcher.nearbyHolds(rule, m_lines, at, size_t((m.endLine - m.line).get())))
        return true;
    if (!rule.facts.isEmpty()) {
        for (auto it = m.facts.begin(); it != m.facts.end();)
            it = rule.facts.contains(it->first) ? std::next(it) : m.facts.erase(it);
    }
    // The same message found first from a later line of it (where its tail matched by
    // itself): the match from where it begins replaces that one.
    for (size_t k = m_out.size(); wrapped && k-- > recent;)
        if (m_out[k].rule == ruleIndex && m_out[k].line > m.line && m_out[k].endLine == m.endLine)
            m_out.erase(m_out.begin() + std::ptrdiff_t(k));
    m_out.push_back(std::move(m));
    return true;
}

// A match that ends on the last line of its window may have lost the rest of a value (or an
// optional part) to a wrap: reads on over the lines that continue that line. When the match
// grows there, the groups point into `longer` and the lines added are returned (else 0).
int Matcher::ChunkScan::extendOverWrap(
    const RE2 &re, size_t at, int span, size_t start, size_t textSize, std::string &longer)
{
    size_t last = windowEnd(m_lines, at, size_t(span)) - 1;
    while (last > at && m_lines[last].empty())
        --last;
    if (!m_wrap || start + m_groups[0].size() + m_lines[last].size() < textSize)
        return 0;
    const size_t more
        = wrapContinuation(m_lines, rawLines(), at, last, RawPrefilter::kWrapLines - 1);
    if (!more)
        return 0;
    longer = join(m_lines, at, size_t(span) + more, gluedLines());
    std::vector<re2::StringPiece> further(m_groups.size());
    if (!re.Match(longer, 0, longer.size(), RE2::UNANCHORED, further.data(), int(further.size()))
        || size_t(further[0].data() - longer.data()) != start
        || further[0].size() <= m_groups[0].size())
        return 0;
    m_groups.swap(further);
    return int(more);
}

// The nearest line before the match that the rule's context pattern matches gives its facts.
// Each line is read once per rule and chunk, not once per match (a `within` of 1000 over
// matches on every line made analysis 90 times slower).
void Matcher::ChunkScan::addContextFacts(
    int ruleIndex, const Rule &rule, const CompiledPattern &pattern, size_t at, LineMatch &m)
{
    const RE2 &context = *pattern.regex;
    ContextScan &scan = m_contextScans[ruleIndex];
    const int docLine = m_firstLine + int(at) - int(m_begin);
    const int lower = std::max(0, docLine - rule.contextWithin);
    // A later match begins at most kWrapBack lines before this one.
    scan.next = std::max(scan.next, lower - RawPrefilter::kWrapBack);
    std::string scratch;
    // The chunk's own text when it has it (split records joined), else the line.
    auto textOf = [&](int k) -> const std::string & {
        const qint64 kk = qint64(k) - m_firstLine + qint64(m_begin);
        if (kk >= 0 && kk < qint64(m_lines.size()) && !m_lines[size_t(kk)].empty())
            return m_lines[size_t(kk)];
        Normalizer::normalize(m_doc.line(k), scratch);
        return scratch;
    };
    for (; scan.next < docLine; ++scan.next)
        if (RE2::PartialMatch(textOf(scan.next), context))
            scan.hits.push_back(scan.next);
    const auto it = std::lower_bound(scan.hits.begin(), scan.hits.end(), docLine);
    if (it == scan.hits.begin() || *std::prev(it) < lower)
        return;
    const std::string &text = textOf(*std::prev(it));
    std::vector<re2::StringPiece> contextGroups(size_t(context.NumberOfCapturingGroups() + 1));
    if (context.Match(text, 0, text.size(), RE2::UNANCHORED, contextGroups.data(),
                      int(contextGroups.size()))) {
        Facts found;
        capture(pattern, contextGroups, found);
        m.facts.insert(found.begin(), found.end());
    }
}

// The rule's `then` pattern, within `then.within` lines from the match (lines a wrap carried
// over do not count): its facts, and the match reaching to its line. False when it is required
// and not found.
bool Matcher::ChunkScan::addThenFacts(const Rule &rule,
                                      const CompiledPattern &pattern,
                                      size_t at,
                                      LineMatch &m)
{
    const RE2 &then = *pattern.regex;
    size_t n = size_t(rule.thenWithin) + 1;
    std::string area = join(m_lines, at, n);
    std::vector<re2::StringPiece> thenGroups(size_t(then.NumberOfCapturingGroups() + 1));
    const size_t from = std::min(area.size(), size_t(m.end));
    auto findThen = [&] {
        return then.Match(area, from, area.size(), RE2::UNANCHORED, thenGroups.data(),
                          int(thenGroups.size()));
    };
    bool found = findThen();
    if (!found && m_wrap) {
        size_t extra = 0;
        for (size_t k = at + 1; k < m_lines.size() && k < at + n + extra
                                && extra < size_t(2 * RawPrefilter::kWrapLines);
             ++k)
            extra += !m_lines[k].empty()
                     && wrapContinuation(m_lines, rawLines(), k - 1, k - 1, 1) == 1;
        if (extra) {
            n += extra;
            area = join(m_lines, at, n);
            found = findThen();
        }
    }
    if (!found)
        return !rule.thenRequired;
    capture(pattern, thenGroups, m.facts);
    const size_t thenEnd = size_t(thenGroups[0].data() - area.data()) + thenGroups[0].size();
    m.endLine
        = std::max(m.endLine, m.line + lineOfOffset(m_lines, at, n, thenEnd ? thenEnd - 1 : 0));
    return true;
}

// A message wrapped at a blank (a terminal, a banner, an installer's 80 columns): the rules
// line i suggested but did not match, and those whose words the raw prefilter found spread over
// this line and the next ones, are tried over up to kWrapLines more lines, from this line or
// from one of the kWrapBack lines before it.
void Matcher::ChunkScan::retryWrapped(size_t i)
{
    // A line a rule matched is rarely also the start of another, wrapped, message.
    const bool wrappedStart
        = m_only && ((*m_only)[i] & RawPrefilter::kMayBeginWrapped) && m_matched.empty();
    if (!wrappedStart && m_retry.empty())
        return;
    // How far back a message may have begun: up to kWrapBack lines, none of them empty.
    const size_t maxBack = wrapBack(i, true);
    // A rule of `span` lines can be wrapped into line i or past its window only where a line
    // there goes on another's record: where every line from the earliest start to `span` lines
    // after line i begins a record of its own, retryFrom has nothing to try (most lines of a
    // kernel log or a journal).
    const int own = ownRecordsAround(i, maxBack);
    if (wrappedStart && own < m_sets.maxSpan)
        addWrappedCandidates(i, own >= 1);
    std::erase_if(m_retry, [&](int r) { return m_rules[size_t(r)].span <= own; });
    // In rule order, whichever set named them (the hits of one line come out in that order).
    std::sort(m_retry.begin(), m_retry.end());
    for (int r : m_retry)
        retryFrom(r, i, maxBack);
}

bool Matcher::ChunkScan::ownRecord(size_t k)
{
    signed char &known = m_ownRecordAt[k];
    if (known < 0)
        known = beginsOwnRecord(m_lines, rawLines(), k) ? 1 : 0;
    return known != 0;
}

// How many lines after line i, up to the longest span, begin a record of their own, each one
// (blank lines and those joined away skipped; the end of the text counts as such a line); -1 when
// a line after the `back` lines before line i does not (a wrap may reach line i).
int Matcher::ChunkScan::ownRecordsAround(size_t i, size_t back)
{
    for (size_t k = i - back + 1; k <= i; ++k)
        if (!m_lines[k].empty() && !joinedAway(k) && !ownRecord(k))
            return -1;
    int n = 0;
    const size_t limit = i + 4 * size_t(m_sets.maxSpan + RawPrefilter::kWrapLines);
    for (size_t k = i + 1; n < m_sets.maxSpan; ++k) {
        if (k >= m_lines.size())
            return m_sets.maxSpan; // no line after: retryFrom reads none past these either
        if (k >= limit)
            return n;
        if (m_lines[k].empty() || joinedAway(k))
            continue;
        if (!ownRecord(k))
            return n;
        ++n;
    }
    return n;
}

size_t Matcher::ChunkScan::wrapBack(size_t i, bool toBlank) const
{
    size_t back = 0;
    for (size_t k = i, held = 0; held < size_t(RawPrefilter::kWrapBack) && k > m_begin;) {
        if (joinedAway(--k))
            continue;
        if (toBlank && m_lines[k].empty())
            break;
        ++held;
        back = i - k;
    }
    return back;
}

// The rules whose words the prefilter finds in the window a wrapped message may cover, from the
// earliest line it may have begun on; `spanningOnly`: no one-line rule can be wrapped there.
void Matcher::ChunkScan::addWrappedCandidates(size_t i, bool spanningOnly)
{
    auto consider = [&](int r) {
        if (r >= 0 && std::find(m_matched.begin(), m_matched.end(), r) == m_matched.end()
            && std::find(m_retry.begin(), m_retry.end(), r) == m_retry.end())
            m_retry.push_back(r);
    };
    const size_t back = wrapBack(i, false);
    const size_t from = i - back;
    if (m_sets.singleOk && !spanningOnly) {
        joinInto(m_lines, from, back + size_t(RawPrefilter::kWrapLines), m_window, gluedLines());
        candidatesOf(m_window, m_sets.single, m_fastSingle, m_hits);
        for (int h : m_hits)
            consider(m_sets.singleRules[size_t(h)]);
    }
    if (m_sets.spanningOk) {
        joinInto(m_lines, from, back + size_t(m_sets.maxSpan + RawPrefilter::kWrapLines - 1),
                 m_window, gluedLines());
        candidatesOf(m_window, m_sets.spanning, m_fastSpanning, m_hits);
        for (int h : m_hits)
            consider(m_sets.spanningRules[size_t(h)]);
    }
}

// One rule tried as a message wrapped over lines that reaches line i, from the earliest line it
// may have begun on: a message found from a later line of it would lose what it begins with (an
// optional name before the words the prefilter saw).
void Matcher::ChunkScan::retryFrom(int ruleIndex, size_t i, size_t maxBack)
{
    const Rule &rule = m_rules[size_t(ruleIndex)];
    for (size_t back = maxBack + 1; back-- > 0;) {
        const size_t at = i - back;
        if (joinedAway(at))
            continue;
        // A rule that matches that line by itself is that line's (a trailing .*
        // would otherwise run on into the lines after it).
        if (back && RE2::PartialMatch(m_lines[at], *rule.pattern.regex))
            continue;
        // The widest window first: most retries fail there, once. RE2 finds the
        // leftmost match, so none begins on line `at` if that one begins later.
        // A wrap does not reach past a line that begins a record of its own (rank
        // 1's timeout is not rank 0's message): nor must line i be past one.
        // (A rule's span reaches over span - 1 records after the first.)
        int widest = int(back) + rule.span + RawPrefilter::kWrapLines - 1, reach = 1;
        size_t k = at + 1;
        for (int records = 1;
             k < std::min(m_lines.size(), at + 4 * size_t(widest)) && reach < widest; ++k) {
            if (m_lines[k].empty())
                continue;
            if (ownRecord(k) && ++records > rule.span)
                break;
            ++reach;
        }
        if (back && k <= i)
            continue;
        widest = reach;
        joinInto(m_lines, at, size_t(widest), m_window, gluedLines());
        re2::StringPiece whole;
        if (!rule.pattern.regex->Match(m_window, 0, m_window.size(), RE2::UNANCHORED, &whole, 1)
            || size_t(whole.data() - m_window.data()) >= m_lines[at].size())
            continue;
        // Windows count the lines that hold text (see windowEnd), not those joined away.
        int lines = int(back);
        for (size_t k = at + 1; k <= i; ++k)
            lines -= joinedAway(k);
        bool found = false;
        for (int span = lines + rule.span + (back ? 0 : 1); !found && span <= widest; ++span)
            found = tryRule(ruleIndex, at, span, true);
        if (found)
            break;
    }
}

void Matcher::matchLines(const LogDocument &doc,
                         const ChunkLines &lines,
                         size_t begin,
                         int firstLine,
                         int count,
                         std::vector<LineMatch> &out,
                         std::vector<int> *notable,
                         std::vector<int> *explained,
                         const std::vector<char> *only,
                         bool fast) const
{
    ChunkScan scan(*this, doc, lines, begin, firstLine, out, only, fast);
    for (size_t i = begin; i < begin + size_t(count); ++i)
        if ((!only || (*only)[i]) && !lines[i].empty())
            scan.scanLine(i, notable, explained);
}

} // namespace gputriage
