#include "engine/lineorigin.h"

#include "text/normalizer.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gputriage {

namespace {

struct Component
{
    const char *id;
    const char *title;
    const char *pattern; // the line names it
};

// In order: the first component a line names is its origin.
constexpr Component kComponents[] = {
    {"xorg", "X server (NVIDIA driver)",
     R"(\((?:EE|WW|II|NI|\*\*|==|--|\?\?)\) (?:NVIDIA|GLX|AIGLX|glamor|modeset|Failed|LoadModule|Loading|Module|UnloadModule))"},
    {"kernel-driver", "NVIDIA kernel driver",
     R"(NVRM|nvidia-modeset|nvidia-drm|nvidia-uvm|nvidia-peermem|nvidia-nvlink|nvidia-nvswitch|\[drm:nv_|\bnvidia(?:_drm|_modeset|_uvm)?:|\bnvidia-fs:|\bgdrdrv:)"},
    {"installer", "NVIDIA installer", R"(nvidia-installer|nvidia-uninstall)"},
    {"container-toolkit", "NVIDIA container toolkit",
     R"(nvidia-container|nvidia-ctk|libnvidia-container|nvidia-cdi)"},
    {"nccl", "NCCL", R"(\bNCCL\b)"},
    // UCX's log lines ("cuda_copy_md.c:705  UCX  ERROR ..."): its CUDA transports name CUDA too.
    {"ucx", "UCX", R"(\bUCX\b)"},
    {"fabric-manager", "Fabric Manager", R"((?i)fabric ?manager|nv-fabricmanager|\bnvswitch\b)"},
    {"persistenced", "nvidia-persistenced", R"(nvidia-persistenced)"},
    {"dcgm", "DCGM", R"((?i)\bdcgm|\bhost ?engine\b)"},
    {"kubernetes", "NVIDIA Kubernetes components",
     R"(device-plugin|gpu-operator|gpu-feature-discovery|mig-manager|nvidia-driver-daemonset)"},
    {"nvidia-settings", "nvidia-settings", R"(nvidia-settings)"},
    {"nvml", "NVML and nvidia-smi", R"(\bNVML\b|nvidia-smi|libnvidia-ml)"},
    {"cuda-application", "CUDA application",
     R"((?i)\bcuda|cudnn|cublas|cufft|cusolver|cusparse|curand|tensorrt)"},
};

// The first component the text names, or an empty string.
QString namedComponent(std::string_view text)
{
    // One pass for all of them (this runs for every error line of a bundle).
    static const auto set = [] {
        auto out = std::make_unique<RE2::Set>(RE2::Options(), RE2::UNANCHORED);
        for (const Component &c : kComponents)
            out->Add(c.pattern, nullptr);
        out->Compile();
        return out;
    }();
    thread_local std::vector<int> hits;
    hits.clear();
    if (!set->Match(re2::StringPiece(text.data(), text.size()), &hits) || hits.empty())
        return {};
    return QString::fromLatin1(kComponents[*std::min_element(hits.begin(), hits.end())].id);
}

PrintLevel levelWord(std::string_view word)
{
    const QString w = QString::fromUtf8(word.data(), qsizetype(word.size())).toLower();
    if (w == QLatin1String("panic") || w == QLatin1String("fatal") || w == QLatin1String("crit")
        || w == QLatin1String("critical") || w == QLatin1String("f"))
        return PrintLevel::Fatal;
    if (w.startsWith(QLatin1String("err")) || w == QLatin1String("ee") || w == QLatin1String("e"))
        return PrintLevel::Error;
    if (w.startsWith(QLatin1String("warn")) || w == QLatin1String("ww") || w == QLatin1String("w"))
        return PrintLevel::Warning;
    if (w == QLatin1String("notice") || w == QLatin1String("diag"))
        return PrintLevel::Notice;
    if (w == QLatin1String("info") || w == QLatin1String("ii") || w == QLatin1String("i")
        || w == QLatin1String("ni") || w == QLatin1String("note") || w == QLatin1String("**")
        || w == QLatin1String("==") || w == QLatin1String("--") || w == QLatin1String("??"))
        return PrintLevel::Info;
    if (w == QLatin1String("debug") || w == QLatin1String("trace") || w == QLatin1String("dbg"))
        return PrintLevel::Debug;
    return PrintLevel::Unknown;
}

PrintLevel lineLevel(std::string_view line)
{
    // The markers of each logging convention, the most explicit first.
    static const RE2 xorg(R"(\((EE|WW|II|NI|\*\*|==|--|\?\?)\))");
    static const RE2 logrus(R"(\blevel="?(\w+))");
    static const RE2 json(R"re("(?:level|severity)"\s*:\s*"(\w+))re");
    static const RE2 klog(R"(^([EWIF])\d{4} \d\d:\d\d:\d\d)");
    static const RE2 nccl(R"(\bNCCL (WARN|INFO|TRACE)\b)");
    // UCX (src/ucs/debug/log.c): "<file>:<line>  UCX  ERROR <message>", DIAG between WARN and INFO
    static const RE2 ucx(R"(\bUCX\s+(FATAL|ERROR|WARN|DIAG|INFO|DEBUG|TRACE)\b)");
    // GPUDirect Storage's cuFile library (cufile.log: "<date> <time> [pid=N tid=N] ERROR
    // cufio-fs:204 …") and GDRCopy's libgdrapi ("ERR:  …", "DBG:  …", src/gdrapi_internal.h).
    static const RE2 cufile(R"(\[pid=\d+ tid=\d+\] (ERROR|WARN|NOTICE|INFO|DEBUG|TRACE)\b)");
    static const RE2 gdrapi(R"(^(ERR|WARN|INFO|DBG):  ?\S)");
    static const RE2 drm(R"(\*(ERROR)\*)");
    static const RE2 splat(R"(^(WARNING): (?:CPU|at) )");
    // Upper-case level words before a colon or in brackets; "Error:" only where a line starts
    // with it (inside a message it is text: "... Error: timeout. Setting mask to blank").
    static const RE2 word(
        R"((?:^|[\s\[:(])(FATAL|CRITICAL|ERROR|WARNING|WARN|NOTICE|INFO|NOTE|DEBUG)(?:[:\]]| -))");
    static const RE2 leading(R"(^(Error|Warning|Fatal|Notice)\b:)");
    static const RE2 *const markers[] = {&xorg,   &logrus, &json, &klog,  &nccl, &ucx,
                                         &cufile, &gdrapi, &drm,  &splat, &word, &leading};
    // Which markers the line may hold, in one pass; each of those then in order.
    static const auto set = [] {
        auto out = std::make_unique<RE2::Set>(RE2::Options(), RE2::UNANCHORED);
        for (const RE2 *re : markers)
            out->Add(re->pattern(), nullptr);
        out->Compile();
        return out;
    }();
    re2::StringPiece s(line.data(), line.size());
    thread_local std::vector<int> found;
    found.clear();
    if (!set->Match(s, &found))
        return PrintLevel::Unknown;
    std::sort(found.begin(), found.end());
    std::string w;
    for (int i : found)
        if (RE2::PartialMatch(s, *markers[size_t(i)], &w))
            if (const PrintLevel l = levelWord(w); l != PrintLevel::Unknown)
                return l;
    return PrintLevel::Unknown;
}

} // namespace

