#include "timings.h"

#include <atomic>
#include <mutex>

namespace gputriage {

namespace {

std::atomic<bool> on{false};
std::mutex mutex;
QList<Timings::Phase> &list()
{
    static QList<Timings::Phase> phases;
    return phases;
}

} // namespace

void Timings::setEnabled(bool enable)
{
    on.store(enable, std::memory_order_relaxed);
}

bool Timings::enabled()
{
    return on.load(std::memory_order_relaxed);
}

void Timings::add(const char *phase, std::chrono::steady_clock::duration elapsed)
{
    const double s = std::chrono::duration<double>(elapsed).count();
    const QString name = QString::fromLatin1(phase);
    std::lock_guard lock(mutex);
    for (Phase &p : list()) {
        if (p.name == name) {
            p.seconds += s;
            ++p.count;
            return;
        }
    }
    list().append({name, s, 1});
}

QList<Timings::Phase> Timings::phases()
{
    std::lock_guard lock(mutex);
    return list();
}

double Timings::seconds(const char *phase)
{
    const QString name = QString::fromLatin1(phase);
    std::lock_guard lock(mutex);
    for (const Phase &p : list())
        if (p.name == name)
            return p.seconds;
    return 0;
}

void Timings::clear()
{
    std::lock_guard lock(mutex);
    list().clear();
}

} // namespace gputriage
