#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

namespace gputriage {

// Keeps a read-only file mapping safe when the file shrinks while it is read (logrotate's
// copytruncate, a customer's script): the pages past the new end would raise SIGBUS. A SIGBUS
// inside a guarded mapping replaces the rest of the mapping with zero pages and raises the
// guard's flag, so the reader goes on and the caller can say the file changed. Faults outside
// every guarded mapping keep their usual effect.
class MappingGuard
{
public:
    MappingGuard() = default;
    MappingGuard(const void *base, size_t length);
    ~MappingGuard();
    MappingGuard(const MappingGuard &) = delete;
    MappingGuard &operator=(const MappingGuard &) = delete;

    // False when no slot was free: the caller must not rely on the mapping then.
    bool active() const { return m_slot >= 0; }
    // Raised once a page of the mapping could not be read; shared so that it outlives the guard.
    std::shared_ptr<const std::atomic<bool>> truncated() const { return m_flag; }

private:
    int m_slot = -1;
    std::shared_ptr<std::atomic<bool>> m_flag;
};

} // namespace gputriage
