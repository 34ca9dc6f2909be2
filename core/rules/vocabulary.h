#pragma once

#include "rules/rule.h"

#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
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
    // Whether `raw` (a line before normalisation) could hold anything recognise() reads: a
    // code's name, a text that says whose it is, or the name of a library. One scan, for the
    // lines of programs that are not NVIDIA's (most of them hold none).
    bool mayRecognise(std::string_view raw) const;
    bool empty() const { return m_sets.empty(); }
    // The printed texts that say whose they are ("the provided PTX was compiled with an
    // unsupported toolchain"): a line quoting one is worth reading without an error word
    // (hashcat's "cuLinkAddData(): <text>").
    static QStringList selfNamedTexts(const RuleSet &rules);

private:
    struct Set; // one catalog: how its codes are written
    std::vector<std::unique_ptr<Set>> m_sets;
    std::map<std::string, std::pair<const Set *, const CatalogEntry *>> m_names;
    mutable std::once_flag m_anyCompiled;
    mutable std::unique_ptr<re2::RE2> m_any; // the libraries' names
    // The longest word of each self-named text, with the second longest of each.
    mutable std::unordered_map<std::string, std::vector<std::string>> m_textWords;
};

} // namespace gputriage
