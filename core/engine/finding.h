#pragma once

#include "engine/templateminer.h"
#include "engine/timeline.h"

#include "result.h"
#include "rules/rule.h"
#include "source/bundlefact.h"
#include "text/linetypes.h"

#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace gputriage {

class LogDocument;

using Facts = std::map<QString, QString>;

// One rule hit inside a document. `start` and `end` are bytes of the normalized first line (what
// the rule matched); `rawStart` and `rawEnd` the same match in the raw first line, cut at its
// end, so views show it without normalizing (both 0 when it is not on that line).
struct LineMatch
{
    int rule = 0; // index into the rules given to the Matcher
    LineNumber line;
    LineNumber endLine; // the last line the match or its `then` used
    int start = 0;
    int end = 0; // may exceed the first line's length when the match spans lines
    LineColumn rawStart;
    LineColumn rawEnd;
    std::optional<Severity> severity; // the rule's; none for a rule that only reads facts
    Facts facts;
};

struct Occurrence
{
    QString path;
    int line = 0;    // 1-based
    int endLine = 0; // last line the match (or its `then`) used
    QString text;    // the original first line, for display (around the match when very long)
    int at = 0;      // where the match starts in `text` (characters)
    QString time;    // the line's own timestamp, as written, if it has one
    Facts facts;
};

struct Comparison
{
    QString leftName, left;
    CompareOp op = CompareOp::Equal;
    QString rightName, right;
    bool holds = false;
    QString says;
    // Where each side came from: "path:line" of the fact, "table cuda-min-driver row 12.8",
    // or empty for a literal.
    QString leftSource, rightSource;
};

struct Finding
{
    QString ruleId;
    QString title; // the rule's title with its {placeholders} filled in
    Facts group;   // the values of the rule's group_by facts; one finding per distinct group
    Severity severity = Severity::Info;
    QString pack;
    QString explain;
    QString action;
    // The resolution bucket (reset_gpu, restart_bm ...) and the investigation bucket; empty
    // when the rule gives none.
    QString resolution;
    QString investigate;
    bool nvidiaResolution = false; // NVIDIA publishes this bucket; else it is GPU Triage's advice
    QList<Reference> references;
    QList<QString> tags;

    int count = 0;
    Facts facts;       // from the first occurrence (and lookups)
    Facts factSources; // fact name → where it was read: "path:line" or a table row
    QList<Comparison> comparisons;
    QList<Occurrence> occurrences; // the first N, ordered by path and line
};

// One finding about one GPU, seen from that GPU.
struct GpuEvent
{
    QString rule;
    QString title;
    QString code; // the Xid / SXid, when the finding is about one
    Severity severity = Severity::Info;
    QString resolution; // the finding's bucket, if it has one
    bool nvidiaResolution = false;
    int count = 0;
    QString firstTime, lastTime; // as written in the log; empty when the lines have none
    int bursts = 0;              // runs of occurrences with no gap over 5 minutes
    int boots = 0;               // how many boots it was seen in
    bool currentBoot = true;     // seen after the last boot marker of its log
};

// One physical GPU: who it is, what happened to it, and the strongest action NVIDIA's
// resolutions call for (weighing the events of the current boot).
struct GpuVerdict
{
    QString key; // 0000:3b:00
    QString uuid, name, serial;
    QList<GpuEvent> events; // most severe first
    Severity severity = Severity::Info;
    QString resolution;           // strongest bucket; empty: no catalogued event
    QString action;               // said as an instruction
    int recurredAfterReboots = 0; // the most boots one event was seen in, minus one
    bool hasEvents() const { return !events.isEmpty(); }
    // "NVIDIA H100 80GB HBM3, S/N 1654922000123": what an RMA request names the board by.
    QString nameAndSerial() const
    {
        if (serial.isEmpty())
            return name;
        return (name.isEmpty() ? QString() : name + QLatin1String(", ")) + QLatin1String("S/N ")
               + serial;
    }
};

// A line the engineer marked while reading, with their note; listed in reports as it is.
struct Bookmark
{
    QString path;
    int line = 0; // 1-based
    QString text; // the line, for the report
    QString note;
    bool operator==(const Bookmark &) const = default;
};

// What an input of the bundle turned out to be; its name is what reports say.
enum class InputFormat { Plain, Cri, Binary, Unread };
QString inputFormatName(InputFormat format); // "plain", "cri", "binary", "unread"

struct InputInfo
{
    QString path;
    QString label; // pod / container / namespace, when the path tells
    InputFormat format = InputFormat::Plain;
    qint64 lines = 0;
    qint64 bytes = 0;
    QList<QString> problems;
};

struct AnalysisResult
{
    QList<RulePackInfo> packs;
    QList<InputInfo> inputs;
    QList<Finding> findings; // by severity (highest first), then rule id
    QList<BundleFact> facts; // by name, then value
    QList<GpuVerdict> gpus;  // by bus id
    QList<Error> problems;   // unreadable inputs, rule errors
    bool cancelled = false;
    // Per input (same order as `inputs`), every hit; filled only with AnalyzeOptions::keepMatches.
    std::vector<std::vector<LineMatch>> matches;
    // The documents read (same order as `inputs`) and those the engineer excluded; filled
    // only by Analyzer::analyzePaths() with AnalyzeOptions::keepDocuments.
    std::vector<std::shared_ptr<const LogDocument>> documents, excludedDocuments;
    // With AnalyzeOptions::unmatched: shapes of the lines with error words that no rule matched.
    QList<MessageTemplate> unmatched;
    qint64 unmatchedLines = 0;
    // Never silent: lines from NVIDIA components with failure words, those no rule explained
    // (reported as "Unrecognised NVIDIA message" findings) and those a rule matched.
    qint64 nvidiaUnrecognisedLines = 0;
    qint64 nvidiaExplainedLines = 0;
    qint64 nvidiaErrorLines() const { return nvidiaUnrecognisedLines + nvidiaExplainedLines; }
    // "NVIDIA error lines: 12 (10 explained by rules, 2 not recognised)." for every report.
    QString nvidiaErrorLinesSentence() const;
    QList<Occurrence> unmatchedSamples; // the first of those lines, for the time chart
    BundleClock clock;                  // the bundle's year and boot times, to date every line
    QList<Bookmark> bookmarks;          // set by the GUI; the CLI has none

    int countAtLeast(Severity severity) const;
    int readInputCount() const; // inputs that yielded a document
    // Per input with matches kept: the lines a rule with a severity marked, and the worst.
    struct InputHits
    {
        int hits = 0;
        std::optional<Severity> worst;
    };
    std::vector<InputHits> hitsPerInput() const;
    // Adds the problems met while reading the inputs (first in `problems`) and copies each to
    // the input it names (`inputs[].problems`), adding an input for a path that yielded no
    // document (a damaged archive, an unreadable file).
    void addReadProblems(const QList<Error> &readProblems);
    int countOf(Severity severity) const;
};

} // namespace gputriage
