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

struct Point
{
    int64_t time;
    Severity severity;
    QString title;
    QString where;
};

} // namespace

QByteArray timelineSvg(const AnalysisResult &result, int width)
{
    // Lanes: the pod / container label of the input when the path tells, else the file.
    std::map<QString, QString> laneOfPath;
    for (const InputInfo &in : result.inputs)
        laneOfPath[in.path] = in.label.isEmpty() ? QFileInfo(in.path).fileName() : in.label;
    std::map<QString, std::vector<Point>> lanes;
    int64_t first = INT64_MAX, last = INT64_MIN;
    // The time of an occurrence's line and its lane; no time: not placed.
    auto place = [&](const Occurrence &o) -> std::optional<std::pair<int64_t, QString>> {
        const QByteArray text = o.text.toUtf8();
        const auto t = result.clock.timeOf(o.path, o.line,
                                           std::string_view(text.constData(), size_t(text.size())));
        if (!t)
            return std::nullopt;
        first = std::min(first, *t);
        last = std::max(last, *t);
        const auto lane = laneOfPath.find(o.path);
        return std::pair(*t,
                         lane != laneOfPath.end() ? lane->second : QFileInfo(o.path).fileName());
    };
    for (const Finding &f : result.findings)
        for (const Occurrence &o : f.occurrences)
            if (const auto at = place(o))
                lanes[at->second].push_back({at->first, f.severity, f.title,
                                             QStringLiteral("%1:%2").arg(o.path).arg(o.line)});
    // Error lines no rule matched, in grey under the findings.
    std::map<QString, std::vector<Point>> others;
    for (const Occurrence &o : result.unmatchedSamples) {
        const auto at = place(o);
        if (!at)
            continue;
        QString excerpt = o.text.size() > 120 ? o.text.left(119) + QChar(0x2026) : o.text;
        others[at->second].push_back({at->first, Severity::Info,
                                      QStringLiteral("other message: ") + excerpt,
                                      QStringLiteral("%1:%2").arg(o.path).arg(o.line)});
        lanes[at->second]; // the lane exists even without findings
    }
    if (lanes.empty())
        return {};
    if (last == first)
        last = first + 1000000; // one second, so a single burst still has an axis

    constexpr int kLane = 26, kTop = 34, kRight = 20;
    const int kLabel = std::clamp(width / 4, 110, 210);
    const int plot = std::max(150, width - kLabel - kRight);
    width = kLabel + plot + kRight;
    const int height = kTop + int(lanes.size()) * kLane + 30;
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
    // Five ticks along the axis.
    const int step = plot >= 400 ? 1 : 2; // fewer labels on a narrow axis
    for (int i = 0; i <= 4; i += step) {
        const int64_t t = first + (last - first) * i / 4;
        const double xt = x(t);
        svg += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>\n"
                   "<text x=\"%1\" y=\"%4\" fill=\"#555\" text-anchor=\"%5\">%6</text>\n")
                   .arg(xt, 0, 'f', 1)
                   .arg(kTop - 6)
                   .arg(height - 24)
                   .arg(height - 8)
                   .arg(i == 0   ? QStringLiteral("start")
                        : i == 4 ? QStringLiteral("end")
                                 : QStringLiteral("middle"))
                   .arg(last - first > int64_t(86400) * 1000000 ? formatTime(t).mid(5, 11)
                                                                : formatTime(t).mid(11, 8));
    }
    int row = 0;
    for (const auto &[lane, points] : lanes) {
        const int y = kTop + row * kLane + kLane / 2;
        if (row % 2 == 0)
            svg += QStringLiteral("<rect x=\"0\" y=\"%1\" width=\"%2\" height=\"%3\" "
                                  "fill=\"#f4f6f8\"/>\n")
                       .arg(y - kLane / 2)
                       .arg(width)
                       .arg(kLane);
        QString label = lane;
        const int maxChars = std::max(8, kLabel / 7);
        if (label.size() > maxChars)
            label = QChar(0x2026) + label.right(maxChars - 1);
        svg += QStringLiteral("<text x=\"6\" y=\"%1\" fill=\"#222\">%2<title>%3</title></text>\n")
                   .arg(y + 4)
                   .arg(htmlText(label), htmlText(lane));
        std::set<int> drawnOther;
        for (const Point &p : others[lane]) {
            if (!drawnOther.insert(int(x(p.time))).second)
                continue;
            svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"3\" height=\"10\" "
                                  "fill=\"#9aa0a6\"><title>%3 — %4 — %5</title></rect>\n")
                       .arg(x(p.time) - 1.5, 0, 'f', 1)
                       .arg(y - 5)
                       .arg(htmlText(formatTime(p.time)), htmlText(p.title), htmlText(p.where));
        }
        std::set<std::pair<int, int>> drawn; // pixel, severity: one dot where many overlap
        for (const Point &p : points) {
            if (!drawn.insert({int(x(p.time)), int(p.severity)}).second)
                continue;
            svg += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"5\" fill=\"%3\" "
                                  "fill-opacity=\"0.8\"><title>%4 — %5 — %6</title></circle>\n")
                       .arg(x(p.time), 0, 'f', 1)
                       .arg(y)
                       .arg(QLatin1String(severityColour(p.severity)))
                       .arg(htmlText(formatTime(p.time)), htmlText(p.title), htmlText(p.where));
        }
        ++row;
    }
    svg += QStringLiteral("</svg>\n");
    return svg.toUtf8();
}

} // namespace gputriage
