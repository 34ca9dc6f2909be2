// The case library's figures: adding generated bundles, then the lookups the GUI makes when it
// opens a bundle ("seen before" for each finding, each GPU's history) over what was stored.
//   bench_library URL [BUNDLES] [FINDINGS_PER_BUNDLE]    URL: a new SQLite file or postgresql://…
#include "generatedentries.h"
#include "library/caselibrary.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace gputriage;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_library URL [BUNDLES] [FINDINGS_PER_BUNDLE]\n");
        return 2;
    }
    const int bundles = args.value(2, QStringLiteral("1000")).toInt();
    const int findings = args.value(3, QStringLiteral("100")).toInt();
    const Result<LibraryLocation> location = parseLibraryUrl(args[1]);
    if (!location) {
        std::fprintf(stderr, "%s\n", qPrintable(location.error().message));
        return 2;
    }
    auto opened = CaseLibrary::open(location.value(), CaseLibrary::Mode::Write);
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().message));
        return 2;
    }
    const std::unique_ptr<CaseLibrary> library = std::move(opened).value();
    const char *backend
        = location.value().kind == LibraryLocation::Kind::Postgres ? "postgresql" : "sqlite";
    QElapsedTimer timer;
    timer.start();
    for (int n = 0; n < bundles; ++n)
        if (const auto r = library->add(testing::generatedEntry(n, findings)); !r) {
            std::fprintf(stderr, "%s\n", qPrintable(r.error().message));
            return 1;
        }
    const double addSeconds = timer.nsecsElapsed() / 1e9;
    const qint64 stored = library->findingCount().value();
    std::printf(
        "%-10s add %d bundles (%d findings each): %.2f s, %.0f bundles/s, %.0f findings/s\n",
        backend, bundles, findings, addSeconds, bundles / addSeconds,
        bundles * findings / addSeconds);

    // A bundle as the GUI opens it: 30 findings and 2 GPUs (the last 5 records of each board),
    // looked up in a library holding `stored` findings; first on a new connection (as the
    // GUI's first lookup), then warm.
    const LibraryEntry opening = testing::generatedEntry(bundles + 1, 30);
    QStringList signatures;
    for (const LibraryFinding &f : opening.findings)
        signatures << f.signature;
    std::vector<double> seenMs, boardMs;
    auto lookup = [&](CaseLibrary &lib) {
        QElapsedTimer t;
        t.start();
        const auto seen = lib.seenBefore(signatures, opening.identity, {}, 3);
        seenMs.push_back(t.nsecsElapsed() / 1e6);
        QList<CaseLibrary::Board> boards;
        for (const LibraryEntry &board : {opening, testing::generatedEntry(bundles + 2, 1)})
            boards << CaseLibrary::Board{board.gpus[0].serial, board.gpus[0].uuid};
        (void)lib.boardHistories(boards, opening.identity, {}, 5);
        boardMs.push_back(t.nsecsElapsed() / 1e6 - seenMs.back());
        if (!seen)
            std::fprintf(stderr, "%s\n", qPrintable(seen.error().message));
        return t.nsecsElapsed() / 1e6;
    };
    std::vector<double> cold, warm;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer t;
        t.start();
        auto fresh = CaseLibrary::open(location.value(), CaseLibrary::Mode::Read);
        if (!fresh)
            return 1;
        const double openMs = t.nsecsElapsed() / 1e6;
        cold.push_back(openMs + lookup(*fresh.value()));
    }
    for (int i = 0; i < 20; ++i)
        warm.push_back(lookup(*library));
    std::printf("%-10s lookup of 30 findings + 2 GPUs over %lld stored findings: %.1f ms with "
                "opening the library, %.1f ms warm (median; target <= 50 ms)\n",
                backend, static_cast<long long>(stored), median(cold), median(warm));
    std::printf("%-10s   of which seen-before %.1f ms, board histories %.1f ms\n", backend,
                median(seenMs), median(boardMs));
    LibraryQuery q;
    q.xid = QStringLiteral("79");
    q.limit = 50;
    std::vector<double> search;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer t;
        t.start();
        (void)library->search(q, {});
        search.push_back(t.nsecsElapsed() / 1e6);
    }
    timer.restart();
    const auto stats = library->stats({});
    std::printf("%-10s search --xid 79 (50 newest): %.1f ms; stats (%lld rows): %.1f ms\n", backend,
                median(search), stats ? static_cast<long long>(stats.value().size()) : -1LL,
                timer.nsecsElapsed() / 1e6);
    return 0;
}
