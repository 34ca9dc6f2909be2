#include "engine/fastprefilter.h"

#include "diskcache.h"
#include "rules/patternwords.h"
#include "rules/rule.h"
#include "text/logdocument.h"
#include "text/normalizer.h"

#include <re2/filtered_re2.h>

#ifdef GPUTRIAGE_WITH_VECTORSCAN
#include <hs/hs.h>
#endif

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace gputriage {

RawPrefilter::Clauses RawPrefilter::clausesOf(const std::string &re2, const RE2::Options &options)
{
    return requiredWords(re2, options);
}

QByteArray RawPrefilter::cacheInputs(
    const std::string &pattern, const RE2::Options &o, bool spanning, bool wrappable, int span)
{
    const bool bits[] = {o.case_sensitive(),
                         o.literal(),
                         o.longest_match(),
                         o.posix_syntax(),
                         o.never_nl(),
                         o.dot_nl(),
                         o.never_capture(),
                         o.perl_classes(),
                         o.word_boundary(),
                         o.one_line(),
                         o.encoding() == RE2::Options::EncodingLatin1,
                         spanning,
                         wrappable};
    QByteArray out = QByteArray::fromStdString(pattern);
    out += '\0';
    for (bool b : bits)
        out += b ? '1' : '0';
    out += ' ' + QByteArray::number(span) + '\n';
    return out;
}

#ifdef GPUTRIAGE_WITH_VECTORSCAN

struct FastPrefilter::Database
{
    hs_database_t *db = nullptr;
    uint64_t serial = 0; // never reused, unlike the address
};

namespace {

// One scratch space per thread, grown to fit every database the thread scans with.
struct Scratch
{
    hs_scratch_t *scratch = nullptr;
    std::vector<uint64_t> fitted; // databases it has been grown for (growing is costly)
    ~Scratch()
    {
        if (scratch)
            hs_free_scratch(scratch);
    }
};

std::atomic<uint64_t> databaseSerials{0};

// The platform databases are compiled for: this CPU, or any that vectorscan runs on
// (GPUTRIAGE_PORTABLE_DATABASES=1: the databases shipped with the program).
bool portableDatabases()
{
    static const bool portable = qEnvironmentVariableIntValue("GPUTRIAGE_PORTABLE_DATABASES") != 0;
    return portable;
}

// Any CPU vectorscan runs on: generic tuning, no optional instruction set.
hs_platform_info_t portablePlatform()
{
    hs_platform_info_t p{};
    p.tune = HS_TUNE_FAMILY_GENERIC;
    return p;
}

const hs_platform_info_t &compilePlatform()
{
    static const hs_platform_info_t platform = [] {
        if (portableDatabases())
            return portablePlatform();
        hs_platform_info_t p{};
        hs_populate_platform(&p);
        return p;
    }();
    return platform;
}

// What a compiled database depends on besides its patterns: the library and the CPU.
QByteArray builderFor(const hs_platform_info_t &platform)
{
    return QByteArray("vectorscan ") + hs_version() + " tune " + QByteArray::number(platform.tune)
           + " features " + QByteArray::number(qulonglong(platform.cpu_features), 16);
}

const QByteArray &databaseBuilder()
{
    static const QByteArray builder = builderFor(compilePlatform());
    return builder;
}

// The builder of the databases shipped with the program, which run on any CPU.
const QByteArray &portableBuilder()
{
    static const QByteArray builder = builderFor(portablePlatform());
    return builder;
}

QByteArray serialized(const hs_database_t *db)
{
    char *bytes = nullptr;
    size_t length = 0;
    if (hs_serialize_database(db, &bytes, &length) != HS_SUCCESS)
        return {};
    QByteArray out(bytes, qsizetype(length));
    std::free(bytes);
    return out;
}

// The payload of a cache file, written and read in order.
struct PayloadWriter
{
    QByteArray bytes;
    void number(int32_t v) { bytes.append(reinterpret_cast<const char *>(&v), 4); }
    void text(const std::string &s)
    {
        number(int32_t(s.size()));
        bytes.append(s.data(), qsizetype(s.size()));
    }
    template<typename T>
    void numbers(const std::vector<T> &v)
    {
        number(int32_t(v.size()));
        for (T x : v)
            number(int32_t(x));
    }
};

struct PayloadReader
{
    const QByteArray &bytes;
    qsizetype at = 0;
    bool ok = true;
    int32_t number()
    {
        int32_t v = 0;
        if (bytes.size() - at < 4) {
            ok = false;
            return 0;
        }
        std::memcpy(&v, bytes.constData() + at, 4);
        at += 4;
        return v;
    }
    template<typename T>
    std::vector<T> numbers()
    {
        const int32_t n = number();
        if (n < 0 || n > (bytes.size() - at) / 4) {
            ok = false;
            return {};
        }
        std::vector<T> v(static_cast<size_t>(n));
        for (T &x : v)
            x = T(number());
        return v;
    }
    std::string text()
    {
        const int32_t n = number();
        if (n < 0 || n > bytes.size() - at) {
            ok = false;
            return {};
        }
        std::string s(bytes.constData() + at, size_t(n));
        at += n;
        return s;
    }
    // A serialized database of `length` bytes (-1: the rest).
    hs_database_t *database(qsizetype length = -1)
    {
        if (length < 0)
            length = bytes.size() - at;
        hs_database_t *db = nullptr;
        if (!ok || length <= 0 || length > bytes.size() - at
            || hs_deserialize_database(bytes.constData() + at, size_t(length), &db) != HS_SUCCESS)
            return nullptr;
        at += length;
        return db;
    }
};

const QByteArray kLinesKind = "vectorscan-lines", kWordsKind = "vectorscan-words",
                 kAnchorsKind = "vectorscan-anchors";

// The thread's scratch space, grown for `db` if it has not been yet; null on failure.
hs_scratch_t *scratchFor(const hs_database_t *db, uint64_t serial)
{
    thread_local Scratch scratch;
    if (std::find(scratch.fitted.begin(), scratch.fitted.end(), serial) == scratch.fitted.end()) {
        if (hs_alloc_scratch(db, &scratch.scratch) != HS_SUCCESS)
            return nullptr;
        scratch.fitted.push_back(serial);
    }
    return scratch.scratch;
}

// Whether `text` starts with a POSIX class ("[:alpha:]"); "[:;]" is a class of two characters.
bool isPosixClass(std::string_view text)
{
    if (text.substr(0, 2) != "[:")
        return false;
    size_t i = 2;
    while (i < text.size() && std::islower(static_cast<unsigned char>(text[i])))
        ++i;
    return i > 2 && text.substr(i, 2) == ":]";
}

// Whether a non-ASCII character of a text may be scanned as the byte 0x01 for this pattern: its
// text is ASCII and names no control byte, range of bytes, Unicode class or POSIX class, so
// what takes such a character in RE2 (`.`, \S, \W, \D, a negated class) takes 0x01 too, and
// nothing else does (a case-folded ASCII letter aside: such lines are not scanned so).
bool standInSafe(std::string_view pattern)
{
    for (size_t i = 0; i < pattern.size(); ++i) {
        const auto c = static_cast<unsigned char>(pattern[i]);
        if (c < 0x20 || c >= 0x7f)
            return false;
        if (c == '[' && isPosixClass(pattern.substr(i)))
            return false;
        if (c != '\\' || i + 1 >= pattern.size())
            continue;
        const char e = pattern[++i];
        if ((e >= '0' && e <= '9') || e == 'x' || e == 'p' || e == 'P' || e == 'C')
            return false;
    }
    return true;
}

// The pattern with "\n" added to each negated class ("[^:]" → "[^:\n]"), the same on the
// one-line texts the fast path scans. vectorscan 5.4.11 misses matches on AVX-512 CPUs when a
// repeat stops at one byte only ("[^:]*:" over more than 64 bytes, fixed upstream in
// VectorCamp/vectorscan#378); with a second byte it takes another scan.
std::string lineBoundClasses(std::string_view pattern)
{
    std::string out;
    out.reserve(pattern.size() + 16);
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '\\' && i + 1 < pattern.size()) {
            out.append(pattern.substr(i++, 2));
            continue;
        }
        if (pattern[i] != '[') {
            out.push_back(pattern[i]);
            continue;
        }
        // A class: a ']' first is a member; escapes and POSIX classes inside are skipped.
        size_t j = i + 1;
        const bool negated = j < pattern.size() && pattern[j] == '^';
        j += negated;
        if (j < pattern.size() && pattern[j] == ']')
            ++j;
        while (j < pattern.size() && pattern[j] != ']') {
            if (pattern[j] == '\\')
                ++j;
            else if (isPosixClass(pattern.substr(j)))
                if (const size_t end = pattern.find(":]", j + 2); end != std::string_view::npos)
                    j = end + 1;
            ++j;
        }
        if (j >= pattern.size()) { // unterminated: left to the compiler to refuse
            out.append(pattern.substr(i));
            break;
        }
        const std::string_view members = pattern.substr(i, j - i);
        out.append(members);
        if (negated && members.find("\\n") == std::string_view::npos)
            out.append("\\n");
        out.push_back(']');
        i = j;
    }
    return out;
}

} // namespace

