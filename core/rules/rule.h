#pragma once

#include "rules/lazyregex.h"

#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace gputriage {

enum class Severity { Info, Warning, Error, Critical };

QString severityName(Severity severity);
std::optional<Severity> severityFromName(QStringView name);

// A finding is reported to the engineer; a fact rule only collects bundle facts (versions,
// GPU names) with their source line.
enum class RuleKind { Finding, Fact };

enum class CompareOp { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };

QString compareOpName(CompareOp op);

// `{name}` placeholders in rule titles: the names, and the text with facts filled in ("?" for a
// fact the match did not give).
QList<QString> templateNames(const QString &text);
QString expandTemplate(const QString &text, const std::map<QString, QString> &facts);
std::optional<CompareOp> compareOpFromName(QStringView name);

// One side of a comparison: a fact name, a literal version, or a table lookup
// (`table[fact]`: the table's value for the fact's value).
struct Operand
{
    enum class Kind { Literal, Fact, Table };
    QString text; // the literal, or the fact name (also for a table lookup)
    Kind kind = Kind::Literal;
    QString table;

    bool isFact() const { return kind != Kind::Literal; }
};

struct CompareSpec
{
    Operand left;
    CompareOp op = CompareOp::Equal;
    Operand right;
    QString says;
};

struct Reference
{
    QString title;
    QString url;
    QString link; // the shared `links:` entry it names, if written as a name
    int line = 0;
};

// A rule's RE2 program (compiled on first use) with its named capture groups (index → name).
struct CompiledPattern
{
    QString source;
    LazyRegex regex;
    std::map<int, QString> groupNames;
};

// A pattern that must (requires) or must not (absent) appear within `within` lines of a match.
struct NearbyPattern
{
    CompiledPattern pattern;
    int within = 1;
    bool absent = false;
};

struct RuleExample
{
    QString log;
    bool expectNone = false;
    std::map<QString, QString> expectFacts; // empty with !expectNone: "matches, any facts"
    int line = 0;                           // where the example is written, for messages
};

// Adds a fact from the bundle's fact rules to a finding: the value of `fact` in a fact-rule
// match whose `where` equals this finding's `equals` (e.g. the GPU UUID for an Xid's bus id).
struct FactLookup
{
    QString fact;
    QString where;
    QString equals;
};

// A rule that reads a code (Xid, SXid ...) from its match and takes the title words, meaning,
// NVIDIA's resolution and so the severity from the catalog entry of that code.
struct CatalogRef
{
    QString name; // the catalog (rules/catalogs/<name>.yaml)
    QString key;  // the captured fact holding the code
};

// Return codes of an error vocabulary (cuda-error 2, nvml-return 15) that are this rule's
// condition in whatever wording they are found: a line no pattern explains but the vocabulary
// decodes to one of these codes becomes this rule's finding (`vocabulary:`).
struct VocabularyRef
{
    QString catalog;
    QList<int> codes;
};

// Messages of a message catalog that are this rule's condition: those of `component` from the
// source folders of `subsystems` and printed by `functions` (either may be empty: any; a
// trailing * matches a prefix), at `minLevel` or above (`messages:`). Such a line that no
// pattern explains becomes this rule's finding, with the catalog's words for the message.
struct MessagesRef
{
    QString component;
    QList<QString> subsystems;
    QString minLevel; // a print level name: error, warning ...
    QList<QString> functions;
    bool covers(const QString &subsystem, const QString &function) const;
};

// Where a rule looks: at lines (with a pattern), or at the facts and findings of the whole
// bundle once every entry was read.
enum class RuleScope { Line, Bundle };

struct Rule
{
    QString id;
    QString title; // may hold {fact} placeholders
    RuleKind kind = RuleKind::Finding;
    RuleScope scope = RuleScope::Line;
    Severity severity = Severity::Info;
    QList<QString> tags;

    CompiledPattern pattern;
    int span = 1;
    std::optional<CompiledPattern> thenPattern;
    int thenWithin = 0;
    bool thenRequired = false;   // no match unless `then` is found
    QList<NearbyPattern> nearby; // line conditions from requires/absent
    // Facts from the nearest line before the match that this pattern matches, up to
    // `contextWithin` lines back: the "GPU 00000000:3B:00.0" header of an nvidia-smi -q block.
    std::optional<CompiledPattern> contextPattern;
    int contextWithin = 0;

