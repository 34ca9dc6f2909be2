#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gputriage {

// Vectorscan (Hyperscan API) prefilter over a list of RE2 patterns: scan() reports, for one
// ASCII text, a superset of the patterns that RE2 would find in it (HS_FLAG_PREFILTER), and
// every pattern vectorscan cannot take is always reported. Without vectorscan at build time,
// available() is false and callers use RE2::Set.
class FastPrefilter
{
public:
    explicit FastPrefilter(const std::vector<std::string> &re2Patterns);
    ~FastPrefilter();
    FastPrefilter(const FastPrefilter &) = delete;
    FastPrefilter &operator=(const FastPrefilter &) = delete;

    bool available() const { return m_database != nullptr; }
    // Appends the indices (into the constructor's list) of possibly matching patterns; false
    // when it could not scan (then the caller must use its exact set).
    bool scan(std::string_view text, std::vector<int> &hits) const;
    // Patterns that vectorscan could not compile (always reported by scan()).
    const std::vector<int> &alwaysReported() const { return m_always; }

    static bool builtWithVectorscan();

private:
    struct Database;
    Database *m_database = nullptr;
    std::vector<int> m_always;
};

} // namespace gputriage
