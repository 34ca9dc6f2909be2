#include "rules/messagecatalog.h"

#include "diskcache.h"
#include "rules/version.h"
#include "text/words.h"
#include "timings.h"

#include <QDataStream>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

namespace gputriage {

namespace {

constexpr qint64 kMaxCatalogBytes = qint64(64) << 20;
const QByteArray kCacheKind = "message-catalog", kCacheBuilder = "message-catalog 3";

#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(CatalogMessage) == 256, "a new field: serialize it in serializeCatalog()");
static_assert(sizeof(MessageComponent) == 168, "a new field: serialize it in serializeCatalog()");
#endif

// The messages' texts repeat (file, subsystem, level, source): each distinct one is written
// once, and read back as one shared QString.
QByteArray serializeCatalog(const MessageComponent &c,
                            const std::vector<CatalogMessage> &messages,
                            const std::vector<std::string> &words)
{
    QStringList table;
    QHash<QString, qint32> ids;
    auto id = [&](const QString &text) {
        auto it = ids.constFind(text);
        if (it == ids.constEnd()) {
            it = ids.insert(text, qint32(table.size()));
            table.append(text);
        }
        return it.value();
    };
    QByteArray body;
    QDataStream b(&body, QIODevice::WriteOnly);
    b.setByteOrder(QDataStream::LittleEndian);
    for (const CatalogMessage &m : messages)
        b << id(QString::fromStdString(m.format)) << id(m.function) << qint32(m.level)
          << id(m.sourceLevel) << id(m.subsystem) << id(m.file) << id(m.first) << id(m.last)
          << id(m.meaning) << id(m.source) << m.generic << m.continuation
          << qint32(m.literalLetters) << qint32(m.literalChars)
          << id(QString::fromStdString(words[size_t(&m - messages.data())]));
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s.setVersion(QDataStream::Qt_6_0);
    s.setByteOrder(QDataStream::LittleEndian);
    s << c.id << c.title << c.lineFormat << c.generator << c.source << c.versions << c.file << table
      << qint32(messages.size());
    return bytes + body;
}

struct CachedCatalog
{
    MessageComponent component;
    std::vector<CatalogMessage> messages;
    std::vector<std::string> words; // what each message is filed under
};

std::optional<CachedCatalog> deserializeCatalog(const QByteArray &bytes)
{
    QDataStream s(bytes);
    s.setVersion(QDataStream::Qt_6_0);
    s.setByteOrder(QDataStream::LittleEndian);
    MessageComponent c;
    QStringList table;
    qint32 n = -1;
    s >> c.id >> c.title >> c.lineFormat >> c.generator >> c.source >> c.versions >> c.file >> table
        >> n;
    if (s.status() != QDataStream::Ok || n < 0 || n > bytes.size())
        return std::nullopt;
    // The messages are read from the bytes themselves, in QDataStream's layout (qint32 little
    // endian, a bool as one byte): a stream read per field was most of loading a catalog.
    bool ok = true;
    qint64 at = s.device()->pos();
    const char *const data = bytes.constData();
    auto int32 = [&]() -> qint32 {
        if (!ok || bytes.size() - at < 4) {
            ok = false;
            return -1;
        }
        quint32 v = 0;
        std::memcpy(&v, data + at, 4);
        at += 4;
        return qint32(qFromLittleEndian(v));
    };
    auto boolean = [&]() {
        if (!ok || bytes.size() - at < 1) {
            ok = false;
            return false;
        }
        return data[at++] != 0;
    };
    auto text = [&]() -> const QString & {
        static const QString none;
        const qint32 i = int32();
        if (i < 0 || i >= table.size()) {
            ok = false;
            return none;
        }
        return table[i];
    };
    std::vector<CatalogMessage> messages(static_cast<size_t>(n));
    std::vector<std::string> words(messages.size());
    for (CatalogMessage &m : messages) {
        m.format = text().toStdString();
        m.function = text();
        const qint32 level = int32();
        m.sourceLevel = text();
        m.subsystem = text();
        m.file = text();
        m.first = text();
        m.last = text();
        m.meaning = text();
        m.source = text();
        m.generic = boolean();
        m.continuation = boolean();
        const qint32 letters = int32();
        const qint32 chars = int32();
        words[size_t(&m - messages.data())] = text().toStdString();
        // (A damaged file's level outside the enum is no level.)
        m.level = level >= 0 && level <= int(PrintLevel::Unknown) ? PrintLevel(level)
                                                                  : PrintLevel::Unknown;
        m.literalLetters = letters;
        m.literalChars = chars;
        if (!ok)
            return std::nullopt;
    }
    if (!ok || at != bytes.size())
        return std::nullopt;
    return CachedCatalog{std::move(c), std::move(messages), std::move(words)};
}
constexpr int kMinLetters = 8; // fewer literal letters: the format says too little
constexpr int kMinLettersAfterText = 16;
constexpr int kMinWordLength = 3; // shorter words are not used as lookup keys
constexpr size_t kMaxTries = 400; // formats tried for one line, at most

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Whether a format's text ends with the "0x" it prints before a pointer ("… 0x%p").
bool endsWithHexPrefix(std::string_view text)
{
    return text.size() >= 2 && text[text.size() - 2] == '0'
           && (text.back() == 'x' || text.back() == 'X');
}

// As a normalized line reads: blanks collapsed to one, none at either end.
std::string collapseBlanks(std::string_view text)
{
    std::string out;
    for (char c : text) {
        if (!isSpace(c))
            out += c;
        else if (!out.empty() && out.back() != ' ')
            out += ' ';
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

// A format as literal runs and conversions, in order.
struct Piece
{
    bool conversion = false;
    std::string text; // literal text, or the conversion letter
};

std::vector<Piece> parseFormat(std::string_view f)
{
    std::vector<Piece> pieces;
    auto literal = [&](char c) {
        if (pieces.empty() || pieces.back().conversion)
            pieces.push_back({false, {}});
        pieces.back().text += c;
    };
    for (size_t i = 0; i < f.size(); ++i) {
        if (f[i] != '%') {
            literal(f[i]);
            continue;
        }
        size_t j = i + 1;
        if (j < f.size() && f[j] == '%') {
            literal('%');
            i = j;
            continue;
        }
        while (j < f.size() && std::string_view("-+ #0'").find(f[j]) != std::string_view::npos)
            ++j;
        while (j < f.size() && (std::isdigit(static_cast<unsigned char>(f[j])) || f[j] == '*'))
            ++j;
        if (j < f.size() && f[j] == '.') {
            ++j;
            while (j < f.size() && (std::isdigit(static_cast<unsigned char>(f[j])) || f[j] == '*'))
                ++j;
        }
        while (j < f.size() && std::string_view("hlLqjzt").find(f[j]) != std::string_view::npos)
            ++j;
        if (j >= f.size()) {
            literal('%');
            continue;
        }
        const char c = f[j];
        if (!std::isalpha(static_cast<unsigned char>(c))) {
            literal('%');
            continue;
        }
        pieces.push_back({true, std::string(1, c)});
        i = j;
    }
    return pieces;
}

std::string conversionPattern(char c, bool last)
{
    switch (c) {
    case 'd':
    case 'i':
    case 'u': return "\\s*([-+]?\\d+)";
    case 'x':
    case 'X': return "((?:0[xX])?[0-9a-fA-F]+)";
    case 'o': return "([0-7]+)";
    case 'c': return "(.)";
    case 'p': return "(\\S+)";
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A': return "\\s*([-+]?(?:[0-9.]+(?:[eE][-+]?\\d+)?|nan|inf))";
    default:
        // A value is not empty: "directory %s: %s" is not the message "directory: %s".
        return last ? "(.+)" : "(.+?)";
    }
}

// The literal words of a format that can key a lookup: whole words of the printed text (a
// run that touches a conversion may be part of a longer word on the line).
std::vector<std::string> keyWords(const std::vector<Piece> &pieces)
{
    std::vector<std::string> words;
    for (size_t p = 0; p < pieces.size(); ++p) {
        if (pieces[p].conversion)
            continue;
        const std::string &t = pieces[p].text;
        const bool convBefore = p > 0, convAfter = p + 1 < pieces.size();
        size_t i = 0;
        while (i < t.size()) {
            if (!isWordChar(t[i])) {
                ++i;
                continue;
            }
            size_t j = i;
            bool letter = false;
            while (j < t.size() && isWordChar(t[j])) {
                letter = letter || std::isalpha(static_cast<unsigned char>(t[j]));
                ++j;
            }
            const bool cut = (i == 0 && convBefore) || (j == t.size() && convAfter);
            if (!cut && letter && j - i >= size_t(kMinWordLength))
                words.push_back(t.substr(i, j - i));
            i = j;
        }
    }
    return words;
}

int literalChars(const std::vector<Piece> &pieces)
{
    int n = 0;
    for (const Piece &p : pieces)
        if (!p.conversion)
            n += int(
                std::count_if(p.text.begin(), p.text.end(), [](char c) { return !isSpace(c); }));
    return n;
}

int literalLetters(const std::vector<Piece> &pieces)
{
    int n = 0;
    for (const Piece &p : pieces)
        if (!p.conversion)
            n += int(std::count_if(p.text.begin(), p.text.end(), [](char c) {
                return std::isalpha(static_cast<unsigned char>(c));
            }));
    return n;
}

} // namespace

PrintLevel printLevelFromName(QStringView name)
{
    static const std::pair<const char *, PrintLevel> kNames[] = {
        {"debug", PrintLevel::Debug},   {"info", PrintLevel::Info},
        {"notice", PrintLevel::Notice}, {"warning", PrintLevel::Warning},
        {"error", PrintLevel::Error},   {"fatal", PrintLevel::Fatal},
    };
    for (const auto &[n, level] : kNames)
        if (name.compare(QLatin1String(n), Qt::CaseInsensitive) == 0)
            return level;
    return PrintLevel::Unknown;
}

QString printLevelName(PrintLevel level)
{
    switch (level) {
    case PrintLevel::Debug: return QStringLiteral("debug");
    case PrintLevel::Info: return QStringLiteral("info");
    case PrintLevel::Notice: return QStringLiteral("notice");
    case PrintLevel::Warning: return QStringLiteral("warning");
    case PrintLevel::Error: return QStringLiteral("error");
    case PrintLevel::Fatal: return QStringLiteral("fatal");
    case PrintLevel::Unknown: break;
    }
    return QStringLiteral("unknown");
}

struct MessageCatalog::Compiled
{
    // The format's literal text between blanks and conversions, in order: the pattern quotes
    // each run, so a line without them, in this order, cannot match, and most formats tried
    // for a line are set aside by a few `find`s without compiling their pattern.
    std::vector<std::string> literals;
    // A format of one or two words and nothing else ("Initializing", "packages", "not found")
    // says so little that only a line whose whole message it is can be it, not a longer line
    // holding the words ("Initializing NVML", "…/site-packages/torch/…", "X driver not found").
    bool wholeMessage = false;
    bool compiled = false;
    std::unique_ptr<RE2> re; // null when the pattern does not compile
    std::vector<char> conversions;
};

namespace {

std::vector<std::string> literalRuns(std::string_view format)
{
    std::vector<std::string> runs;
    const std::vector<Piece> pieces = parseFormat(format);
    for (const Piece &p : pieces) {
        if (p.conversion)
            continue;
        const std::string &t = p.text;
        for (size_t i = 0; i < t.size();) {
            if (isSpace(t[i])) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j < t.size() && !isSpace(t[j]))
                ++j;
            runs.push_back(t.substr(i, j - i));
            i = j;
        }
    }
    // The "0x" of a pointer printed last may be left off with it (formatToPattern).
    size_t end = pieces.size();
    while (end > 0 && !pieces[end - 1].conversion
           && std::all_of(pieces[end - 1].text.begin(), pieces[end - 1].text.end(), isSpace))
        --end;
    if (end > 0 && pieces[end - 1].conversion && pieces[end - 1].text[0] == 'p' && !runs.empty()) {
        std::string &last = runs.back();
        if (endsWithHexPrefix(last)) {
            last.resize(last.size() - 2);
            if (last.empty())
                runs.pop_back();
        }
    }
    return runs;
}

// Whether `text` holds every run, each after the one before (the leftmost place of each is as
// early as any match could have it, so a match implies this).
bool holdsInOrder(std::string_view text, const std::vector<std::string> &runs)
{
    size_t at = 0;
    for (const std::string &run : runs) {
        at = text.find(run, at);
        if (at == std::string_view::npos)
            return false;
        at += run.size();
    }
    return true;
}

} // namespace

MessageCatalog::MessageCatalog(QStringList files)
    : m_files(std::move(files))
{}

MessageCatalog::~MessageCatalog()
{
    m_stopReadAhead = true;
    if (m_readAhead.joinable())
        m_readAhead.join();
}

void MessageCatalog::readAhead(Wanted wanted) const
{
    std::lock_guard lock(m_mutex);
    if (m_readAhead.joinable() || !wanted)
        return;
    m_readAhead = std::thread([this, wanted = std::move(wanted)] {
        for (qsizetype i = 0; !m_stopReadAhead && i < m_files.size(); ++i) {
            const QString name = QFileInfo(m_files[i]).completeBaseName();
            if (!wanted(name))
                continue;
            std::lock_guard fileLock(m_mutex);
            load([&name](const QString &component) { return component == name; });
        }
    });
}

std::string MessageCatalog::formatToPattern(std::string_view format, std::vector<char> *conversions)
{
    std::vector<Piece> pieces = parseFormat(format);
    // The line's own end (a newline the format prints) and leading blanks are not text.
    while (!pieces.empty() && !pieces.back().conversion) {
        std::string &t = pieces.back().text;
        while (!t.empty() && isSpace(t.back()))
            t.pop_back();
        if (!t.empty())
            break;
        pieces.pop_back();
    }
    // A pointer the format prints last ("Failed to map NvKmsKapiMemory 0x%p" of nvidia-drm) means
    // nothing to a reader, and one who retyped the line into a report often left it off with its
    // "0x": after twelve letters of the format's own words it is optional (real-dev
    // graphics/omarchy-10433-*). A format of little text ("%p", "%d %p") keeps its value.
    bool optionalPointer = false;
    if (pieces.size() >= 2 && pieces.back().conversion && pieces.back().text[0] == 'p'
        && !pieces[pieces.size() - 2].conversion) {
        int letters = 0;
        for (const Piece &piece : pieces)
            if (!piece.conversion)
                for (char ch : piece.text)
                    letters += std::isalpha(static_cast<unsigned char>(ch)) ? 1 : 0;
        std::string &t = pieces[pieces.size() - 2].text;
        const bool hex = endsWithHexPrefix(t);
        if (letters - (hex ? 1 : 0) >= 12) {
            optionalPointer = true;
            pieces.pop_back();
            if (hex)
                t.resize(t.size() - 2);
            while (!t.empty() && isSpace(t.back()))
                t.pop_back();
            if (t.empty())
                pieces.pop_back();
        }
    }
    std::string out;
    for (size_t p = 0; p < pieces.size(); ++p) {
        const Piece &piece = pieces[p];
        if (piece.conversion) {
            if (conversions)
                conversions->push_back(piece.text[0]);
            out += conversionPattern(piece.text[0], p + 1 == pieces.size());
            continue;
        }
        const std::string &t = piece.text;
        for (size_t i = 0; i < t.size();) {
            if (isSpace(t[i])) {
                size_t j = i;
                while (j < t.size() && isSpace(t[j]))
                    ++j;
                // Next to a conversion the value may be empty or padded: any blanks, or none.
                const bool after = i == 0 && p > 0, before = j == t.size() && p + 1 < pieces.size();
                const bool loose = after || before || (i == 0 && p == 0);
                // A word the format prints between blanks stays a word when a blank next to a
                // value may be missing: "executing %s at %s" is not "executing command: exit
                // status 126" (the "at" of "status").
                const bool wordBefore = before && i > 0 && isWordChar(t[i - 1]);
                const bool wordAfter = after && j < t.size() && isWordChar(t[j]);
                out += wordBefore ? "\\b" : "";
                out += loose ? "\\s*" : "\\s+";
                out += wordAfter ? "\\b" : "";
                i = j;
                continue;
            }
            size_t j = i;
            while (j < t.size() && !isSpace(t[j]))
                ++j;
            out += RE2::QuoteMeta(t.substr(i, j - i));
            i = j;
        }
    }
    if (optionalPointer) {
        if (conversions)
            conversions->push_back('p');
        if (!out.empty() && isWordChar(out.back()))
            out += "\\b";
        out += "(?:\\s*(?:0[xX])?(\\S+))?";
    }
    return out;
}

std::string MessageCatalog::sampleLine(std::string_view format)
{
    std::string out;
    for (const Piece &p : parseFormat(format)) {
        if (!p.conversion) {
            out += p.text;
            continue;
        }
        switch (p.text[0]) {
        case 'd':
        case 'i':
        case 'u': out += "42"; break;
        case 'x':
        case 'X': out += "1f"; break;
        case 'o': out += "17"; break;
        case 'c': out += "c"; break;
        case 'p': out += "0xffff8881deadbeef"; break;
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': out += "1.5"; break;
        default: out += "sample"; break;
        }
    }
    return collapseBlanks(out);
}

std::string MessageCatalog::shape(std::string_view format)
{
    std::string out;
    for (const Piece &p : parseFormat(format))
        out += p.conversion ? std::string("\xe2\x80\xa6") : p.text;
    std::string collapsed = collapseBlanks(out);
    if (collapsed.size() > 120) {
        size_t cut = 117;
        while (cut > 0 && (static_cast<unsigned char>(collapsed[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 sequence
        collapsed = collapsed.substr(0, cut) + "\xe2\x80\xa6";
    }
    return collapsed;
}

std::vector<std::string> MessageCatalog::literalsBefore(std::string_view format)
{
    std::vector<std::string> out;
    std::string literal;
    for (const Piece &p : parseFormat(format)) {
        if (p.conversion) {
            out.push_back(literal);
            literal.clear();
        } else {
            literal = p.text;
        }
    }
    return out;
}

const std::deque<MessageComponent> &MessageCatalog::components() const
{
    std::lock_guard lock(m_mutex);
    load({});
    return m_components;
}

const std::deque<CatalogMessage> &MessageCatalog::messages() const
{
    std::lock_guard lock(m_mutex);
    load({});
    return m_messages;
}

QStringList MessageCatalog::problems() const
{
    std::lock_guard lock(m_mutex);
    load({});
    return m_problems;
}

void MessageCatalog::load(const Wanted &wanted) const
{
    m_loaded.resize(size_t(m_files.size()));
    if (m_baseNames.size() != m_files.size()) {
        m_baseNames.clear();
        for (const QString &file : m_files)
            m_baseNames << QFileInfo(file).completeBaseName();
    }
    for (qsizetype i = 0; i < m_files.size(); ++i) {
        if (m_loaded[size_t(i)] || (wanted && !wanted(m_baseNames[i])))
            continue;
        m_loaded[size_t(i)] = true;
        const PhaseTimer timer("load message catalogs");
        m_loadingFile = size_t(i);
        loadFile(m_files[i]);
    }
}

void MessageCatalog::loadFile(const QString &path) const
{
    QFile file(path);
    const QString name = QFileInfo(path).fileName();
    if (file.size() > kMaxCatalogBytes) {
        m_problems << QStringLiteral("%1: larger than %2 MiB, not read")
                          .arg(path)
                          .arg(kMaxCatalogBytes >> 20);
        return;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        m_problems << QStringLiteral("%1: %2").arg(path, file.errorString());
        return;
    }
    const QByteArray json = file.readAll();
    // A catalog that read cleanly is kept in the DiskCache, by its name and content (not its
    // folder: the shipped cache is made in the build tree).
    const QByteArray inputs = QFileInfo(path).fileName().toUtf8() + '\0' + DiskCache::digest(json);
    const size_t from = m_messages.size();
    if (const auto payload = DiskCache::load(kCacheKind, inputs, kCacheBuilder)) {
        if (auto parsed = deserializeCatalog(*payload)) {
            add(parsed->component, std::move(parsed->messages));
            index(from, parsed->words);
            return;
        }
        DiskCache::reject(kCacheKind, inputs, QStringLiteral("not a message catalog"));
    }
    const qsizetype problems = m_problems.size();
    MessageComponent parsed;
    const bool read = loadJson(path, json, parsed) >= 0;
    const std::vector<std::string> words = indexWords(from);
    index(from, words);
    if (read && m_problems.size() == problems) {
        const std::vector<CatalogMessage> messages(m_messages.begin() + qsizetype(from),
                                                   m_messages.end());
        DiskCache::store(kCacheKind, inputs, kCacheBuilder,
                         serializeCatalog(parsed, messages, words));
    }
}

// The component's index, or -1 when the file is no catalog.
int MessageCatalog::loadJson(const QString &path, const QByteArray &json, MessageComponent &c) const
{
    const QString name = QFileInfo(path).fileName();
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        m_problems << QStringLiteral("%1: not JSON (%2 at byte %3)")
                          .arg(path, error.errorString())
                          .arg(error.offset);
        return -1;
    }
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("schema")).toString() != QLatin1String("gputriage/messages/v1")) {
        m_problems
            << QStringLiteral("%1: not a message catalog (schema gputriage/messages/v1)").arg(path);
        return -1;
    }
    c.id = root.value(QLatin1String("component")).toString();
    if (c.id.isEmpty())
        c.id = QFileInfo(path).completeBaseName();
    c.title = root.value(QLatin1String("title")).toString(c.id);
    c.lineFormat = root.value(QLatin1String("line_format")).toString();
    c.generator = root.value(QLatin1String("generator")).toString();
    const QJsonObject source = root.value(QLatin1String("source")).toObject();
    c.source = source.value(QLatin1String("repo"))
                   .toString(source.value(QLatin1String("url")).toString());
    for (const auto &v : source.value(QLatin1String("versions")).toArray())
        c.versions << v.toString();
    c.file = name;
    const int component = componentIndex(c);
    const QJsonArray messages = root.value(QLatin1String("messages")).toArray();
    for (const auto &v : messages) {
        const QJsonObject o = v.toObject();
        CatalogMessage m;
        m.component = component;
        m.format = o.value(QLatin1String("format")).toString().toStdString();
        if (m.format.empty())
            continue;
        m.function = o.value(QLatin1String("function")).toString();
        m.level = printLevelFromName(o.value(QLatin1String("level")).toString());
        m.sourceLevel = o.value(QLatin1String("source_level")).toString();
        m.subsystem = o.value(QLatin1String("subsystem")).toString(QStringLiteral("other"));
        m.file = o.value(QLatin1String("file")).toString();
        m.first = o.value(QLatin1String("first")).toString();
        m.last = o.value(QLatin1String("last")).toString();
        m.meaning = o.value(QLatin1String("meaning")).toString();
        m.source = o.value(QLatin1String("source")).toString();
        m.continuation
            = !o.value(QLatin1String("part")).toString(QStringLiteral("1/1")).startsWith(u"1/");
        const std::vector<Piece> pieces = parseFormat(m.format);
        m.literalLetters = literalLetters(pieces);
        m.literalChars = literalChars(pieces);
        // "%s not found" fits the end of any line: a format that starts with free text needs
        // more words of its own to recognise a line by.
        const bool startsFree
            = !pieces.empty() && pieces.front().conversion && pieces.front().text == "s";
        m.generic = o.value(QLatin1String("generic")).toBool() || m.literalLetters < kMinLetters
                    || (startsFree && m.literalLetters < kMinLettersAfterText);
        m_messages.push_back(std::move(m));
    }
    return component;
}

int MessageCatalog::componentIndex(const MessageComponent &c) const
{
    // A user catalog of the same component adds to the shipped one.
    for (size_t i = 0; i < m_components.size(); ++i)
        if (m_components[i].id == c.id)
            return int(i);
    m_components.push_back(c);
    return int(m_components.size() - 1);
}

void MessageCatalog::add(const MessageComponent &c, std::vector<CatalogMessage> messages) const
{
    const int component = componentIndex(c);
    for (CatalogMessage &m : messages) {
        m.component = component;
        m_messages.push_back(std::move(m));
    }
}

// RM's HAL gives a function one implementation per chip (kgspBootstrap_TU102, _GH100, _GB202);
// a log prints the running chip's: the lookup keys on the name without the chip.
// (What ^(\w+?)_(?:[A-Z]{2}\d{2}[0-9A-Z][A-Z]?|T\d{3}D?)$ keeps: the suffix holds no '_', so
// it follows the last one; by hand, as every message of a catalog read is filed by it.)
static std::string functionKey(std::string_view function)
{
    const auto word = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
               || c == '_';
    };
    const auto upper = [](char c) {
        return c >= 'A' && c <= 'Z';
    };
    const auto digit = [](char c) {
        return c >= '0' && c <= '9';
    };
    const size_t cut = function.rfind('_');
    if (cut == std::string_view::npos || cut == 0
        || !std::all_of(function.begin(), function.end(), word))
        return std::string(function);
    const std::string_view s = function.substr(cut + 1);
    // [A-Z]{2}\d{2}[0-9A-Z][A-Z]?
    const bool chip = (s.size() == 5 || s.size() == 6) && upper(s[0]) && upper(s[1]) && digit(s[2])
                      && digit(s[3]) && (digit(s[4]) || upper(s[4]))
                      && (s.size() == 5 || upper(s[5]));
    // T\d{3}D?
    const bool tegra = (s.size() == 4 || s.size() == 5) && s[0] == 'T' && digit(s[1]) && digit(s[2])
                       && digit(s[3]) && (s.size() == 4 || s[4] == 'D');
    return std::string(chip || tegra ? function.substr(0, cut) : function);
}

// Files the messages [from, end) under their function and their rarest word (of their file).
std::vector<std::string> MessageCatalog::indexWords(size_t from) const
{
    std::vector<std::vector<std::string>> words(m_messages.size() - from);
    std::unordered_map<std::string, int> frequency;
    for (size_t i = from; i < m_messages.size(); ++i) {
        const CatalogMessage &m = m_messages[i];
        if (m.generic)
            continue;
        auto &w = words[i - from];
        w = keyWords(parseFormat(m.format));
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        for (const std::string &word : w)
            ++frequency[word];
    }
    // Each format is filed under its rarest word: a line looks up each of its own words.
    std::vector<std::string> out(words.size());
    for (size_t k = 0; k < words.size(); ++k) {
        const std::string *best = nullptr;
        for (const std::string &w : words[k])
            if (!best || frequency[w] < frequency[*best]
                || (frequency[w] == frequency[*best] && w.size() > best->size()))
                best = &w;
        if (best)
            out[k] = *best;
    }
    return out;
}

void MessageCatalog::index(size_t from, const std::vector<std::string> &words) const
{
    m_compiled.resize(m_messages.size());
    // A list holds its messages in the order of the catalog files, then of each file, whichever
    // was read first (the read-ahead thread reads files in its own time).
    for (size_t i = from; i < m_messages.size(); ++i)
        m_order.push_back(uint64_t(m_loadingFile) << 32 | uint64_t(i - from));
    auto file = [this](std::vector<int> &list, int i) {
        list.insert(std::upper_bound(
                        list.begin(), list.end(), i,
                        [this](int a, int b) { return m_order[size_t(a)] < m_order[size_t(b)]; }),
                    i);
    };
    for (size_t i = from; i < m_messages.size(); ++i) {
        const CatalogMessage &m = m_messages[i];
        if (m.generic)
            continue;
        if (!m.function.isEmpty())
            file(m_byFunction[functionKey(m.function.toStdString())], int(i));
        if (const std::string &w = words[i - from]; !w.empty())
            file(m_byWord[w], int(i));
    }
}

std::vector<char> MessageCatalog::wantedComponents(const Wanted &wanted) const
{
    std::vector<char> out(m_components.size(), 1);
    if (wanted)
        for (size_t c = 0; c < m_components.size(); ++c)
            out[c] = wanted(m_components[c].id) ? 1 : 0;
    return out;
}

namespace {

// `best` becomes message `m` (of `component`, at `index`), matched in `line` with groups `sub`
// (sub[0]: the whole match).
void recognised(const CatalogMessage &m,
                const MessageComponent &component,
                int index,
                std::string_view line,
                const std::vector<re2::StringPiece> &sub,
                const std::vector<char> &conversions,
                Recognition &best)
{
    best.message = &m;
    best.component = &component;
    best.index = index;
    best.values.clear();
    for (size_t g = 1; g < sub.size(); ++g)
        best.values.emplace_back(sub[g].data() ? std::string(sub[g]) : std::string());
    best.conversions = conversions;
    best.start = size_t(sub[0].data() - line.data());
}

// The match is the line's whole message: after the line's prefix (its start, a blank, a quote,
// the ':', ']' or '>' that ends a tag, or slog's "msg=") and up to its end (blanks, a full stop
// or a quote aside) or to the key=value pairs a structured logger prints after the message.
bool standsAlone(std::string_view text, re2::StringPiece match)
{
    const size_t start = size_t(match.data() - text.data());
    const char before = start ? text[start - 1] : ' ';
    if (!isSpace(before) && !std::strchr(":]>\"=", before))
        return false;
    size_t k = start + match.size();
    bool blank = false;
    for (; k < text.size() && (isSpace(text[k]) || text[k] == '.' || text[k] == '"'); ++k)
        blank = blank || isSpace(text[k]);
    if (k == text.size())
        return true;
    size_t key = k;
    while (key < text.size() && (isWordChar(text[key]) || text[key] == '.'))
        ++key;
    return blank && key > k && key < text.size() && text[key] == '=';
}

} // namespace

bool MessageCatalog::tryMessage(int index,
                                std::string_view line,
                                size_t from,
                                bool anchored,
                                const Wanted &wanted,
                                Recognition &best,
                                int &bestLetters) const
{
    const std::string_view text = line.substr(from);
    const CatalogMessage &m = m_messages[size_t(index)];
    if (wanted && !wanted(m_components[size_t(m.component)].id))
        return false;
    // The most literal text wins (a function-keyed match counts its function name too); between
    // messages of the same letters, the one with more punctuation, then the lower level: when
    // one text is printed at several levels, the line cannot say which, so it is taken quietly.
    const int letters = m.literalLetters + (anchored ? int(m.function.size()) : 0);
    if (best.message) {
        const CatalogMessage &b = *best.message;
        const auto rank = [](int l, int chars, PrintLevel level) {
            return std::tuple(l, chars,
                              -int(level == PrintLevel::Unknown ? PrintLevel::Error : level));
        };
        if (rank(letters, m.literalChars, m.level) <= rank(bestLetters, b.literalChars, b.level))
            return false;
    }
    auto &slot = m_compiled[size_t(index)];
    if (!slot) {
        slot = std::make_unique<Compiled>();
        slot->literals = literalRuns(m.format);
        slot->wholeMessage = slot->literals.size() <= 2 && m.format.find('%') == std::string::npos;
    }
    Compiled *c = slot.get();
    if (!holdsInOrder(text, c->literals))
        return false;
    if (!c->compiled) {
        const PhaseTimer timer("match: catalog patterns");
        c->compiled = true;
        RE2::Options options;
        options.set_log_errors(false);
        options.set_max_mem(int64_t(1) << 20);
        auto re = std::make_unique<RE2>(formatToPattern(m.format, &c->conversions), options);
        if (re->ok())
            c->re = std::move(re);
    }
    if (!c->re)
        return false;
    const int groups = c->re->NumberOfCapturingGroups();
    std::vector<re2::StringPiece> sub(size_t(groups) + 1);
    if (!c->re->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(),
                      anchored ? RE2::ANCHOR_START : RE2::UNANCHORED, sub.data(), groups + 1))
        return false;
    if (c->wholeMessage && !standsAlone(text, sub[0]))
        return false;
    recognised(m, m_components[size_t(m.component)], index, line, sub, c->conversions, best);
    bestLetters = letters;
    return true;
}

namespace {

// The function an RM line names ("NVRM: [GPU0 ]function: message"), and where its message starts.
std::optional<std::pair<std::string, size_t>> rmFunctionOf(std::string_view line)
{
    const size_t nvrm = line.find("NVRM: ");
    if (nvrm == std::string_view::npos)
        return std::nullopt;
    static const RE2 head("(?:GPU\\d+ )?([A-Za-z_]\\w*)(?:\\(\\))?: ?");
    re2::StringPiece rest(line.data() + nvrm + 6, line.size() - nvrm - 6);
    std::string function;
    if (!RE2::Consume(&rest, head, &function))
        return std::nullopt;
    return std::pair(std::move(function), size_t(rest.data() - line.data()));
}

} // namespace

std::optional<Recognition> MessageCatalog::recogniseFunction(std::string_view line,
                                                             const Wanted &wanted) const
{
    std::lock_guard lock(m_mutex);
    load(wanted);
    const auto head = rmFunctionOf(line);
    if (!head)
        return std::nullopt;
    const std::string key = functionKey(head->first);
    const auto it = m_byFunction.find(key);
    if (it == m_byFunction.end())
        return std::nullopt;
    // The first component wanted that prints the function (other catalogs read by then, by the
    // read-ahead or for other lines, do not count: a line's reading does not depend on them).
    const std::vector<char> want = wantedComponents(wanted);
    std::vector<int> own;
    for (int i : it->second)
        if (const int c = m_messages[size_t(i)].component;
            want[size_t(c)] && (own.empty() || c == m_messages[size_t(own.front())].component))
            own.push_back(i);
    if (own.empty())
        return std::nullopt;
    const CatalogMessage &known = m_messages[size_t(own.front())];
    auto [slot, added] = m_functionMessageOf.try_emplace(
        key + '\0' + m_components[size_t(known.component)].id.toStdString(),
        int(m_functionMessages.size()));
    if (added) {
        // The function's subsystem and file are those most of its messages give; its versions
        // span theirs.
        std::map<std::pair<QString, QString>, int> places;
        for (int i : own)
            ++places[{m_messages[size_t(i)].subsystem, m_messages[size_t(i)].file}];
        const auto place = std::max_element(places.begin(), places.end(),
                                            [](auto &a, auto &b) { return a.second < b.second; });
        CatalogMessage m;
        m.component = known.component;
        m.function = QString::fromStdString(key);
        m.subsystem = place->first.first;
        m.file = place->first.second;
        m.source = known.source;
        for (int i : own) {
            const CatalogMessage &k = m_messages[size_t(i)];
            if (!k.first.isEmpty() && (m.first.isEmpty() || compareVersions(k.first, m.first) < 0))
                m.first = k.first;
            if (!k.last.isEmpty() && (m.last.isEmpty() || compareVersions(m.last, k.last) < 0))
                m.last = k.last;
        }
        m_functionMessages.push_back(std::move(m));
    }
    Recognition r;
    r.message = &m_functionMessages[size_t(slot->second)];
    r.component = &m_components[size_t(known.component)];
    r.index = -2 - slot->second;
    r.order = uint64_t(1) << 63 | uint64_t(slot->second);
    r.start = head->second;
    return r;
}

std::optional<Recognition> MessageCatalog::recognise(std::string_view line,
                                                     const Wanted &wanted) const
{
    std::lock_guard lock(m_mutex);
    load(wanted);
    const PhaseTimer timer("match: catalog lookups");
    if (m_messages.empty())
        return std::nullopt;
    Recognition best;
    int bestLetters = 0;
    // RM: "NVRM: [GPU0 ]function: message" — the function keys the lookup.
    if (const auto head = rmFunctionOf(line)) {
        const auto it = m_byFunction.find(functionKey(head->first));
        if (it != m_byFunction.end()) {
            const size_t from = head->second;
            for (int i : it->second)
                tryMessage(i, line, from, true, wanted, best, bestLetters);
            if (!best.message)
                recogniseWrapped(line, from, it->second, wanted, best);
        }
    }
    // The formats filed under the line's words, the rarest words first: a format is filed under
    // its rarest word, and the line's common words ("state", "default") key many formats of
    // every catalog, which must not use up the tries before the word that keys this one.
    // Only the wanted components' formats are counted and tried.
    const std::vector<char> want = wantedComponents(wanted);
    std::set<std::string_view> seen;
    std::vector<std::vector<int>> lists;
    anyWord(line, [&](std::string_view word) {
        if (word.size() < size_t(kMinWordLength) || !seen.insert(word).second)
            return false;
        const auto it = m_byWord.find(std::string(word));
        if (it == m_byWord.end())
            return false;
        std::vector<int> list;
        for (int m : it->second)
            if (want[size_t(m_messages[size_t(m)].component)])
                list.push_back(m);
        if (!list.empty())
            lists.push_back(std::move(list));
        return false;
    });
    std::stable_sort(lists.begin(), lists.end(),
                     [](const auto &a, const auto &b) { return a.size() < b.size(); });
    size_t tries = 0;
    for (const std::vector<int> &list : lists) {
        for (int m : list) {
            if (++tries > kMaxTries)
                break;
            tryMessage(m, line, 0, false, wanted, best, bestLetters);
        }
        if (tries > kMaxTries)
            break;
    }
    if (!best.message)
        recogniseCut(line, lists, best);
    if (!best.message)
        return std::nullopt;
    best.order = m_order[size_t(best.index)];
    return best;
}

// An RM line a reader's terminal or editor wrapped at a blank ("NVRM: GPU0
// _kgspFwContainerVerifyVersion: GSP firmware image version mismatch:" with "got version
// 595.71.05, expected version 595.58.03" on the next line): the function names the few messages
// it prints, and the one whose text the line holds up to a blank of its format (twelve letters of
// its own words at least, the values aside) is the line's message. Tried only when no whole
// format of the function matched.
void MessageCatalog::recogniseWrapped(std::string_view line,
                                      size_t from,
                                      const std::vector<int> &candidates,
                                      const Wanted &wanted,
                                      Recognition &best) const
{
    const std::string_view text = line.substr(from);
    const size_t space = text.rfind(' ');
    if (space == std::string_view::npos || text.size() - space - 1 < 3)
        return;
    // The line's last word, and the blank after it in the format: where the reader's wrap fell.
    const std::string fragment = std::string(text.substr(space + 1)) + ' ';
    RE2::Options options;
    options.set_log_errors(false);
    options.set_max_mem(int64_t(1) << 20);
    for (int index : candidates) {
        const CatalogMessage &m = m_messages[size_t(index)];
        if (m.generic || (wanted && !wanted(m_components[size_t(m.component)].id)))
            continue;
        const size_t at = m.format.find(fragment);
        if (at == std::string::npos)
            continue;
        const std::string_view head
            = std::string_view(m.format).substr(0, at + fragment.size() - 1);
        int letters = 0;
        for (size_t k = 0; k < head.size(); ++k) {
            if (head[k] == '%') { // a conversion is a value, not the message's words
                while (k + 1 < head.size()
                       && !std::isalpha(static_cast<unsigned char>(head[k + 1])))
                    ++k;
                ++k;
                continue;
            }
            letters += std::isalpha(static_cast<unsigned char>(head[k])) ? 1 : 0;
        }
        if (letters < 12)
            continue;
        std::vector<char> conversions;
        RE2 re(formatToPattern(head, &conversions) + "$", options);
        if (!re.ok())
            continue;
        const int groups = re.NumberOfCapturingGroups();
        std::vector<re2::StringPiece> sub(size_t(groups) + 1);
        if (!re.Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::ANCHOR_BOTH,
                      sub.data(), groups + 1))
            continue;
        recognised(m, m_components[size_t(m.component)], index, line, sub, conversions, best);
        return;
    }
}