FastPrefilter::FastPrefilter(const std::vector<std::string> &re2Patterns, Cache cache)
{
    m_standIns = std::all_of(re2Patterns.begin(), re2Patterns.end(),
                             [](const std::string &p) { return standInSafe(p); });
    const bool cached = cache != Cache::Off;
    QByteArray inputs;
    if (cached) {
        for (const std::string &p : re2Patterns)
            inputs += QByteArray::fromStdString(p) + '\0';
        if (const auto payload
            = DiskCache::load(kLinesKind, inputs, databaseBuilder(), portableBuilder())) {
            PayloadReader in{*payload};
            std::vector<int> always = in.numbers<int>();
            const bool inRange = std::all_of(always.begin(), always.end(), [&](int i) {
                return i >= 0 && size_t(i) < re2Patterns.size();
            });
            if (hs_database_t *db = inRange ? in.database() : nullptr) {
                m_database = new Database{db, ++databaseSerials};
                m_always = std::move(always);
                return;
            }
            DiskCache::reject(kLinesKind, inputs, QStringLiteral("vectorscan cannot read it"));
        }
    }
    if (cache == Cache::Only)
        return;
    compile(re2Patterns);
    if (cached && m_database) {
        PayloadWriter out;
        out.numbers(m_always);
        const QByteArray db = serialized(m_database->db);
        if (!db.isEmpty())
            DiskCache::store(kLinesKind, inputs, databaseBuilder(), out.bytes + db);
    }
}