    // Conditions on other rules (ids): all `requires` have findings or facts, no `absent` has.
    QList<QString> requiresRules;
    QList<QString> absentRules;
    QList<QString> groupBy; // one finding per distinct value of these facts
    int minCount = 1;       // a finding needs this many occurrences (per group)
    QList<QString> supersedes;
    // Rules (a trailing * matches a prefix) whose finding, on the same GPU or about no GPU in
    // particular, is this finding's cause: then this one is a consequence, said at info.
    QList<QString> consequenceOf;
    // A state a reboot clears (an API mismatch after an upgrade): seen only before the last boot,
    // it is history, said at info.
    bool resolvedByReboot = false;
    // The capture naming the kernel module version a message came from: when the bundle shows
    // another module loaded, the finding is from before it (`loaded_module`).
    QString loadedModuleFact;
    QList<FactLookup> lookups;
    std::optional<CatalogRef> catalog;
    std::optional<VocabularyRef> vocabulary;
    std::optional<MessagesRef> messages;

    QList<QString> facts; // captures kept as facts; empty = all named captures
    QList<CompareSpec> compare;
    QString explain;
    QString action;
    // The bucket for what the finding calls for (catalogs give their own): NVIDIA's when
    // `resolutionSource` names the NVIDIA document it is from, else GPU Triage's advice.
    QString resolution;
    QString resolutionSource;
    // Why this rule's severity or action differs from its catalog's bucket, and the source.
    QString deviationWhy;
    QString deviationSource;
    QList<Reference> references;
    QList<RuleExample> examples;

    // Provenance, for messages and the UI.
    QString pack;
    QString file;
    int line = 0;
    bool user = false;
};

// A version table (rules/tables/*.yaml): rows of key version → value, e.g. CUDA release →
// minimum driver. Lookup picks the row with the greatest key not above the asked version.
struct VersionTable
{
    struct Row
    {
        QString key;
        QString value;
        int line = 0;
    };
    QString name;
    QString keyName, valueName;
    QString file;
    QList<Row> rows; // sorted by key

    const Row *lookup(const QString &version) const;
};

// One documented code of a catalog: NVIDIA's name for it, what it means, and NVIDIA's
// resolution as a machine-readable bucket (restart_app, reset_gpu, restart_bm ...).
struct CatalogEntry
{
    int code = 0;
    QString mnemonic;
    QString name;
    QString meaning;
    QString action;
    QString resolution;    // NVIDIA's immediate resolution bucket, lowercase
    QString investigate;   // NVIDIA's investigatory resolution bucket, if any
    QString decode;        // what the message text itself carries, for codes that say more
    QString severityClass; // SXid: "fatal", "always-fatal" or "non-fatal"
    // Where NVIDIA's class says less than the bucket's severity (a non-fatal SXid whose
    // recovery is a check): this severity instead.
    std::optional<Severity> severity;
    QList<QString> applies; // GPU generations
    QList<QString> names;   // other ways logs name the code (cudaErrorIllegalAddress, its text)
    QList<QString> examples;
    // The resolution is NVIDIA's (its catalog says so), not a user catalog's entry merged in.
    bool nvidiaResolution = false;
    QString source;
    int line = 0;
};

struct Catalog
{
    QString name;
    QString description;
    QString file;
    Reference source;
    // The buckets are NVIDIA's (Xid, SXid, DCGM failure codes), not GPU Triage's advice.
    bool nvidiaResolutions = false;
    std::map<int, CatalogEntry> entries;
    std::map<QString, int> aliases; // lower-cased names → code

    // By code, or by one of the entry's names (case and a final '.' do not matter).
    const CatalogEntry *find(const QString &code) const;
    static QString aliasKey(const QString &name);
};

// Whether rule `id` is named by `pattern`: the id itself, or a prefix with a trailing '*'
// ("gpu.xid.1*"), as consequence_of and the corpora's condition lists write them.
bool ruleIdMatches(QStringView id, QStringView pattern);

// The severity of a finding whose resolution is `bucket` (one table, documented in
// docs/rules.md "Resolutions"); nullopt for a bucket the table does not know.
std::optional<Severity> severityForResolution(QStringView bucket);
// "Reset the GPU" for reset_gpu: the bucket said as an instruction.
QString resolutionText(QStringView bucket);
// How reports introduce a bucket: NVIDIA's published resolution, or GPU Triage's own advice.
QString resolutionLabel(bool nvidia);

struct RulePackInfo
{
    QString pack;
    QString version;
    QString file;
    int rules = 0;
    bool user = false;
};

// The pattern with its named groups, `(?P<name>…)` and `(?<name>…)`, made plain groups `(…)`:
// for other engines that read RE2's syntax otherwise (vectorscan, ripgrep joining many).
std::string withoutGroupNames(std::string_view re2Pattern);

} // namespace gputriage
