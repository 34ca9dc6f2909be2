#include "timelineview.h"

#include "text/logdocument.h"
#include "text/normalizer.h"

#include <QRegularExpression>

#include <algorithm>

namespace gputriage {

QStringList shortNames(const std::vector<std::shared_ptr<const LogDocument>> &docs)
{
    QStringList names;
    std::vector<QStringList> parts;
    static const QRegularExpression separators(QStringLiteral("[/!]"));
    for (const auto &doc : docs)
        parts.push_back(doc->path().split(separators, Qt::SkipEmptyParts));
    for (size_t i = 0; i < docs.size(); ++i) {
        QString name;
        for (qsizetype k = 1; k <= parts[i].size(); ++k) {
            name = parts[i].mid(parts[i].size() - k).join(QLatin1Char('/'));
            bool unique = true;
            for (size_t j = 0; j < docs.size() && unique; ++j)
                unique = j == i || !docs[j]->path().endsWith(name);
            if (unique)
                break;
        }
        names << name;
    }
    return names;
}

TimelineDocument buildTimelineDocument(const std::vector<std::shared_ptr<const LogDocument>> &docs,
                                       const BundleClock &clock,
                                       const std::vector<std::vector<LineMatch>> &matches,
                                       const QString &path,
                                       size_t maxLines,
                                       qsizetype maxBytes,
                                       const std::atomic<bool> *cancel)
{
    TimelineDocument out;
    const Timeline timeline = buildTimeline(docs, clock, maxLines, cancel);
    if (timeline.cancelled)
        return out;
    out.cut = timeline.truncated;
    const QStringList names = shortNames(docs);
    qsizetype width = 0;
    for (const QString &n : names)
        width = std::max(width, std::min<qsizetype>(n.size() + 6, 48));
    std::vector<QByteArray> names8; // UTF-8 names, once
    for (const QString &n : names)
        names8.push_back(n.toUtf8());
    QByteArray bytes;
    bytes.reserve(std::min<qsizetype>(maxBytes, qsizetype(timeline.entries.size()) * 160));
    out.sources.reserve(timeline.entries.size());
    int64_t lastSecond = INT64_MIN;
    QByteArray stamp; // "2025-11-30 08:15:01." is the same for a whole second
    for (const TimelineEntry &e : timeline.entries) {
        const LogDocument &source = *docs[size_t(e.doc)];
        std::string_view text = source.line(e.line);
        text.remove_prefix(Normalizer::timestampPrefixLength(text)); // shown in front
        if (bytes.size() + qsizetype(text.size()) + 100 > maxBytes) {
            out.cut = true;
            break;
        }
        const int64_t second = e.time >= 0 ? e.time / 1000000 : (e.time - 999999) / 1000000;
        if (second != lastSecond) {
            stamp = formatTime(e.time).toLatin1().left(20);
            lastSecond = second;
        }
        const int millis = int((e.time - second * 1000000) / 1000);
        const char tail[6] = {char('0' + millis / 100), char('0' + millis / 10 % 10),
                              char('0' + millis % 10), 'Z', ' ', ' '};
        bytes += stamp;
        bytes.append(tail, 6);
        const QByteArray number = QByteArray::number(source.lineNumber(e.line));
        bytes += names8[size_t(e.doc)];
        bytes += ':';
        bytes += number;
        const qsizetype used = names[e.doc].size() + 1 + number.size();
        if (used < width)
            bytes.append(width - used, ' ');
        bytes += " \xe2\x94\x82 "; // │
        bytes.append(text.data(), qsizetype(text.size()));
        bytes += '\n';
        out.sources.emplace_back(e.doc, e.line);
    }
    out.doc = LogDocument::fromBytes(std::move(bytes), path);

    // Each hit onto the timeline line of its document line (the whole line is tinted).
    std::vector<std::vector<int>> rowOf(docs.size());
    for (size_t d = 0; d < docs.size() && d < matches.size(); ++d)
        if (!matches[d].empty())
            rowOf[d].assign(size_t(docs[d]->lineCount()), -1);
    for (size_t row = 0; row < out.sources.size(); ++row)
        if (auto &rows = rowOf[size_t(out.sources[row].first)]; !rows.empty())
            rows[size_t(out.sources[row].second)] = int(row);
    for (size_t d = 0; d < docs.size() && d < matches.size(); ++d)
        for (const LineMatch &m : matches[d])
            if (const int row = rowOf[d][size_t(m.line)]; row >= 0) {
                LineMatch moved;
                moved.rule = m.rule;
                moved.severity = m.severity;
                moved.line = moved.endLine = row;
                out.matches.push_back(std::move(moved));
            }

    QStringList undated;
    for (size_t d = 0; d < docs.size(); ++d)
        if (timeline.undated[d])
            undated << QStringLiteral("%1 (%2)").arg(names[qsizetype(d)]).arg(timeline.undated[d]);
    out.note = QStringLiteral("Timeline: %L1 lines from %2 file(s) in time order (UTC).")
                   .arg(qint64(out.sources.size()))
                   .arg(docs.size());
    if (out.cut)
        out.note += QStringLiteral(" Only the earliest %L1 lines are shown.")
                        .arg(qint64(out.sources.size()));
    if (!undated.isEmpty())
        out.note += QStringLiteral(" Lines without a date are not placed: %1.")
                        .arg(undated.join(QLatin1String(", ")));
    return out;
}

} // namespace gputriage
