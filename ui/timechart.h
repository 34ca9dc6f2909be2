#pragma once

#include "report/timelinesvg.h"

#include <QWidget>

#include <vector>

namespace gputriage {

// The Time chart tab: the findings' dated occurrences on one axis, a lane per pod or file.
// Marks on the same pixels are one mark per severity with the strongest drawn on top; hovering
// names what a mark stands for, a click opens its line; a legend says the colours.
class TimeChart : public QWidget
{
    Q_OBJECT

public:
    explicit TimeChart(QWidget *parent = nullptr);
    void setData(ChartData data);
    const ChartData &data() const { return m_data; }
    bool isEmpty() const { return m_data.isEmpty(); }

    // What is drawn where, for tests and tooltips: the marks in paint order (the last drawn is
    // on top), each with the points it stands for.
    struct Mark
    {
        QRectF rect;
        std::vector<const ChartPoint *> points; // the first is the one a click opens
        bool other = false;
        Severity severity = Severity::Info;
    };
    const std::vector<Mark> &marks() const { return m_marks; }
    const Mark *markAt(const QPointF &pos) const; // the top one
    QString toolTipAt(const QPointF &pos) const;
    QStringList tickLabels() const;

    QSize sizeHint() const override;

Q_SIGNALS:
    void pointActivated(const QString &path, int line); // 1-based

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void layoutMarks();
    QRectF plotRect() const;
    double xOf(int64_t time) const;

    ChartData m_data;
    std::vector<Mark> m_marks;
    std::vector<std::pair<int64_t, QString>> m_ticks;
};

} // namespace gputriage