LineOrigin lineOrigin(std::string_view normalized, SectionKind kind, std::string_view raw)
{
    LineOrigin o;
    o.level = lineLevel(normalized);
    if (kind == SectionKind::XorgLog)
        o.component = QStringLiteral("xorg");
    else if (kind == SectionKind::InstallerLog)
        o.component = QStringLiteral("installer");
    else if (kind == SectionKind::SettingsQuery)
        o.component = QStringLiteral("nvidia-settings");
    // The program a syslog or journal line names before its message ("nvidia-settings-user.desktop
    // [2619]:", "nvidia-ctk[1111]:") printed it, whatever the message names (a file name
    // "nvidia-drm-outputclass.conf" in a container toolkit warning); one that names no component
    // ("systemd[1]:", "kernel:") leaves it to the message. A kernel log section holds other
    // programs' lines too.
    const std::string source = o.component.isEmpty() ? Normalizer::source(raw) : std::string();
    if (!source.empty())
        o.component = namedComponent(source);
    if (o.component.isEmpty())
        o.component = namedComponent(normalized);
    if (o.component.isEmpty() && !source.empty() && kind == SectionKind::KernelLog
        && source.find("kernel") == std::string::npos)
        o.component = QStringLiteral("other");
    if (o.component.isEmpty())
        o.component
            = kind == SectionKind::KernelLog ? QStringLiteral("kernel") : QStringLiteral("other");
    return o;
}

