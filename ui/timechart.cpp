#include "timechart.h"

#include "palette.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <map>

namespace gputriage {

namespace {
constexpr int kLane = 26, kTop = 28, kLegend = 24, kAxis = 22, kRight = 14, kRadius = 5;
constexpr int kMaxTipLines = 8;
} // namespace

TimeChart::TimeChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timeChart"));
    setMouseTracking(true);
    setMinimumHeight(80);
}

void TimeChart::setData(ChartData data)
{
    m_data = std::move(data);
    layoutMarks();
    updateGeometry();
    update();
}

QSize TimeChart::sizeHint() const
{
    return {480, kLegend + kTop + int(m_data.lanes.size()) * kLane + kAxis + 8};
}

QRectF TimeChart::plotRect() const
{
    const int label = std::clamp(width() / 4, 90, 200);
    return QRectF(label, kLegend + kTop, std::max(100, width() - label - kRight),
                  double(m_data.lanes.size()) * kLane);
}

double TimeChart::xOf(int64_t time) const
{
    const QRectF plot = plotRect();
    return plot.left()
           + double(time - m_data.first) * plot.width() / double(m_data.last - m_data.first);
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
    m_ticks = timeTicks(m_data.first, m_data.last, std::max(2, int(plot.width() / 110)));
    // Per lane, one mark per pixel column pair and kind; kinds in paint order: other messages,
    // then info … critical, so the strongest is drawn last, on top.
    for (size_t lane = 0; lane < m_data.lanes.size(); ++lane) {
        const double y = plot.top() + double(lane) * kLane + kLane / 2.0;
        std::map<std::pair<int, int>, Mark> marks;
        for (const ChartPoint &p : m_data.lanes[lane].points) {
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

const TimeChart::Mark *TimeChart::markAt(const QPointF &pos) const
{
    for (auto it = m_marks.rbegin(); it != m_marks.rend(); ++it)
        if (it->rect.adjusted(-2, -2, 2, 2).contains(pos))
            return &*it;
    return nullptr;
}

QString TimeChart::toolTipAt(const QPointF &pos) const
{
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

void TimeChart::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        if (const Mark *mark = markAt(event->position()); mark && !mark->points.empty())
            Q_EMIT pointActivated(mark->points.front()->path, mark->points.front()->line);
    QWidget::mouseReleaseEvent(event);
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
    // Legend.
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

    const QRectF plot = plotRect();
    p.setPen(vp.muted);
    p.drawText(QRectF(8, kLegend + 2, width() - 16, kTop - 4), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(
                   tr("%1 → %2 (UTC)").arg(formatTime(m_data.first), formatTime(m_data.last)),
                   Qt::ElideRight, width() - 16));
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
}

} // namespace gputriage
