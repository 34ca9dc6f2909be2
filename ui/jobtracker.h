#pragma once

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <type_traits>
#include <utility>

namespace gputriage {

// What a running job is handed: a flag it checks to stop early, and its progress.
struct JobState
{
    std::atomic<bool> cancel{false};
    std::atomic<qint64> done{0}, total{0};
};

// The one way the GUI runs work off its thread (as KDAB Hotspot's JobTracker): start() hands
// the work a JobState on a pool thread and delivers its result to `done` on the GUI thread —
// unless a newer start() replaced the job, or the context object is gone. cancel() asks the
// running job to stop; what it returns is still delivered (a cancelled analysis shows what it
// found). A JobTracker is a member of its context object, so it lives as long as the context.
// Jobs run on `pool` (the global pool unless given).
class JobTracker
{
public:
    explicit JobTracker(QObject *context, QThreadPool *pool = QThreadPool::globalInstance())
        : m_context(context)
        , m_pool(pool)
    {}
    ~JobTracker() { cancel(); }
    JobTracker(const JobTracker &) = delete;
    JobTracker &operator=(const JobTracker &) = delete;

    template<typename Work, typename Done>
    void start(Work work, Done done)
    {
        cancel(); // the job before is stale: asked to stop, its result dropped
        auto state = std::make_shared<JobState>();
        m_state = state;
        const quint64 id = ++m_id;
        QPointer<QObject> context(m_context);
        JobTracker *tracker = this;
        m_pool->start([state, id, context, tracker, work = std::move(work),
                       done = std::move(done)]() mutable {
            auto result = work(*state);
            QMetaObject::invokeMethod(
                qApp, // the context's QPointer is read on the GUI thread only
                [state, id, context, tracker, done = std::move(done),
                 result = std::move(result)]() mutable {
                    if (!context || tracker->m_id != id)
                        return;
                    tracker->m_state.reset();
                    done(std::move(result));
                },
                Qt::QueuedConnection);
        });
    }

    // Asks the running job to stop; it still delivers what it has.
    void cancel()
    {
        if (m_state)
            m_state->cancel = true;
    }
    // Forgets the running job: it is asked to stop and its result is dropped.
    void discard()
    {
        cancel();
        m_state.reset();
        ++m_id;
    }
    bool isRunning() const { return m_state != nullptr; }
    // The running job's state (progress), or null.
    const JobState *state() const { return m_state.get(); }

private:
    QObject *m_context;
    QThreadPool *m_pool;
    quint64 m_id = 0;
    std::shared_ptr<JobState> m_state;
};

} // namespace gputriage