void FastPrefilter::compile(const std::vector<std::string> &re2Patterns)
{
    std::vector<std::string> pcre;
    std::vector<int> ids;
    for (size_t i = 0; i < re2Patterns.size(); ++i) {
        // The rest of RE2's syntax is PCRE's.
        pcre.push_back(lineBoundClasses(withoutGroupNames(re2Patterns[i])));
        ids.push_back(int(i));
    }
    // Compile all; a pattern vectorscan rejects is moved to the always-reported list.
    while (!pcre.empty()) {
        std::vector<const char *> expressions;
        expressions.reserve(pcre.size());
        for (const std::string &p : pcre)
            expressions.push_back(p.c_str());
        const std::vector<unsigned> flags(pcre.size(), HS_FLAG_PREFILTER | HS_FLAG_SINGLEMATCH
                                                           | HS_FLAG_ALLOWEMPTY);
        std::vector<unsigned> hsIds(ids.begin(), ids.end());
        hs_database_t *db = nullptr;
        hs_compile_error_t *error = nullptr;
        if (hs_compile_multi(expressions.data(), flags.data(), hsIds.data(),
                             unsigned(expressions.size()), HS_MODE_BLOCK, &compilePlatform(), &db,
                             &error)
            == HS_SUCCESS) {
            m_database = new Database{db, ++databaseSerials};
            break;
        }
        const int bad = error ? error->expression : -1;
        hs_free_compile_error(error);
        if (bad < 0 || size_t(bad) >= pcre.size())
            break; // not one pattern's fault (e.g. no SSSE3): no fast path at all
        m_always.push_back(ids[size_t(bad)]);
        pcre.erase(pcre.begin() + bad);
        ids.erase(ids.begin() + bad);
    }
    if (!m_database)
        m_always.clear();
}

FastPrefilter::~FastPrefilter()
{
    if (m_database) {
        hs_free_database(m_database->db);
        delete m_database;
    }
}

bool FastPrefilter::scan(std::string_view text, std::vector<int> &hits) const
{
    hs_scratch_t *scratch = scratchFor(m_database->db, m_database->serial);
    if (!scratch)
        return false;
    auto onMatch
        = [](unsigned id, unsigned long long, unsigned long long, unsigned, void *context) -> int {
        static_cast<std::vector<int> *>(context)->push_back(int(id));
        return 0;
    };
    if (hs_scan(m_database->db, text.data(), unsigned(text.size()), 0, scratch, onMatch, &hits)
        != HS_SUCCESS)
        return false;
    hits.insert(hits.end(), m_always.begin(), m_always.end());
    return true;
}

bool FastPrefilter::scanNonAscii(std::string_view text, std::vector<int> &hits) const
{
    if (!m_standIns)
        return false;
    thread_local std::string ascii;
    ascii.clear();
    ascii.reserve(text.size());
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    const size_t n = text.size();
    auto cont = [&](size_t k) {
        return k < n && (s[k] & 0xC0) == 0x80;
    };
    for (size_t i = 0; i < n;) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ascii.push_back(char(c));
            ++i;
            continue;
        }
        // Strict UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
        size_t length = 0;
        if (c >= 0xC2 && c <= 0xDF && cont(i + 1))
            length = 2;
        else if (c >= 0xE0 && c <= 0xEF && cont(i + 1) && cont(i + 2)
                 && !(c == 0xE0 && s[i + 1] < 0xA0) && !(c == 0xED && s[i + 1] > 0x9F))
            length = 3;
        else if (c >= 0xF0 && c <= 0xF4 && cont(i + 1) && cont(i + 2) && cont(i + 3)
                 && !(c == 0xF0 && s[i + 1] < 0x90) && !(c == 0xF4 && s[i + 1] > 0x8F))
            length = 4;
        if (!length)
            return false;
        // U+017F (long s) and U+212A (Kelvin sign) match (?i)s and (?i)k in RE2.
        if ((c == 0xC5 && s[i + 1] == 0xBF) || (c == 0xE2 && s[i + 1] == 0x84 && s[i + 2] == 0xAA))
            return false;
        ascii.push_back('\x01');
        i += length;
    }
    return scan(ascii, hits);
}

struct RawPrefilter::Database
{
    hs_database_t *db = nullptr;
    uint64_t serial = 0;
};

RawPrefilter::RawPrefilter(const std::vector<Pattern> &patterns, int maxSpan)
    : m_maxSpan(std::max(1, maxSpan))
{
    compile(patterns);
}

RawPrefilter::RawPrefilter(const QByteArray &inputs,
                           const std::function<std::vector<Pattern>()> &patterns,
                           int maxSpan)
    : m_maxSpan(std::max(1, maxSpan))
{
    const QByteArray key = inputs + "max span " + QByteArray::number(m_maxSpan);
    bool restored = false;
    if (const auto payload
        = DiskCache::load(kWordsKind, key, databaseBuilder(), portableBuilder())) {
        restored = restore(*payload);
        if (!restored)
            DiskCache::reject(kWordsKind, key, QStringLiteral("vectorscan cannot read it"));
    }
    if (!restored) {
        compile(patterns());
        if (const QByteArray bytes = m_database ? payload() : QByteArray(); !bytes.isEmpty())
            DiskCache::store(kWordsKind, key, databaseBuilder(), bytes);
    }
    // The anchors are compiled when first wanted; kept ones are read now, checked like the rest
    // (and all are compiled for the shipped cache).
    if (m_database && (portableDatabases() || DiskCache::has(kAnchorsKind, anchorInputs())))
        anchors();
}

QByteArray RawPrefilter::anchorInputs() const
{
    QByteArray inputs;
    for (const std::string &w : m_anchorWords)
        inputs += QByteArray::fromStdString(w) + '\0';
    return inputs;
}

