#include "timechart.h"

#include "palette.h"

#include "engine/timeline.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <map>

namespace gputriage {

namespace {
constexpr int kLane = 26, kTop = 28, kLegend = 24, kAxis = 22, kRight = 14, kRadius = 5;
constexpr int kHistogram = 64, kBucketPixels = 6, kDragPixels = 4;
constexpr int kMaxTipLines = 8;
constexpr int64_t kMinSpan = 1000; // one millisecond, in microseconds

// 1, 2, 5, 10, 20, 50 …: the smallest at least `n`.
int niceCeiling(int n)
{
    for (int unit = 1;; unit *= 10)
        for (const int m : {1, 2, 5})
            if (m * unit >= n)
                return m * unit;
}

// "30 s", "2 min", "1 h": a bucket's length.
QString stepText(int64_t step)
{
    constexpr int64_t ms = 1000, s = 1000 * ms, min = 60 * s, h = 60 * min, day = 24 * h;
    if (step < s)
        return QStringLiteral("%1 ms").arg(step / ms);
    if (step < min)
        return QStringLiteral("%1 s").arg(step / s);
    if (step < h)
        return QStringLiteral("%1 min").arg(step / min);
    if (step < day)
        return QStringLiteral("%1 h").arg(step / h);
    return QStringLiteral("%1 d").arg(step / day);
}
} // namespace

TimeChart::TimeChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timeChart"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus); // Esc resets the zoom
    setMinimumHeight(80);
    m_reset = new QToolButton(this);
    m_reset->setObjectName(QStringLiteral("resetZoom"));
    m_reset->setText(tr("Reset Zoom"));
    m_reset->setToolTip(tr("Show the whole time range again (Esc)"));
    m_reset->setAutoRaise(true);
    m_reset->hide();
    connect(m_reset, &QToolButton::clicked, this, &TimeChart::resetZoom);
}

void TimeChart::setData(ChartData data)
{
    m_data = std::move(data);
    m_viewFirst = m_data.first;
    m_viewLast = m_data.last;
    m_reset->hide();
    layoutMarks();
    updateGeometry();
    update();
}

bool TimeChart::isZoomed() const
{
    return !m_data.isEmpty() && (m_viewFirst != m_data.first || m_viewLast != m_data.last);
}

void TimeChart::zoomTo(int64_t first, int64_t last)
{
    if (m_data.isEmpty())
        return;
    first = std::max(first, m_data.first);
    last = std::min(last, m_data.last);
    if (last - first < kMinSpan) {
        const int64_t middle = first + (last - first) / 2;
        first = std::max(m_data.first, middle - kMinSpan / 2);
        last = std::min(m_data.last, first + kMinSpan);
    }
    if (last <= first)
        return;
    m_viewFirst = first;
    m_viewLast = last;
    m_reset->setVisible(isZoomed());
    layoutMarks();
    update();
}

void TimeChart::resetZoom()
{
    zoomTo(m_data.first, m_data.last);
}

QSize TimeChart::sizeHint() const
{
    return {480, kLegend + kTop + kHistogram + int(m_data.lanes.size()) * kLane + kAxis + 8};
}

QRectF TimeChart::plotRect() const
{
    const int label = std::clamp(width() / 4, 90, 200);
    return QRectF(label, kLegend + kTop + kHistogram, std::max(100, width() - label - kRight),
                  double(m_data.lanes.size()) * kLane);
}

QRectF TimeChart::histogramRect() const
{
    const QRectF plot = plotRect();
    return QRectF(plot.left(), kLegend + kTop + 6, plot.width(), kHistogram - 14);
}

double TimeChart::xOf(int64_t time) const
{
    const QRectF plot = plotRect();
    return plot.left()
           + double(time - m_viewFirst) * plot.width() / double(m_viewLast - m_viewFirst);
}

int64_t TimeChart::timeAt(double x) const
{
    const QRectF plot = plotRect();
    const double at = std::clamp((x - plot.left()) / plot.width(), 0.0, 1.0);
    return m_viewFirst + int64_t(at * double(m_viewLast - m_viewFirst));
}

void TimeChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutMarks();
}

