#include "rules/ruleloader.h"

#include "plural.h"
#include "rules/messagecatalog.h"
#include "rules/patternwords.h"
#include "rules/rulefilecache.h"
#include "rules/ruleregexoptions.h"

#include "diskcache.h"
#include "paths.h"
#include "rules/version.h"
#include "timings.h"
#include "workers.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <re2/re2.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>

namespace gputriage {

namespace {

constexpr auto kSchema = "gputriage/rules/v1";
constexpr auto kTableSchema = "gputriage/table/v1";
constexpr auto kCatalogSchema = "gputriage/catalog/v1";
// Parsed rule files in the DiskCache (rules/rulefilecache.h).
const QByteArray kCacheKind = "rule-file", kCacheBuilder = "rule-file";
constexpr int kMaxSpan = 20;
constexpr int kMaxWithin = 50;
constexpr int kMaxContextWithin = 1000;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// An http(s) address with nothing that could end a link in a report: no whitespace, no
// control or bidirectional characters, no <>"'` .
bool isSafeUrl(const QString &url)
{
    if (!url.startsWith(QLatin1String("https://")) && !url.startsWith(QLatin1String("http://")))
        return false;
    return std::none_of(url.begin(), url.end(), [](QChar c) {
        return c.isSpace() || c.category() == QChar::Other_Control
               || c.category() == QChar::Other_Format || QStringView(u"<>\"'`").contains(c);
    });
}

bool isIdentifier(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(s).hasMatch();
}

// A later (user) catalog of the same name adds and replaces entries code by code: the codes it
// does not give keep the shipped meaning and resolution. Returns the warning that says so, or
// nothing for a catalog of a new name.
QString mergeCatalog(std::map<QString, Catalog> &catalogs, Catalog &&catalog)
{
    const auto shipped = catalogs.find(catalog.name);
    if (shipped == catalogs.end()) {
        catalogs[catalog.name] = std::move(catalog);
        return {};
    }
    Catalog &into = shipped->second;
    QStringList replaced;
    int added = 0;
    for (auto &[code, e] : catalog.entries) {
        if (const auto old = into.entries.find(code); old != into.entries.end()) {
            replaced << QString::number(code);
            for (auto it = into.aliases.begin(); it != into.aliases.end();)
                it = it->second == code ? into.aliases.erase(it) : std::next(it);
        } else {
            ++added;
        }
        into.entries[code] = std::move(e);
    }
    for (const auto &[alias, code] : catalog.aliases)
        into.aliases[alias] = code;
    const int kept = int(into.entries.size()) - int(replaced.size()) - added;
    return QStringLiteral("catalog '%1' is merged into the one loaded before (%2): %3 "
                          "replaced%4, %5 added, %6 kept as they were")
        .arg(catalog.name, QFileInfo(into.file).fileName())
        .arg(plural(replaced.size(), u"code", u"codes"))
        .arg(replaced.isEmpty()
                 ? QString()
                 : QStringLiteral(" (%1)").arg(replaced.mid(0, 10).join(QStringLiteral(", "))))
        .arg(added)
        .arg(kept);
}

class Parser
{
public:
    Parser(RuleSet &set, QString file, bool user)
        : m_set(set)
        , m_file(std::move(file))
        , m_user(user)
    {}

    void parseDocument(const YAML::Node &root);
    void parseTable(const YAML::Node &root);
    void parseCatalog(const YAML::Node &root);

private:
    void diag(Diagnostic::Level level, const YAML::Mark &mark, const QString &msg)
    {
        Diagnostic d;
        d.level = level;
        d.where = Error{m_file, mark.is_null() ? 0 : mark.line + 1,
                        mark.is_null() ? 0 : mark.column + 1, msg};
        d.ruleId = m_ruleId;
        if (level == Diagnostic::Level::Error)
            m_ruleFailed = true;
        m_set.diagnostics.append(d);
    }
    void error(const YAML::Node &at, const QString &msg)
    {
        diag(Diagnostic::Level::Error, at.Mark(), msg);
    }
    void warning(const YAML::Node &at, const QString &msg)
    {
        diag(Diagnostic::Level::Warning, at.Mark(), msg);
    }

    // Warns about keys outside `known` (likely typos) and about keys given twice.
    void checkKeys(const YAML::Node &map,
                   std::initializer_list<const char *> known,
                   const QString &where);
    std::optional<QString> scalar(const YAML::Node &map, const char *key, bool required);
    std::optional<int> integer(const YAML::Node &map, const char *key, int min, int max);
    std::optional<bool> boolean(const YAML::Node &map, const char *key);
    // `scanned`: the rule's own pattern, looked for on every line (conditions and `then` are
    // read only around its matches, so they need no word for the prefilter).
    std::optional<CompiledPattern>
    pattern(const YAML::Node &map, const char *key, bool scanned = false);
    QList<QString> stringList(const YAML::Node &map, const char *key);

    std::optional<Rule> parseRule(const YAML::Node &node);
    void parseRuleHeader(const YAML::Node &node, Rule &rule);
    void parseLines(const YAML::Node &node, Rule &rule);
    static std::set<QString> captureNames(const Rule &rule);
    void parseCatalogRef(const YAML::Node &c, Rule &rule, std::set<QString> &captures);
    void parseVocabularyRef(const YAML::Node &v, Rule &rule);
    void parseMessagesRef(const YAML::Node &m, Rule &rule);
    void parseResolution(const YAML::Node &node, Rule &rule);
    void parseMatch(const YAML::Node &node, Rule &rule);
    void parseCompare(const YAML::Node &node, Rule &rule, const std::set<QString> &captures);
    void parseConditions(const YAML::Node &node, Rule &rule, bool absent);
    void parseLookups(const YAML::Node &node, Rule &rule, const std::set<QString> &captures);
    void parseReferences(const YAML::Node &node, Rule &rule);
    void parseLinks(const YAML::Node &node);
    // `alternatives`: a name may list captures as "a|b" (group_by), each checked.
    void checkNames(const YAML::Node &at,
                    const QList<QString> &names,
                    const std::set<QString> &captures,
                    const char *what,
                    bool alternatives = false);
    void parseExamples(const YAML::Node &node, Rule &rule);
    std::optional<CatalogEntry> parseCatalogEntry(const YAML::Node &item);

    RuleSet &m_set;
    QString m_file;
    bool m_user;
    QString m_ruleId;
    bool m_ruleFailed = false;
};

void Parser::checkKeys(const YAML::Node &map,
                       std::initializer_list<const char *> known,
                       const QString &where)
{
    std::set<std::string> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!it->first.IsScalar()) {
            warning(it->first, QStringLiteral("%1: ignoring a key that is not text").arg(where));
            continue;
        }
        const std::string key = it->first.Scalar();
        if (!seen.insert(key).second)
            error(it->first, QStringLiteral("%1: key '%2' is given twice").arg(where, qs(key)));
        if (std::none_of(known.begin(), known.end(), [&](const char *k) { return key == k; })) {
            QStringList names;
            for (const char *k : known)
                names << QString::fromLatin1(k);
            warning(it->first, QStringLiteral("%1: unknown key '%2' (known: %3)")
                                   .arg(where, qs(key), names.join(QLatin1String(", "))));
        }
    }
}