QByteArray RawPrefilter::payload() const
{
    PayloadWriter out;
    out.number(m_spanning);
    out.numbers(m_wordKinds);
    out.numbers(m_wordSpans);
    out.numbers(m_anchorSpans);
    out.number(int32_t(m_wordClauses.size()));
    for (const auto &clauses : m_wordClauses)
        out.numbers(clauses);
    out.numbers(m_clauseSizes);
    out.numbers(m_clauseWrappable);
    out.numbers(m_anchorKinds);
    out.numbers(m_wordAnchors);
    out.number(int32_t(m_anchorWords.size()));
    for (const std::string &w : m_anchorWords)
        out.text(w);
    const QByteArray db = serialized(m_database->db);
    return db.isEmpty() ? QByteArray() : out.bytes + db;
}

bool RawPrefilter::restore(const QByteArray &payload)
{
    PayloadReader in{payload};
    const bool spanning = in.number() != 0;
    auto kinds = in.numbers<uint8_t>();
    auto spans = in.numbers<uint8_t>();
    auto anchorSpans = in.numbers<uint8_t>();
    const int32_t words = in.number();
    if (!in.ok || words != int32_t(kinds.size()))
        return false;
    std::vector<std::vector<int>> wordClauses(static_cast<size_t>(words));
    for (auto &clauses : wordClauses)
        clauses = in.numbers<int>();
    auto sizes = in.numbers<int>();
    auto wrappable = in.numbers<char>();
    auto anchorKinds = in.numbers<uint8_t>();
    auto wordAnchors = in.numbers<char>();
    const int32_t anchorCount = in.number();
    std::vector<std::string> anchorWords;
    for (int32_t i = 0; in.ok && i < anchorCount; ++i)
        anchorWords.push_back(in.text());
    const bool valid
        = in.ok && wrappable.size() == sizes.size() && wordAnchors.size() == kinds.size()
          && anchorWords.size() == anchorKinds.size() && spans.size() == kinds.size()
          && anchorSpans.size() == anchorKinds.size()
          && std::all_of(wordClauses.begin(), wordClauses.end(), [&](const auto &cs) {
                 return std::all_of(cs.begin(), cs.end(),
                                    [&](int c) { return c >= 0 && size_t(c) < sizes.size(); });
             });
    hs_database_t *db = valid ? in.database() : nullptr;
    if (!db)
        return false;
    m_spanning = spanning;
    m_wordKinds = std::move(kinds);
    m_wordSpans = std::move(spans);
    m_anchorSpans = std::move(anchorSpans);
    m_wordClauses = std::move(wordClauses);
    m_clauseSizes = std::move(sizes);
    m_clauseWrappable = std::move(wrappable);
    m_anchorKinds = std::move(anchorKinds);
    m_wordAnchors = std::move(wordAnchors);
    m_anchorWords = std::move(anchorWords);
    m_database = new Database{db, ++databaseSerials};
    return true;
}

namespace {

// The words (case-blind), then what normalization may rewrite inside a word, and the mark of a
// CRI partial line and of a docker json-file record whose text goes on in the next record (no
// "\n" at its end); null when vectorscan refuses them.
// The one- and two-byte texts cost about half the scan's time, and finding them apart is faster,
// but they also keep vectorscan 5.4.11 off a literal matcher that misses words: with the five
// words of cuda.error.by-code alone, "Nov 30 08:15:02 gpu-node-3 app[4242]: [[CUDA Driver
// UNAVAILABLE (cuInit(0) returned 804)]]" gives no match, on any CPU (tst_shapes fails).
hs_database_t *wordDatabase(std::vector<std::string> expressions)
{
    std::vector<unsigned> flags(expressions.size(), HS_FLAG_CASELESS);
    for (const char *special : {"\\x1b", "[\\x80-\\xff]", "\\\\u", "std(?:out|err) P ",
                                "(?:[^n]|[^\\\\]n)\",\"stream\":"}) {
        expressions.emplace_back(special);
        flags.push_back(0);
    }
    std::vector<const char *> pointers;
    std::vector<unsigned> ids;
    for (size_t i = 0; i < expressions.size(); ++i) {
        pointers.push_back(expressions[i].c_str());
        ids.push_back(unsigned(i));
    }
    hs_database_t *db = nullptr;
    hs_compile_error_t *error = nullptr;
    if (hs_compile_multi(pointers.data(), flags.data(), ids.data(), unsigned(pointers.size()),
                         HS_MODE_BLOCK, &compilePlatform(), &db, &error)
        != HS_SUCCESS) {
        hs_free_compile_error(error);
        return nullptr;
    }
    return db;
}

// How good a word of a clause is as its anchor (lower is better): rare in healthy logs, long.
// Shares of lines holding a word (anywhere, in any case), per mille, in the bench log and the
// bug reports of tests/data/bundles-real; numbers (ids, counts, times) are commoner still.
std::pair<int, int> anchorRank(const std::string &word)
{
    static const std::map<std::string, int> common{
        {"nccl", 202},       {"ccl", 202},        {"built", 198},      {"read", 202},
        {"metrics", 201},    {"resource", 198},   {"lib", 108},        {"idia", 85},
        {"nvidia", 85},      {"device", 80},      {"gpu", 68},         {"kernel", 43},
        {"module", 39},      {"system", 38},      {"pci", 38},         {"event", 34},
        {"nvrm", 28},        {"driver", 28},      {"river", 28},       {"display", 27},
        {"config", 24},      {"init", 24},        {"model", 19},       {"can", 19},
        {"bus", 19},         {"build", 18},       {"product", 18},     {"bit", 18},
        {"linux", 17},       {"enable", 17},      {"modeset", 16},     {"register", 16},
        {"using", 15},       {"control", 15},     {"format", 14},      {"error", 14},
        {"fail", 13},        {"dkms", 13},        {"failed", 13},      {"drm", 12},
        {"enabled", 12},     {"initialize", 11},  {"devices", 11},     {"memory", 11},
        {"initialized", 11}, {"adding", 11},      {"call", 10},        {"address", 10},
        {"loading", 10},     {"handle", 9},       {"pointer", 9},      {"status", 9},
        {"function", 8},     {"found", 8},        {"supported", 8},    {"card", 8},
        {"interface", 8},    {"internal", 8},     {"default", 8},      {"setting", 8},
        {"initializing", 7}, {"compatible", 7},   {"available", 7},    {"bridge", 7},
        {"generate", 7},     {"bound", 7},        {"link", 7},         {"server", 7},
        {"oops", 7},         {"incompatible", 6}, {"request", 6},      {"bug", 6},
        {"unknown", 6},      {"protection", 5},   {"capabilities", 5}, {"specified", 5},
        {"information", 5},  {"applying", 5},     {"src", 5},          {"double", 4},
        {"modules", 4},      {"controller", 4}};
    const auto it = common.find(word);
    const bool number
        = std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
    return {it != common.end() ? it->second : number ? 300 : 0, -int(word.size())};
}

} // namespace

