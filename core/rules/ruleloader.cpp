#include "rules/ruleloader.h"

#include "paths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <re2/re2.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

namespace gputriage {

namespace {

constexpr auto kSchema = "gputriage/rules/v1";
constexpr int kMaxSpan = 20;
constexpr int kMaxWithin = 50;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

bool isIdentifier(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(s).hasMatch();
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
    std::optional<CompiledPattern> pattern(const YAML::Node &map, const char *key);
    QList<QString> stringList(const YAML::Node &map, const char *key);

    std::optional<Rule> parseRule(const YAML::Node &node);
    void parseMatch(const YAML::Node &node, Rule &rule);
    void parseCompare(const YAML::Node &node, Rule &rule, const std::set<QString> &captures);
    void parseReferences(const YAML::Node &node, Rule &rule);
    void parseExamples(const YAML::Node &node, Rule &rule);

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

std::optional<CompiledPattern> Parser::pattern(const YAML::Node &map, const char *key)
{
    const auto text = scalar(map, key, true);
    if (!text)
        return std::nullopt;
    const YAML::Node node = map[key];
    if (text->isEmpty()) {
        error(node, QStringLiteral("'%1' must not be empty").arg(QLatin1String(key)));
        return std::nullopt;
    }
    RE2::Options options;
    options.set_log_errors(false);
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
    CompiledPattern compiled;
    compiled.source = *text;
    for (const auto &[name, index] : re->NamedCapturingGroups())
        compiled.groupNames[index] = qs(name);
    compiled.regex = std::move(re);
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
    if (auto p = pattern(node, "pattern"))
        rule.pattern = std::move(*p);
    if (auto span = integer(node, "span", 1, kMaxSpan))
        rule.span = *span;
    const YAML::Node then = node["then"];
    if (then) {
        if (!then.IsMap()) {
            error(then, QStringLiteral("'then' must be a map with 'pattern' and 'within'"));
            return;
        }
        checkKeys(then, {"pattern", "within"}, QStringLiteral("then"));
        rule.thenPattern = pattern(then, "pattern");
        rule.thenWithin = integer(then, "within", 1, kMaxWithin).value_or(1);
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
            into.text = *text;
            into.isFact = isIdentifier(*text);
            if (into.isFact && !captures.count(*text))
                error(item[key], QStringLiteral("'%1' names fact '%2', which no pattern captures")
                                     .arg(QLatin1String(key), *text));
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
        if (!item.IsMap()) {
            error(item, QStringLiteral("each reference needs a title and a url"));
            continue;
        }
        checkKeys(item, {"title", "url"}, QStringLiteral("references"));
        Reference ref;
        ref.title = scalar(item, "title", true).value_or(QString());
        ref.url = scalar(item, "url", true).value_or(QString());
        if (!ref.url.isEmpty() && !ref.url.startsWith(QLatin1String("https://"))
            && !ref.url.startsWith(QLatin1String("http://")))
            error(item["url"], QStringLiteral("reference url must start with https:// or http://"));
        rule.references.append(ref);
    }
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

    checkKeys(node,
              {"id", "title", "kind", "severity", "tags", "match", "facts", "compare", "explain",
               "action", "references", "examples"},
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
    rule.tags = stringList(node, "tags");
    parseMatch(node["match"], rule);

    std::set<QString> captures;
    for (const auto &[i, name] : rule.pattern.groupNames)
        captures.insert(name);
    if (rule.thenPattern)
        for (const auto &[i, name] : rule.thenPattern->groupNames)
            captures.insert(name);

    rule.facts = stringList(node, "facts");
    for (int i = 0; i < rule.facts.size(); ++i) {
        if (!captures.count(rule.facts[i]))
            error(node["facts"][i],
                  QStringLiteral("fact '%1' is not a named capture (?P<%1>...) of the patterns")
                      .arg(rule.facts[i]));
    }
    parseCompare(node["compare"], rule, captures);
    rule.explain = scalar(node, "explain", false).value_or(QString()).trimmed();
    rule.action = scalar(node, "action", false).value_or(QString()).trimmed();
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
    checkKeys(root, {"schema", "pack", "version", "description", "rules"}, QStringLiteral("file"));
    const auto schema = scalar(root, "schema", true);
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
    const YAML::Node rules = root["rules"];
    if (!rules || !rules.IsSequence()) {
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

} // namespace

void RuleLoader::loadText(const QByteArray &yaml, const QString &fileName, bool user)
{
    Parser parser(m_set, fileName, user);
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        parser.parseDocument(root);
    } catch (const YAML::Exception &e) {
        Diagnostic d;
        d.where = Error{fileName, e.mark.is_null() ? 0 : e.mark.line + 1,
                        e.mark.is_null() ? 0 : e.mark.column + 1, qs(e.msg)};
        m_set.diagnostics.append(d);
    }
}

void RuleLoader::loadFile(const QString &path, bool user)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        Diagnostic d;
        d.where = Error{path, 0, 0,
                        QStringLiteral("cannot read rule file: %1").arg(file.errorString())};
        m_set.diagnostics.append(d);
        return;
    }
    loadText(file.readAll(), path, user);
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
    QDirIterator it(path, {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                    QDirIterator::Subdirectories | QDirIterator::FollowSymlinks);
    const QString tables = QDir(path).filePath(QStringLiteral("tables")) + QLatin1Char('/');
    while (it.hasNext()) {
        const QString f = it.next();
        if (!f.startsWith(tables))
            files.append(f);
    }
    files.sort(); // load order decides which duplicate wins; keep it stable
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

RuleSet loadRules(const QStringList &extraPaths, bool defaults)
{
    RuleSet set;
    RuleLoader loader(set);
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
    resolveDuplicates(set);
    return set;
}

} // namespace gputriage
