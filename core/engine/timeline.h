#pragma once

#include "text/linetypes.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gputriage {

class LogDocument;

// What a line's own timestamp leaves open.
struct TimeContext
{
    int year = 0; // for formats without a year (syslog "Aug 12", klog "I0812"); 0 = this year
    int offsetMinutes = 0; // for times without a zone (taken as UTC by default)
};

// The wall-clock time a log line starts with, in microseconds since 1970-01-01 UTC.
// Reads RFC 3339 / ISO 8601 (CRI, journald short-iso, "2025-08-12 10:15:32,123"), docker's
// JSON `"time":"…"`, logrus `time="…"`, `dmesg -T` "[Tue Aug 12 10:15:32 2025]", BSD syslog
// "Aug 12 10:15:32" and klog "I0812 10:15:32.123456". Kernel uptime stamps ("[ 4.11]") are
// not wall-clock time and give nothing.
std::optional<int64_t> lineTime(std::string_view line, const TimeContext &context = {});

// "2025-08-12 10:15:32.123Z"
QString formatTime(int64_t microseconds);

// The year of a line that starts with a full date (RFC 3339 / ISO 8601), else 0. The first such
// year of a bundle is the TimeContext::year of its yearless lines.
int fullDateYear(std::string_view line);

// A kernel uptime stamp at the start of a line ("[ 9512.662164] ", "<4>[ 9512.66] ",
// "kern  :warn  : [ 9512.66] "): microseconds since boot. `messageStart` receives where the
// message after it begins.
std::optional<int64_t> uptimeOf(std::string_view line, size_t *messageStart = nullptr);

// One boot of a kernel log written with uptime stamps.
struct BootClock
{
    int firstLine = 0;            // line number of its first uptime stamp
    std::optional<int64_t> start; // wall-clock time of uptime 0 (µs UTC), when the bundle tells
    QString source;               // what told it, for the reports
};

// What the bundle says about time beyond each line's own stamp: the year of lines written
// without one, and when each boot of a dmesg-style log began, so its uptime stamps become dates.
struct BundleClock
{
    TimeContext context; // context.year 0: no year found, lines without one take this year
    QString yearSource;  // the file the year was read from
    std::map<QString, std::vector<BootClock>> boots; // per log with uptime stamps, in line order

    // The wall-clock time of a line: its own stamp, else its uptime stamp plus its boot's start.
    std::optional<int64_t> timeOf(const QString &path, int lineNumber, std::string_view line) const;
    // The boot of `lineNumber` in `boots` (nullptr before the first).
    static const BootClock *bootOf(const std::vector<BootClock> &boots, int lineNumber);
};

// Reads a bundle's clock from its documents as they come (chunks of one input continue it):
// the year from the first line that gives one (an RFC 3339 date, `dmesg -T`, a bug report's
// "Date:", `journalctl --list-boots`); where each boot of an uptime-stamped log starts (the
// stamp goes down); and when it started, from kernel messages that are also written with a
// date elsewhere in the bundle (kern.log, the journal, `dmesg -T`, a bug report's kernel log
// scan; the median of the messages that occur once on both sides), else from
// `journalctl --list-boots` or /proc/stat's btime for the latest boots.
class ClockReader
{
public:
    void add(const LogDocument &doc, int lines = -1);
    BundleClock finish() const;

private:
    struct Stamp
    {
        int64_t time = 0;
        int path = 0, boot = 0; // uptime side: the log and its boot
        int count = 0;
        bool yearless = false; // dated in kReferenceYear, to be moved to the bundle's year
    };
    static constexpr int kReferenceYear = 2000;
    static constexpr size_t kMaxMessages = 500'000; // per side
    void addYear(std::string_view line, const QString &path);
    void addBootRow(std::string_view line, const QString &path);

    int m_year = 0;
    QString m_yearSource;
    std::vector<QString> m_paths;                // uptime-stamped logs
    std::vector<std::vector<BootClock>> m_boots; // per log
    std::vector<int64_t> m_lastUptime;           // per log
    std::unordered_map<uint64_t, Stamp> m_uptimeMessages, m_wallMessages;
    std::map<int, std::pair<int64_t, QString>> m_bootRows; // boot index (0 = current) → start
};

BundleClock bundleClock(const std::vector<std::shared_ptr<const LogDocument>> &docs);

struct TimelineEntry
{
    int64_t time; // microseconds, UTC
    int doc;      // index into the documents given
    LineNumber line;
};

// All dated lines of several documents in time order (ties keep document, then line order).
// A line without a time of its own (a stack trace, a wrapped message) follows the dated line
// before it; lines before a document's first time are not placed.
struct Timeline
{
    std::vector<TimelineEntry> entries;
    std::vector<int> undated; // per document: lines not placed
    bool truncated = false;   // more than maxEntries lines: the earliest ones are kept
    bool cancelled = false;
};

// Lines with kernel uptime stamps are placed when the clock knows their boot's start.
Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       const BundleClock &clock,
                       size_t maxEntries = 2'000'000,
                       const std::atomic<bool> *cancel = nullptr);
// The same with the clock read from `docs`.
Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       size_t maxEntries = 2'000'000,
                       const std::atomic<bool> *cancel = nullptr);

} // namespace gputriage
