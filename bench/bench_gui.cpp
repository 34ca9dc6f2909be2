// GUI benchmark (run by scripts/bench, never by ctest): opens a log in the real main window
// and reports the time to the first painted screen of text, to the full analysis and to the
// timeline view, the memory of the line index per line, and the longest the GUI thread was
// busy at a stretch.
//   bench_gui LOG
#include "logview.h"
#include "mainwindow.h"
#include "source/bundlereader.h"
#include "text/logdocument.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace gputriage;

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
    qint64 longestStall = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        if (sinceTick.isValid())
            longestStall = std::max(longestStall, sinceTick.elapsed());
        sinceTick.restart();
    });
    ticker.start();
    // After the analysis, the timeline of the whole file; then report (after a few more ticks,
    // so the work done on the GUI thread when each result arrives is counted as a stall).
    QElapsedTimer timelineClock;
    qint64 timelineMs = -1;
    QObject::connect(&window, &MainWindow::analysisFinished, &app, [&] {
        timelineClock.start();
        window.showTimeline();
    });
    QObject::connect(&window, &MainWindow::timelineShown, &app, [&] {
        timelineMs = timelineClock.elapsed();
        QTimer::singleShot(100, &app, &QApplication::quit);
    });
    QTimer::singleShot(0, &window, [&] { window.openPaths({path}); });
    const int rc = app.exec();
    window.showDocument(BundleReader::displayNames({path}).front()); // as documents name it
    const auto doc = window.logView()->document();
    const qint64 lines = doc ? doc->lineCount() : 0;
    std::printf("first_screen_ms=%lld analysis_ms=%lld timeline_ms=%lld lines=%lld "
                "index_bytes_per_line=%.2f longest_gui_stall_ms=%lld\n",
                static_cast<long long>(window.firstScreenMs()),
                static_cast<long long>(window.analysisMs()), static_cast<long long>(timelineMs),
                static_cast<long long>(lines),
                lines ? double(doc->indexBytes()) / double(lines) : 0.0,
                static_cast<long long>(longestStall));
    return rc;
}
