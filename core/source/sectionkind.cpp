#include "source/sectionkind.h"

#include <QRegularExpression>

namespace gputriage {

namespace {

struct KindPattern
{
    SectionKind kind;
    const char *pattern; // matched against the section title or file path, case-insensitive
};

// The first pattern that matches wins: the specific before the general.
constexpr KindPattern kKinds[] = {
    {SectionKind::Prologue,
     R"(^prologue$|^Start of NVIDIA bug report|^End of NVIDIA bug report|^Summary of Skipped|^Skipping)"},
    {SectionKind::XorgLog,
     R"(Xorg\.\d+\.log|Xorg\.log|_COMM=(?:X|Xorg|Xorg\.bin|gdm-x-session)\b|/gdm/.*\.log)"},
    {SectionKind::InstallerLog, R"(nvidia-(?:un)?installer\.log)"},
    {SectionKind::BuildLog, R"((?:^|/)make\.log$|/var/lib/dkms/.*/log/?$)"},
    {SectionKind::KernelLog,
     R"(^dmesg\b|kern\.log|Scanning kernel log|/var/log/(?:messages|syslog)|^kernel\b)"},
    {SectionKind::Journal, R"(^journalctl\b|systemctl status)"},
    {SectionKind::SettingsQuery, R"(^nvidia-settings -q|\.nvidia-settings-rc$)"},
    {SectionKind::SmiOutput, R"(nvidia-smi\b|nvidia-debugdump|nvidia-nvml-temp)"},
    {SectionKind::Lspci, R"(\blspci\b|\blsusb\b)"},
    {SectionKind::Modinfo, R"(\bmodinfo\b|^/proc/modules$|\blsmod\b)"},
    {SectionKind::ProcSys, R"(^/proc/|^/sys/|^ls: |/sys/module/.*/parameters/|^power_resources)"},
    {SectionKind::Config, R"(^/etc/|^/usr/share/X11/|\.conf$|-rc$|application-profiles)"},
    {SectionKind::ToolInfo,
     R"(^Using built-in specs|^base64 |^ldd |^xrandr |^xset |^xprop|Vulkan|^/usr/bin/numactl|dmidecode|Running window manager|^NVIDIA Driver Type Detection|glxinfo|vulkaninfo|^/usr/bin/env$|^uname)"},
};

const std::vector<std::pair<SectionKind, QRegularExpression>> &compiledKinds()
{
    static const auto kinds = [] {
        std::vector<std::pair<SectionKind, QRegularExpression>> out;
        for (const KindPattern &k : kKinds)
            out.emplace_back(k.kind, QRegularExpression(QString::fromLatin1(k.pattern),
                                                        QRegularExpression::CaseInsensitiveOption));
        return out;
    }();
    return kinds;
}

// The last '!'-separated part of a path: a section's title, or a file's path in the bundle.
QStringView sectionTitle(QStringView path)
{
    const qsizetype bang = path.lastIndexOf(QLatin1Char('!'));
    return bang >= 0 ? path.mid(bang + 1) : path;
}

} // namespace

SectionKind sectionKind(QStringView path)
{
    const QStringView title = sectionTitle(path);
    for (const auto &[kind, re] : compiledKinds())
        if (re.matchView(title).hasMatch())
            return kind;
    return SectionKind::Log;
}

QString sectionKindName(SectionKind kind)
{
    switch (kind) {
    case SectionKind::Log: return QStringLiteral("Log");
    case SectionKind::KernelLog: return QStringLiteral("Kernel log");
    case SectionKind::Journal: return QStringLiteral("Journal");
    case SectionKind::XorgLog: return QStringLiteral("X server log");
    case SectionKind::InstallerLog: return QStringLiteral("Installer log");
    case SectionKind::BuildLog: return QStringLiteral("Build log");
    case SectionKind::SettingsQuery: return QStringLiteral("nvidia-settings query");
    case SectionKind::SmiOutput: return QStringLiteral("nvidia-smi output");
    case SectionKind::Lspci: return QStringLiteral("PCI listing");
    case SectionKind::Modinfo: return QStringLiteral("Module information");
    case SectionKind::ProcSys: return QStringLiteral("/proc and /sys values");
    case SectionKind::Config: return QStringLiteral("Configuration files");
    case SectionKind::ToolInfo: return QStringLiteral("Tool output");
    case SectionKind::Prologue: return QStringLiteral("Report header");
    }
    return QStringLiteral("Log");
}

bool isEarlierBoot(QStringView path)
{
    const QStringView title = sectionTitle(path);
    static const QRegularExpression earlier(QStringLiteral(
        R"(journalctl\b.*\s-b\s*-[1-9]|\.old$|\.log\.[1-9]\d*(?:\.gz)?$|(?:syslog|messages|kern\.log)\.[1-9]\d*(?:\.gz)?$)"));
    return earlier.matchView(title).hasMatch();
}

bool isLoadedModuleFile(QStringView path)
{
    const QStringView title = sectionTitle(path);
    static const QRegularExpression version(
        QStringLiteral(R"((?:^|/)proc/driver/nvidia/(?:\./)?version$)"));
    return version.matchView(title).hasMatch();
}

bool holdsValues(SectionKind kind)
{
    switch (kind) {
    case SectionKind::SettingsQuery:
    case SectionKind::SmiOutput:
    case SectionKind::Lspci:
    case SectionKind::Modinfo:
    case SectionKind::ProcSys:
    case SectionKind::Config:
    case SectionKind::ToolInfo:
    case SectionKind::Prologue: return true;
    default: return false;
    }
}

bool isSectionHeader(std::string_view line, QStringView path)
{
    const qsizetype bang = path.lastIndexOf(QLatin1Char('!'));
    if (bang < 0)
        return false;
    QString text = QString::fromUtf8(line.data(), qsizetype(line.size())).trimmed();
    if (text.startsWith(QLatin1String("*** ")))
        return true; // every file dump of the report starts so
    if (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    text.replace(QLatin1Char('!'), QLatin1Char('|'));
    QStringView title = path.mid(bang + 1);
    // "title (2)": the second section of the same title.
    static const QRegularExpression numbered(QStringLiteral(" \\(\\d+\\)$"));
    const QRegularExpressionMatch m = numbered.matchView(title);
    if (m.hasMatch())
        title = title.left(m.capturedStart());
    return !text.isEmpty() && text.left(100).trimmed() == title;
}

} // namespace gputriage