std::optional<QString> Parser::scalar(const YAML::Node &map, const char *key, bool required)
{
    const YAML::Node node = map[key];
    if (!node || node.IsNull()) {
        if (required)
            error(map, QStringLiteral("missing required key '%1'").arg(QLatin1String(key)));
        return std::nullopt;
    }
    if (!node.IsScalar()) {
        error(node, QStringLiteral("'%1' must be text").arg(QLatin1String(key)));
        return std::nullopt;
    }
    return qs(node.Scalar());
}

std::optional<int> Parser::integer(const YAML::Node &map, const char *key, int min, int max)
{
    const YAML::Node node = map[key];
    if (!node)
        return std::nullopt;
    bool ok = false;
    const int v = node.IsScalar() ? qs(node.Scalar()).toInt(&ok) : 0;
    if (!ok || v < min || v > max) {
        error(node, QStringLiteral("'%1' must be a whole number from %2 to %3")
                        .arg(QLatin1String(key))
                        .arg(min)
                        .arg(max));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> Parser::boolean(const YAML::Node &map, const char *key)
{
    const YAML::Node node = map[key];
    if (!node)
        return std::nullopt;
    const QString v = node.IsScalar() ? qs(node.Scalar()) : QString();
    if (v != u"true" && v != u"false") {
        error(node, QStringLiteral("'%1' must be true or false").arg(QLatin1String(key)));
        return std::nullopt;
    }
    return v == u"true";
}

std::optional<CompiledPattern> Parser::pattern(const YAML::Node &map, const char *key, bool scanned)
{
    const auto text = scalar(map, key, true);
    if (!text)
        return std::nullopt;
    const YAML::Node node = map[key];
    if (text->isEmpty()) {
        error(node, QStringLiteral("'%1' must not be empty").arg(QLatin1String(key)));
        return std::nullopt;
    }
    const RE2::Options options = ruleRegexOptions();
    const std::string utf8 = text->toStdString();
    auto re = std::make_shared<RE2>(utf8, options);
    if (!re->ok()) {
        // Point at the offending fragment inside the pattern when RE2 names it.
        YAML::Mark mark = node.Mark();
        const auto at = utf8.find(re->error_arg());
        if (!re->error_arg().empty() && at != std::string::npos && !mark.is_null())
            mark.column += int(QString::fromUtf8(utf8.data(), int(at)).size())
                           + (node.Tag() == "!" ? 1 : 0);
        diag(Diagnostic::Level::Error, mark,
             QStringLiteral("invalid regular expression in '%1': %2")
                 .arg(QLatin1String(key), qs(re->error())));
        return std::nullopt;
    }
    if (scanned && requiredWords(utf8, options).empty())
        warning(node, QStringLiteral("the pattern spells out no word of 3 or more letters or "
                                     "digits that every match must contain: with it, every line "
                                     "of a bundle is matched in full (several times slower)"));
    CompiledPattern compiled;
    compiled.source = *text;
    for (const auto &[name, index] : re->NamedCapturingGroups())
        compiled.groupNames[index] = qs(name);
    compiled.regex = LazyRegex(std::move(re));
    return compiled;
}

QList<QString> Parser::stringList(const YAML::Node &map, const char *key)
{
    QList<QString> out;
    const YAML::Node node = map[key];
    if (!node)
        return out;
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'%1' must be a list").arg(QLatin1String(key)));
        return out;
    }
    for (const auto &item : node) {
        if (item.IsScalar())
            out.append(qs(item.Scalar()));
        else
            error(item, QStringLiteral("items of '%1' must be text").arg(QLatin1String(key)));
    }
    return out;
}

void Parser::parseMatch(const YAML::Node &node, Rule &rule)
{
    if (!node || !node.IsMap()) {
        error(node ? node : YAML::Node(), QStringLiteral("'match' must be a map with a 'pattern'"));
        return;
    }
    checkKeys(node, {"pattern", "span", "then"}, QStringLiteral("match"));
    if (auto p = pattern(node, "pattern", true))
        rule.pattern = std::move(*p);
    if (auto span = integer(node, "span", 1, kMaxSpan))
        rule.span = *span;
    const YAML::Node then = node["then"];
    if (then) {
        if (!then.IsMap()) {
            error(then, QStringLiteral("'then' must be a map with 'pattern' and 'within'"));
            return;
        }
        checkKeys(then, {"pattern", "within", "required"}, QStringLiteral("then"));
        rule.thenPattern = pattern(then, "pattern");
        rule.thenWithin = integer(then, "within", 1, kMaxWithin).value_or(1);
        rule.thenRequired = boolean(then, "required").value_or(false);
    }
}

void Parser::parseCompare(const YAML::Node &node, Rule &rule, const std::set<QString> &captures)
{
    if (!node)
        return;
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'compare' must be a list"));
        return;
    }
    for (const auto &item : node) {
        if (!item.IsMap()) {
            error(item, QStringLiteral("each 'compare' item needs left, op and right"));
            continue;
        }
        checkKeys(item, {"left", "op", "right", "says"}, QStringLiteral("compare"));
        CompareSpec spec;
        auto operand = [&](const char *key, Operand &into) {
            const auto text = scalar(item, key, true);
            if (!text)
                return;
            static const QRegularExpression lookup(
                QStringLiteral("^([a-z0-9]+(?:-[a-z0-9]+)*)\\[([A-Za-z_][A-Za-z0-9_]*)\\]$"));
            into.text = *text;
            if (const auto m = lookup.match(*text); m.hasMatch()) {
                into.kind = Operand::Kind::Table;
                into.table = m.captured(1);
                into.text = m.captured(2);
            } else if (isIdentifier(*text)) {
                into.kind = Operand::Kind::Fact;
            }
            // Bundle rules read facts of the whole bundle, known only once everything loaded.
            if (into.isFact() && rule.scope == RuleScope::Line && !captures.count(into.text))
                error(item[key], QStringLiteral("'%1' names fact '%2', which no pattern captures")
                                     .arg(QLatin1String(key), into.text));
        };
        operand("left", spec.left);
        operand("right", spec.right);
        if (const auto op = scalar(item, "op", true)) {
            if (const auto parsed = compareOpFromName(*op))
                spec.op = *parsed;
            else
                error(item["op"],
                      QStringLiteral("unknown operator '%1' (use <, <=, >, >=, ==, !=)").arg(*op));
        }
        spec.says = scalar(item, "says", false).value_or(QString());
        rule.compare.append(spec);
    }
}

void Parser::parseReferences(const YAML::Node &node, Rule &rule)
{
    if (!node)
        return;
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'references' must be a list"));
        return;
    }
    for (const auto &item : node) {
        if (item.IsScalar()) {
            Reference ref;
            ref.link = qs(item.Scalar());
            ref.line = item.Mark().line + 1;
            rule.references.append(ref);
            continue;
        }
        if (!item.IsMap()) {
            error(item,
                  QStringLiteral(
                      "each reference needs a title and a url, or names an entry of 'links'"));
            continue;
        }
        checkKeys(item, {"title", "url"}, QStringLiteral("references"));
        Reference ref;
        ref.line = item.Mark().line + 1;
        ref.title = scalar(item, "title", true).value_or(QString());
        ref.url = scalar(item, "url", true).value_or(QString());
        if (!ref.url.isEmpty() && !isSafeUrl(ref.url))
            error(item["url"], QStringLiteral("reference url must start with https:// or "
                                              "http:// and hold no spaces, controls or <>\"'`"));
        rule.references.append(ref);
    }
}

