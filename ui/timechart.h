#pragma once

#include "report/timelinesvg.h"
#include "text/linetypes.h"

#include <QWidget>

#include <array>
#include <vector>

class QPainter;
class QToolButton;

namespace gputriage {

struct ViewPalette;

// The Time chart tab: the findings' dated occurrences on one axis, a lane per pod or file.
// Marks on the same pixels are one mark per severity with the strongest drawn on top; hovering
// names what a mark stands for, a click opens its line; a legend says the colours. Above the
// lanes, a histogram counts the lines per round time bucket, on a scale (as lnav's); the wheel
// zooms around the pointer, dragging zooms to a range, Esc or Reset Zoom shows all again.
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

    struct Bucket
    {
        int64_t start = 0; // microseconds, UTC; the bucket is bucketLength() long
        int count = 0;
        int other = 0;                 // of which other messages
        std::array<int, 4> severity{}; // of which findings, by Severity
        QRectF rect;                   // its bar
    };
    const std::vector<Bucket> &buckets() const { return m_buckets; }
    int64_t bucketLength() const { return m_bucketLength; }
    int scaleMax() const { return m_scaleMax; } // the histogram axis's top
    QRectF histogramRect() const;

    int64_t viewFirst() const { return m_viewFirst; }
    int64_t viewLast() const { return m_viewLast; }
    bool isZoomed() const;
    void zoomTo(int64_t first, int64_t last);
    void resetZoom();
    QToolButton *resetButton() const { return m_reset; }

    QSize sizeHint() const override;

Q_SIGNALS:
    void pointActivated(const QString &path, LineNumber line); // a line of that file

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    void paintLegend(QPainter &p, const ViewPalette &vp) const;
    void paintHistogram(QPainter &p, const ViewPalette &vp) const;
    void layoutMarks();
    void layoutBuckets();
    QRectF plotRect() const;
    double xOf(int64_t time) const;
    int64_t timeAt(double x) const;
    const Bucket *bucketAt(const QPointF &pos) const;

    ChartData m_data;
    std::vector<Mark> m_marks;
    std::vector<std::pair<int64_t, QString>> m_ticks;
    std::vector<Bucket> m_buckets;
    int64_t m_bucketLength = 0;
    int m_scaleMax = 0;
    int64_t m_viewFirst = 0, m_viewLast = 0;
    double m_dragFrom = -1, m_dragTo = -1; // a range being dragged, in pixels
    QToolButton *m_reset;
};

} // namespace gputriage
