#include "workers.h"

#include <algorithm>

namespace gputriage {

void Workers::start(int count, const std::function<void(int)> &work)
{
    for (int i = 0; i < count; ++i)
        m_threads.emplace_back(work, i);
}

void Workers::join()
{
    for (std::thread &t : m_threads)
        t.join();
    m_threads.clear();
}

void Workers::run(int count, const std::function<void(int)> &work)
{
    Workers others;
    others.start(std::max(0, count - 1), [&work](int i) { work(i + 1); });
    work(0);
}

int Workers::count(int jobs)
{
    return std::clamp(jobs > 0 ? jobs : int(std::thread::hardware_concurrency()), 1, 256);
}

} // namespace gputriage
