#include "rules/vocabulary.h"

#include "rules/ruleset.h"
#include "rules/textalternation.h"
#include "text/words.h"

#include <QRegularExpression>

#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

namespace gputriage {

namespace {

// Only a line with a number in parentheses can write a text with its code ("GPU is lost (15)",
// "(error 802)"), or with an error number before a parenthesis its code and text ("Error 709
// (context is destroyed)").
bool holdsNumberInParentheses(re2::StringPiece text)
{
    static const RE2 numberInParentheses(R"(\((?i:error )?-?\d{1,4}\)|(?i:\berror) -?\d{1,4} \()");
    return RE2::PartialMatch(text, numberInParentheses);
}

// How each vocabulary's codes are written by the programs that print them. The codes, names
// and texts themselves are data (the catalogs); this is how callers wrap them.
struct Spec
{
    const char *catalog;
    const char *findingId;
    const char *library;
    const char *context;  // the line names the library (texts and numbers need it)
    const char *codes[8]; // each with one group: the code as the library's callers print it
    // Where its printed texts may stand, when narrower than `context`: NV_STATUS texts ("Invalid
    // base") are the kernel driver's, not any line's that names NVIDIA (an X server's "Invalid
    // Base Mosaic configuration").
    const char *textContext = nullptr;
    // Where set, a name is read anywhere only with this prefix (CL_OUT_OF_RESOURCES, not the
    // OUT_OF_RESOURCES other libraries write too).
    const char *namePrefix = nullptr;
    // With a `textContext`, its sentences of six words or more are still read anywhere: NVENC's
    // header comments ("This indicates that an invalid struct version was used by the client.")
    // are no other program's words, where its short texts ("out of memory") are anyone's.
    bool sentencesAnywhere = false;
    // A name in double quotes is a mention, not the error: hashcat warns at every start that a
    // kernel exec timeout 'may cause "CL_OUT_OF_RESOURCES"'.
    bool quotedNamesAreMentions = false;
};

// Libraries whose printed texts are anyone's words ("out of memory", "invalid value"): their
// context is also where their texts may stand (a Spec's `textContext`).
constexpr const char *kNvencContext = R"((?i)nvenc|\bNV_ENC_|NvEncoder)";
constexpr const char *kOpenClContext = R"((?i:opencl)|\bcl[A-Z][a-z]\w*|\bCL_[A-Z])";
constexpr const char *kOptixContext = R"((?i)optix)";

constexpr Spec kSpecs[] = {
    {"cuda-error",
     "cuda.error.vocabulary",
     "CUDA",
     R"((?i:cuda|cudart)|\bcu[A-Z][a-z]\w*|\bCUresult\b)",
     {R"(\[(\d{1,3})\] Call to cu[A-Z]\w*)",
      // DeepStream's libraries put a space before the colon ("nvbufsurftransform:cuInit failed
      // : 804", libnvosd's "cuGraphicsEGLRegisterImage failed : 700"); a driver API call's
      // CUresult streamed after its name ("NvlinkTransport: cuMemCreate failed: 800") has none.
      R"(\bcu(?:da)?[A-Z]\w*(?:\([^)]{0,80}\))? (?:returned|failed with(?: error)?(?: code)?|failed: error|failed ?:|=)[ :]*(?:error )?(\d{1,3})\b)",
      // A number a paste ran into the next word ("CUDA error = 999at main.cu:196").
      R"((?i)\bcuda (?:error|failure|driver error|runtime error)(?: code)?\s*[:=#(]?\s*(\d{1,3})(?:\b|at ))",
      R"((?i)\bcuda runtime error \((\d{1,3})\))",
      // And the CUDA samples' helper_cuda.h check ("CUDA error at file.cu:598 code=2(name)
      // \"call\"", older releases without the name).
      R"((?i)\bcuda error (?:in \w+: |at \S+:\d+ code=)(\d{1,3})\b)",
      // Ollama's discovery ("cudart init failure: 35", "nvcuda init failure: 999", "cuda driver
      // library init failure: 3", "cuda driver library failed to get device context 46", printed
      // without a line break, so the next logfmt record's "time=" may follow the number), "cuInit
      // err: 999", a CUresult printed by its type ("CUresult error result=2"), and TensorFlow's
      // stream executor for a code it has no name for ("UNKNOWN ERROR (303)").
      R"((?i)\b(?:nv)?cuda(?:rt| driver library)? (?:init failure:|failed to get device context)\s*(\d{1,3})(?:\b|time=)|\bcu[A-Z]\w* err(?:or)?:\s*(\d{1,3})\b)",
      // And a call's result as a record's field after the call's name (numba's "fname =
      // 'cuInit', retcode = 999", "cuMemAlloc: rc=2").
      R"(\b(?:CUresult|cudaError_t)\b[^\n]{0,20}?\b(?:error|result|code|status)\s*[=:]\s*(\d{1,3})\b|\bcu(?:da)?[A-Z]\w*'?[^\n\w]{0,6}\b(?:retcode|rc|ret|return code|result|res)\s*[=:]\s*(\d{1,3})\b)",
      // And cuda-gdb's report of a CUDA call that failed (api_failures), the code in hex: "Cuda
      // API error detected: cudaCreateTextureObject returned (0x2)".
      R"(\bUNKNOWN ERROR \((\d{1,3})\)|\bCuda API error detected: cu(?:da)?[A-Z]\w* returned \((0x[0-9a-fA-F]{1,3})\))"}},
    {"nvml-return",
     "nvml.error.vocabulary",
     "NVML",
     // Or the error chains of go-nvlib (NVIDIA/go-nvlib pkg/nvlib/device), which the device
     // plugin, GPU feature discovery, mig-parted and the DRA driver vendor: each wraps an
     // nvml.Return, whose %v is NVML's own text, in "error getting <what>: %v" ("error getting
     // parent memory info: Insufficient Permissions" for a MIG device), and the devices it walks
     // in "error visiting (MIG )?device(s)/profile: %v". The line names no NVML otherwise.
     R"((?i)nvml|nvidia-smi|nvidia-ml\b|\berror visiting (?:MIG )?(?:devices?|profile): |\berror (?:getting (?:parent (?:memory info|device handle)|max MIG device count|MIG (?:mode|device (?:attributes|GPU Instance ID|Compute Instance ID))|(?:GPU|Compute) Instance(?: profile)?(?: info)?|device (?:memory info|count|name|brand|architecture|addressing mode)|GPU Fabric Info)|checking if device is a MIG device): )",
     {R"((?i)\bnvml\w*\b[^\n]{0,60}?\b(?:error|failure|failed|return(?:ed)?|code|status|ret)\b\s*[:=(]?\s*(\d{1,3})\b)",
      // nvidia-smi's exit status is the NVML return code (its man page's RETURN VALUE: 9 the
      // driver is not loaded, 12 no NVML library, 14 a corrupted infoROM, 15 the GPU fell off
      // the bus; 255 any other error), as monitoring agents and validators report it.
      R"((?i)\bnvidia-smi\b[^\n]{0,80}?\b(?:exit(?:ed)?(?: with)? (?:status|code)|return(?:ed)? code)\s*[:=]?\s*([2-9]|1\d)\b)"}},
    {"nccl-result",
     "nccl.error.vocabulary",
     "NCCL",
     R"((?i)\bnccl)",
     // After an NCCL call ("ncclCommInitRank failed: 2"), or "NCCL error 1" itself; not any
     // number in an NCCL line ("NCCL WARN socketPollConnect poll() returned 1").
     {R"(\bnccl[A-Z]\w*(?:\([^)]{0,80}\))?[^\n]{0,40}?\b(?:error|failure|failed|result|returned)\b\s*[:=(]?\s*(\d)\b)",
      R"((?i)\bnccl (?:error|failure)(?: code)?\s*[:=#(]?\s*(\d)\b)",
      // The proxy's warnings of an operation that failed carry its ncclResult_t (proxy.cc,
      // 2.18 to 2.30): "[Proxy Service 3] Failed to execute operation Setup from rank 3,
      // retcode 1", "[Service thread] Error encountered progressing operation=Connect, res=3".
      R"(\bNCCL WARN \[(?:Proxy Service \d+|Service thread)\][^\n]*?\b(?:retcode |res=)(\d)\b)"}},
    {"nv-status",
     "driver.nv-status",
     "NVIDIA driver (NV_STATUS)",
     R"(NVRM|\bNV_(?:ERR|WARN)_|(?i:nvidia))",
     {R"(\b(?:status|rmStatus|ret|error)\s*[=:]\s*(0x[0-9a-fA-F]{8})\b)"},
     R"(NVRM|\bNV_(?:ERR|WARN)_|\bnvidia(?:-modeset|-drm|-uvm|-peermem|_drm|_modeset|_uvm)?:)"},
    {"dcgm-return",
     "dcgm.error.vocabulary",
     "DCGM",
     R"((?i)\bdcgm|\bhost ?engine\b)",
     {R"((?i)\bdcgm\w*\b[^\n]{0,60}?\b(?:error|return(?:ed)?|code|status|result)\b\s*[:=(]?\s*(-\d{1,3})\b)"}},
    {"cudnn-status",
     "cuda.library-status.vocabulary",
     "cuDNN",
     R"((?i)cudnn)",
     {R"((?i)\bcudnn\w*\b[^\n]{0,40}?\b(?:status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{1,4})\b)"}},
    {"cublas-status",
     "cuda.library-status.vocabulary",
     "cuBLAS",
     R"((?i)cublas)",
     {R"((?i)\bcublas\w*\b[^\n]{0,40}?\b(?:status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{1,2})\b)"}},
    {"cufft-result",
     "cuda.library-status.vocabulary",
     "cuFFT",
     R"((?i)cufft)",
     {R"((?i)\bcufft\w*\b[^\n]{0,40}?\b(?:result|status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{1,2})\b)"}},
    {"cusolver-status",
     "cuda.library-status.vocabulary",
     "cuSOLVER",
     R"((?i)cusolver)",
     {R"((?i)\bcusolver\w*\b[^\n]{0,40}?\b(?:status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{1,2})\b)"}},
    {"cusparse-status",
     "cuda.library-status.vocabulary",
     "cuSPARSE",
     R"((?i)cusparse)",
     {R"((?i)\bcusparse\w*\b[^\n]{0,40}?\b(?:status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{1,2})\b)"}},
    {"curand-status",
     "cuda.library-status.vocabulary",
     "cuRAND",
     R"((?i)curand)",
     {R"((?i)\bcurand\w*\b[^\n]{0,40}?\b(?:status|error|returned|failed|failure)\b\s*[:=(]?\s*(\d{3})\b)"}},
    // The Video Codec SDK's encoder: FFmpeg ("[h264_nvenc @ 0x…] OpenEncodeSessionEx failed:
    // out of memory (10): (no details)"), the SDK's samples ("nvEncOpenEncodeSessionEx(…)
    // returned error 2 at …", xpra's "nvEncOpenEncodeSessionEx(..)=15"), and NVENC wrappers that
    // print a status number. Its texts ("out of memory") are any library's, so only lines that
    // name NVENC are read.
    {"nvenc-status",
     "video.nvenc.vocabulary",
     "NVENC",
     kNvencContext,
     {R"(\bnvEnc[A-Z]\w*\([^)]{0,160}\)(?: returned error |\s*=\s*)(\d{1,2})\b)",
      // NVEncC's "Error on nvEncOpenEncodeSessionEx: 10 (NVENC indicates that …)" and "Error on
      // NvEncOpenEncodeSessionEx(device_type=NV_ENC_DEVICE_TYPE_CUDA): 10 (…)".
      R"(\b[Nn]v[Ee]nc[A-Z]\w*(?:\([^)]{0,160}\))?: (\d{1,2}) \()",
      R"(\bfailed: [a-z ]{3,30} \((\d{1,2})\))",
      R"((?i)nvenc\w*\b[^\n]{0,60}?\b(?:error|status|returned|failed|failure|ret)\b\s*[:=(]?\s*(\d{1,2})\b)"},
     kNvencContext,
     nullptr,
     true},
    {"tensorrt-status",
     "cuda.library-status.vocabulary",
     "TensorRT",
     R"((?i)tensorrt|\btrt\b|nvinfer)",
     {}},
    // OpenCL (NVIDIA's OpenCL driver and the ICD loader): a cl_int after the library's name
    // ("OpenCL error -5", "CL error code: -36", Blender's "OpenCL error (-4)") or after a call's
    // ("clBuildProgram failed with error -11", "clEnqueueNDRangeKernel(): -54"). Its texts ("out
    // of resources") are anyone's: only lines that name OpenCL are read for them. Names without
    // their CL_ prefix (PyOpenCL's OUT_OF_RESOURCES) are no name alone: the rendering pack's rules
    // read them after a call.
    {"opencl-error",
     "opencl.error.vocabulary",
     "OpenCL",
     kOpenClContext,
     {R"((?i)\b(?:opencl|cl)\b[^\n]{0,30}?\b(?:error|status|code|err|returned|failed)\b(?: code)?\s*[:=#(]?\s*(-\d{1,4})\b)",
      R"(\bcl[A-Z][a-z]\w*(?:\([^)]{0,80}\))?[^\n]{0,30}?\b(?:returned|failed|error|err|code|status|ret)\b[^\n\d-]{0,12}(-\d{1,4})\b)"},
     kOpenClContext,
     "CL_",
     false,
     true},
    // OptiX: an OptixResult (7000-7999) after the library's name or call ("optixInit() failed
    // with code 7804", "OptiX error 7001"); its names (OPTIX_ERROR_…) anywhere.
    {"optix-result",
     "optix.error.vocabulary",
     "OptiX",
     kOptixContext,
     {R"((?i)\boptix\w*\b[^\n]{0,60}?\b(?:error|code|returned|result|status|failed)\b(?: with)?(?: error)?(?: code)?\s*[:=(]?\s*\(?(7\d{3})\b)"},
     kOptixContext},
};

// A name a program writes as an identifier: an enum constant (NVML_ERROR_GPU_IS_LOST), a
// camel-case enum (ncclUnhandledCudaError) or an exception class (NVMLError_GpuIsLost).
bool identifierName(const QString &name)
{
    static const QRegularExpression id(QStringLiteral(
        "^(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|(?:cuda|nccl|cudnn|cublas|cufft|curand|cusparse|"
        "cusolver)[A-Z][A-Za-z0-9]+|[A-Z][A-Za-z]*Error_[A-Za-z0-9]+)$"));
    return name.size() >= 8 && id.match(name).hasMatch();
}

// A printed text: words, long enough not to be any program's ("Unknown Error" needs the
// library named on the line, which the context checks).
bool printedText(const QString &name)
{
    return name.contains(QLatin1Char(' ')) && name.size() >= 9 && !identifierName(name);
}

// A printed text that says whose it is: it names the library's own things ("the provided PTX
// was compiled with an unsupported toolchain", "device-side assert triggered"), so a line
// quoting it needs no other word of the library (a Triton model table's cell; SiftGPU's
// "filterH: invalid device function", a kernel not built for the GPU's architecture).
bool selfNamedText(const QString &text)
{
    static const QRegularExpression own(
        QStringLiteral("(?i)\\b(?:ptx|cuda|kernel image|device-side|device function|launch|ecc|"
                       "illegal memory access|misaligned address|nvlink)\\b"));
    // Six words or more of a library's own sentence ("The third-party Profiling module returned
    // an unrecoverable error") are no other program's either.
    return text.count(QLatin1Char(' ')) >= 5
           || (text.count(QLatin1Char(' ')) >= 2 && own.match(text).hasMatch());
}

// A name compared in a failed check ("Check failed: e == cudaSuccess || e ==
// cudaErrorCudartUnloading CUDA: out of memory", glog's CHECK as MXNet and Caffe print it) is a
// value the check accepted, not the error: the error is the text or the name after it.
bool comparedOperand(std::string_view line, std::string_view word)
{
    const size_t begin = size_t(word.data() - line.data());
    size_t i = begin;
    while (i > 0 && line[i - 1] == ' ')
        --i;
    if (i >= 2 && (line.substr(i - 2, 2) == "==" || line.substr(i - 2, 2) == "!="))
        return true;
    size_t j = begin + word.size();
    while (j < line.size() && line[j] == ' ')
        ++j;
    return line.substr(j, 2) == "==" || line.substr(j, 2) == "!=";
}

// Whether `word` (a view into `line`) stands between double quotes.
bool quoted(std::string_view line, std::string_view word)
{
    const size_t begin = size_t(word.data() - line.data()), end = begin + word.size();
    return begin > 0 && line[begin - 1] == '"' && end < line.size() && line[end] == '"';
}

} // namespace

struct Vocabulary::Set
{
    const Spec *spec = nullptr;
    const Catalog *catalog = nullptr;
    std::unique_ptr<RE2> context, textContext;
    QStringList selfNamedList;
    // Variants of an exception class's name that other bindings print, lower-cased: the catalog
    // knows the class's name (NVMLError_DriverNotLoaded), not the variant (DriverNotLoaded).
    std::map<QString, const CatalogEntry *> variants;