// A line journalctl's pager or systemctl cut at the terminal's width ends in '>' or '…' right
// after a letter or digit ("... [GPU ID 0x00000100] Flip event timeou>"). Such lines are rare,
// so each format filed under the line's words is tried as far as the line goes: up to where the
// format holds the line's last, cut word, compiled for this line only.
void MessageCatalog::recogniseCut(std::string_view line,
                                  const std::vector<std::vector<int>> &lists,
                                  Recognition &best) const
{
    size_t cut = line.size();
    if (line.size() > 1 && line.back() == '>')
        cut = line.size() - 1;
    else if (line.size() > 3 && line.substr(line.size() - 3) == "\xe2\x80\xa6")
        cut = line.size() - 3;
    if (cut == line.size() || !std::isalnum(static_cast<unsigned char>(line[cut - 1])))
        return;
    const std::string_view text = line.substr(0, cut);
    const size_t space = text.rfind(' ');
    const std::string_view fragment
        = space == std::string_view::npos ? text : text.substr(space + 1);
    if (fragment.size() < 3)
        return;
    RE2::Options options;
    options.set_log_errors(false);
    options.set_max_mem(int64_t(1) << 20);
    size_t tries = 0;
    for (const std::vector<int> &list : lists) {
        for (int index : list) {
            if (++tries > kMaxTries)
                return;
            const CatalogMessage &m = m_messages[size_t(index)];
            if (m.generic)
                continue;
            const std::string &format = m.format;
            const size_t at = format.find(fragment);
            if (at == std::string::npos || at + fragment.size() == format.size())
                continue; // not cut inside this format (a whole line was tried already)
            std::vector<char> conversions;
            RE2 re(formatToPattern(format.substr(0, at + fragment.size()), &conversions) + "$",
                   options);
            if (!re.ok())
                continue;
            const int groups = re.NumberOfCapturingGroups();
            std::vector<re2::StringPiece> sub(size_t(groups) + 1);
            if (!re.Match(re2::StringPiece(text.data(), text.size()), 0, text.size(),
                          RE2::UNANCHORED, sub.data(), groups + 1))
                continue;
            recognised(m, m_components[size_t(m.component)], index, line, sub, conversions, best);
            return;
        }
    }
}

} // namespace gputriage