void Parser::parseLinks(const YAML::Node &node)
{
    if (!node)
        return;
    if (!node.IsMap()) {
        error(node, QStringLiteral("'links' must be a map of name: {title, url}"));
        return;
    }
    m_ruleId.clear();
    for (auto it = node.begin(); it != node.end(); ++it) {
        const QString name = qs(it->first.Scalar());
        if (!it->second.IsMap()) {
            error(it->second, QStringLiteral("link '%1' needs a title and a url").arg(name));
            continue;
        }
        checkKeys(it->second, {"title", "url"}, QStringLiteral("links"));
        Reference ref;
        ref.title = scalar(it->second, "title", true).value_or(QString());
        ref.url = scalar(it->second, "url", true).value_or(QString());
        ref.line = it->first.Mark().line + 1;
        ref.link = m_file; // where it is defined, for messages
        if (!isSafeUrl(ref.url)) {
            error(it->second["url"], QStringLiteral("link url must start with https:// or "
                                                    "http:// and hold no spaces, controls or "
                                                    "<>\"'`"));
            continue;
        }
        if (const auto known = m_set.links.find(name); known != m_set.links.end()) {
            error(it->first, QStringLiteral("link '%1' is already defined at %2:%3")
                                 .arg(name, known->second.link)
                                 .arg(known->second.line));
            continue;
        }
        m_set.links.emplace(name, ref);
    }
}

void Parser::parseConditions(const YAML::Node &node, Rule &rule, bool absent)
{
    if (!node)
        return;
    const char *key = absent ? "absent" : "requires";
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'%1' must be a list of rule ids or {pattern, within} maps")
                        .arg(QLatin1String(key)));
        return;
    }
    for (const auto &item : node) {
        if (item.IsScalar()) {
            (absent ? rule.absentRules : rule.requiresRules).append(qs(item.Scalar()));
            continue;
        }
        if (!item.IsMap()) {
            error(item, QStringLiteral("items of '%1' are rule ids or {pattern, within} maps")
                            .arg(QLatin1String(key)));
            continue;
        }
        if (rule.scope == RuleScope::Bundle) {
            error(item, QStringLiteral("a bundle rule's '%1' lists rule ids, not patterns")
                            .arg(QLatin1String(key)));
            continue;
        }
        checkKeys(item, {"pattern", "within"}, QLatin1String(key));
        NearbyPattern near;
        near.absent = absent;
        near.within = integer(item, "within", 0, kMaxWithin).value_or(1);
        if (auto p = pattern(item, "pattern")) {
            near.pattern = std::move(*p);
            rule.nearby.append(std::move(near));
        }
    }
}

void Parser::parseLookups(const YAML::Node &node, Rule &rule, const std::set<QString> &captures)
{
    if (!node)
        return;
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'lookup' must be a list of {fact, where, equals} maps"));
        return;
    }
    for (const auto &item : node) {
        if (!item.IsMap()) {
            error(item, QStringLiteral("each 'lookup' item is a map with fact, where and equals"));
            continue;
        }
        checkKeys(item, {"fact", "where", "equals"}, QStringLiteral("lookup"));
        FactLookup l;
        l.fact = scalar(item, "fact", true).value_or(QString());
        l.where = scalar(item, "where", true).value_or(QString());
        l.equals = scalar(item, "equals", true).value_or(QString());
        for (const QString &name : {l.fact, l.where})
            if (!name.isEmpty() && !isIdentifier(name))
                error(item, QStringLiteral("'%1' is not a fact name").arg(name));
        if (!l.equals.isEmpty() && !captures.count(l.equals))
            error(item["equals"],
                  QStringLiteral("'equals' names fact '%1', which no pattern captures")
                      .arg(l.equals));
        rule.lookups.append(l);
    }
}

void Parser::checkNames(const YAML::Node &at,
                        const QList<QString> &names,
                        const std::set<QString> &captures,
                        const char *what,
                        bool alternatives)
{
    for (qsizetype i = 0; i < names.size(); ++i)
        for (const QString &name : alternatives ? names[i].split(u'|') : QStringList{names[i]})
            if (!captures.count(name))
                error(at.IsSequence() ? at[size_t(i)] : at,
                      QStringLiteral("%1 '%2' is not a named capture (?P<%2>...) of the patterns")
                          .arg(QLatin1String(what), name));
}

void Parser::parseExamples(const YAML::Node &node, Rule &rule)
{
    if (!node)
        return;
    if (!node.IsSequence()) {
        error(node, QStringLiteral("'examples' must be a list"));
        return;
    }
    for (const auto &item : node) {
        if (!item.IsMap()) {
            error(item, QStringLiteral("each example needs 'log' and 'expect'"));
            continue;
        }
        checkKeys(item, {"log", "expect"}, QStringLiteral("examples"));
        RuleExample example;
        example.line = item.Mark().line + 1;
        example.log = scalar(item, "log", true).value_or(QString());
        const YAML::Node expect = item["expect"];
        if (!expect) {
            error(item, QStringLiteral(
                            "missing required key 'expect' (a map of facts, 'match' or 'none')"));
        } else if (expect.IsScalar()) {
            const QString v = qs(expect.Scalar());
            if (v == QLatin1String("none"))
                example.expectNone = true;
            else if (v != QLatin1String("match"))
                error(expect, QStringLiteral("'expect' must be a map of facts, 'match' or 'none'"));
        } else if (expect.IsMap()) {
            for (auto it = expect.begin(); it != expect.end(); ++it) {
                if (!it->second.IsScalar()) {
                    error(it->second, QStringLiteral("expected fact values must be text"));
                    continue;
                }
                example.expectFacts[qs(it->first.Scalar())] = qs(it->second.Scalar());
            }
        } else {
            error(expect, QStringLiteral("'expect' must be a map of facts, 'match' or 'none'"));
        }
        rule.examples.append(example);
    }
}

// The rule's id, its keys, title, kind, severity, scope and tags.
void Parser::parseRuleHeader(const YAML::Node &node, Rule &rule)
{
    checkKeys(node,
              {"id",
               "title",
               "kind",
               "scope",
               "severity",
               "tags",
               "match",
               "requires",
               "absent",
               "facts",
               "group_by",
               "min_count",
               "supersedes",
               "consequence_of",
               "resolved_by_reboot",
               "loaded_module",
               "lookup",
               "compare",
               "explain",
               "action",
               "references",
               "examples",
               "catalog",
               "vocabulary",
               "messages",
               "resolution",
               "resolution_source",
               "catalog_deviation",
               "context"},
              QStringLiteral("rule"));
    rule.title = scalar(node, "title", true).value_or(QString());
    if (const auto kind = scalar(node, "kind", false)) {
        if (*kind == QLatin1String("fact"))
            rule.kind = RuleKind::Fact;
        else if (*kind != QLatin1String("finding"))
            error(node["kind"],
                  QStringLiteral("unknown kind '%1' (use finding or fact)").arg(*kind));
    }
    if (const auto sev = scalar(node, "severity", rule.kind == RuleKind::Finding)) {
        if (const auto parsed = severityFromName(*sev))
            rule.severity = *parsed;
        else
            error(node["severity"],
                  QStringLiteral("unknown severity '%1' (use info, warning, error or critical)")
                      .arg(*sev));
    }
    if (const auto scope = scalar(node, "scope", false)) {
        if (*scope == QLatin1String("bundle"))
            rule.scope = RuleScope::Bundle;
        else if (*scope != QLatin1String("line"))
            error(node["scope"],
                  QStringLiteral("unknown scope '%1' (use line or bundle)").arg(*scope));
    }
    rule.tags = stringList(node, "tags");
}

