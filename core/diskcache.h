#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace gputriage {

// What is costly to derive and the same every run (compiled pattern databases, parsed
// catalogs), kept between runs in $XDG_CACHE_HOME/gputriage/compiled ($GPUTRIAGE_CACHE_DIR
// instead; GPUTRIAGE_NO_CACHE=1: none). One file per entry, named by a hash of its kind, of
// what it is made from and of this program; its header repeats them, names what made it (the
// library and CPU a database was compiled for) and checksums the payload. A file that does not
// check is never used: it is rebuilt and replaced, with a note. Writes are atomic (renamed into
// place, not synced: a file a crash cut fails its checksum); a cache that cannot be written is
// no cache.
class DiskCache
{
public:
    // The folder, or empty when caching is off.
    static QString directory();
    // The read-only folder of entries made when the program was built, for the shipped rules and
    // catalogs (`compiled` beside the binary, or lib/…/gputriage/compiled installed;
    // $GPUTRIAGE_SHIPPED_CACHE_DIR instead, empty for none). Its databases are compiled for any
    // CPU (GPUTRIAGE_PORTABLE_DATABASES=1 makes them).
    static QString shippedDirectory();

    // The payload stored for (`kind`, `inputs`) by the same `builder`, when the file checks: in
    // the user's cache, else in the shipped one (made by `builder` or by `portable`, the builder
    // of what runs on any CPU).
    static std::optional<QByteArray> load(const QByteArray &kind,
                                          const QByteArray &inputs,
                                          const QByteArray &builder,
                                          const QByteArray &portable = {});
    // Best effort: false (and no note) when it cannot be written.
    static bool store(const QByteArray &kind,
                      const QByteArray &inputs,
                      const QByteArray &builder,
                      const QByteArray &payload);
    // A payload load() gave that its user could not read: noted, the caller rebuilds it.
    static void reject(const QByteArray &kind, const QByteArray &inputs, const QString &why);

    // A 128-bit digest of `bytes` for inputs (many times faster than SHA-256 here; files are
    // not chosen to collide).
    static QByteArray digest(const QByteArray &bytes);
    // Whether a file is kept for the entry, in the user's cache or the shipped one (not checked).
    static bool has(const QByteArray &kind, const QByteArray &inputs);
    // The file an entry is kept in (for tests), empty when caching is off.
    static QString fileName(const QByteArray &kind, const QByteArray &inputs);
    // What happened that the user should know ("…: damaged (checksum), rebuilt"), once each.
    static QStringList takeNotes();

    // Bumped when the file layout changes.
    static constexpr quint32 kFormat = 1;
    static constexpr int kMaxFiles = 200; // the oldest go first
};

} // namespace gputriage
