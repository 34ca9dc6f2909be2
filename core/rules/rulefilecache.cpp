#include "rules/rulefilecache.h"

#include "rules/ruleloader.h"

#include <QDataStream>
#include <QIODevice>

namespace gputriage {

// A field added to these structs must be written below too (and DiskCache::kFormat or
// kVersion bumped): these sizes remind whoever adds one.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(Rule) == 1112, "a new Rule field: serialize it in rulefilecache.cpp");
static_assert(sizeof(CatalogEntry) == 320, "a new CatalogEntry field: serialize it here");
static_assert(sizeof(Catalog) == 256, "a new Catalog field: serialize it here");
static_assert(sizeof(VersionTable) == 120, "a new VersionTable field: serialize it here");
static_assert(sizeof(RulePackInfo) == 80, "a new RulePackInfo field: serialize it here");
static_assert(sizeof(Reference) == 80, "a new Reference field: serialize it here");
#endif

namespace {

constexpr qint32 kVersion = 7;

template<typename E>
void putEnum(QDataStream &s, E e)
{
    s << qint32(e);
}

template<typename E>
E takeEnum(QDataStream &s)
{
    qint32 v = 0;
    s >> v;
    return E(v);
}

void put(QDataStream &s, const Reference &r)
{
    s << r.title << r.url << r.link << qint32(r.line);
}

void take(QDataStream &s, Reference &r)
{
    qint32 line = 0;
    s >> r.title >> r.url >> r.link >> line;
    r.line = line;
}

void put(QDataStream &s, const CompiledPattern &p)
{
    s << bool(p.regex) << p.source;
    if (!p.regex)
        return;
    s << qint32(p.regex.programSize()) << qint32(p.groupNames.size());
    for (const auto &[index, name] : p.groupNames)
        s << qint32(index) << name;
}

// The program is compiled when a line first needs it (LazyRegex); the loader checked that it
// compiles, and the cache's checksum that these are the bytes it wrote.
bool take(QDataStream &s, CompiledPattern &p)
{
    bool has = false;
    s >> has >> p.source;
    if (!has)
        return true;
    qint32 size = 0, groups = 0;
    s >> size >> groups;
    if (size <= 0 || groups < 0 || s.status() != QDataStream::Ok)
        return false;
    for (qint32 k = 0; k < groups && s.status() == QDataStream::Ok; ++k) {
        qint32 index = 0;
        QString name;
        s >> index >> name;
        p.groupNames[index] = name;
    }
    p.regex = LazyRegex(p.source.toStdString(), size);
    return s.status() == QDataStream::Ok;
}

void put(QDataStream &s, const std::optional<CompiledPattern> &p)
{
    s << p.has_value();
    if (p)
        put(s, *p);
}

bool take(QDataStream &s, std::optional<CompiledPattern> &p)
{
    bool has = false;
    s >> has;
    if (!has)
        return true;
    p.emplace();
    return take(s, *p);
}

void put(QDataStream &s, const Operand &o)
{
    s << o.text;
    putEnum(s, o.kind);
    s << o.table;
}

void take(QDataStream &s, Operand &o)
{
    s >> o.text;
    o.kind = takeEnum<Operand::Kind>(s);
    s >> o.table;
}

template<typename T, typename Put>
void putList(QDataStream &s, const QList<T> &list, Put one)
{
    s << qint32(list.size());
    for (const T &x : list)
        one(x);
}

// False when the count is not believable or an item fails.
template<typename T, typename Take>
bool takeList(QDataStream &s, QList<T> &list, Take one)
{
    qint32 n = -1;
    s >> n;
    if (n < 0 || n > 10'000'000 || s.status() != QDataStream::Ok)
        return false;
    list.clear();
    list.reserve(n);
    for (qint32 i = 0; i < n; ++i) {
        T x;
        if (!one(x))
            return false;
        list.append(std::move(x));
    }
    return true;
}

void putRule(QDataStream &s, const Rule &r)
{
    s << r.id << r.title;
    putEnum(s, r.kind);
    putEnum(s, r.scope);
    putEnum(s, r.severity);
    s << r.tags;
    put(s, r.pattern);
    s << qint32(r.span);
    put(s, r.thenPattern);
    s << qint32(r.thenWithin) << r.thenRequired;
    putList(s, r.nearby, [&](const NearbyPattern &n) {
        put(s, n.pattern);
        s << qint32(n.within) << n.absent;
    });
    put(s, r.contextPattern);
    s << qint32(r.contextWithin) << r.requiresRules << r.absentRules << r.groupBy
      << qint32(r.minCount) << r.supersedes << r.consequenceOf << r.resolvedByReboot
      << r.loadedModuleFact;
    putList(s, r.lookups, [&](const FactLookup &l) { s << l.fact << l.where << l.equals; });
    s << r.catalog.has_value();
    if (r.catalog)
        s << r.catalog->name << r.catalog->key;
    s << r.vocabulary.has_value();
    if (r.vocabulary)
        s << r.vocabulary->catalog << r.vocabulary->codes;
    s << r.messages.has_value();
    if (r.messages)
        s << r.messages->component << r.messages->subsystems << r.messages->minLevel
          << r.messages->functions;
    s << r.facts;
    putList(s, r.compare, [&](const CompareSpec &c) {
        put(s, c.left);
        putEnum(s, c.op);
        put(s, c.right);
        s << c.says;
    });
    s << r.explain << r.action << r.resolution << r.resolutionSource << r.deviationWhy
      << r.deviationSource;
    putList(s, r.references, [&](const Reference &ref) { put(s, ref); });
    putList(s, r.examples, [&](const RuleExample &e) {
        s << e.log << e.expectNone << qint32(e.expectFacts.size());
        for (const auto &[k, v] : e.expectFacts)
            s << k << v;
        s << qint32(e.line);
    });
    s << r.pack << r.file << qint32(r.line) << r.user;
}

bool takeRule(QDataStream &s, Rule &r)
{
    qint32 span = 0, thenWithin = 0, contextWithin = 0, minCount = 0, line = 0;
    s >> r.id >> r.title;
    r.kind = takeEnum<RuleKind>(s);
    r.scope = takeEnum<RuleScope>(s);
    r.severity = takeEnum<Severity>(s);
    s >> r.tags;
    if (!take(s, r.pattern))
        return false;
    s >> span;
    if (!take(s, r.thenPattern))
        return false;
    s >> thenWithin >> r.thenRequired;
    if (!takeList(s, r.nearby, [&](NearbyPattern &n) {
            qint32 within = 0;
            const bool ok = take(s, n.pattern);
            s >> within >> n.absent;
            n.within = within;
            return ok;
        }))
        return false;
    if (!take(s, r.contextPattern))
        return false;
    s >> contextWithin >> r.requiresRules >> r.absentRules >> r.groupBy >> minCount >> r.supersedes
        >> r.consequenceOf >> r.resolvedByReboot >> r.loadedModuleFact;
    if (!takeList(s, r.lookups, [&](FactLookup &l) {
            s >> l.fact >> l.where >> l.equals;
            return true;
        }))
        return false;
    bool hasCatalog = false;
    s >> hasCatalog;
    if (hasCatalog) {
        CatalogRef c;
        s >> c.name >> c.key;
        r.catalog = c;
    }
    bool hasVocabulary = false;
    s >> hasVocabulary;
    if (hasVocabulary) {
        VocabularyRef v;
        s >> v.catalog >> v.codes;
        r.vocabulary = v;
    }
    bool hasMessages = false;
    s >> hasMessages;
    if (hasMessages) {
        MessagesRef m;
        s >> m.component >> m.subsystems >> m.minLevel >> m.functions;
        r.messages = m;
    }
    s >> r.facts;
    if (!takeList(s, r.compare, [&](CompareSpec &c) {
            take(s, c.left);
            c.op = takeEnum<CompareOp>(s);
            take(s, c.right);
            s >> c.says;
            return true;
        }))
        return false;
    s >> r.explain >> r.action >> r.resolution >> r.resolutionSource >> r.deviationWhy
        >> r.deviationSource;
    if (!takeList(s, r.references, [&](Reference &ref) {
            take(s, ref);
            return true;
        }))
        return false;
    if (!takeList(s, r.examples, [&](RuleExample &e) {
            qint32 facts = -1, at = 0;
            s >> e.log >> e.expectNone >> facts;
            if (facts < 0 || facts > 100000)
                return false;
            for (qint32 i = 0; i < facts; ++i) {
                QString k, v;
                s >> k >> v;
                e.expectFacts[k] = v;
            }
            s >> at;
            e.line = at;
            return true;
        }))
        return false;
    s >> r.pack >> r.file >> line >> r.user;
    r.span = span;
    r.thenWithin = thenWithin;
    r.contextWithin = contextWithin;
    r.minCount = minCount;
    r.line = line;
    return s.status() == QDataStream::Ok;
}

void putEntry(QDataStream &s, const CatalogEntry &e)
{
    s << qint32(e.code) << e.mnemonic << e.name << e.meaning << e.action << e.resolution
      << e.investigate << e.decode << e.severityClass << e.applies << e.names << e.examples
      << e.source << qint32(e.line) << e.nvidiaResolution << e.severity.has_value();
    if (e.severity)
        putEnum(s, *e.severity);
}

void takeEntry(QDataStream &s, CatalogEntry &e)
{
    qint32 code = 0, line = 0;
    s >> code >> e.mnemonic >> e.name >> e.meaning >> e.action >> e.resolution >> e.investigate
        >> e.decode >> e.severityClass >> e.applies >> e.names >> e.examples >> e.source >> line;
    e.code = code;
    e.line = line;
    bool hasSeverity = false;
    s >> e.nvidiaResolution >> hasSeverity;
    if (hasSeverity)
        e.severity = takeEnum<Severity>(s);
}

} // namespace

QByteArray serializeRuleFile(const RuleSet &part)
{
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    s.setVersion(QDataStream::Qt_6_0);
    s.setByteOrder(QDataStream::LittleEndian);
    s << kVersion << qint32(part.rules.size());
    for (const Rule &r : part.rules)
        putRule(s, r);
    putList(s, part.packs, [&](const RulePackInfo &p) {
        s << p.pack << p.version << p.file << qint32(p.rules) << p.user;
    });
    s << qint32(part.tables.size());
    for (const auto &[name, t] : part.tables) {
        s << name << t.name << t.keyName << t.valueName << t.file;
        putList(s, t.rows, [&](const VersionTable::Row &row) {
            s << row.key << row.value << qint32(row.line);
        });
    }
    s << qint32(part.catalogs.size());
    for (const auto &[name, c] : part.catalogs) {
        s << name << c.name << c.description << c.file << c.nvidiaResolutions;
        put(s, c.source);
        s << qint32(c.entries.size());
        for (const auto &[code, e] : c.entries)
            putEntry(s, e);
        s << qint32(c.aliases.size());
        for (const auto &[alias, code] : c.aliases)
            s << alias << qint32(code);
    }
    s << qint32(part.links.size());
    for (const auto &[name, ref] : part.links) {
        s << name;
        put(s, ref);
    }
    return bytes;
}

int ruleFileLayoutVersion()
{
    return kVersion;
}

std::optional<RuleSet> deserializeRuleFile(const QByteArray &bytes, const QString &file)
{
    QDataStream s(bytes);
    s.setVersion(QDataStream::Qt_6_0);
    s.setByteOrder(QDataStream::LittleEndian);
    RuleSet part;
    qint32 version = 0, n = -1;
    s >> version >> n;
    auto count = [&](qint32 c) {
        return c >= 0 && c <= 10'000'000 && s.status() == QDataStream::Ok;
    };
    if (version != kVersion || !count(n))
        return std::nullopt;
    part.rules.reserve(size_t(n));
    for (qint32 i = 0; i < n; ++i) {
        Rule r;
        if (!takeRule(s, r))
            return std::nullopt;
        part.rules.push_back(std::move(r));
    }
    if (!takeList(s, part.packs, [&](RulePackInfo &p) {
            qint32 rules = 0;
            s >> p.pack >> p.version >> p.file >> rules >> p.user;
            p.rules = rules;
            return true;
        }))
        return std::nullopt;
    s >> n;
    if (!count(n))
        return std::nullopt;
    for (qint32 i = 0; i < n; ++i) {
        QString name;
        VersionTable t;
        s >> name >> t.name >> t.keyName >> t.valueName >> t.file;
        if (!takeList(s, t.rows, [&](VersionTable::Row &row) {
                qint32 line = 0;
                s >> row.key >> row.value >> line;
                row.line = line;
                return true;
            }))
            return std::nullopt;
        part.tables[name] = std::move(t);
    }
    s >> n;
    if (!count(n))
        return std::nullopt;
    for (qint32 i = 0; i < n; ++i) {
        QString name;
        Catalog c;
        qint32 entries = -1, aliases = -1;
        s >> name >> c.name >> c.description >> c.file >> c.nvidiaResolutions;
        take(s, c.source);
        s >> entries;
        if (!count(entries))
            return std::nullopt;
        for (qint32 k = 0; k < entries; ++k) {
            CatalogEntry e;
            takeEntry(s, e);
            c.entries.emplace(e.code, std::move(e));
        }
        s >> aliases;
        if (!count(aliases))
            return std::nullopt;
        for (qint32 k = 0; k < aliases; ++k) {
            QString alias;
            qint32 code = 0;
            s >> alias >> code;
            c.aliases.emplace(alias, code);
        }
        part.catalogs[name] = std::move(c);
    }
    s >> n;
    if (!count(n))
        return std::nullopt;
    for (qint32 i = 0; i < n; ++i) {
        QString name;
        Reference ref;
        s >> name;
        take(s, ref);
        part.links.emplace(name, ref);
    }
    if (s.status() != QDataStream::Ok || !s.atEnd())
        return std::nullopt;
    // An entry is the same for the same text wherever the file is (the shipped cache was made
    // in the build tree): the file it came from is the one read now.
    for (Rule &r : part.rules)
        r.file = file;
    for (RulePackInfo &p : part.packs)
        p.file = file;
    for (auto &[name, t] : part.tables)
        t.file = file;
    for (auto &[name, c] : part.catalogs)
        c.file = file;
    for (auto &[name, ref] : part.links)
        ref.link = file;
    return part;
}

} // namespace gputriage