// What a line rule reads: its pattern, conditions and the lines around it.
void Parser::parseLines(const YAML::Node &node, Rule &rule)
{
    if (rule.scope == RuleScope::Line)
        parseMatch(node["match"], rule);
    else if (node["match"])
        error(node["match"], QStringLiteral("a bundle rule has no 'match': it reads the facts "
                                            "and findings of the whole bundle"));
    if (rule.scope == RuleScope::Bundle && rule.kind == RuleKind::Fact)
        error(node["kind"], QStringLiteral("a bundle rule reports a finding; it cannot be a fact"));
    parseConditions(node["requires"], rule, false);
    parseConditions(node["absent"], rule, true);
    if (const YAML::Node c = node["context"]) {
        if (rule.scope == RuleScope::Bundle) {
            error(c, QStringLiteral("a bundle rule has no lines around it for 'context'"));
        } else if (!c.IsMap()) {
            error(c, QStringLiteral("'context' is a {pattern, within} map"));
        } else {
            checkKeys(c, {"pattern", "within"}, QStringLiteral("context"));
            rule.contextWithin = integer(c, "within", 1, kMaxContextWithin).value_or(100);
            if (auto p = pattern(c, "pattern"))
                rule.contextPattern = std::move(*p);
        }
    }
}

// The names the rule's patterns capture.
std::set<QString> Parser::captureNames(const Rule &rule)
{
    std::set<QString> captures;
    for (const auto &[i, name] : rule.pattern.groupNames)
        captures.insert(name);
    if (rule.thenPattern)
        for (const auto &[i, name] : rule.thenPattern->groupNames)
            captures.insert(name);
    if (rule.contextPattern)
        for (const auto &[i, name] : rule.contextPattern->groupNames)
            captures.insert(name);
    return captures;
}

void Parser::parseCatalogRef(const YAML::Node &c, Rule &rule, std::set<QString> &captures)
{
    if (!c)
        return;
    checkKeys(c, {"name", "key"}, QStringLiteral("catalog"));
    CatalogRef ref{scalar(c, "name", true).value_or(QString()),
                   scalar(c, "key", true).value_or(QString())};
    checkNames(c["key"], {ref.key}, captures, "catalog key");
    // The entry's words are there for the title: {<key>_name}, {<key>_mnemonic}.
    captures.insert(ref.key + QLatin1String("_name"));
    captures.insert(ref.key + QLatin1String("_mnemonic"));
    captures.insert(ref.key + QLatin1String("_code"));
    captures.insert(QStringLiteral("resolution"));
    rule.catalog = ref;
}

void Parser::parseVocabularyRef(const YAML::Node &v, Rule &rule)
{
    if (!v)
        return;
    checkKeys(v, {"catalog", "codes"}, QStringLiteral("vocabulary"));
    VocabularyRef ref{scalar(v, "catalog", true).value_or(QString()), {}};
    const YAML::Node codes = v["codes"];
    if (!codes || !codes.IsSequence() || codes.size() == 0)
        error(v, QStringLiteral("vocabulary: 'codes' must be a list of the catalog's codes"));
    else
        for (const YAML::Node &c : codes) {
            bool ok = false;
            const int code = QString::fromStdString(c.Scalar()).toInt(&ok, 0);
            if (ok)
                ref.codes.append(code);
            else
                error(c, QStringLiteral("vocabulary: '%1' is not a code number")
                             .arg(QString::fromStdString(c.Scalar())));
        }
    rule.vocabulary = ref;
}

void Parser::parseMessagesRef(const YAML::Node &m, Rule &rule)
{
    if (!m)
        return;
    checkKeys(m, {"component", "subsystems", "functions", "min_level"}, QStringLiteral("messages"));
    MessagesRef ref{scalar(m, "component", true).value_or(QString()), stringList(m, "subsystems"),
                    scalar(m, "min_level", false).value_or(QStringLiteral("error")),
                    stringList(m, "functions")};
    if (ref.subsystems.isEmpty() && ref.functions.isEmpty())
        error(m, QStringLiteral("messages: 'subsystems' or 'functions' says which of the "
                                "component's messages"));
    if (printLevelFromName(ref.minLevel) == PrintLevel::Unknown)
        error(m["min_level"], QStringLiteral("messages: unknown print level '%1' (debug, info, "
                                             "notice, warning, error, fatal)")
                                  .arg(ref.minLevel));
    rule.messages = ref;
}

// The resolution, where NVIDIA writes it, and why the rule departs from its catalog.
void Parser::parseResolution(const YAML::Node &node, Rule &rule)
{
    rule.resolution = scalar(node, "resolution", false).value_or(QString()).trimmed();
    if (!rule.resolution.isEmpty() && !severityForResolution(rule.resolution))
        error(node["resolution"], QStringLiteral("unknown resolution '%1' (docs/rules.md, "
                                                 "\"Catalogs and resolutions\")")
                                      .arg(rule.resolution));
    rule.resolutionSource = scalar(node, "resolution_source", false).value_or(QString()).trimmed();
    if (!rule.resolutionSource.isEmpty()
        && (!rule.resolutionSource.startsWith(QLatin1String("https://"))
            || !isSafeUrl(rule.resolutionSource)))
        error(node["resolution_source"],
              QStringLiteral("resolution_source must be the https:// address of NVIDIA's text"));
    if (!rule.resolutionSource.isEmpty() && rule.resolution.isEmpty())
        warning(node["resolution_source"],
                QStringLiteral("resolution_source without a resolution says nothing"));
    if (const YAML::Node d = node["catalog_deviation"]) {
        if (d.IsMap()) {
            checkKeys(d, {"why", "source"}, QStringLiteral("catalog_deviation"));
            rule.deviationWhy = scalar(d, "why", true).value_or(QString()).trimmed();
            rule.deviationSource = scalar(d, "source", true).value_or(QString()).trimmed();
        }
        if (!d.IsMap() || !rule.deviationSource.startsWith(QLatin1String("https://"))
            || !isSafeUrl(rule.deviationSource))
            error(d, QStringLiteral("catalog_deviation is {why, source} with an https:// source"));
    }
}

