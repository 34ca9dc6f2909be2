#pragma once

#include <functional>
#include <thread>
#include <vector>

namespace gputriage {

// The threads that work through a list in parallel (the engine's matching of a batch, the
// CLI's bundles): each runs a function that takes items until none is left. The GUI's jobs use
// JobTracker instead; a big file's read-ahead is the chunk reader's own thread.
class Workers
{
public:
    Workers() = default;
    Workers(const Workers &) = delete;
    Workers &operator=(const Workers &) = delete;
    ~Workers() { join(); }

    // Starts `count` threads, the i-th running work(i); they run until join().
    void start(int count, const std::function<void(int)> &work);
    void join();

    // Runs work(i) on `count` workers, this thread being worker 0, and returns when all are done.
    static void run(int count, const std::function<void(int)> &work);
    // The workers to use when asked for `jobs` (0: one per core).
    static int count(int jobs);

private:
    std::vector<std::thread> m_threads;
};

} // namespace gputriage
