#include "timelineindex.h"

#include "engine/timelineview.h"
#include "text/normalizer.h"

#include <QLocale>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <queue>

namespace gputriage {

TimelineIndex::TimelineIndex(std::vector<std::shared_ptr<const LogDocument>> docs,
                             BundleClock clock,
                             std::vector<std::vector<LineMatch>> matches)
    : m_docs(std::move(docs))
    , m_clock(std::move(clock))
    , m_matches(std::move(matches))
{
    m_labels = shortNames(m_docs);
    for (const auto &doc : m_docs)
        m_total += doc->lineCount();
    m_capacity = size_t(std::min<qint64>(m_total, INT_MAX));
    // Large blocks come as fresh mapped pages: only the rows written take memory.
    m_rows = static_cast<Ref *>(std::malloc(std::max<size_t>(1, m_capacity) * sizeof(Ref)));
    m_undated.assign(m_docs.size(), 0);
}

TimelineIndex::~TimelineIndex()
{
    std::free(m_rows);
}

std::string_view TimelineIndex::line(int row) const
{
    if (row < 0 || row >= lineCount())
        return {};
    const Ref r = m_rows[size_t(row)];
    std::string_view text = m_docs[r.doc]->line(int(r.line));
    text.remove_prefix(Normalizer::timestampPrefixLength(text)); // shown in its own column
    return text;
}

size_t TimelineIndex::strippedBefore(int row) const
{
    if (row < 0 || row >= lineCount())
        return 0;
    const Ref r = m_rows[size_t(row)];
    return Normalizer::timestampPrefixLength(m_docs[r.doc]->line(int(r.line)));
}

std::optional<int64_t> TimelineIndex::ownTime(uint32_t doc, int line) const
{
    const LogDocument &d = *m_docs[doc];
    return m_clock.timeOf(d.path(), d.lineNumber(line), d.line(line));
}

std::optional<int64_t> TimelineIndex::timeOf(int row) const
{
    if (row < 0 || row >= lineCount())
        return std::nullopt;
    const Ref r = m_rows[size_t(row)];
    // A stack trace or wrapped message takes the time of the dated line before it.
    for (int line = int(r.line), floor = std::max(0, line - 10000); line >= floor; --line)
        if (const auto t = ownTime(r.doc, line))
            return t;
    return std::nullopt;
}

std::optional<int64_t> TimelineIndex::ownTimeOf(int row) const
{
    if (row < 0 || row >= lineCount())
        return std::nullopt;
    const Ref r = m_rows[size_t(row)];
    return ownTime(r.doc, int(r.line));
}

int TimelineIndex::rowAtTime(int64_t time) const
{
    int low = 0, high = lineCount();
    while (low < high) {
        const int mid = low + (high - low) / 2;
        const auto t = timeOf(mid);
        if (t && *t >= time)
            high = mid;
        else
            low = mid + 1;
    }
    return low;
}

bool TimelineIndex::build(const std::atomic<bool> *cancel, std::atomic<qint64> *done)
{
    static const std::vector<BootClock> noBoots;
    struct Cursor
    {
        int64_t time = 0;
        int doc = 0;
        int line = -1; // the line to place next
        std::optional<int64_t> last;
        const std::vector<BootClock> *boots = &noBoots;
        size_t nextBoot = 0;
        const BootClock *boot = nullptr;
        std::unique_ptr<PagesBehind> pages;
    };
    std::vector<Cursor> cursors(m_docs.size());
    qint64 read = 0;
    // To the next line that has a time (its own, its boot's, or the line before's); false at
    // the end of the document.
    auto advance = [&](Cursor &c) {
        const LogDocument &doc = *m_docs[size_t(c.doc)];
        while (++c.line < doc.lineCount()) {
            ++read;
            c.pages->passed(c.line);
            const int number = doc.lineNumber(c.line);
            while (c.nextBoot < c.boots->size() && (*c.boots)[c.nextBoot].firstLine <= number)
                c.boot = &(*c.boots)[c.nextBoot++];
            const std::string_view text = doc.line(c.line);
            if (const auto t = lineTime(text, m_clock.context)) {
                c.last = t;
            } else if (c.boot) {
                if (const auto up = uptimeOf(text))
                    c.last = c.boot->start ? std::optional(*c.boot->start + *up) : std::nullopt;
            }
            if (c.last) {
                c.time = *c.last;
                return true;
            }
            ++m_undated[size_t(c.doc)];
        }
        return false;
    };
    auto later = [](const Cursor *a, const Cursor *b) {
        return a->time != b->time ? a->time > b->time : a->doc > b->doc;
    };
    std::priority_queue<Cursor *, std::vector<Cursor *>, decltype(later)> heap(later);
    for (size_t d = 0; d < m_docs.size(); ++d) {
        Cursor &c = cursors[d];
        c.doc = int(d);
        c.pages = std::make_unique<PagesBehind>(*m_docs[d]);
        if (const auto it = m_clock.boots.find(m_docs[d]->path()); it != m_clock.boots.end())
            c.boots = &it->second;
        if (advance(c))
            heap.push(&c);
    }
    size_t count = 0;
    bool cancelled = false;
    while (!heap.empty() && !cancelled) {
        Cursor *c = heap.top();
        heap.pop();
        // A run of one document before the next document's time goes without the heap.
        bool more = true;
        while (more && count < m_capacity) {
            m_rows[count++] = {uint32_t(c->doc), uint32_t(c->line)};
            if ((count & 0x3fff) == 0) {
                m_count.store(int(count), std::memory_order_release);
                if (done)
                    done->store(read, std::memory_order_relaxed);
                if (cancel && cancel->load(std::memory_order_relaxed)) {
                    cancelled = true;
                    break;
                }
            }
            more = advance(*c);
            if (more && !heap.empty() && !later(heap.top(), c))
                break;
        }
        if (more && !cancelled && count < m_capacity)
            heap.push(c);
    }
    m_count.store(int(count), std::memory_order_release);
    if (done)
        done->store(read, std::memory_order_relaxed);
    if (cancelled)
        return false;
    moveMatches();
    m_complete.store(true, std::memory_order_release);
    return true;
}

void TimelineIndex::releaseLines(int first, int end) const
{
    // The lines of each document those rows show, from the first to the last.
    std::vector<std::pair<int, int>> spans(m_docs.size(), {INT_MAX, -1});
    for (int row = std::max(first, 0); row < std::min(end, lineCount()); ++row) {
        const Ref r = m_rows[size_t(row)];
        auto &[from, to] = spans[r.doc];
        from = std::min(from, int(r.line));
        to = std::max(to, int(r.line));
    }
    for (size_t d = 0; d < m_docs.size(); ++d)
        if (spans[d].second >= 0)
            m_docs[d]->releaseLines(spans[d].first, spans[d].second + 1);
}

void TimelineIndex::moveMatches()
{
    // Each document's rows come in its line order, so one pass with a cursor per document
    // finds the row of every hit.
    std::vector<std::vector<const LineMatch *>> hits(m_docs.size());
    for (size_t d = 0; d < m_docs.size() && d < m_matches.size(); ++d) {
        for (const LineMatch &m : m_matches[d])
            hits[d].push_back(&m);
        std::stable_sort(hits[d].begin(), hits[d].end(),
                         [](const LineMatch *a, const LineMatch *b) { return a->line < b->line; });
    }
    std::vector<size_t> next(m_docs.size(), 0);
    const int rows = lineCount();
    for (int row = 0; row < rows; ++row) {
        const Ref r = m_rows[size_t(row)];
        auto &list = hits[r.doc];
        size_t &i = next[r.doc];
        while (i < list.size() && list[i]->line < r.at())
            ++i;
        for (; i < list.size() && list[i]->line == r.at(); ++i) {
            LineMatch moved;
            moved.rule = list[i]->rule;
            moved.severity = list[i]->severity;
            moved.line = moved.endLine = LineNumber(row);
            m_timelineMatches.push_back(std::move(moved));
        }
    }
    m_matches.clear();
    m_matches.shrink_to_fit();
}

QString TimelineIndex::note() const
{
    const QLocale locale;
    QString text = QStringLiteral("Timeline: %1 %2 from %3 %4 in time order (UTC)")
                       .arg(locale.toString(lineCount()),
                            lineCount() == 1 ? QStringLiteral("line") : QStringLiteral("lines"),
                            locale.toString(qint64(m_docs.size())),
                            m_docs.size() == 1 ? QStringLiteral("file") : QStringLiteral("files"));
    if (!isComplete()) {
        text
            += QStringLiteral(", ordering the rest of the %1 lines…").arg(locale.toString(m_total));
        return text;
    }
    text += QLatin1Char('.');
    QStringList undated;
    for (size_t d = 0; d < m_docs.size(); ++d)
        if (m_undated[d])
            undated << QStringLiteral("%1 (%2)").arg(m_labels[qsizetype(d)],
                                                     locale.toString(m_undated[d]));
    if (!undated.isEmpty())
        text += QStringLiteral(" Lines without a date are not placed: %1.")
                    .arg(undated.join(QLatin1String(", ")));
    return text;
}

} // namespace gputriage