std::optional<Rule> Parser::parseRule(const YAML::Node &node)
{
    m_ruleId.clear();
    m_ruleFailed = false;
    if (!node.IsMap()) {
        error(node, QStringLiteral("each rule must be a map"));
        return std::nullopt;
    }
    Rule rule;
    rule.file = m_file;
    rule.line = node.Mark().line + 1;
    rule.user = m_user;
    rule.id = scalar(node, "id", true).value_or(QString());
    m_ruleId = rule.id;
    static const QRegularExpression idRe(QStringLiteral("^[a-z0-9]+([._-][a-z0-9]+)*$"));
    if (!rule.id.isEmpty() && !idRe.match(rule.id).hasMatch())
        error(node["id"],
              QStringLiteral("rule id '%1' must be lower-case words joined by '.', '-' or '_'")
                  .arg(rule.id));

    parseRuleHeader(node, rule);
    parseLines(node, rule);

    std::set<QString> captures = captureNames(rule);

    rule.facts = stringList(node, "facts");
    if (rule.scope == RuleScope::Line)
        checkNames(node["facts"], rule.facts, captures, "fact");
    parseCompare(node["compare"], rule, captures);
    if (rule.scope == RuleScope::Bundle) {
        // A bundle rule's findings carry the facts its comparisons read.
        for (const CompareSpec &c : rule.compare)
            for (const Operand *o : {&c.left, &c.right})
                if (o->isFact())
                    captures.insert(o->text);
        if (rule.compare.isEmpty() && rule.requiresRules.isEmpty())
            error(node, QStringLiteral("a bundle rule needs 'compare' or 'requires'"));
    }
    parseCatalogRef(node["catalog"], rule, captures);
    parseVocabularyRef(node["vocabulary"], rule);
    parseMessagesRef(node["messages"], rule);
    rule.groupBy = stringList(node, "group_by");
    checkNames(node["group_by"], rule.groupBy, captures, "group_by fact", true);
    if (rule.scope == RuleScope::Line) // a bundle rule's are checked once tables are loaded
        checkNames(node["title"], templateNames(rule.title), captures, "title placeholder");
    rule.minCount = integer(node, "min_count", 1, 1000000).value_or(1);
    rule.supersedes = stringList(node, "supersedes");
    rule.consequenceOf = stringList(node, "consequence_of");
    rule.resolvedByReboot = boolean(node, "resolved_by_reboot").value_or(false);
    rule.loadedModuleFact = scalar(node, "loaded_module", false).value_or(QString());
    if (!rule.loadedModuleFact.isEmpty())
        checkNames(node["loaded_module"], {rule.loadedModuleFact}, captures, "loaded_module fact");
    parseLookups(node["lookup"], rule, captures);
    rule.explain = scalar(node, "explain", false).value_or(QString()).trimmed();
    rule.action = scalar(node, "action", false).value_or(QString()).trimmed();
    parseResolution(node, rule);
    parseReferences(node["references"], rule);
    parseExamples(node["examples"], rule);
    if (m_ruleFailed)
        return std::nullopt;
    return rule;
}

void Parser::parseDocument(const YAML::Node &root)
{
    if (!root.IsMap()) {
        error(root, QStringLiteral("a rule file must be a map with schema, pack and rules"));
        return;
    }
    const auto schema = scalar(root, "schema", true);
    if (schema && *schema == QLatin1String(kTableSchema)) {
        parseTable(root);
        return;
    }
    if (schema && *schema == QLatin1String(kCatalogSchema)) {
        parseCatalog(root);
        return;
    }
    checkKeys(root, {"schema", "pack", "version", "description", "links", "rules"},
              QStringLiteral("file"));
    if (!schema)
        return;
    if (*schema != QLatin1String(kSchema)) {
        error(root["schema"], QStringLiteral("unsupported schema '%1' (expected %2)")
                                  .arg(*schema, QLatin1String(kSchema)));
        return;
    }
    RulePackInfo pack;
    pack.pack = scalar(root, "pack", true).value_or(QFileInfo(m_file).baseName());
    pack.version = scalar(root, "version", false).value_or(QString());
    pack.file = m_file;
    pack.user = m_user;
    parseLinks(root["links"]);
    const YAML::Node rules = root["rules"];
    if (!rules && root["links"]) {
        // A file of shared links only.
    } else if (!rules || !rules.IsSequence()) {
        error(rules ? rules : root, QStringLiteral("'rules' must be a list"));
    } else {
        for (const auto &node : rules) {
            if (auto rule = parseRule(node)) {
                rule->pack = pack.pack;
                m_set.rules.push_back(std::move(*rule));
                ++pack.rules;
            }
        }
    }
    m_set.packs.append(pack);
}

void Parser::parseTable(const YAML::Node &root)
{
    checkKeys(root, {"schema", "table", "description", "key", "value", "rows"},
              QStringLiteral("table"));
    VersionTable table;
    table.file = m_file;
    table.name = scalar(root, "table", true).value_or(QString());
    table.keyName = scalar(root, "key", true).value_or(QString());
    table.valueName = scalar(root, "value", true).value_or(QString());
    const YAML::Node rows = root["rows"];
    if (!rows || !rows.IsSequence()) {
        error(rows ? rows : root, QStringLiteral("'rows' must be a list"));
        return;
    }
    static const QRegularExpression versionRe(QStringLiteral("^\\d+(\\.\\d+)*$"));
    for (const auto &item : rows) {
        if (!item.IsMap()) {
            error(item, QStringLiteral("each row is a map with '%1' and '%2'")
                            .arg(table.keyName, table.valueName));
            continue;
        }
        const std::string keyName = table.keyName.toStdString();
        const std::string valueName = table.valueName.toStdString();
        checkKeys(item, {keyName.c_str(), valueName.c_str()}, QStringLiteral("row"));
        VersionTable::Row row;
        row.line = item.Mark().line + 1;
        row.key = scalar(item, keyName.c_str(), true).value_or(QString());
        row.value = scalar(item, valueName.c_str(), true).value_or(QString());
        for (const auto &[v, at] :
             {std::pair(row.key, item[keyName]), std::pair(row.value, item[valueName])})
            if (!v.isEmpty() && !versionRe.match(v).hasMatch())
                error(at, QStringLiteral("'%1' is not a version like 12.8 or 570.124.06").arg(v));
        if (!row.key.isEmpty() && !row.value.isEmpty())
            table.rows.append(row);
    }
    std::stable_sort(table.rows.begin(), table.rows.end(), [](const auto &a, const auto &b) {
        return compareVersions(a.key, b.key) < 0;
    });
    for (qsizetype i = 1; i < table.rows.size(); ++i)
        if (compareVersions(table.rows[i - 1].key, table.rows[i].key) == 0)
            diag(Diagnostic::Level::Error, YAML::Mark::null_mark(),
                 QStringLiteral("table '%1': key %2 is given twice (lines %3 and %4)")
                     .arg(table.name, table.rows[i].key)
                     .arg(table.rows[i - 1].line)
                     .arg(table.rows[i].line));
    if (table.name.isEmpty() || table.rows.isEmpty())
        return;
    m_set.tables[table.name] = std::move(table); // a later (user) table replaces a shipped one
}