void RawPrefilter::compile(const std::vector<Pattern> &patterns)
{
    std::map<std::string, int> wordIds;
    auto idOf = [&](const std::string &w) {
        const auto [it, added] = wordIds.try_emplace(w, int(wordIds.size()));
        if (added) {
            m_wordKinds.push_back(0);
            m_wordSpans.push_back(1);
            m_wordClauses.emplace_back();
        }
        return it->second;
    };
    for (const Pattern &p : patterns) {
        if (p.clauses.empty())
            return; // would take every line: the caller stays on the line-by-line path
        m_spanning = m_spanning || p.spanning;
        for (const auto &clause : p.clauses) {
            if (p.spanning) {
                // Its words may lie on any line of the window: one word marks the window.
                const auto id = size_t(idOf(bestWords(clause, 1).front()));
                m_wordKinds[id] |= kSpanning;
                m_wordSpans[id] = uint8_t(std::clamp<int>(p.span, m_wordSpans[id], 255));
                continue;
            }
            const auto words = bestWords(clause, 2);
            const int c = int(m_clauseSizes.size());
            m_clauseSizes.push_back(int(words.size()));
            m_clauseWrappable.push_back(p.wrappable);
            for (const std::string &w : words) {
                const int id = idOf(w);
                m_wordKinds[size_t(id)] |= kSingle;
                m_wordClauses[size_t(id)].push_back(c);
            }
        }
    }
    if (wordIds.empty())
        return;
    std::vector<std::string> words(wordIds.size());
    for (const auto &[word, id] : wordIds)
        words[size_t(id)] = word;
    // The anchors: one word of each clause of a one-line pattern (the rarest), and the words of
    // window patterns.
    std::map<std::string, int> anchorIds;
    auto anchor = [&](const std::string &w, uint8_t kind) {
        const auto [it, added] = anchorIds.try_emplace(w, int(anchorIds.size()));
        if (added) {
            m_anchorKinds.push_back(0);
            m_anchorSpans.push_back(1);
        }
        m_anchorKinds[size_t(it->second)] |= kind;
        return size_t(it->second);
    };
    for (size_t w = 0; w < words.size(); ++w)
        if (m_wordKinds[w] & kSpanning)
            m_anchorSpans[anchor(words[w], kSpanning)] = m_wordSpans[w];
    std::vector<std::vector<int>> clauseWords(m_clauseSizes.size());
    for (size_t w = 0; w < words.size(); ++w)
        for (int c : m_wordClauses[w])
            clauseWords[size_t(c)].push_back(int(w));
    for (const std::vector<int> &clause : clauseWords)
        anchor(words[size_t(*std::min_element(clause.begin(), clause.end(),
                                              [&](int a, int b) {
                                                  return anchorRank(words[size_t(a)])
                                                         < anchorRank(words[size_t(b)]);
                                              }))],
               kSingle);
    m_anchorWords.resize(anchorIds.size());
    for (const auto &[word, id] : anchorIds)
        m_anchorWords[size_t(id)] = word;
    m_wordAnchors.assign(words.size(), 0);
    for (size_t w = 0; w < words.size(); ++w)
        if (const auto it = anchorIds.find(words[w]); it != anchorIds.end())
            m_wordAnchors[w] = (m_anchorKinds[size_t(it->second)] & kSingle) != 0;
    if (hs_database_t *all = wordDatabase(words))
        m_database = new Database{all, ++databaseSerials};
}

const RawPrefilter::Database *RawPrefilter::anchors() const
{
    // Compiled (or read from the DiskCache) when a scan first wants it: a small input never does.
    std::call_once(m_anchorsOnce, [this] {
        const QByteArray inputs = anchorInputs();
        hs_database_t *db = nullptr;
        if (const auto payload
            = DiskCache::load(kAnchorsKind, inputs, databaseBuilder(), portableBuilder())) {
            db = PayloadReader{*payload}.database();
            if (!db)
                DiskCache::reject(kAnchorsKind, inputs,
                                  QStringLiteral("vectorscan cannot read it"));
        }
        if (!db) {
            db = wordDatabase(m_anchorWords);
            if (db)
                if (const QByteArray bytes = serialized(db); !bytes.isEmpty())
                    DiskCache::store(kAnchorsKind, inputs, databaseBuilder(), bytes);
        }
        if (db)
            m_anchors = new Database{db, ++databaseSerials};
    });
    return m_anchors;
}

