#pragma once

#include "engine/finding.h"

#include <QByteArray>

#include <cstdint>
#include <utility>
#include <vector>

namespace gputriage {

// The dated occurrences of a result, one lane per pod/container or file: what the time chart
// (GUI) and the report's timeline (SVG) draw.
struct ChartPoint
{
    int64_t time; // microseconds, UTC
    Severity severity;
    bool other = false; // an error line no rule matched (grey)
    QString title;      // the finding's title, or the line for an other message
    QString path;
    int line = 0; // 1-based
};
struct ChartLane
{
    QString name;
    std::vector<ChartPoint> points; // in time order
};
struct ChartData
{
    std::vector<ChartLane> lanes; // by name
    int64_t first = 0, last = 0;  // the axis (at least one second long)
    bool isEmpty() const { return lanes.empty(); }
};
ChartData timelineChartData(const AnalysisResult &result);

// Ticks for an axis from `first` to `last` at a round step (1 ms … 1 day and more) giving at
// most `maxTicks`, labelled as precisely as the step needs: labels never repeat.
std::vector<std::pair<int64_t, QString>> timeTicks(int64_t first, int64_t last, int maxTicks);
// The round step (1 ms … 1 year) that cuts `span` in at most `maxSteps` steps.
int64_t roundTimeStep(int64_t span, int maxSteps);

// The chart as an SVG picture (self-contained, every text escaped): an engineer sees the Xid
// burst on the node before the pod's restarts. Marks that fall on the same pixels are drawn
// once per severity, critical on top. Empty when no occurrence has a date.
QByteArray timelineSvg(const AnalysisResult &result, int width = 960);

} // namespace gputriage