    const CatalogEntry *find(const std::string &written) const
    {
        const QString w = QString::fromStdString(written);
        if (const CatalogEntry *e = catalog->find(w))
            return e;
        const auto it = variants.find(w.toLower());
        return it == variants.end() ? nullptr : it->second;
    }
    // The code patterns are compiled the first time a line names the library: most bundles
    // need few of them.
    std::once_flag compiled;
    std::unique_ptr<TextAlternation> texts;     // longest first
    std::unique_ptr<TextAlternation> selfNamed; // the texts selfNamedText() says need no context
    std::vector<std::unique_ptr<RE2>> codes;

    // A printed text followed by its own code in parentheses ("GPU is lost (15)", a miner's
    // NVML wrapper; "invalid device ordinal (101)"; an NGC container's "[[ System not yet
    // initialized (error 802) ]]") names the code twice: the text and the number agree, so the
    // line needs no other word of the library.
    const CatalogEntry *textWithItsCode(std::string_view line, std::string &written) const
    {
        std::string number;
        if (spec->textContext || !texts)
            return nullptr;
        // Or the code first and its text in parentheses, as a C check macro prints
        // cudaGetErrorString() after the number (libgdsync's "Error 709 (context is
        // destroyed)"); an errno's text ("error 2 (No such file or directory)") is no entry's.
        static const RE2 codeThenText(R"((?i)\berror (-?\d{1,4}) \(([^()]{3,80})\))");
        if (!texts->findWithNumber(line, written, number)
            && !RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), codeThenText, &number,
                                  &written))
            return nullptr;
        const CatalogEntry *e = find(written);
        return e && e->code != 0 && QString::number(e->code) == QString::fromStdString(number)
                   ? e
                   : nullptr;
    }

    void compile()
    {
        for (const char *code : spec->codes)
            if (code)
                codes.push_back(std::make_unique<RE2>(code));
    }
};