RawPrefilter::~RawPrefilter()
{
    for (Database *d : {m_database, m_anchors})
        if (d) {
            hs_free_database(d->db);
            delete d;
        }
}

namespace {

// The line a match ends on, for matches that come mostly in order.
struct LineCursor
{
    const LogDocument *doc = nullptr;
    int first = 0, to = 0; // the lines scanned
    int line = 0;
    const char *lineStart = nullptr, *nextStart = nullptr; // of `line` and the next one
    void seek(int l)
    {
        line = l;
        lineStart = doc->line(l).data();
        nextStart = l + 1 < to ? doc->line(l + 1).data() : nullptr;
    }
    int lineOf(const char *p)
    {
        if (lineStart > p)
            seek(first);
        while (nextStart && nextStart <= p) {
            ++line;
            lineStart = nextStart;
            nextStart = line + 1 < to ? doc->line(line + 1).data() : nullptr;
        }
        return line;
    }
};

// What a scan's match handler reads besides its own state.
struct ScanState
{
    LineCursor cursor;
    const char *base = nullptr; // where this hs_scan started
    int stopLine = -1;          // the line the handler stopped the scan at
};

// Scans lines [lo, hi) of `doc` with `db` as one text (from the byte before line lo when
// `byteBefore`: a pattern may take the line end). hs_scan takes a 32-bit length: the text is
// scanned in pieces of at most kMaxScan bytes that end where a line starts (a NUL hole of 4 GiB
// left by copytruncate hid the lines after it); of a longer line only the start is scanned.
// When the handler stops the scan at a line, `stopped(line)` says whether to go on after it.
template<typename State, typename Stopped>
bool scanLines(const hs_database_t *db,
               hs_scratch_t *scratch,
               const LogDocument &doc,
               int lo,
               int hi,
               bool byteBefore,
               match_event_handler onMatch,
               State &state,
               Stopped stopped)
{
    constexpr size_t kMaxScan = size_t(1) << 30;
    state.cursor.doc = &doc;
    state.cursor.first = lo;
    state.cursor.to = hi;
    state.cursor.seek(lo);
    const char *p = doc.line(lo).data() - (byteBefore ? 1 : 0);
    const std::string_view lastLine = doc.line(hi - 1);
    const char *const end = lastLine.data() + lastLine.size();
    int pLine = lo; // the line p starts (or ends, for the byte before)
    while (p < end) {
        const char *stop = end;
        int resume = hi;
        if (size_t(end - p) > kMaxScan) {
            int a = pLine, b = hi - 1; // the last line that starts within the piece
            while (a < b) {
                const int mid = a + (b - a + 1) / 2;
                if (doc.line(mid).data() <= p + kMaxScan)
                    a = mid;
                else
                    b = mid - 1;
            }
            stop = a > pLine ? doc.line(a).data() : p + kMaxScan;
            resume = a > pLine ? a : pLine + 1;
        }
        state.base = p;
        const hs_error_t e = hs_scan(db, p, unsigned(stop - p), 0, scratch, onMatch, &state);
        if (e == HS_SUCCESS) {
            if (stop == end || resume >= hi)
                break;
            pLine = resume;
        } else {
            if (e != HS_SCAN_TERMINATED || !stopped(state.stopLine))
                return false;
            if (state.stopLine + 1 >= hi)
                break;
            pLine = state.stopLine + 1;
        }
        state.cursor.seek(pLine);
        p = doc.line(pLine).data();
    }
    return true;
}

} // namespace

// The lines of a pass for every word that hold an anchor word.
int RawPrefilter::anchorLinesIn(const Hits &hits) const
{
    int anchorLines = 0;
    for (size_t h = 0, last = SIZE_MAX; h < hits.size(); ++h)
        if (m_wordAnchors[size_t(hits[h].second)] && size_t(hits[h].first) != last) {
            last = size_t(hits[h].first);
            ++anchorLines;
        }
    return anchorLines;
}

// The second pass, anchored: all the words of the clauses, on the lines within kWrapLines - 1
// of an anchor. A clause is complete on a line, or within a wrap's kWrapLines lines, only
// where its anchor is, so the lines found are those a pass for every word finds.
bool RawPrefilter::scanNearAnchors(
    const LogDocument &doc, int from, int to, std::vector<int> &anchors, Hits &hits) const
{
    // (The thread's scratch, grown for this database before the first pass.)
    hs_scratch_t *scratch = scratchFor(m_database->db, m_database->serial);
    if (!scratch)
        return false;
    if (!std::is_sorted(anchors.begin(), anchors.end())) {
        std::sort(anchors.begin(), anchors.end());
        anchors.erase(std::unique(anchors.begin(), anchors.end()), anchors.end());
    }
    struct SecondState : ScanState
    {
        const std::vector<uint8_t> *kinds;
        std::vector<std::pair<int, int>> *hits;
    };
    SecondState words;
    words.kinds = &m_wordKinds;
    words.hits = &hits;
    auto onWord = [](unsigned id, unsigned long long, unsigned long long end, unsigned,
                     void *context) -> int {
        auto &st = *static_cast<SecondState *>(context);
        const int line = st.cursor.lineOf(st.base + end - 1);
        if (id >= st.kinds->size()) {
            st.stopLine = line; // as in the first pass, the rest of the line is not read
            return 1;
        }
        if ((*st.kinds)[id] & kSingle)
            st.hits->emplace_back(line, int(id));
        return 0;
    };
    for (size_t k = 0; k < anchors.size();) {
        const int lo = std::max(from, anchors[k] - (kWrapLines - 1));
        int hi = std::min(to, anchors[k] + kWrapLines);
        for (++k; k < anchors.size() && anchors[k] - (kWrapLines - 1) <= hi; ++k)
            hi = std::min(to, anchors[k] + kWrapLines);
        // (The byte before: a line that a docker record's mark begins with.)
        if (!scanLines(m_database->db, scratch, doc, lo, hi, lo > from, onWord, words,
                       [](int) { return true; }))
            return false;
    }
    return true;
}