QString catalogOrigin(const QString &c)
{
    static const std::pair<const char *, const char *> kOrigins[] = {
        {"nvidia-rm", "kernel-driver"},
        {"nvidia-kernel", "kernel-driver"},
        {"nvidia-modeset", "kernel-driver"},
        {"nvidia-drm", "kernel-driver"},
        {"nvidia-uvm", "kernel-driver"},
        {"nvidia-peermem", "kernel-driver"},
        {"nvidia-fs", "kernel-driver"},
        {"gdrdrv", "kernel-driver"},
        {"kernel-nvidia-misc", "kernel"},
        {"nvidia-container-toolkit", "container-toolkit"},
        {"libnvidia-container", "container-toolkit"},
        {"nvidia-installer", "installer"},
        // The GPU Operator's driver container prints its entrypoint's lines between
        // nvidia-installer's own (its log reads as an installer log); its init container
        // k8s-driver-manager is one of the operator's components.
        {"gpu-driver-container", "installer"},
        {"k8s-driver-manager", "kubernetes"},
        {"nccl", "nccl"},
        {"ucx", "ucx"},
        {"dcgm", "dcgm"},
        {"dcgm-exporter", "dcgm"},
        {"gpu-operator", "kubernetes"},
        {"k8s-device-plugin", "kubernetes"},
        {"mig-parted", "kubernetes"},
        {"nvidia-persistenced", "persistenced"},
        {"nvidia-settings", "nvidia-settings"},
        {"pytorch", "cuda-application"},
        {"tensorflow", "cuda-application"},
        {"jax", "cuda-application"},
        {"xla", "cuda-application"},
        {"ggml-cuda", "cuda-application"},
        {"ollama", "cuda-application"},
        {"vllm", "cuda-application"},
        {"triton-server", "cuda-application"},
        {"triton-core", "cuda-application"},
        {"xorg-nvidia", "xorg"},
        {"fabric-manager", "fabric-manager"},
        {"nvidia-smi", "nvml"},
    };
    // Asked for every catalog a line may be one of: the names are measured and the origins made
    // once.
    static const auto table = [] {
        std::vector<std::pair<QLatin1StringView, QString>> t;
        for (const auto &[catalog, origin] : kOrigins)
            t.emplace_back(QLatin1StringView(catalog), QString::fromLatin1(origin));
        return t;
    }();
    for (const auto &[catalog, origin] : table)
        if (c == catalog)
            return origin;
    return QStringLiteral("other");
}

bool originsAgree(const QString &line, const QString &catalog)
{
    if (line == catalog || line == QLatin1String("other"))
        return true; // a line that names no component may be anyone's
    // The kernel's own lines about NVIDIA devices and the driver's are both in a kernel log.
    if (line == QLatin1String("kernel") || line == QLatin1String("kernel-driver"))
        return catalog == QLatin1String("kernel") || catalog == QLatin1String("kernel-driver");
    // An application that names CUDA prints what its libraries say: NCCL, NVML, DCGM.
    if (line == QLatin1String("cuda-application"))
        return catalog == QLatin1String("nccl") || catalog == QLatin1String("nvml")
               || catalog == QLatin1String("dcgm");
    return false;
}

namespace {

// The catalogs of the kernel driver's modules, each with the name its lines carry (RM's and
// nvidia.ko's own both print "NVRM:").
constexpr std::pair<std::string_view, std::string_view> kModules[] = {
    {"nvidia-rm", "NVRM"},
    {"nvidia-kernel", "NVRM"},
    {"nvidia-modeset", "nvidia-modeset"},
    {"nvidia-drm", "nvidia-drm"},
    {"nvidia-uvm", "nvidia-uvm"},
    {"nvidia-peermem", "nvidia-peermem"},
    {"nvidia-fs", "nvidia-fs:"},
    {"gdrdrv", "gdrdrv:"},
};

} // namespace

std::string_view kernelModuleOf(std::string_view line)
{
    // Any name kModules' lines carry.
    static const RE2 module([] {
        std::string names;
        for (const auto &[catalog, name] : kModules)
            names += (names.empty() ? "" : "|")
                     + RE2::QuoteMeta(re2::StringPiece(name.data(), name.size()));
        return "(" + names + ")";
    }());
    re2::StringPiece found;
    if (!RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), module, &found))
        return {};
    return {found.data(), found.size()};
}

bool kernelModulesAgree(std::string_view module, const QString &catalogComponent)
{
    if (module.empty())
        return true;
    for (const auto &[catalog, name] : kModules)
        if (catalogComponent == QLatin1StringView(catalog.data(), qsizetype(catalog.size())))
            return name == module;
    return true;
}

QString componentTitle(const QString &component)
{
    for (const Component &c : kComponents)
        if (component == QLatin1String(c.id))
            return QString::fromLatin1(c.title);
    if (component == QLatin1String("kernel"))
        return QStringLiteral("Linux kernel");
    return QStringLiteral("other NVIDIA software");
}

} // namespace gputriage
