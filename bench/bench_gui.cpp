// GUI benchmark (run by scripts/bench, never by ctest): opens a log in the real main window
// and reports the time to the first painted screen of text, to the full analysis and to the
// timeline view (first rows shown, all lines merged), the memory of the line index and of the
// timeline's merge index per line, resident memory after each stage (opened, analysed, timeline
// merged, a search of the timeline done) and its peak, the longest the GUI thread was busy at a
// stretch (overall, and while the timeline was merged), and the time to quit.
//   bench_gui LOG   (GPUTRIAGE_BENCH_QUIT_EARLY=1: quit while the analysis runs)
#include "logview.h"
#include "mainwindow.h"
#include "searchbar.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

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

// The longest single event deliveries on the GUI thread: what to look at when a stall is long.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (depth_++ > 0) {
            QElapsedTimer inner;
            inner.start();
            const bool r = QApplication::notify(receiver, event);
            --depth_;
            if (event->type() == QEvent::Paint && inner.elapsed() >= 8)
                longest_ << QStringLiteral("  paint %1ms:%2")
                                .arg(inner.elapsed())
                                .arg(QLatin1String(receiver->metaObject()->className())
                                     + QLatin1Char('<')
                                     + QLatin1String(
                                         receiver->parent()
                                             ? receiver->parent()->metaObject()->className()
                                             : ""));
            return r;
        }
        QElapsedTimer clock;
        clock.start();
        const int type = event->type();
        const QString what
            = QStringLiteral("%1(%2)/%3")
                  .arg(QLatin1String(receiver->metaObject()->className()), receiver->objectName())
                  .arg(type);
        const bool r = QApplication::notify(receiver, event);
        --depth_;
        const qint64 ms = clock.elapsed();
        if (ms >= 20)
            longest_ << QStringLiteral("%1ms:%2").arg(ms).arg(what);
        return r;
    }
    QStringList longest_;

private:
    int depth_ = 0;
};

int main(int argc, char **argv)
{
    TimedApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("gputriage-bench"));
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui LOG\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    auto owned = std::make_unique<MainWindow>();
    MainWindow &window = *owned;
    window.show();
    // Resident memory after each stage ("now/peak" MiB).
    QStringList stages;
    auto stage = [&](const char *name) {
        stages << QStringLiteral("rss_%1_mib=%2/%3")
                      .arg(QLatin1String(name))
                      .arg(rssMib("VmRSS:"))
                      .arg(rssMib());
    };
    // GPUTRIAGE_BENCH_QUIT_EARLY=1: quit half a second after the first screen, while the
    // analysis runs (the time to quit is then the time the jobs take to stop).
    const bool quitEarly = qEnvironmentVariableIsSet("GPUTRIAGE_BENCH_QUIT_EARLY");
    QObject::connect(&window, &MainWindow::firstScreenShown, &app, [&] {
        stage("opened");
        if (quitEarly)
            QTimer::singleShot(500, &app, &QApplication::quit);
    });
    // The longest the event loop went without turning: what a user would feel as a freeze.
    QElapsedTimer sinceTick;
    qint64 longestStall = 0, timelineStall = 0;
    QString stallAfter = QStringLiteral("start"); // the last stage before the longest stall
    bool merging = false;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        if (sinceTick.isValid()) {
            if (sinceTick.elapsed() > longestStall) {
                longestStall = sinceTick.elapsed();
                stallAfter = stages.isEmpty() ? QStringLiteral("start")
                                              : stages.last().section(QLatin1Char('='), 0, 0);
            }
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
    bool searching = false;
    QTimer scroller;
    scroller.setInterval(0);
    int scrolled = 0;
    QObject::connect(&scroller, &QTimer::timeout, &app, [&] {
        if (scrolled == 20) {
            scroller.stop();
            searching = true;
            window.searchBar()->find(QStringLiteral("NCCL"));
            return;
        }
        window.logView()->scrollToLine(LineNumber(int(timelineLines * scrolled++ / 20)));
        window.logView()->viewport()->repaint();
    });
    QObject::connect(&window, &MainWindow::analysisFinished, &app, [&] {
        stage("analysed");
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
        stage("timeline");
        // Scroll through the timeline as a reader would, one page jump per turn of the event
        // loop (each paint of merged rows is a stall of its own, as a user's would be); then
        // a search of the whole timeline (a word of most lines' neighbours).
        scroller.start();
    });
    QObject::connect(window.searchBar(), &SearchBar::searchFinished, &app, [&] {
        if (!std::exchange(searching, false))
            return; // the bar's own runs as documents change
        stage("searched");
        QTimer::singleShot(100, &app, &QApplication::quit);
    });
    QTimer::singleShot(0, &window, [&] { window.openPaths({path}); });
    const int rc = app.exec();
    window.showDocument(BundleReader::displayNames({path}).front()); // as documents name it
    const auto doc = window.logView()->document();
    const qint64 lines = doc ? doc->lineCount() : 0;
    std::printf("first_screen_ms=%lld analysis_ms=%lld timeline_shown_ms=%lld timeline_ms=%lld "
                "timeline_lines=%lld lines=%lld index_bytes_per_line=%.2f "
                "timeline_bytes_per_line=%.2f longest_gui_stall_ms=%lld (after %s) "
                "timeline_gui_stall_ms=%lld peak_rss_mib=%lld rss_before_timeline_mib=%lld "
                "rss_after_timeline_mib=%lld %s ",
                static_cast<long long>(window.firstScreenMs()),
                static_cast<long long>(window.analysisMs()),
                static_cast<long long>(timelineShownMs), static_cast<long long>(timelineMs),
                static_cast<long long>(timelineLines), static_cast<long long>(lines),
                lines ? double(doc->indexBytes()) / double(lines) : 0.0,
                timelineLines ? double(window.timelineIndexBytes()) / double(timelineLines) : 0.0,
                static_cast<long long>(longestStall), qPrintable(stallAfter),
                static_cast<long long>(timelineStall), rssMib(), rssBefore, rssAfter,
                qPrintable(stages.join(QLatin1Char(' '))));
    if (qEnvironmentVariableIsSet("GPUTRIAGE_BENCH_EVENTS"))
        std::fprintf(stderr, "events over 20 ms: %s\n", qPrintable(app.longest_.join(u' ')));
    // Quitting with the bundle open: the window goes, then the jobs' threads are waited for.
    QElapsedTimer quitClock;
    quitClock.start();
    owned->close();
    const qint64 closeMs = quitClock.elapsed();
    owned.reset();
    const qint64 destroyMs = quitClock.elapsed() - closeMs;
    QThreadPool::globalInstance()->waitForDone();
    std::printf("quit_ms=%lld (close %lld, window destroyed %lld, jobs' threads %lld)\n",
                static_cast<long long>(quitClock.elapsed()), static_cast<long long>(closeMs),
                static_cast<long long>(destroyMs),
                static_cast<long long>(quitClock.elapsed() - closeMs - destroyMs));
    return rc;
}
