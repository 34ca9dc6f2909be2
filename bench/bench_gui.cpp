// GUI benchmark (run by scripts/bench-gui, never by ctest): opens a log in the real main
// window and reports the time to the first painted screen of text, the time to the full
// analysis, and the memory of the line index per line.
//   bench_gui LOG
#include "logview.h"
#include "mainwindow.h"
#include "text/logdocument.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

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
    QObject::connect(&window, &MainWindow::analysisFinished, &app, [&] {
        const auto doc = window.logView()->document();
        const qint64 lines = doc ? doc->lineCount() : 0;
        std::printf("first_screen_ms=%lld analysis_ms=%lld lines=%lld index_bytes_per_line=%.2f\n",
                    static_cast<long long>(window.firstScreenMs()),
                    static_cast<long long>(window.analysisMs()), static_cast<long long>(lines),
                    lines ? double(doc->indexBytes()) / double(lines) : 0.0);
        app.quit();
    });
    QTimer::singleShot(0, &window, [&] { window.openPaths({path}); });
    return app.exec();
}
