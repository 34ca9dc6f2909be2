#include "timelinesvg.h"

#include "engine/timeline.h"
#include "report/textreport.h"

#include <QFileInfo>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace gputriage {

namespace {

const char *severityColour(Severity s)
{
    switch (s) {
    case Severity::Critical: return "#a4133c";
    case Severity::Error: return "#d1495b";
    case Severity::Warning: return "#e09f3e";
    case Severity::Info: break;
    }
    return "#3c7dc4";
}

} // namespace

ChartData timelineChartData(const AnalysisResult &result)
{
    // Lanes: the pod / container label of the input when the path tells, else the file.
    std::map<QString, QString> laneOfPath;
    for (const InputInfo &in : result.inputs)
        laneOfPath[in.path] = in.label.isEmpty() ? QFileInfo(in.path).fileName() : in.label;
    std::map<QString, std::vector<ChartPoint>> lanes;
    ChartData data;
    data.first = INT64_MAX;
    data.last = INT64_MIN;
    auto place = [&](const Occurrence &o, ChartPoint point) {
        const QByteArray text = o.text.toUtf8();
        const auto t = result.clock.timeOf(o.path, o.line,
                                           std::string_view(text.constData(), size_t(text.size())));
        if (!t)
            return;
        data.first = std::min(data.first, *t);
        data.last = std::max(data.last, *t);
        point.time = *t;
        point.path = o.path;
        point.line = o.line;
        const auto lane = laneOfPath.find(o.path);
        lanes[lane != laneOfPath.end() ? lane->second : QFileInfo(o.path).fileName()].push_back(
            std::move(point));
    };
    for (const Finding &f : result.findings)
        for (const Occurrence &o : f.occurrences)
            place(o, ChartPoint{0, f.severity, false, f.title, {}, 0});
    // Error lines no rule matched, in grey under the findings.
    for (const Occurrence &o : result.unmatchedSamples)
        place(o, ChartPoint{0,
                            Severity::Info,
                            true,
                            o.text.size() > 120 ? o.text.left(119) + QChar(0x2026) : o.text,
                            {},
                            0});
    if (lanes.empty())
        return {};
    if (data.last == data.first)
        data.last = data.first + 1000000; // one second, so a single burst still has an axis
    for (auto &[name, points] : lanes) {
        std::stable_sort(points.begin(), points.end(),
                         [](const ChartPoint &a, const ChartPoint &b) { return a.time < b.time; });
        data.lanes.push_back({name, std::move(points)});
    }
    return data;
}

int64_t roundTimeStep(int64_t span, int maxSteps)
{
    constexpr int64_t ms = 1000, s = 1000 * ms, min = 60 * s, h = 60 * min, day = 24 * h;
    static constexpr int64_t steps[]
        = {ms,       2 * ms,   5 * ms,   10 * ms,  20 * ms,  50 * ms,  100 * ms, 200 * ms, 500 * ms,
           s,        2 * s,    5 * s,    10 * s,   15 * s,   30 * s,   min,      2 * min,  5 * min,
           10 * min, 15 * min, 30 * min, h,        2 * h,    3 * h,    6 * h,    12 * h,   day,
           2 * day,  7 * day,  14 * day, 30 * day, 90 * day, 365 * day};
    for (const int64_t candidate : steps)
        if (span / candidate + 1 <= maxSteps)
            return candidate;
    return steps[std::size(steps) - 1];
}

std::vector<std::pair<int64_t, QString>> timeTicks(int64_t first, int64_t last, int maxTicks)
{
    constexpr int64_t s = 1000 * 1000, min = 60 * s, day = 24 * 60 * min;
    std::vector<std::pair<int64_t, QString>> ticks;
    if (last <= first || maxTicks < 1)
        return ticks;
    const int64_t step = roundTimeStep(last - first, maxTicks);
    // "2025-11-30 10:37:11.662Z": the part the step needs, with the date when days differ.
    const bool days = formatTime(first).left(10) != formatTime(last).left(10);
    auto label = [&](int64_t t) {
        const QString full = formatTime(t);
        const QString clock = step < s     ? full.mid(11, 12)
                              : step < min ? full.mid(11, 8)
                              : step < day ? full.mid(11, 5)
                                           : QString();
        if (step >= day)
            return full.left(10);
        return days ? full.mid(5, 5) + QLatin1Char(' ') + clock : clock;
    };
    const int64_t start = (first >= 0 ? (first + step - 1) / step : first / step) * step;
    for (int64_t t = start; t <= last; t += step)
        ticks.emplace_back(t, label(t));
    return ticks;
}

