#pragma once

#include "engine/finding.h"
#include "engine/timeline.h"

#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

namespace gputriage {

class LogDocument;

// The merged timeline as a document to read: one line per dated line of the bundle,
// "2025-11-30 08:15:01.123Z  pytorch.log:12     │ message" (the line's own timestamp moved to
// the front, in UTC), with where each line comes from and the rule hits carried over.
struct TimelineDocument
{
    std::shared_ptr<const LogDocument> doc; // null when cancelled
    std::vector<std::pair<int, int>> sources; // per line: document index, line (0-based)
    std::vector<LineMatch> matches;           // the documents' hits, on whole timeline lines
    bool cut = false; // the line or byte limit was reached: the earliest lines are kept
    QString note;     // "Timeline: 1,234 lines from 3 file(s) in time order (UTC). …"
};

// `matches` per document (as AnalysisResult::matches); `path` names the document.
TimelineDocument buildTimelineDocument(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                       const BundleClock &clock,
                                       const std::vector<std::vector<LineMatch>> &matches,
                                       const QString &path,
                                       size_t maxLines = 2'000'000,
                                       qsizetype maxBytes = qsizetype(256) << 20,
                                       const std::atomic<bool> *cancel = nullptr);

// The shortest path suffix ("pytorch.log", "pod-a/0.log") that tells each document apart.
QStringList shortNames(const std::vector<std::shared_ptr<const LogDocument>> &docs);

} // namespace gputriage
