// Line index speed and size: opens a log the way the GUI does (mapped, decoded, indexed) and
// prints one line for scripts/bench: `index_seconds=… index_gbps=… index_bytes_per_line=…`,
// and `resident_index_gbps=…`: the same bytes indexed again once their pages are mapped (the
// first touch of a mapped page is what a cold open mostly pays). Best of 3. Not a test.
#include "text/logdocument.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (app.arguments().size() != 2) {
        std::fprintf(stderr, "usage: bench_index FILE\n");
        return 2;
    }
    double best = 1e9, bestResident = 1e9;
    qint64 bytes = 0;
    int lines = 0;
    size_t indexBytes = 0;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto doc = gputriage::LogDocument::open(app.arguments().at(1), QStringLiteral("bench"));
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        if (!doc) {
            std::fprintf(stderr, "bench_index: %s\n", qPrintable(doc.error().toString()));
            return 1;
        }
        best = std::min(best, seconds);
        bytes = doc.value()->byteCount();
        lines = doc.value()->lineCount();
        indexBytes = doc.value()->indexBytes();
        // The same bytes indexed again, now that their pages are mapped: the scan alone.
        timer.restart();
        const auto again = gputriage::LogDocument::window(doc.value(), doc.value()->bytes(),
                                                          QStringLiteral("bench"), 1);
        bestResident = std::min(bestResident, double(timer.nsecsElapsed()) / 1e9);
        if (again->lineCount() != lines)
            return 1;
    }
    std::printf("index_seconds=%.3f index_gbps=%.2f index_bytes_per_line=%.2f lines=%d "
                "resident_index_gbps=%.2f\n",
                best, double(bytes) / best / 1e9, lines ? double(indexBytes) / lines : 0.0, lines,
                double(bytes) / bestResident / 1e9);
    return 0;
}