// A line is a candidate when all the words of one clause are in it (`counts`: clause → its words
// on the line, left at zero). `lineWords` gets each line's distinct words.
void RawPrefilter::markCompleteClauses(Hits &hits,
                                       int from,
                                       std::vector<char> &starts,
                                       std::vector<int> &counts,
                                       std::vector<LineWords> &lineWords) const
{
    // Matches come in the order of their ends, so in line order; a line's words are made distinct.
    if (!std::is_sorted(hits.begin(), hits.end(),
                        [](const auto &a, const auto &b) { return a.first < b.first; }))
        std::sort(hits.begin(), hits.end());
    counts.resize(m_clauseSizes.size());
    lineWords.clear();
    for (size_t next = 0; next < hits.size();) {
        const int line = hits[next].first;
        const auto begin = hits.begin() + std::ptrdiff_t(next);
        while (next < hits.size() && hits[next].first == line)
            ++next;
        auto end = hits.begin() + std::ptrdiff_t(next);
        if (end - begin > 1) {
            std::sort(begin, end);
            end = std::unique(begin, end);
        }
        lineWords.push_back({line, size_t(begin - hits.begin()), size_t(end - hits.begin())});
        bool complete = false, wrappable = false;
        for (auto h = begin; h != end; ++h)
            for (int c : m_wordClauses[size_t(h->second)])
                if (++counts[size_t(c)] == m_clauseSizes[size_t(c)]) {
                    complete = true;
                    wrappable = wrappable || m_clauseWrappable[size_t(c)];
                }
        for (auto h = begin; h != end; ++h)
            for (int c : m_wordClauses[size_t(h->second)])
                counts[size_t(c)] = 0;
        if (complete)
            starts[size_t(line - from)] |= kMayBegin;
        // (The matcher also looks for the start of a wrapped message up to kWrapBack lines before.)
        if (wrappable)
            starts[size_t(line - from)] |= kMayBeginWrapped;
    }
}

// A wrappable clause whose words are all within kWrapLines lines may match across a wrap.
void RawPrefilter::markWrappedClauses(const Hits &hits,
                                      const std::vector<LineWords> &lineWords,
                                      int from,
                                      std::vector<char> &starts,
                                      std::vector<int> &counts) const
{
    // A message wrapped at a blank keeps its words whole, on the next lines: a clause whose
    // words are all within kWrapLines lines may match across the wrap.
    // The window of lines with words from line r on slides: a line's words are counted in as
    // it enters and out as it leaves, each clause knowing how many of its words the window holds.
    thread_local std::vector<int> inWindow; // word → lines of the window holding it
    inWindow.assign(m_wordClauses.size(), 0);
    int completeWrappable = 0; // wrappable clauses whose words are all in the window
    auto count = [&](size_t k, int delta) {
        for (size_t h = lineWords[k].begin; h < lineWords[k].end; ++h) {
            int &n = inWindow[size_t(hits[h].second)];
            n += delta;
            if (n != (delta > 0 ? 1 : 0))
                continue; // the word was (or still is) there
            for (int c : m_wordClauses[size_t(hits[h].second)]) {
                const bool was = counts[size_t(c)] == m_clauseSizes[size_t(c)];
                counts[size_t(c)] += delta;
                if (m_clauseWrappable[size_t(c)]
                    && was != (counts[size_t(c)] == m_clauseSizes[size_t(c)]))
                    completeWrappable += was ? -1 : 1;
            }
        }
    };
    size_t entered = 0; // lineWords[r, entered) are in the window
    for (size_t r = 0; r < lineWords.size(); ++r) {
        if (r > 0)
            count(r - 1, -1);
        if (entered <= r)
            count(entered++, 1);
        while (entered < lineWords.size()
               && lineWords[entered].line < lineWords[r].line + kWrapLines)
            count(entered++, 1);
        if (entered - 1 > r && completeWrappable > 0)
            starts[size_t(lineWords[r].line - from)] |= kMayBeginWrapped;
    }
    if (!lineWords.empty())
        count(lineWords.size() - 1, -1); // the counts are left at zero for the next run
}

namespace {

// The earliest line of [from, at] whose window of `span` lines reaches line `at`: a window holds
// `span` lines with text, up to 4 * span lines (see the matcher's windowEnd). A window pattern's
// match begins at most that far before its word, or, its text wrapped further (see
// kMayBeginWrapped), kWrapLines - 1 lines more (window patterns are few, and their one word may
// come late).
int windowStart(const LogDocument &doc, int from, int at, int span, std::string &scratch)
{
    int first = at;
    for (int k = at - 1, texts = 1; k >= std::max(from, at - 4 * span + 1) && texts < span; --k) {
        first = k;
        Normalizer::normalize(doc.line(k), scratch);
        texts += !scratch.empty();
    }
    return first;
}

} // namespace

