#pragma once

#include "library/libraryentry.h"
#include "result.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace gputriage {

// Where the case library lives: a SQLite file (one engineer) or a PostgreSQL server (a team).
struct LibraryLocation
{
    enum class Kind { Sqlite, Postgres };
    Kind kind = Kind::Sqlite;
    QString path;                                    // SQLite
    QString host, database, user, password, options; // PostgreSQL (host: a name or socket folder)
    int port = -1;
    QString shown() const; // for messages: the file, or "postgresql://user@host/db" (no password)
};

// `$XDG_DATA_HOME/gputriage/library.sqlite` (~/.local/share/gputriage/library.sqlite).
QString defaultLibraryPath();
// "" → $GPUTRIAGE_LIBRARY_URL, else the default file; "postgresql://user:pw@host:port/db",
// "postgresql:///db?host=/run/postgresql&user=u" (a socket folder), "sqlite:///path" or a path.
Result<LibraryLocation> parseLibraryUrl(const QString &url);

// One stored bundle, as lists show it.
struct PastCase
{
    qint64 id = 0;
    QString identity, name, caseId, customer, driverVersion, cudaVersion;
    QDateTime analysedAt;
    int findings = 0;
    QString worstRule; // the rule of its most severe finding
    std::optional<Severity> worst;
    QStringList matched; // search: the findings that matched (signatures)
};

struct SeenBefore
{
    QString signature;
    int bundles = 0;        // other bundles with this finding
    QList<PastCase> recent; // the last few, newest first
};

// A board seen in another bundle (joined by serial number or UUID).
struct BoardRecord
{
    PastCase bundle;
    LibraryGpu gpu;
};

struct LibraryQuery
{
    QString rule;       // a rule id, or a prefix ending in '*'
    QString xid;        // "79": Xid or SXid code
    QString gpu;        // serial number or UUID
    QString driver;     // driver version, exact
    QString caseId;     // exact
    QString text;       // in the bundle's name or case id
    QDateTime from, to; // analysed within [from, to]
    int limit = 100;
};

struct StatRow
{
    QString rule, driverVersion;
    int bundles = 0;
};

// Limits every lookup to one customer's bundles, so one customer's history never shows in
// another's report. Empty: every bundle.
struct LibraryScope
{
    QString customer;
};

// The case library: what earlier analyses found, through Qt SQL (SQLite or PostgreSQL). Every
// failure (missing, locked, read-only, damaged, newer schema, unreachable server) is an Error
// with a sentence for the engineer; the analysis never depends on it.
class CaseLibrary
{
public:
    enum class Mode { Read, Write }; // Read never creates a file or a table
    static constexpr int kSchemaVersion = 2;
    // The statements that take a library from `version - 1` to `version` (tests build older
    // libraries with them).
    static QStringList schemaStatements(int version, bool postgres);

    static Result<std::unique_ptr<CaseLibrary>> open(const LibraryLocation &location, Mode mode);
    ~CaseLibrary();
    CaseLibrary(const CaseLibrary &) = delete;
    CaseLibrary &operator=(const CaseLibrary &) = delete;

    const LibraryLocation &location() const { return m_location; }
    int schemaVersion() const { return m_schemaVersion; }

    struct Added
    {
        qint64 id = 0;
        bool added = false; // false: the same bundle (by content) was there already
    };
    // One transaction; two processes adding the same bundle at once store it once.
    Result<Added> add(const LibraryEntry &entry);
    Result<bool> remove(qint64 id); // false: no such entry
    Result<std::optional<LibraryEntry>> entry(qint64 id);
    Result<qint64> bundleCount(const LibraryScope &scope = {});
    Result<qint64> findingCount();

    // "Seen in N other bundles" for each signature, the bundle `excludeIdentity` not counted: the
    // counts are read from signature_counts (a row per signature and customer, whatever the
    // library's size) in one statement, the newest few of each from bundle_signatures' index
    // (PostgreSQL: one statement for all signatures; SQLite: in process, one per signature).
    Result<QList<SeenBefore>> seenBefore(const QStringList &signatures,
                                         const QString &excludeIdentity,
                                         const LibraryScope &scope,
                                         int recent = 3);
    // The board's records in other bundles, newest first (the first `limit`; 0: all); serial
    // or UUID may be empty.
    Result<QList<BoardRecord>> boardHistory(const QString &serial,
                                            const QString &uuid,
                                            const QString &excludeIdentity,
                                            const LibraryScope &scope,
                                            int limit = 0);
    // The same for several boards at once (PostgreSQL: one statement for all, then one for their
    // events; SQLite: in process, one per board), each board's newest `limit` records.
    struct Board
    {
        QString serial, uuid;
    };
    Result<QList<QList<BoardRecord>>> boardHistories(const QList<Board> &boards,
                                                     const QString &excludeIdentity,
                                                     const LibraryScope &scope,
                                                     int limit);
    Result<QList<PastCase>> search(const LibraryQuery &query, const LibraryScope &scope);
    Result<QList<StatRow>> stats(const LibraryScope &scope);
    // Every entry in id order; `each` returns false to stop. Returns how many were given.
    Result<int> forEachEntry(const LibraryScope &scope,
                             const std::function<bool(const LibraryEntry &)> &each);

private:
    explicit CaseLibrary(LibraryLocation location);
    Result<bool> connect(Mode mode);
    Result<bool> migrate(Mode mode);
    Result<bool> checkTables(int version);
    Result<Added> addOnce(const LibraryEntry &entry);
    bool isPostgres() const { return m_location.kind == LibraryLocation::Kind::Postgres; }
    Error failure(const QString &doing, const class QSqlError &error) const;
    bool transient(const class QSqlError &error) const;
    Result<bool> begin();
    Result<bool> commit();
    void rollback();

    LibraryLocation m_location;
    QString m_connection;
    int m_schemaVersion = 0;
    int m_timeoutMs = 10000;
    bool m_retry = false; // the last add failed on a conflict worth trying again
};

} // namespace gputriage