QByteArray timelineSvg(const AnalysisResult &result, int width)
{
    const ChartData data = timelineChartData(result);
    if (data.isEmpty())
        return {};
    const int64_t first = data.first, last = data.last;

    constexpr int kLane = 26, kTop = 34, kRight = 20;
    const int kLabel = std::clamp(width / 4, 110, 210);
    const int plot = std::max(150, width - kLabel - kRight);
    width = kLabel + plot + kRight;
    const int height = kTop + int(data.lanes.size()) * kLane + 30;
    auto x = [&](int64_t t) {
        return kLabel + double(t - first) * plot / double(last - first);
    };
    QString svg
        = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                         "viewBox=\"0 0 %1 %2\" font-family=\"sans-serif\" font-size=\"12\" "
                         "role=\"img\" aria-label=\"Findings over time\">\n")
              .arg(width)
              .arg(height);
    svg += QStringLiteral("<rect width=\"%1\" height=\"%2\" fill=\"#ffffff\"/>\n")
               .arg(width)
               .arg(height);
    svg += QStringLiteral("<text x=\"%1\" y=\"16\" fill=\"#555\">%2 → %3 (UTC)</text>\n")
               .arg(kLabel)
               .arg(formatTime(first), formatTime(last));
    for (const auto &[t, text] : timeTicks(first, last, std::max(2, plot / 110))) {
        const double xt = x(t);
        svg += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>\n"
                   "<text x=\"%1\" y=\"%4\" fill=\"#555\" text-anchor=\"middle\">%5</text>\n")
                   .arg(xt, 0, 'f', 1)
                   .arg(kTop - 6)
                   .arg(height - 24)
                   .arg(height - 8)
                   .arg(htmlText(text));
    }
    int row = 0;
    for (const ChartLane &lane : data.lanes) {
        const int y = kTop + row * kLane + kLane / 2;
        if (row % 2 == 0)
            svg += QStringLiteral("<rect x=\"0\" y=\"%1\" width=\"%2\" height=\"%3\" "
                                  "fill=\"#f4f6f8\"/>\n")
                       .arg(y - kLane / 2)
                       .arg(width)
                       .arg(kLane);
        QString label = lane.name;
        const int maxChars = std::max(8, kLabel / 7);
        if (label.size() > maxChars)
            label = QChar(0x2026) + label.right(maxChars - 1);
        svg += QStringLiteral("<text x=\"6\" y=\"%1\" fill=\"#222\">%2<title>%3</title></text>\n")
                   .arg(y + 4)
                   .arg(htmlText(label), htmlText(lane.name));
        // Other messages first, then each severity from info to critical: the strongest on top,
        // one mark per pixel column and kind, its tooltip counting what it stands for.
        std::map<std::pair<int, int>, std::pair<const ChartPoint *, int>> marks; // (kind, px)
        for (const ChartPoint &p : lane.points) {
            const int kind = p.other ? -1 : int(p.severity);
            auto &[point, count] = marks[{kind, int(x(p.time))}];
            if (!point)
                point = &p;
            ++count;
        }
        for (const auto &[key, mark] : marks) {
            const auto &[p, count] = mark;
            const QString more
                = count > 1 ? QStringLiteral(" (and %1 more here)").arg(count - 1) : QString();
            const QString tip
                = htmlText(formatTime(p->time)) + QStringLiteral(" — ")
                  + htmlText((p->other ? QStringLiteral("other message: ") : QString()) + p->title)
                  + QStringLiteral(" — ")
                  + htmlText(QStringLiteral("%1:%2").arg(p->path).arg(p->line)) + more;
            if (p->other)
                svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"3\" height=\"10\" "
                                      "fill=\"#9aa0a6\"><title>%3</title></rect>\n")
                           .arg(x(p->time) - 1.5, 0, 'f', 1)
                           .arg(y - 5)
                           .arg(tip);
            else
                svg += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"5\" fill=\"%3\" "
                                      "fill-opacity=\"0.85\"><title>%4</title></circle>\n")
                           .arg(x(p->time), 0, 'f', 1)
                           .arg(y)
                           .arg(QLatin1String(severityColour(p->severity)))
                           .arg(tip);
        }
        ++row;
    }
    svg += QStringLiteral("</svg>\n");
    return svg.toUtf8();
}

} // namespace gputriage
