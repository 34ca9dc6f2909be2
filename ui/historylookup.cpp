#include "historylookup.h"

#include "counted.h"
#include "library/caselibrary.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QThreadPool>

namespace gputriage {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("HistoryLookup", text);
}

// The library the lookups read, or none: no library yet is not a problem (the engineer has not
// started one); a broken one is.
std::unique_ptr<CaseLibrary> lookupLibrary(QString *error)
{
    const Result<LibraryLocation> location = parseLibraryUrl({});
    if (!location) {
        *error = location.error().message;
        return nullptr;
    }
    if (location.value().kind == LibraryLocation::Kind::Sqlite
        && !QFileInfo::exists(location.value().path))
        return nullptr;
    Result<std::unique_ptr<CaseLibrary>> library
        = CaseLibrary::open(location.value(), CaseLibrary::Mode::Read);
    if (!library) {
        if (!library.error().message.contains(QLatin1String("is empty")))
            *error = library.error().message;
        return nullptr;
    }
    return std::move(library).value();
}

QString boardNote(const QList<BoardRecord> &records)
{
    QStringList lines;
    for (const BoardRecord &r : records) {
        QStringList events;
        for (const LibraryGpuEvent &e : r.gpu.events)
            events << QStringLiteral("%1 ×%2").arg(e.code.isEmpty() ? e.rule : e.code).arg(e.count);
        lines << tr("case %1, %2 at %3: %4")
                         .arg(r.bundle.caseId.isEmpty() ? tr("none") : r.bundle.caseId,
                              r.bundle.analysedAt.toString(QStringLiteral("yyyy-MM-dd")),
                              r.gpu.busId,
                              events.isEmpty() ? tr("no events") : events.join(QLatin1String(", ")))
                     + (r.gpu.action.isEmpty() ? QString() : QStringLiteral(" — ") + r.gpu.action);
    }
    return tr("The board in the case library (newest first):\n%1")
        .arg(lines.join(QLatin1Char('\n')));
}

} // namespace

HistoryRequest historyRequest(const AnalysisResult &result, const QStringList &paths)
{
    HistoryRequest request;
    request.paths = paths;
    for (const Finding &f : result.findings)
        request.signatures << findingSignature(f);
    for (const GpuVerdict &g : result.gpus)
        if (!g.serial.isEmpty() || !g.uuid.isEmpty())
            request.boards << HistoryRequest::Board{g.key, g.serial, g.uuid};
    return request;
}

HistoryAnswer lookUpHistory(const HistoryRequest &request, const std::atomic<bool> *cancel)
{
    HistoryAnswer answer;
    auto cancelled = [&] {
        answer.cancelled = cancel && cancel->load();
        return answer.cancelled;
    };
    if (request.signatures.isEmpty() && request.boards.isEmpty())
        return answer;
    const std::unique_ptr<CaseLibrary> library = lookupLibrary(&answer.error);
    if (!library || cancelled())
        return answer;
    const QString identity
        = request.identity.isEmpty() ? contentIdentity(request.paths, cancel) : request.identity;
    if (cancelled())
        return answer;
    if (!request.signatures.isEmpty()) {
        const Result<QList<SeenBefore>> seen
            = library->seenBefore(request.signatures, identity, {}, 3);
        if (!seen) {
            answer.error = seen.error().message;
            return answer;
        }
        for (const SeenBefore &s : seen.value()) {
            if (s.bundles == 0)
                continue;
            QStringList last;
            for (const PastCase &c : s.recent)
                last << tr("case %1, %2, %3")
                            .arg(c.caseId.isEmpty() ? tr("none") : c.caseId,
                                 c.analysedAt.toString(QStringLiteral("yyyy-MM-dd")), c.name);
            const QString bundles = counted(s.bundles, tr("earlier bundle"), tr("earlier bundles"));
            answer.findings.insert(
                s.signature,
                {tr("seen in %1").arg(bundles), tr("In %1 of the case library; last: %2")
                                                    .arg(bundles, last.join(QLatin1String("; ")))});
        }
    }
    if (request.boards.isEmpty() || cancelled())
        return answer;
    QList<CaseLibrary::Board> boards;
    for (const HistoryRequest::Board &board : request.boards)
        boards << CaseLibrary::Board{board.serial, board.uuid};
    const Result<QList<QList<BoardRecord>>> records
        = library->boardHistories(boards, identity, {}, 5);
    if (!records) {
        answer.error = records.error().message;
        return answer;
    }
    for (qsizetype i = 0; i < request.boards.size(); ++i)
        if (const QList<BoardRecord> &r = records.value().at(i); !r.isEmpty())
            answer.boards.insert(
                request.boards[i].key,
                {tr("%1 in the library")
                     .arg(counted(r.size(), tr("earlier record"), tr("earlier records"))),
                 boardNote(r)});
    return answer;
}

QThreadPool *libraryPool()
{
    static QThreadPool pool;
    return &pool;
}

} // namespace gputriage