Vocabulary::Vocabulary(const RuleSet &rules)
{
    for (const Spec &spec : kSpecs) {
        const Catalog *catalog = rules.catalog(QString::fromLatin1(spec.catalog));
        if (!catalog)
            continue;
        auto set = std::make_unique<Set>();
        set->spec = &spec;
        set->catalog = catalog;
        set->context = std::make_unique<RE2>(spec.context);
        if (spec.textContext)
            set->textContext = std::make_unique<RE2>(spec.textContext);
        QStringList texts;
        for (const auto &[code, entry] : catalog->entries) {
            if (code == 0)
                continue; // success
            for (const QString &name : entry.names) {
                if (identifierName(name)) {
                    if (!spec.namePrefix || name.startsWith(QLatin1String(spec.namePrefix)))
                        m_names.try_emplace(name.toStdString(), set.get(), &entry);
                } else if (printedText(name))
                    texts << name.trimmed();
                // The exception class's variant (NVMLError_DriverNotLoaded) is how other
                // bindings print the code (Rust nvml-wrapper: "DriverNotLoaded"), and a name of
                // the enum's variant itself (NvmlError::GpuLost, whose Debug form is "GpuLost"):
                // a word of two capitalised parts or more, read where the line names the library.
                static const QRegularExpression variant(
                    QStringLiteral("^[A-Z][A-Za-z]*Error(?:_|::)((?:[A-Z][a-z0-9]*){2,})$"));
                if (const auto m = variant.match(name); m.hasMatch() && m.captured(1).size() >= 7) {
                    texts << m.captured(1);
                    set->variants.try_emplace(m.captured(1).toLower(), &entry);
                }
            }
        }
        std::sort(texts.begin(), texts.end(),
                  [](const QString &a, const QString &b) { return a.size() > b.size(); });
        texts.removeDuplicates();
        for (const QString &t : texts)
            if (selfNamedText(t) && (!spec.sentencesAnywhere || t.count(QLatin1Char(' ')) >= 5))
                set->selfNamedList << t;
        if (!texts.isEmpty())
            set->texts = std::make_unique<TextAlternation>(texts);
        if (!set->selfNamedList.isEmpty())
            set->selfNamed = std::make_unique<TextAlternation>(set->selfNamedList);
        m_sets.push_back(std::move(set));
    }
}

