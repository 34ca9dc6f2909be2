#pragma once

#include "engine/finding.h"
#include "result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <map>

namespace gputriage {

// What the case library keeps of one analysed bundle: never its logs, only what it said.
struct LibraryFinding
{
    QString signature; // what "the same finding" means across bundles: rule, code, group facts
    QString rule, title, code; // code: "Xid 79", "SXid 12" or empty
    Severity severity = Severity::Info;
    QString gpu; // bus id key ("0000:3b:00"), empty when the finding names no GPU
    int count = 0;
    QString firstTime, lastTime; // as written in the log
    bool operator==(const LibraryFinding &) const = default;
};

struct LibraryGpuEvent
{
    QString rule, code;
    Severity severity = Severity::Info;
    int count = 0;
    QString firstTime, lastTime;
    bool operator==(const LibraryGpuEvent &) const = default;
};

struct LibraryGpu
{
    QString busId, uuid, serial, name;
    Severity severity = Severity::Info;
    QString resolution, action;
    QList<LibraryGpuEvent> events;
    bool operator==(const LibraryGpu &) const = default;
};

struct LibraryEntry
{
    qint64 id = 0;    // the library's own number; 0 before it is stored
    QString identity; // sha256 of the inputs' contents: the same bundle added twice is one entry
    QString name;     // the bundle's file or folder name
    QString caseId, customer;
    QDateTime analysedAt; // UTC
    QString analysedBy, toolVersion;
    QStringList packs; // "nvidia-containers 2026.12.0"
    QString driverVersion, cudaVersion;
    bool redacted = false;
    std::map<QString, QString> facts; // bundle facts, one value per name (the most seen)
    QList<LibraryFinding> findings;
    QList<LibraryGpu> gpus;
    // What the report needs beyond the tables, never a log line: the inputs, problems, all
    // facts with their places, each finding's facts, explanation, comparisons and references,
    // each GPU event's details (findings and GPUs in the order above). Empty for entries
    // stored before schema version 2.
    QJsonObject report;
    bool operator==(const LibraryEntry &) const = default;
};

// The signature of a finding: rule id, Xid/SXid code and the group facts that do not name one
// machine or GPU ("cuda.error|cuda_error=cudaErrorIllegalAddress", "xid.catalog|Xid 79").
QString findingSignature(const Finding &finding);

struct EntryOptions
{
    QString caseId;      // empty: taken from the paths with casePattern
    QString casePattern; // a regular expression whose first capture (or whole match) is the id
    QString customer;
    bool redact = false;  // --redact: what is stored is what a redacted report shows
    QDateTime analysedAt; // invalid: now
};

// The default case-id pattern: "case-12345", "ticket_0042", "SR 55555" in a path.
QString defaultCasePattern();

// The entry for an analysis of `paths` (the identity hashes their contents).
LibraryEntry
libraryEntry(const AnalysisResult &result, const QStringList &paths, const EntryOptions &options);

// sha256 over each input's relative file names and bytes, in name order; the names given on the
// command line do not count (a bundle renamed is the same bundle). Empty when nothing was read,
// or when `cancel` was set meanwhile.
QString contentIdentity(const QStringList &paths, const std::atomic<bool> *cancel = nullptr);

// The analysis again, from what the library kept, for the report writers: everything but the
// evidence lines (a note in its problems says so). An entry without `report` gives the stored
// findings, facts and GPU verdicts alone.
AnalysisResult analysisOf(const LibraryEntry &entry);

// One line of `library export` (schema gputriage/library-entry/v1) and back.
QJsonObject entryToJson(const LibraryEntry &entry);
Result<LibraryEntry> entryFromJson(const QJsonObject &object);

} // namespace gputriage