// One entry of a code catalog, checked; nothing when it has no code or is not a map.
std::optional<CatalogEntry> Parser::parseCatalogEntry(const YAML::Node &item)
{
    if (!item.IsMap()) {
        error(item, QStringLiteral("each entry is a map with 'code', 'name' and 'resolution'"));
        return std::nullopt;
    }
    checkKeys(item,
              {"code",          "mnemonic",      "name",   "names",  "meaning",        "applies",
               "resolution",    "investigate",   "action", "decode", "severity_class", "severity",
               "examples",      "source",        "level",  "hex",    "message",        "suggestion",
               "dcgm_severity", "dcgm_category", "note"},
              QStringLiteral("entry"));
    CatalogEntry e;
    e.line = item.Mark().line + 1;
    if (!item["code"])
        error(item, QStringLiteral("an entry needs 'code'"));
    // DCGM's return codes are negative.
    const auto code = integer(item, "code", -1000000, 1000000);
    if (!code)
        return std::nullopt;
    e.code = *code;
    e.mnemonic = scalar(item, "mnemonic", false).value_or(QString());
    e.name = scalar(item, "name", true).value_or(QString()).trimmed();
    e.meaning = scalar(item, "meaning", false).value_or(QString()).trimmed();
    e.action = scalar(item, "action", false).value_or(QString()).trimmed();
    e.resolution = scalar(item, "resolution", false).value_or(QString()).trimmed();
    e.investigate = scalar(item, "investigate", false).value_or(QString()).trimmed();
    e.decode = scalar(item, "decode", false).value_or(QString()).trimmed();
    e.severityClass = scalar(item, "severity_class", false).value_or(QString()).trimmed();
    if (const auto severity = scalar(item, "severity", false)) {
        e.severity = severityFromName(*severity);
        if (!e.severity)
            error(item["severity"],
                  QStringLiteral("severity must be info, warning, error or critical"));
    }
    e.applies = stringList(item, "applies");
    e.names = stringList(item, "names");
    e.examples = stringList(item, "examples");
    // A generated entry names the source file and version it came from; a hand-written one
    // the page.
    const YAML::Node source = item["source"];
    const bool sourceFile = source && source.IsMap();
    if (sourceFile)
        e.source
            = QStringLiteral("%1 @ %2").arg(scalar(source, "file", false).value_or(QString()),
                                            scalar(source, "version", false).value_or(QString()));
    else
        e.source = scalar(item, "source", false).value_or(QString());
    if (!e.resolution.isEmpty() && !severityForResolution(e.resolution))
        warning(item["resolution"],
                QStringLiteral("entry %1: resolution '%2' has no severity in the resolution "
                               "table (docs/rules.md); the rule's severity is used")
                    .arg(e.code)
                    .arg(e.resolution));
    if (!e.severityClass.isEmpty() && e.severityClass != QLatin1String("fatal")
        && e.severityClass != QLatin1String("non-fatal")
        && e.severityClass != QLatin1String("always-fatal"))
        error(item["severity_class"],
              QStringLiteral("severity_class must be fatal, always-fatal or non-fatal"));
    for (const QString &url : {sourceFile ? QString() : e.source})
        if (!url.isEmpty() && (!url.startsWith(QLatin1String("https://")) || !isSafeUrl(url)))
            error(item["source"], QStringLiteral("source must be an https:// address"));
    return e;
}

void Parser::parseCatalog(const YAML::Node &root)
{
    checkKeys(root, {"schema", "catalog", "description", "source", "resolutions", "entries"},
              QStringLiteral("catalog"));
    Catalog catalog;
    catalog.file = m_file;
    catalog.name = scalar(root, "catalog", true).value_or(QString());
    catalog.description = scalar(root, "description", false).value_or(QString());
    // Whose buckets: NVIDIA's (it publishes them for Xid, SXid, DCGM codes) or ours.
    if (const auto by = scalar(root, "resolutions", false)) {
        catalog.nvidiaResolutions = *by == QLatin1String("nvidia");
        if (!catalog.nvidiaResolutions && *by != QLatin1String("gputriage"))
            error(root["resolutions"], QStringLiteral("resolutions must be nvidia or gputriage"));
    }
    if (const YAML::Node source = root["source"]; source && source.IsMap()) {
        catalog.source.title = scalar(source, "title", false).value_or(QString());
        catalog.source.url = scalar(source, "url", false).value_or(QString());
    }
    const YAML::Node entries = root["entries"];
    if (!entries || !entries.IsSequence()) {
        error(entries ? entries : root, QStringLiteral("'entries' must be a list"));
        return;
    }
    for (const auto &item : entries) {
        auto parsed = parseCatalogEntry(item);
        if (!parsed)
            continue;
        CatalogEntry &e = *parsed;
        if (catalog.entries.count(e.code)) {
            error(item, QStringLiteral("code %1 is given twice").arg(e.code));
        } else if (!e.name.isEmpty()) {
            for (const QString &name : e.names)
                if (const auto [it, added]
                    = catalog.aliases.emplace(Catalog::aliasKey(name), e.code);
                    !added && it->second != e.code)
                    error(item["names"], QStringLiteral("name '%1' is also a name of code %2")
                                             .arg(name)
                                             .arg(it->second));
            catalog.entries.emplace(e.code, std::move(e));
        }
    }
    if (catalog.name.isEmpty() || catalog.entries.empty())
        return;
    for (auto &[code, e] : catalog.entries) {
        e.nvidiaResolution = catalog.nvidiaResolutions;
        if (e.source.isEmpty())
            e.source = catalog.source.url;
    }
    if (const QString merged = mergeCatalog(m_set.catalogs, std::move(catalog)); !merged.isEmpty())
        warning(root["catalog"], merged);
}

void resolveDuplicates(RuleSet &set)
{
    // A user rule replaces a shipped rule of the same id; any other repeat is an error.
    std::map<QString, size_t> firstShipped, firstUser;
    std::vector<bool> drop(set.rules.size(), false);
    for (size_t i = 0; i < set.rules.size(); ++i) {
        const Rule &r = set.rules[i];
        auto &seen = r.user ? firstUser : firstShipped;
        if (auto it = seen.find(r.id); it != seen.end()) {
            const Rule &first = set.rules[it->second];
            Diagnostic d;
            d.where
                = Error{r.file, r.line, 0,
                        QStringLiteral(
                            "duplicate rule id '%1' (first defined at %2:%3); this one is disabled")
                            .arg(r.id, first.file)
                            .arg(first.line)};
            d.ruleId = r.id;
            set.diagnostics.append(d);
            drop[i] = true;
        } else {
            seen[r.id] = i;
        }
    }
    for (const auto &[id, userIndex] : firstUser) {
        if (auto it = firstShipped.find(id); it != firstShipped.end()) {
            drop[it->second] = true;
            set.overridden.append(id);
        }
    }
    std::vector<Rule> kept;
    kept.reserve(set.rules.size());
    for (size_t i = 0; i < set.rules.size(); ++i)
        if (!drop[i])
            kept.push_back(std::move(set.rules[i]));
    set.rules = std::move(kept);
    for (RulePackInfo &pack : set.packs)
        pack.rules = int(std::count_if(set.rules.begin(), set.rules.end(),
                                       [&](const Rule &r) { return r.file == pack.file; }));
}

void addDiagnostic(RuleSet &set, const Rule &rule, int line, const QString &message, bool error)
{
    Diagnostic d;
    d.level = error ? Diagnostic::Level::Error : Diagnostic::Level::Warning;
    d.where = Error{rule.file, line ? line : rule.line, 0, message};
    d.ruleId = rule.id;
    set.diagnostics.append(d);
}

