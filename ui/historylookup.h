#pragma once

#include "findingsmodel.h"
#include "panelmodels.h"

#include <QHash>
#include <QStringList>

#include <atomic>

class QThreadPool;

namespace gputriage {

// What the case library is asked when a bundle has been analysed: copied out of the result, so
// the lookup runs on another thread while the GUI goes on.
struct HistoryRequest
{
    QStringList paths;      // the open bundle's inputs: hashed for its identity, unless given
    QString identity;       // the open bundle's own entry, which is not "earlier"
    QStringList signatures; // one per finding (findingSignature())
    struct Board
    {
        QString key, serial, uuid;
    };
    QList<Board> boards;
};

struct HistoryAnswer
{
    QHash<QString, FindingsModel::History> findings; // by signature
    QHash<QString, GpusModel::BoardHistory> boards;  // by bus id
    QString error;          // why the library could not be read; empty when it was
    bool cancelled = false; // asked to stop: nothing to show
};

HistoryRequest historyRequest(const AnalysisResult &result, const QStringList &paths);

// Reads the library ($GPUTRIAGE_LIBRARY_URL, else the default file when there is one): "seen in
// N earlier bundles" per finding and each board's last records, the open bundle left out. No
// library yet is not an error. Blocks: run it as a job (libraryPool()).
HistoryAnswer lookUpHistory(const HistoryRequest &request,
                            const std::atomic<bool> *cancel = nullptr);

// The threads library lookups run on: a slow server or a locked file never holds the
// analysis's threads.
QThreadPool *libraryPool();

} // namespace gputriage