Vocabulary::~Vocabulary() = default;

QStringList Vocabulary::selfNamedTexts(const RuleSet &rules)
{
    QStringList out;
    for (const Spec &spec : kSpecs) {
        const Catalog *catalog = rules.catalog(QString::fromLatin1(spec.catalog));
        if (!catalog || (spec.textContext && !spec.sentencesAnywhere))
            continue;
        for (const auto &[code, entry] : catalog->entries)
            for (const QString &name : entry.names)
                if (code != 0 && printedText(name) && selfNamedText(name.trimmed())
                    && (!spec.sentencesAnywhere || name.trimmed().count(QLatin1Char(' ')) >= 5))
                    out << name.trimmed();
    }
    out.removeDuplicates();
    return out;
}

bool Vocabulary::mayRecognise(std::string_view raw) const
{
    std::call_once(m_anyCompiled, [this] {
        // A self-named text is looked for by its two longest words: a line holding both goes to
        // recognise(). The libraries' names are one short alternation.
        static const QRegularExpression nonWord(QStringLiteral("\\W+"));
        std::string contexts;
        for (const auto &set : m_sets) {
            contexts += (contexts.empty() ? "(?:" : "|(?:") + std::string(set->spec->context) + ")";
            if (set->textContext && !set->spec->sentencesAnywhere)
                continue;
            for (const QString &t : set->selfNamedList) {
                QStringList words = t.toLower().split(nonWord, Qt::SkipEmptyParts);
                std::stable_sort(
                    words.begin(), words.end(),
                    [](const QString &x, const QString &y) { return x.size() > y.size(); });
                if (words.size() >= 2)
                    m_textWords[words[0].toStdString()].push_back(words[1].toStdString());
            }
        }
        m_any = std::make_unique<RE2>(contexts.empty() ? std::string("$^") : contexts);
    });
    // Names are looked up word by word, as recognise() reads them.
    std::vector<std::string> lineWords;
    if (anyWord(raw, [&](std::string_view word) {
            if (word.size() >= 8 && m_names.count(std::string(word)))
                return true;
            std::string lower(word);
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](unsigned char c) { return char(std::tolower(c)); });
            lineWords.push_back(std::move(lower));
            return false;
        }))
        return true;
    for (const std::string &word : lineWords)
        if (const auto it = m_textWords.find(word); it != m_textWords.end())
            for (const std::string &second : it->second)
                if (std::find(lineWords.begin(), lineWords.end(), second) != lineWords.end())
                    return true;
    // A library's text followed by its own code ("GPU is lost (15)") says whose it is without
    // naming the library: recognise() reads it where the number is one in parentheses.
    const re2::StringPiece text(raw.data(), raw.size());
    return RE2::PartialMatch(text, *m_any) || holdsNumberInParentheses(text);
}

