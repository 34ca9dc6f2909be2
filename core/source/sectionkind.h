#pragma once

#include <QString>
#include <QStringView>

#include <string_view>

namespace gputriage {

// What a bug-report section (or a file of a bundle) holds, from its title or file name: each
// kind is read its own way. Values and dumps hold no messages; a log is read by its own level
// markers; an installer or build log by its outcome.
enum class SectionKind {
    Log,           // a log of messages of unknown origin (the default)
    KernelLog,     // dmesg, kern.log, the bug report's kernel log scan
    Journal,       // journalctl output
    XorgLog,       // Xorg.N.log, journalctl _COMM=Xorg
    InstallerLog,  // nvidia-installer.log
    BuildLog,      // DKMS make.log, the kernel module build
    SettingsQuery, // nvidia-settings -q all
    SmiOutput,     // nvidia-smi -q, nvidia-smi nvlink ...
    Lspci,         // lspci -vvv ...
    Modinfo,       // modinfo, module lists
    ProcSys,       // /proc and /sys dumps, module parameters
    Config,        // configuration files (xorg.conf, modprobe.d, /etc ...)
    ToolInfo,      // compiler and tool versions (gcc -v "Using built-in specs.")
    Prologue,      // the bug report's own header
};

// The kind of the entry named by `path` (its last `!`-separated part: a section title, or a
// file's path inside the bundle).
SectionKind sectionKind(QStringView path);
QString sectionKindName(SectionKind kind); // "Kernel log", "X server log", "nvidia-smi output" ...

// A section or file of an earlier boot or an older log: `journalctl -b -1`, `Xorg.0.log.old`,
// a rotated `kern.log.1` or `syslog.2.gz`.
bool isEarlierBoot(QStringView path);

// /proc/driver/nvidia/version, as a bug-report section or a file of a bundle: it names the
// kernel module loaded when the bundle was collected.
bool isLoadedModuleFile(QStringView path);

// Kinds whose lines are values or dumps, never messages of a component.
bool holdsValues(SectionKind kind);

// The line that titles a bug-report section (`*** /proc/...`, `/usr/bin/nvidia-smi nvlink
// --errorcounters`, `dmesg:`): a header, not a message.
bool isSectionHeader(std::string_view line, QStringView path);

} // namespace gputriage
