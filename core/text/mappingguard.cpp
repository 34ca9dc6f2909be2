#include "text/mappingguard.h"

#include <csignal>
#include <cstdint>
#include <mutex>

#include <sys/mman.h>
#include <unistd.h>

namespace gputriage {

namespace {

// A fixed table the signal handler can read without locks or allocation.
constexpr int kSlots = 1024;

struct Slot
{
    std::atomic<uintptr_t> begin{0}, end{0};
    std::atomic<std::atomic<bool> *> flag{nullptr};
};

Slot g_slots[kSlots];
struct sigaction g_previous{};
std::once_flag g_installed;

void onSigbus(int sig, siginfo_t *info, void *context)
{
    const auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
    for (Slot &s : g_slots) {
        const uintptr_t begin = s.begin.load(std::memory_order_acquire);
        const uintptr_t end = s.end.load(std::memory_order_acquire);
        if (begin == 0 || addr < begin || addr >= end)
            continue;
        const auto page = uintptr_t(sysconf(_SC_PAGESIZE));
        const uintptr_t from = addr & ~(page - 1);
        // The file ends before this page: the rest of the mapping reads as zeros from now on.
        // (The page as the faulting pointer moved back, not an integer cast to a pointer.)
        void *const fromPage = static_cast<char *>(info->si_addr) - (addr - from);
        if (mmap(fromPage, end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            != MAP_FAILED) {
            if (std::atomic<bool> *flag = s.flag.load(std::memory_order_acquire))
                flag->store(true, std::memory_order_relaxed);
            return; // the faulting read runs again on the zero page
        }
        break;
    }
    // Not ours (or the remap failed): behave as if this handler were not installed.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    signal(SIGBUS, SIG_DFL);
    raise(SIGBUS);
}

void install()
{
    struct sigaction sa{};
    sa.sa_sigaction = onSigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &g_previous);
}

std::mutex g_slotMutex;

} // namespace

MappingGuard::MappingGuard(const void *base, size_t length)
    : m_flag(std::make_shared<std::atomic<bool>>(false))
{
    std::call_once(g_installed, install);
    const std::lock_guard lock(g_slotMutex);
    for (int i = 0; i < kSlots; ++i) {
        Slot &s = g_slots[i];
        if (s.begin.load(std::memory_order_relaxed) != 0)
            continue;
        const auto begin = reinterpret_cast<uintptr_t>(base);
        s.flag.store(m_flag.get(), std::memory_order_relaxed);
        s.end.store(begin + length, std::memory_order_relaxed);
        s.begin.store(begin, std::memory_order_release);
        m_slot = i;
        return;
    }
    // All slots taken (over a thousand mapped files at once): this mapping is not guarded.
}

MappingGuard::~MappingGuard()
{
    if (m_slot < 0)
        return;
    const std::lock_guard lock(g_slotMutex);
    Slot &s = g_slots[m_slot];
    s.begin.store(0, std::memory_order_release);
    s.end.store(0, std::memory_order_relaxed);
    s.flag.store(nullptr, std::memory_order_relaxed);
}

} // namespace gputriage