// Fills references written as link names and checks what one rule says about others: rule
// ids, facts read by bundle rules, tables. These are known only once every file is read.
void resolveReferences(RuleSet &set)
{
    std::set<QString> ids, facts = {QStringLiteral("bundle_type"), QStringLiteral("node")};
    for (const Rule &r : set.rules) {
        ids.insert(r.id);
        if (r.kind != RuleKind::Fact)
            continue;
        for (const CompiledPattern *p : {&r.pattern, r.thenPattern ? &*r.thenPattern : nullptr})
            if (p)
                for (const auto &[i, name] : p->groupNames)
                    facts.insert(name);
    }
    for (Rule &r : set.rules) {
        for (auto it = r.references.begin(); it != r.references.end();) {
            if (it->link.isEmpty()) {
                ++it;
                continue;
            }
            const auto link = set.links.find(it->link);
            if (link == set.links.end()) {
                addDiagnostic(
                    set, r, it->line,
                    QStringLiteral("reference '%1' names no entry of 'links'").arg(it->link), true);
                it = r.references.erase(it);
                continue;
            }
            it->title = link->second.title;
            it->url = link->second.url;
            ++it;
        }
        for (const QList<QString> *list : {&r.requiresRules, &r.absentRules, &r.supersedes})
            for (const QString &id : *list)
                if (!ids.count(id))
                    addDiagnostic(set, r, 0,
                                  QStringLiteral("rule '%1' names rule '%2', which is not loaded")
                                      .arg(r.id, id),
                                  false);
        for (const QString &id : r.consequenceOf)
            if (std::none_of(ids.begin(), ids.end(),
                             [&](const QString &known) { return ruleIdMatches(known, id); }))
                addDiagnostic(set, r, 0,
                              QStringLiteral("rule '%1' is a consequence of '%2', which names no "
                                             "loaded rule")
                                  .arg(r.id, id),
                              false);
        if (r.catalog && !set.catalogs.count(r.catalog->name))
            addDiagnostic(set, r, 0,
                          QStringLiteral("no catalog '%1' is loaded").arg(r.catalog->name), false);
        if (r.vocabulary) {
            const Catalog *c = set.catalog(r.vocabulary->catalog);
            if (!c)
                addDiagnostic(set, r, 0,
                              QStringLiteral("vocabulary: no catalog '%1' is loaded")
                                  .arg(r.vocabulary->catalog),
                              false);
            else
                for (int code : r.vocabulary->codes)
                    if (!c->entries.count(code))
                        addDiagnostic(set, r, 0,
                                      QStringLiteral("vocabulary: catalog '%1' has no code %2")
                                          .arg(r.vocabulary->catalog)
                                          .arg(code),
                                      false);
        }
        for (const FactLookup &l : r.lookups)
            for (const QString &name : {l.fact, l.where})
                if (!facts.count(name))
                    addDiagnostic(set, r, 0,
                                  QStringLiteral("lookup: no fact rule provides '%1'").arg(name),
                                  false);
        if (r.scope != RuleScope::Bundle)
            continue;
        std::set<QString> known;
        for (const CompareSpec &c : r.compare) {
            for (const Operand *o : {&c.left, &c.right}) {
                if (o->isFact())
                    known.insert(o->text);
                if (const VersionTable *t = set.table(o->table))
                    known.insert(t->valueName);
                if (o->isFact() && !facts.count(o->text))
                    addDiagnostic(set, r, 0,
                                  QStringLiteral("no fact rule provides '%1'").arg(o->text), false);
                if (o->kind == Operand::Kind::Table && !set.tables.count(o->table))
                    addDiagnostic(set, r, 0,
                                  QStringLiteral("no table '%1' is loaded").arg(o->table), false);
            }
        }
        for (const QString &name : templateNames(r.title))
            if (!known.count(name))
                addDiagnostic(set, r, 0,
                              QStringLiteral("title placeholder '%1' is neither a compared fact "
                                             "nor a table value")
                                  .arg(name),
                              false);
    }
}

// A problem with a whole file (not one rule): an error at `line:col`, 0 when unknown.
void fileError(RuleSet &set, const QString &file, int line, int column, const QString &message)
{
    Diagnostic d;
    d.where = Error{file, line, column, message};
    set.diagnostics.append(d);
}

} // namespace

void RuleLoader::loadText(const QByteArray &yaml, const QString &fileName, bool user)
{
    if (yaml.size() > kMaxRuleFileBytes) {
        fileError(m_set, fileName, 0, 0,
                  QStringLiteral("rule file is %1 MiB; the limit is %2 MiB (split it)")
                      .arg(double(yaml.size()) / (1 << 20), 0, 'f', 1)
                      .arg(kMaxRuleFileBytes >> 20));
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    // What the file adds is parsed apart (with the links known so far, which it may not
    // define again), kept in the cache when it loaded cleanly, and merged.
    const QByteArray inputs = cacheInputs(fileName, user, yaml);
    std::optional<RuleSet> part;
    if (const auto it = m_prefetched.find(fileName.toUtf8() + '\0' + inputs);
        it != m_prefetched.end()) {
        part = std::move(it->second);
        m_prefetched.erase(it);
    } else if (const auto payload = DiskCache::load(kCacheKind, inputs, kCacheBuilder)) {
        part = deserializeRuleFile(*payload, fileName);
        if (!part)
            DiskCache::reject(kCacheKind, inputs, QStringLiteral("not a rule file"));
        else if (std::any_of(part->links.begin(), part->links.end(),
                             [&](const auto &l) { return m_set.links.count(l.first) > 0; }))
            part.reset(); // parsed again, for the duplicate's diagnostic
    }
    if (!part) {
        part.emplace();
        part->links = m_set.links;
        Parser parser(*part, fileName, user);
        try {
            const YAML::Node root = YAML::Load(yaml.toStdString());
            parser.parseDocument(root);
        } catch (const YAML::Exception &e) {
            fileError(*part, fileName, e.mark.is_null() ? 0 : e.mark.line + 1,
                      e.mark.is_null() ? 0 : e.mark.column + 1,
                      QStringLiteral("invalid YAML: ") + qs(e.msg));
        } catch (const std::exception &e) { // e.g. memory exhausted by a hostile file
            fileError(*part, fileName, 0, 0,
                      QStringLiteral("cannot read rule file: %1").arg(QString::fromUtf8(e.what())));
        }
        std::erase_if(part->links, [&](const auto &l) { return m_set.links.count(l.first) > 0; });
        if (part->diagnostics.isEmpty())
            DiskCache::store(kCacheKind, inputs, kCacheBuilder, serializeRuleFile(*part));
    }
    if (Timings::enabled())
        Timings::add(part->catalogs.empty() ? "load packs" : "load catalogs",
                     std::chrono::steady_clock::now() - start);
    for (Rule &r : part->rules)
        m_set.rules.push_back(std::move(r));
    m_set.packs.append(part->packs);
    m_set.diagnostics.append(part->diagnostics);
    for (auto &[name, table] : part->tables)
        m_set.tables[name] = std::move(table); // a later (user) table replaces a shipped one
    for (auto &[name, catalog] : part->catalogs)
        if (const QString merged = mergeCatalog(m_set.catalogs, std::move(catalog));
            !merged.isEmpty()) {
            Diagnostic d;
            d.level = Diagnostic::Level::Warning;
            const qsizetype key = yaml.indexOf("\ncatalog:");
            d.where = Error{fileName, key < 0 ? 1 : int(yaml.left(key).count('\n')) + 2, 1, merged};
            m_set.diagnostics.append(d);
        }
    m_set.links.merge(part->links);
}

void RuleLoader::replaceFile(const QString &path, const QByteArray &yaml)
{
    m_replacedPath = QFileInfo(path).absoluteFilePath();
    m_replacement = yaml;
    m_replaced = false;
}

void RuleLoader::finish()
{
    if (!m_replacedPath.isEmpty() && !m_replaced)
        loadText(m_replacement, m_replacedPath, true);
    m_replaced = true;
    m_set.messages = std::make_shared<const MessageCatalog>(m_set.messageCatalogFiles);
    finishRules(m_set);
}

void RuleLoader::loadFile(const QString &path, bool user)
{
    // Message catalogs are JSON, read when first needed (MessageCatalog).
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        if (QFileInfo(path).isFile())
            m_set.messageCatalogFiles.append(path);
        else
            fileError(m_set, path, 0, 0, QStringLiteral("not a regular file, not read"));
        return;
    }
    if (!m_replacedPath.isEmpty() && QFileInfo(path).absoluteFilePath() == m_replacedPath) {
        if (!std::exchange(m_replaced, true))
            loadText(m_replacement, path, user);
        return;
    }
    // Only regular files, and never more than the limit: a `.yaml` link to /dev/zero or a
    // sparse giant must not be read whole.
    if (!QFileInfo(path).isFile()) {
        fileError(m_set, path, 0, 0, QStringLiteral("not a regular file, not read"));
        return;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        fileError(m_set, path, 0, 0,
                  QStringLiteral("cannot read rule file: %1").arg(file.errorString()));
        return;
    }
    if (file.isSequential()) {
        fileError(m_set, path, 0, 0, QStringLiteral("not a regular file, not read"));
        return;
    }
    if (file.size() > kMaxRuleFileBytes) {
        fileError(m_set, path, 0, 0,
                  QStringLiteral("rule file is %1 MiB; the limit is %2 MiB (split it)")
                      .arg(double(file.size()) / (1 << 20), 0, 'f', 1)
                      .arg(kMaxRuleFileBytes >> 20));
        return;
    }
    loadText(file.read(kMaxRuleFileBytes + 1), path, user);
}