bool RawPrefilter::startLines(
    const LogDocument &doc, int from, int to, std::vector<char> &starts, Scan scan) const
{
    starts.assign(size_t(std::max(0, to - from)), 0);
    if (from >= to)
        return true;
    // Auto: anchored after a run of lines where anchors were rare (on text dense with them, the
    // second pass would read most lines again). Known across threads: an analysis starts its
    // workers again for each batch, and a new thread's first chunk read every word.
    const Database *anchorDb
        = scan == Scan::Anchored || (scan == Scan::Auto && m_sparse.load(std::memory_order_relaxed))
              ? anchors()
              : nullptr;
    const bool anchored = anchorDb != nullptr;
    const Database &first = anchored ? *anchorDb : *m_database;
    // (Growing the thread's scratch for the second database may move it.)
    if (anchored && !scratchFor(m_database->db, m_database->serial))
        return false;
    hs_scratch_t *scratch = scratchFor(first.db, first.serial);
    if (!scratch)
        return false;

    std::string blankScratch;
    auto mark = [&starts, from, &doc, &blankScratch](int at, uint8_t kind, int span) {
        const int first = kind & kSpanning ? windowStart(doc, from, at, span, blankScratch) : at;
        for (int i = first; i <= at; ++i)
            starts[size_t(i - from)] |= kind & kSpanning ? kMayBegin | kSpanningNear : kMayBegin;
        if (kind & kSpanning)
            for (int i = std::max(from, first - kWrapLines + 1); i <= at; ++i)
                starts[size_t(i - from)] |= kMayBeginWrapped;
    };
    thread_local std::vector<std::pair<int, int>> hits; // line, word of a clause
    thread_local std::vector<int> anchors;              // lines with an anchor word
    hits.clear();
    anchors.clear();

    // The first pass, over every line: the words of window patterns, what makes a line taken
    // whole, and (anchored) one word of each clause of a one-line pattern, the anchor; or
    // (every word) all the words of the clauses.
    struct FirstState : ScanState
    {
        const std::vector<uint8_t> *kinds, *spans;
        std::vector<int> *anchors;
        std::vector<std::pair<int, int>> *hits;
        const decltype(mark) *marker;
    };
    FirstState state;
    state.kinds = anchored ? &m_anchorKinds : &m_wordKinds;
    state.spans = anchored ? &m_anchorSpans : &m_wordSpans;
    state.anchors = anchored ? &anchors : nullptr;
    state.hits = &hits;
    state.marker = &mark;
    auto onFirst = [](unsigned id, unsigned long long, unsigned long long end, unsigned,
                      void *context) -> int {
        auto &st = *static_cast<FirstState *>(context);
        const int line = st.cursor.lineOf(st.base + end - 1);
        if (id < st.kinds->size()) {
            const uint8_t kinds = (*st.kinds)[id];
            if (kinds & kSpanning)
                (*st.marker)(line, kSpanning, (*st.spans)[id]);
            if (!(kinds & kSingle))
                return 0;
            if (!st.anchors)
                st.hits->emplace_back(line, int(id));
            else if (st.anchors->empty() || st.anchors->back() != line)
                st.anchors->push_back(line);
            return 0;
        }
        // The whole line is taken: go on from the next one.
        st.stopLine = line;
        return 1;
    };
    std::string scratchLine;
    auto takenWhole = [&](int line) {
        // Whether the line is a CRI partial one shows only once it is normalized: its escapes
        // may hide or make the mark (the scan stopped at the first trigger of the line).
        bool partial = false;
        Normalizer::normalize(doc.line(line), scratchLine, nullptr, &partial);
        if (partial)
            return false;
        mark(line, m_spanning ? kSpanning : kSingle, m_maxSpan);
        starts[size_t(line - from)] |= kMayBeginWrapped; // its words were not counted
        return true;
    };
    if (!scanLines(first.db, scratch, doc, from, to, false, onFirst, state, takenWhole))
        return false;
    const int anchorLines = anchored ? int(anchors.size()) : anchorLinesIn(hits);
    if (to - from >= 256)
        m_sparse.store(anchorLines * kSparse < to - from, std::memory_order_relaxed);

    if (anchored && !anchors.empty() && !scanNearAnchors(doc, from, to, anchors, hits))
        return false;

    thread_local std::vector<int> counts;
    thread_local std::vector<LineWords> lineWords;
    markCompleteClauses(hits, from, starts, counts, lineWords);
    markWrappedClauses(hits, lineWords, from, starts, counts);
    return true;
}

bool FastPrefilter::builtWithVectorscan()
{
    return true;
}

#else

struct FastPrefilter::Database
{
};

FastPrefilter::FastPrefilter(const std::vector<std::string> &, Cache) {}
FastPrefilter::~FastPrefilter() = default;
bool FastPrefilter::scan(std::string_view, std::vector<int> &) const
{
    return false;
}
bool FastPrefilter::builtWithVectorscan()
{
    return false;
}

struct RawPrefilter::Database
{
};
RawPrefilter::RawPrefilter(const std::vector<Pattern> &, int) {}
RawPrefilter::RawPrefilter(const QByteArray &, const std::function<std::vector<Pattern>()> &, int)
{}
RawPrefilter::~RawPrefilter() = default;
bool RawPrefilter::startLines(const LogDocument &, int, int, std::vector<char> &, Scan) const
{
    return false;
}

#endif

} // namespace gputriage
