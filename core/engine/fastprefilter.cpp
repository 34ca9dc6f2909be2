#include "engine/fastprefilter.h"

#include "rules/rule.h"

#ifdef GPUTRIAGE_WITH_VECTORSCAN
#include <hs/hs.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace gputriage {

#ifdef GPUTRIAGE_WITH_VECTORSCAN

struct FastPrefilter::Database
{
    hs_database_t *db = nullptr;
    uint64_t serial = 0; // never reused, unlike the address
};

namespace {

// One scratch space per thread, grown to fit every database the thread scans with.
struct Scratch
{
    hs_scratch_t *scratch = nullptr;
    std::vector<uint64_t> fitted; // databases it has been grown for (growing is costly)
    ~Scratch()
    {
        if (scratch)
            hs_free_scratch(scratch);
    }
};

} // namespace

FastPrefilter::FastPrefilter(const std::vector<std::string> &re2Patterns)
{
    std::vector<std::string> pcre;
    std::vector<int> ids;
    for (size_t i = 0; i < re2Patterns.size(); ++i) {
        pcre.push_back(withoutGroupNames(re2Patterns[i])); // the rest of RE2's syntax is PCRE's
        ids.push_back(int(i));
    }
    // Compile all; a pattern vectorscan rejects is moved to the always-reported list.
    while (!pcre.empty()) {
        std::vector<const char *> expressions;
        expressions.reserve(pcre.size());
        for (const std::string &p : pcre)
            expressions.push_back(p.c_str());
        const std::vector<unsigned> flags(pcre.size(), HS_FLAG_PREFILTER | HS_FLAG_SINGLEMATCH
                                                           | HS_FLAG_ALLOWEMPTY);
        std::vector<unsigned> hsIds(ids.begin(), ids.end());
        hs_database_t *db = nullptr;
        hs_compile_error_t *error = nullptr;
        if (hs_compile_multi(expressions.data(), flags.data(), hsIds.data(),
                             unsigned(expressions.size()), HS_MODE_BLOCK, nullptr, &db, &error)
            == HS_SUCCESS) {
            static std::atomic<uint64_t> serials{0};
            m_database = new Database{db, ++serials};
            break;
        }
        const int bad = error ? error->expression : -1;
        hs_free_compile_error(error);
        if (bad < 0 || size_t(bad) >= pcre.size())
            break; // not one pattern's fault (e.g. no SSSE3): no fast path at all
        m_always.push_back(ids[size_t(bad)]);
        pcre.erase(pcre.begin() + bad);
        ids.erase(ids.begin() + bad);
    }
    if (!m_database)
        m_always.clear();
}

FastPrefilter::~FastPrefilter()
{
    if (m_database) {
        hs_free_database(m_database->db);
        delete m_database;
    }
}

bool FastPrefilter::scan(std::string_view text, std::vector<int> &hits) const
{
    thread_local Scratch scratch;
    if (std::find(scratch.fitted.begin(), scratch.fitted.end(), m_database->serial)
        == scratch.fitted.end()) {
        if (hs_alloc_scratch(m_database->db, &scratch.scratch) != HS_SUCCESS)
            return false;
        scratch.fitted.push_back(m_database->serial);
    }
    auto onMatch
        = [](unsigned id, unsigned long long, unsigned long long, unsigned, void *context) -> int {
        static_cast<std::vector<int> *>(context)->push_back(int(id));
        return 0;
    };
    if (hs_scan(m_database->db, text.data(), unsigned(text.size()), 0, scratch.scratch, onMatch,
                &hits)
        != HS_SUCCESS)
        return false;
    hits.insert(hits.end(), m_always.begin(), m_always.end());
    return true;
}

bool FastPrefilter::builtWithVectorscan()
{
    return true;
}

#else

struct FastPrefilter::Database
{
};

FastPrefilter::FastPrefilter(const std::vector<std::string> &) {}
FastPrefilter::~FastPrefilter() = default;
bool FastPrefilter::scan(std::string_view, std::vector<int> &) const
{
    return false;
}
bool FastPrefilter::builtWithVectorscan()
{
    return false;
}

#endif

} // namespace gputriage