QByteArray RuleLoader::cacheInputs(const QString &fileName, bool user, const QByteArray &yaml)
{
    // The file's name, not its folder: a pack's id defaults to the name, and the entry holds
    // for the same text wherever it is (the shipped cache, made in the build tree).
    return QFileInfo(fileName).fileName().toUtf8() + '\0' + (user ? '1' : '0') + '\0'
           + DiskCache::digest(yaml) + '\0' + QByteArray::number(ruleFileLayoutVersion());
}

void RuleLoader::prefetch(const QStringList &files, bool user)
{
    // Reading a cached file back takes a while: the files are read on two threads
    // here, then loaded in order as before (what the cache lacks is parsed then).
    if (DiskCache::directory().isEmpty() || files.size() < 2)
        return;
    const PhaseTimer timer("load packs: cached ones, two threads");
    std::vector<std::pair<QByteArray, std::optional<RuleSet>>> found(size_t(files.size()));
    std::atomic<qsizetype> next{0};
    Workers::run(2, [&](int) {
        for (qsizetype i; (i = next++) < files.size();) {
            const QString &path = files[i];
            const bool replaced
                = !m_replacedPath.isEmpty() && QFileInfo(path).absoluteFilePath() == m_replacedPath;
            if (replaced || path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
                continue;
            QFile file(path);
            if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly) || file.isSequential()
                || file.size() > kMaxRuleFileBytes)
                continue;
            const QByteArray inputs = cacheInputs(path, user, file.read(kMaxRuleFileBytes + 1));
            if (const auto payload = DiskCache::load(kCacheKind, inputs, kCacheBuilder))
                found[size_t(i)]
                    = {path.toUtf8() + '\0' + inputs, deserializeRuleFile(*payload, path)};
        }
    });
    for (auto &[inputs, part] : found)
        if (part)
            m_prefetched.emplace(inputs, std::move(*part));
}

void RuleLoader::loadPath(const QString &path, bool user)
{
    const QFileInfo info(path);
    if (info.isFile()) {
        loadFile(path, user);
        return;
    }
    if (!info.isDir()) {
        Diagnostic d;
        d.where = Error{path, 0, 0, QStringLiteral("no such rule file or folder")};
        m_set.diagnostics.append(d);
        return;
    }
    QStringList files;
    // Links to files are followed (a user may link a shared rule file in); links to folders
    // are not, so a loop or a link to / cannot make the walk endless.
    QDirIterator it(path,
                    {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")},
                    QDir::Files | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort(); // load order decides which duplicate wins; keep it stable
    prefetch(files, user);
    for (const QString &f : files)
        loadFile(f, user);
}

QString RuleLoader::shippedRulesDir()
{
    const QString env = qEnvironmentVariable("GPUTRIAGE_RULES_DIR");
    return env.isEmpty() ? dataDir(QStringLiteral("rules")) : env;
}

QString RuleLoader::userRulesDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
           + QLatin1String("/gputriage/rules");
}

QByteArray standaloneRuleYaml(const QByteArray &yaml, const QString &id)
{
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        const YAML::Node rules = root["rules"];
        if (!rules || !rules.IsSequence())
            return {};
        for (const YAML::Node &rule : rules) {
            if (!rule.IsMap() || !rule["id"] || rule["id"].as<std::string>() != id.toStdString())
                continue;
            // A copy made node by node: the emitter writes shared nodes as anchors again.
            std::function<YAML::Node(const YAML::Node &)> copy = [&](const YAML::Node &n) {
                if (n.IsMap()) {
                    YAML::Node out(YAML::NodeType::Map);
                    for (const auto &kv : n)
                        out[kv.first.as<std::string>()] = copy(kv.second);
                    return out;
                }
                if (n.IsSequence()) {
                    YAML::Node out(YAML::NodeType::Sequence);
                    for (const YAML::Node &item : n)
                        out.push_back(copy(item));
                    return out;
                }
                return YAML::Node(n.Scalar());
            };
            YAML::Emitter out;
            out.SetIndent(2);
            out << YAML::BeginSeq << copy(rule) << YAML::EndSeq;
            QByteArray text;
            for (const QByteArray &line : QByteArray(out.c_str()).split('\n'))
                text += "  " + line + '\n';
            return text;
        }
    } catch (const YAML::Exception &) {
        return {}; // text that is not YAML has no rule to copy
    }
    return {};
}

RuleSet loadRules(const QStringList &extraPaths,
                  bool defaults,
                  const std::optional<RuleFileText> &replacing)
{
    RuleSet set;
    RuleLoader loader(set);
    if (replacing)
        loader.replaceFile(replacing->path, replacing->yaml);
    if (defaults) {
        const QString shipped = RuleLoader::shippedRulesDir();
        if (shipped.isEmpty()) {
            Diagnostic d;
            d.where = Error{QString(), 0, 0,
                            QStringLiteral("shipped rules not found (set GPUTRIAGE_RULES_DIR)")};
            set.diagnostics.append(d);
        } else {
            loader.loadPath(shipped, false);
        }
        const QString user = RuleLoader::userRulesDir();
        if (QFileInfo(user).isDir())
            loader.loadPath(user, true);
    }
    for (const QString &p : extraPaths)
        loader.loadPath(p, true);
    loader.finish();
    return set;
}

void finishRules(RuleSet &set)
{
    resolveDuplicates(set);
    resolveReferences(set);
}

} // namespace gputriage
