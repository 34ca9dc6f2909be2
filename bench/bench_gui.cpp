// GUI benchmark (run by scripts/bench, never by ctest): opens a log in the real main window
// and reports the time to the first painted screen of text, to the full analysis and to the
// timeline view (first rows shown, all lines merged), the memory of the line index and of the
// timeline's merge index per line, peak RSS, and the longest the GUI thread was busy at a
// stretch (overall, and while the timeline was merged).
//   bench_gui LOG
#include "logview.h"
#include "mainwindow.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace gputriage;

// Resident memory of this process, MiB (Linux): "VmHWM:" the peak, "VmRSS:" now.
static long long rssMib(const char *field = "VmHWM:")
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field))).trimmed().split(' ').front().toLongLong() / 1024;
    return -1;
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("gputriage-bench"));
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui LOG\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    MainWindow window;
    window.show();
    // The longest the event loop went without turning: what a user would feel as a freeze.
    QElapsedTimer sinceTick;
    qint64 longestStall = 0, timelineStall = 0;
    bool merging = false;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        if (sinceTick.isValid()) {
            longestStall = std::max(longestStall, sinceTick.elapsed());
            if (merging)
                timelineStall = std::max(timelineStall, sinceTick.elapsed());
        }
        sinceTick.restart();
    });
    ticker.start();
    // After the analysis, the timeline of the whole file; then report (after a few more ticks,
    // so the work done on the GUI thread when each result arrives is counted as a stall).
    QElapsedTimer timelineClock;
    qint64 timelineMs = -1, timelineShownMs = -1, timelineLines = 0;
    long long rssBefore = -1, rssAfter = -1;
    QObject::connect(&window, &MainWindow::analysisFinished, &app, [&] {
        rssBefore = rssMib("VmRSS:");
        timelineClock.start();
        merging = true;
        window.showTimeline();
    });
    QObject::connect(&window, &MainWindow::timelineShown, &app, [&] {
        if (timelineShownMs < 0)
            timelineShownMs = timelineClock.elapsed();
    });
    QObject::connect(&window, &MainWindow::timelineComplete, &app, [&] {
        timelineMs = timelineClock.elapsed();
        timelineLines = window.logView()->document()->lineCount();
        rssAfter = rssMib("VmRSS:");
        merging = false;
        // Scroll through the timeline as a reader would: paints of merged rows.
        for (int i = 0; i < 20; ++i) {
            window.logView()->scrollToLine(int(timelineLines * i / 20));
            window.logView()->viewport()->repaint();
        }
        QTimer::singleShot(100, &app, &QApplication::quit);
    });
    QTimer::singleShot(0, &window, [&] { window.openPaths({path}); });
    const int rc = app.exec();
    window.showDocument(BundleReader::displayNames({path}).front()); // as documents name it
    const auto doc = window.logView()->document();
    const qint64 lines = doc ? doc->lineCount() : 0;
    std::printf("first_screen_ms=%lld analysis_ms=%lld timeline_shown_ms=%lld timeline_ms=%lld "
                "timeline_lines=%lld lines=%lld index_bytes_per_line=%.2f "
                "timeline_bytes_per_line=%.2f longest_gui_stall_ms=%lld "
                "timeline_gui_stall_ms=%lld peak_rss_mib=%lld rss_before_timeline_mib=%lld "
                "rss_after_timeline_mib=%lld\n",
                static_cast<long long>(window.firstScreenMs()),
                static_cast<long long>(window.analysisMs()),
                static_cast<long long>(timelineShownMs), static_cast<long long>(timelineMs),
                static_cast<long long>(timelineLines), static_cast<long long>(lines),
                lines ? double(doc->indexBytes()) / double(lines) : 0.0,
                timelineLines ? double(window.timelineIndexBytes()) / double(timelineLines) : 0.0,
                static_cast<long long>(longestStall), static_cast<long long>(timelineStall),
                rssMib(), rssBefore, rssAfter);
    return rc;
}