void TimeChart::layoutMarks()
{
    m_marks.clear();
    m_ticks.clear();
    if (m_data.isEmpty())
        return;
    const QRectF plot = plotRect();
    const QSize button = m_reset->sizeHint();
    m_reset->move(width() - kRight - button.width(), kLegend + (kTop - button.height()) / 2);
    m_ticks = timeTicks(m_viewFirst, m_viewLast, std::max(2, int(plot.width() / 110)));
    layoutBuckets();
    // Per lane, one mark per pixel column pair and kind; kinds in paint order: other messages,
    // then info … critical, so the strongest is drawn last, on top.
    for (size_t lane = 0; lane < m_data.lanes.size(); ++lane) {
        const double y = plot.top() + double(lane) * kLane + kLane / 2.0;
        std::map<std::pair<int, int>, Mark> marks;
        for (const ChartPoint &p : m_data.lanes[lane].points) {
            if (p.time < m_viewFirst || p.time > m_viewLast)
                continue;
            const double x = xOf(p.time);
            const int kind = p.other ? -1 : int(p.severity);
            Mark &mark = marks[{kind, int(x / 3)}];
            if (mark.points.empty()) {
                mark.other = p.other;
                mark.severity = p.severity;
                mark.rect = p.other ? QRectF(x - 1.5, y - 5, 3, 10)
                                    : QRectF(x - kRadius, y - kRadius, 2 * kRadius, 2 * kRadius);
            }
            mark.points.push_back(&p);
        }
        for (auto &[key, mark] : marks)
            m_marks.push_back(std::move(mark));
    }
    // Across lanes too, the strongest last.
    std::stable_sort(m_marks.begin(), m_marks.end(), [](const Mark &a, const Mark &b) {
        const int ka = a.other ? -1 : int(a.severity), kb = b.other ? -1 : int(b.severity);
        return ka < kb;
    });
}

// Lines per round time bucket over the range shown, and the scale of their bars.
void TimeChart::layoutBuckets()
{
    m_buckets.clear();
    const QRectF hist = histogramRect();
    const int64_t span = m_viewLast - m_viewFirst;
    m_bucketLength = roundTimeStep(span, std::max(1, int(hist.width() / kBucketPixels)));
    const int64_t start = m_viewFirst >= 0 ? m_viewFirst / m_bucketLength * m_bucketLength
                                           : (m_viewFirst / m_bucketLength - 1) * m_bucketLength;
    const size_t count = size_t((m_viewLast - start) / m_bucketLength + 1);
    m_buckets.resize(count);
    for (size_t i = 0; i < count; ++i)
        m_buckets[i].start = start + int64_t(i) * m_bucketLength;
    for (const ChartLane &lane : m_data.lanes)
        for (const ChartPoint &p : lane.points) {
            if (p.time < m_viewFirst || p.time > m_viewLast)
                continue;
            Bucket &b = m_buckets[size_t((p.time - start) / m_bucketLength)];
            ++b.count;
            if (p.other)
                ++b.other;
            else
                ++b.severity[size_t(p.severity)];
        }
    int most = 0;
    for (const Bucket &b : m_buckets)
        most = std::max(most, b.count);
    m_scaleMax = niceCeiling(std::max(1, most));
    for (Bucket &b : m_buckets) {
        const double left = std::max(hist.left(), xOf(b.start));
        const double right = std::min(hist.right(), xOf(b.start + m_bucketLength));
        const double h = hist.height() * b.count / m_scaleMax;
        b.rect = QRectF(left, hist.bottom() - h, std::max(1.0, right - left - 1), h);
    }
}

const TimeChart::Bucket *TimeChart::bucketAt(const QPointF &pos) const
{
    const QRectF hist = histogramRect();
    if (pos.y() < hist.top() - 2 || pos.y() > hist.bottom() + 2)
        return nullptr;
    for (const Bucket &b : m_buckets)
        if (pos.x() >= b.rect.left() && pos.x() < b.rect.right() + 1)
            return &b;
    return nullptr;
}

const TimeChart::Mark *TimeChart::markAt(const QPointF &pos) const
{
    for (auto it = m_marks.rbegin(); it != m_marks.rend(); ++it)
        if (it->rect.adjusted(-2, -2, 2, 2).contains(pos))
            return &*it;
    return nullptr;
}

