#pragma once

#include <QList>
#include <QString>

#include <chrono>

namespace gputriage {

// Where a run's time goes (`analyze --timings`): wall time summed per phase, from any thread.
// Off by default, then a PhaseTimer costs one relaxed load.
class Timings
{
public:
    struct Phase
    {
        QString name;
        double seconds = 0;
        int count = 0;
    };
    static void setEnabled(bool on);
    static bool enabled();
    static void add(const char *phase, std::chrono::steady_clock::duration elapsed);
    // In the order phases were first seen.
    static QList<Phase> phases();
    static double seconds(const char *phase);
    static void clear();
};

// Adds the time from its construction to its destruction to `phase` (a string literal).
class PhaseTimer
{
public:
    // A null phase: no timer.
    explicit PhaseTimer(const char *phase)
        : m_phase(Timings::enabled() ? phase : nullptr)
    {
        if (m_phase)
            m_start = std::chrono::steady_clock::now();
    }
    ~PhaseTimer() { stop(); }
    PhaseTimer(const PhaseTimer &) = delete;
    PhaseTimer &operator=(const PhaseTimer &) = delete;
    void stop()
    {
        if (m_phase)
            Timings::add(m_phase, std::chrono::steady_clock::now() - m_start);
        m_phase = nullptr;
    }

private:
    const char *m_phase;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace gputriage
