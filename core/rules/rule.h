#pragma once

#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>

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
std::optional<CompareOp> compareOpFromName(QStringView name);

// One side of a comparison: a fact name, or a literal version when `isFact` is false.
struct Operand
{
    QString text;
    bool isFact = false;
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
};

struct RuleExample
{
    QString log;
    bool expectNone = false;
    std::map<QString, QString> expectFacts; // empty with !expectNone: "matches, any facts"
    int line = 0;                           // where the example is written, for messages
};

// A compiled RE2 program with its named capture groups (index → name).
struct CompiledPattern
{
    QString source;
    std::shared_ptr<const re2::RE2> regex;
    std::map<int, QString> groupNames;
};

struct Rule
{
    QString id;
    QString title;
    RuleKind kind = RuleKind::Finding;
    Severity severity = Severity::Info;
    QList<QString> tags;

    CompiledPattern pattern;
    int span = 1;
    std::optional<CompiledPattern> thenPattern;
    int thenWithin = 0;

    QList<QString> facts; // captures kept as facts; empty = all named captures
    QList<CompareSpec> compare;
    QString explain;
    QString action;
    QList<Reference> references;
    QList<RuleExample> examples;

    // Provenance, for messages and the UI.
    QString pack;
    QString file;
    int line = 0;
    bool user = false;
};

struct RulePackInfo
{
    QString pack;
    QString version;
    QString file;
    int rules = 0;
    bool user = false;
};

} // namespace gputriage