QString TimeChart::toolTipAt(const QPointF &pos) const
{
    if (const Bucket *b = bucketAt(pos)) {
        const QLocale locale;
        QStringList parts;
        for (Severity s : {Severity::Critical, Severity::Error, Severity::Warning, Severity::Info})
            if (const int n = b->severity[size_t(s)])
                parts << QStringLiteral("%1 %2").arg(locale.toString(n), severityName(s));
        if (b->other)
            parts << tr("%1 other").arg(locale.toString(b->other));
        const QString from = formatTime(b->start), to = formatTime(b->start + m_bucketLength);
        return tr("%1 – %2 UTC: %3%4")
            .arg(from.mid(11, m_bucketLength < 1000000 ? 12 : 8),
                 to.mid(11, m_bucketLength < 1000000 ? 12 : 8),
                 b->count == 1 ? tr("1 line") : tr("%1 lines").arg(locale.toString(b->count)),
                 parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(u", ")));
    }
    const Mark *mark = markAt(pos);
    if (!mark)
        return {};
    QStringList lines;
    for (const ChartPoint *p : mark->points) {
        if (lines.size() == kMaxTipLines) {
            lines << tr("… and %1 more here").arg(mark->points.size() - kMaxTipLines);
            break;
        }
        lines << QStringLiteral("%1  %2%3 (%4:%5)")
                     .arg(formatTime(p->time).mid(11, 12),
                          p->other ? tr("other message: ")
                                   : severityName(p->severity) + QLatin1String(": "),
                          p->title, p->path)
                     .arg(p->line);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + tr("Click to open the line.");
}

QStringList TimeChart::tickLabels() const
{
    QStringList labels;
    for (const auto &tick : m_ticks)
        labels << tick.second;
    return labels;
}

bool TimeChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

void TimeChart::mousePressEvent(QMouseEvent *event)
{
    const QRectF plot = plotRect();
    if (event->button() == Qt::LeftButton && !m_data.isEmpty()
        && event->position().x() >= plot.left() - kDragPixels)
        m_dragFrom = m_dragTo = std::clamp(event->position().x(), plot.left(), plot.right());
    QWidget::mousePressEvent(event);
}

void TimeChart::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragFrom >= 0) {
        m_dragTo = std::clamp(event->position().x(), plotRect().left(), plotRect().right());
        update();
    }
    QWidget::mouseMoveEvent(event);
}

// A drag zooms to its range; a click opens the mark under it.
void TimeChart::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        const double from = m_dragFrom, to = m_dragTo;
        m_dragFrom = m_dragTo = -1;
        if (from >= 0 && std::abs(to - from) > kDragPixels) {
            zoomTo(timeAt(std::min(from, to)), timeAt(std::max(from, to)));
        } else if (const Mark *mark = markAt(event->position()); mark && !mark->points.empty()) {
            Q_EMIT pointActivated(mark->points.front()->path,
                                  LineNumber::fromDisplayed(mark->points.front()->line));
        }
        update();
    }
    QWidget::mouseReleaseEvent(event);
}

void TimeChart::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (!markAt(event->position()))
        resetZoom();
    QWidget::mouseDoubleClickEvent(event);
}

// Each notch shows a fifth less (or more) time, the time under the pointer staying in place.
void TimeChart::wheelEvent(QWheelEvent *event)
{
    const int notches = event->angleDelta().y() / 120;
    if (m_data.isEmpty() || notches == 0) {
        QWidget::wheelEvent(event);
        return;
    }
    const double x = std::clamp(event->position().x(), plotRect().left(), plotRect().right());
    const int64_t at = timeAt(x);
    const double factor = std::pow(0.8, notches);
    const double span = double(m_viewLast - m_viewFirst) * factor;
    const double left = (x - plotRect().left()) / plotRect().width();
    int64_t first = at - int64_t(span * left);
    int64_t last = first + int64_t(span);
    // Zooming out past an end keeps the span, shifted inside the data.
    if (first < m_data.first) {
        last += m_data.first - first;
        first = m_data.first;
    }
    if (last > m_data.last) {
        first -= last - m_data.last;
        last = m_data.last;
    }
    zoomTo(first, last);
    event->accept();
}

void TimeChart::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && isZoomed()) {
        resetZoom();
        return;
    }
    QWidget::keyPressEvent(event);
}

void TimeChart::paintLegend(QPainter &p, const ViewPalette &vp) const
{
    int x = 8;
    const int ly = kLegend / 2 + 2;
    auto legend = [&](const QColor &colour, const QString &text, bool bar) {
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        if (bar)
            p.drawRect(QRectF(x, ly - 5, 3, 10));
        else
            p.drawEllipse(QPointF(x + kRadius, ly), kRadius, kRadius);
        p.setPen(vp.text);
        p.drawText(x + 2 * kRadius + 4, ly + fontMetrics().ascent() / 2 - 1, text);
        x += 2 * kRadius + 12 + fontMetrics().horizontalAdvance(text);
    };
    for (Severity s : {Severity::Critical, Severity::Error, Severity::Warning, Severity::Info})
        legend(vp.severity[size_t(s)], severityName(s), false);
    legend(vp.muted, tr("other message"), true);
}

