#pragma once

#include "rules/rule.h"

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace gputriage {

class RuleSet;

// A return code of one of NVIDIA's error vocabularies (CUDA, NVML, NCCL, the driver's NV_STATUS,
// DCGM, cuDNN, cuBLAS ...) found in a line, whatever library or language wrapped it.
struct VocabularyHit
{
    const Catalog *catalog = nullptr;
    const CatalogEntry *entry = nullptr;
    QString findingId; // "nvml.error.vocabulary" ...
    QString library;   // "NVML"
    QString how;       // "name", "text" or "code"
    QString written;   // as the line writes it: "NVML_ERROR_DRIVER_NOT_LOADED", "18", ...
};

// The vocabularies of the code catalogs (rules/catalogs/*.yaml) matched anywhere: a code's enum
// name or exception class (`NVML_ERROR_LIB_RM_VERSION_MISMATCH`, `NVMLError_GpuIsLost`,
// `ncclUnhandledCudaError`, `[NV_ERR_RESET_REQUIRED]`), its printed text where the line names
// its library (`Test CUDA failure common.cu:941 'system not yet initialized'`), or its number
// after a call of that library (`[700] Call to cuModuleUnload`, `nvml ... failure: 18`,
// `status=0x00000062`). Names win over texts, texts over numbers.
class Vocabulary
{
public:
    explicit Vocabulary(const RuleSet &rules);
    ~Vocabulary();
    Vocabulary(const Vocabulary &) = delete;
    Vocabulary &operator=(const Vocabulary &) = delete;

    std::optional<VocabularyHit> recognise(std::string_view line) const;
    bool empty() const { return m_sets.empty(); }

private:
    struct Set; // one catalog: how its codes are written
    std::vector<std::unique_ptr<Set>> m_sets;
    std::map<std::string, std::pair<const Set *, const CatalogEntry *>> m_names;
};

} // namespace gputriage