std::optional<VocabularyHit> Vocabulary::recognise(std::string_view line) const
{
    const re2::StringPiece text(line.data(), line.size());
    auto hit = [](const Set &set, const CatalogEntry *entry, const char *how,
                  const std::string &written) {
        VocabularyHit h;
        h.catalog = set.catalog;
        h.entry = entry;
        h.findingId = QString::fromLatin1(set.spec->findingId);
        h.library = QString::fromLatin1(set.spec->library);
        h.how = QString::fromLatin1(how);
        h.written = QString::fromStdString(written);
        return h;
    };
    // Names: every identifier of the line, looked up.
    const std::pair<const Set *, const CatalogEntry *> *named = nullptr;
    const std::string *name = nullptr;
    anyWord(line, [&](std::string_view word) {
        if (word.size() < 8)
            return false;
        const auto it = m_names.find(std::string(word));
        if (it == m_names.end() || comparedOperand(line, word)
            || (it->second.first->spec->quotedNamesAreMentions && quoted(line, word)))
            return false;
        name = &it->first;
        named = &it->second;
        return true;
    });
    if (named)
        return hit(*named->first, named->second, "name", *name);
    const bool numbered = holdsNumberInParentheses(text);
    for (const auto &set : m_sets) {
        std::string written;
        if (!RE2::PartialMatch(text, *set->context)) {
            if (numbered)
                if (const CatalogEntry *e = set->textWithItsCode(line, written))
                    return hit(*set, e, "text", written);
            if (!set->selfNamed || (set->textContext && !set->spec->sentencesAnywhere))
                continue;
            if (set->selfNamed->find(line, written))
                if (const CatalogEntry *e = set->find(written))
                    return hit(*set, e, "text", written);
            continue;
        }
        std::call_once(set->compiled, [&set] { set->compile(); });
        // A number after the library's call is more precise than a text the line also holds
        // (TensorFlow's "UNKNOWN ERROR (303)" is code 303, not "unknown error").
        for (const auto &code : set->codes) {
            const int groups = code->NumberOfCapturingGroups();
            std::vector<std::string> values(groups);
            std::vector<RE2::Arg> args;
            args.reserve(groups);
            for (std::string &value : values)
                args.emplace_back(&value);
            std::vector<const RE2::Arg *> argp;
            argp.reserve(args.size());
            for (const RE2::Arg &arg : args)
                argp.push_back(&arg);
            if (!RE2::PartialMatchN(text, *code, argp.data(), groups))
                continue;
            for (const std::string &value : values)
                if (!value.empty())
                    if (const CatalogEntry *e = set->catalog->find(QString::fromStdString(value));
                        e && e->code != 0) {
                        // The library's own sentence names the error exactly; a number that says
                        // another code is another release's numbering (CUDA 9's "cuda runtime
                        // error (6) : the launch timed out and was terminated" is code 702 now).
                        if (set->selfNamed && set->selfNamed->find(line, written))
                            if (const CatalogEntry *t = set->find(written);
                                t && t != e && t->code != 0)
                                return hit(*set, t, "text", written);
                        return hit(*set, e, "code", value);
                    }
        }
        if (set->texts && (!set->textContext || RE2::PartialMatch(text, *set->textContext))
            && set->texts->find(line, written))
            if (const CatalogEntry *e = set->find(written))
                return hit(*set, e, "text", written);
    }
    return std::nullopt;
}

} // namespace gputriage