// The histogram: lines per bucket, its scale on the left.
void TimeChart::paintHistogram(QPainter &p, const ViewPalette &vp) const
{
    const QRectF hist = histogramRect();
    p.setPen(vp.gutter.darker(130));
    p.drawLine(QPointF(hist.left(), hist.bottom() + 0.5),
               QPointF(hist.right(), hist.bottom() + 0.5));
    p.drawLine(QPointF(hist.left(), hist.top()), QPointF(hist.right(), hist.top()));
    p.setPen(vp.muted);
    const QLocale locale;
    const QRectF scale(8, hist.top() - fontMetrics().height() / 2.0, hist.left() - 14,
                       fontMetrics().height());
    p.drawText(scale, Qt::AlignRight | Qt::AlignVCenter, locale.toString(m_scaleMax));
    p.drawText(scale.translated(0, hist.height()), Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("0"));
    p.drawText(QRectF(8, hist.top(), hist.left() - 14, hist.height()),
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               tr("lines per %1").arg(stepText(m_bucketLength)));
    p.setPen(Qt::NoPen);
    for (const Bucket &b : m_buckets) {
        if (!b.count)
            continue;
        // Coloured by the strongest severity in the bucket, grey for other messages only.
        QColor colour = vp.muted;
        for (Severity s : {Severity::Info, Severity::Warning, Severity::Error, Severity::Critical})
            if (b.severity[size_t(s)])
                colour = vp.severity[size_t(s)];
        p.setBrush(colour);
        p.drawRect(b.rect);
    }
}

void TimeChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const ViewPalette &vp = ViewPalette::forBase(palette().color(QPalette::Base));
    p.fillRect(rect(), vp.base);
    p.setPen(vp.muted);
    if (m_data.isEmpty()) {
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   tr("No finding has a date: their lines have no wall-clock time and the bundle "
                      "does not tell when the kernel log's boot began."));
        return;
    }
    paintLegend(p, vp);
    const QRectF plot = plotRect();
    p.setPen(vp.muted);
    const int titleWidth = width() - 16 - (m_reset->isVisible() ? m_reset->width() : 0);
    p.drawText(
        QRectF(8, kLegend + 2, titleWidth, kTop - 4), Qt::AlignLeft | Qt::AlignVCenter,
        fontMetrics().elidedText((isZoomed() ? tr("Zoomed: %1 → %2 (UTC)") : tr("%1 → %2 (UTC)"))
                                     .arg(formatTime(m_viewFirst), formatTime(m_viewLast)),
                                 Qt::ElideRight, titleWidth));
    paintHistogram(p, vp);
    const QRectF hist = histogramRect();
    // Lanes and their names (the end of a long name, which tells pods apart).
    for (size_t lane = 0; lane < m_data.lanes.size(); ++lane) {
        const QRectF band(0, plot.top() + double(lane) * kLane, width(), kLane);
        if (lane % 2 == 0)
            p.fillRect(band, vp.gutter);
        p.setPen(vp.text);
        const QString name = fontMetrics().elidedText(m_data.lanes[lane].name, Qt::ElideLeft,
                                                      int(plot.left()) - 12);
        p.drawText(band.adjusted(6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, name);
    }
    // Ticks.
    for (const auto &[time, label] : m_ticks) {
        const double tx = xOf(time);
        p.setPen(vp.gutter.darker(130));
        p.drawLine(QPointF(tx, plot.top() - 4), QPointF(tx, plot.bottom()));
        p.setPen(vp.muted);
        const int w = fontMetrics().horizontalAdvance(label);
        p.drawText(QPointF(tx - w / 2.0, plot.bottom() + kAxis - 6), label);
    }
    // Marks, the strongest last.
    for (const Mark &mark : m_marks) {
        p.setPen(Qt::NoPen);
        p.setBrush(mark.other ? vp.muted : vp.severity[size_t(mark.severity)]);
        if (mark.other)
            p.drawRect(mark.rect);
        else
            p.drawEllipse(mark.rect);
    }
    if (m_dragFrom >= 0 && std::abs(m_dragTo - m_dragFrom) > kDragPixels) {
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(60);
        p.fillRect(QRectF(std::min(m_dragFrom, m_dragTo), hist.top(),
                          std::abs(m_dragTo - m_dragFrom), plot.bottom() - hist.top()),
                   band);
    }
}

} // namespace gputriage
