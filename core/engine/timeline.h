#pragma once

#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
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

struct TimelineEntry
{
    int64_t time; // microseconds, UTC
    int doc;      // index into the documents given
    int line;     // 0-based
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

Timeline buildTimeline(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                       size_t maxEntries = 2'000'000,
                       const std::atomic<bool> *cancel = nullptr);

} // namespace gputriage
