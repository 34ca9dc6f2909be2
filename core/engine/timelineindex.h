#pragma once

#include "engine/finding.h"
#include "engine/timeline.h"
#include "text/logdocument.h"

#include <QStringList>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gputriage {

// The merged timeline as references into the documents, 8 bytes per line and no copy of text:
// a k-way merge of the documents' dated lines (each document keeps its own line order; ties go
// to the earlier document) built by build() on a worker thread. Readable while it grows: rows
// below lineCount() never change. As a LineSource, a row reads as its line without the leading
// timestamp (the view shows the time in a column of its own).
class TimelineIndex final : public LineSource
{
public:
    struct Ref
    {
        uint32_t doc = 0;
        uint32_t line = 0; // in the document: at() (4 bytes, so a row is 8)
        LineNumber at() const { return LineNumber(int(line)); }
    };

    TimelineIndex(std::vector<std::shared_ptr<const LogDocument>> docs,
                  BundleClock clock,
                  std::vector<std::vector<LineMatch>> matches = {});
    ~TimelineIndex() override;
    TimelineIndex(const TimelineIndex &) = delete;
    TimelineIndex &operator=(const TimelineIndex &) = delete;

    // Merges every dated line, whatever their number; once, on one thread. `done` receives the
    // lines read so far (of totalLines()). False when cancelled (the rows so far stay readable).
    bool build(const std::atomic<bool> *cancel = nullptr, std::atomic<qint64> *done = nullptr);
    bool isComplete() const { return m_complete.load(std::memory_order_acquire); }

    int lineCount() const override { return m_count.load(std::memory_order_acquire); }
    std::string_view line(int row) const override;
    void releaseLines(int first, int end) const override;
    // The bytes of the row's file line before line(row) (its timestamp): that many bytes
    // precede line(row) in memory, so a view can read the prefixes the timestamp began.
    size_t strippedBefore(int row) const;
    Ref ref(int row) const { return m_rows[size_t(row)]; }
    const std::vector<std::shared_ptr<const LogDocument>> &documents() const { return m_docs; }
    qint64 totalLines() const { return m_total; }
    // The time of a row: its line's own, else that of the dated line before it in its file.
    std::optional<int64_t> timeOf(int row) const;
    // The time written on the row's own line (none on a stack trace's or a wrapped line's).
    std::optional<int64_t> ownTimeOf(int row) const;
    // The first row at or after `time` (lineCount() when there is none).
    int rowAtTime(int64_t time) const;
    // Short labels that tell the documents apart ("dmesg.log", "pod-a/0.log").
    const QStringList &labels() const { return m_labels; }
    // After build(): lines not placed (no date before them) per document, and the documents'
    // rule hits moved onto whole timeline rows.
    const std::vector<int> &undated() const { return m_undated; }
    const std::vector<LineMatch> &matches() const { return m_timelineMatches; }
    // "Timeline: 1,234 lines from 3 files in time order (UTC). …": totals, never a cut.
    QString note() const;
    size_t indexBytes() const { return m_capacity * sizeof(Ref); }

private:
    std::optional<int64_t> ownTime(uint32_t doc, int line) const;
    void moveMatches();

    std::vector<std::shared_ptr<const LogDocument>> m_docs;
    BundleClock m_clock;
    std::vector<std::vector<LineMatch>> m_matches;
    QStringList m_labels;
    qint64 m_total = 0;
    Ref *m_rows = nullptr; // room for every line; pages are touched only as rows are written
    size_t m_capacity = 0;
    std::atomic<int> m_count{0};
    std::atomic<bool> m_complete{false};
    std::vector<int> m_undated;
    std::vector<LineMatch> m_timelineMatches;
};

} // namespace gputriage
