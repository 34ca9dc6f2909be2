// A bug report read by its structure: each section has a kind, and each kind is read its own way
// (headers and values are never messages, the X log by its level markers, an installer or build
// log by its outcome).
#include "engine/analyzer.h"
#include "rules/ruleloader.h"
#include "source/sectionkind.h"
#include "text/logdocument.h"

#include <QTemporaryDir>
#include <QTest>

using namespace gputriage;

namespace {

const QByteArray kSeparator = "____________________________________________\n";

// A bug report of the given sections: a title line ("*** /path" or "command:") then its lines.
QByteArray bugReport(const QList<QPair<QByteArray, QByteArray>> &sections)
{
    QByteArray text
        = "Start of NVIDIA bug report log file.  Please include this file, along with a "
          "detailed description of your problem, when reporting a graphics driver bug "
          "via the NVIDIA Linux forum.\n\nnvidia-bug-report.sh Version: 36491112\n";
    for (const auto &[title, body] : sections)
        text += kSeparator + '\n' + title + "\n\n" + body + '\n';
    return text;
}

AnalysisResult analyze(const QByteArray &report)
{
    // Built once: compiling the whole pack is most of an analysis under the sanitizers.
    static const RuleSet rules = loadRules({}, true);
    static const Analyzer analyzer(rules);
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("nvidia-bug-report.log")));
    file.open(QIODevice::WriteOnly);
    file.write(report);
    file.close();
    return analyzer.analyzePaths({file.fileName()});
}

// "rule severity" of each finding above info, and of each unrecognised one (never silent: a line
// that neither a rule nor a catalog knows is listed, if only at info).
QStringList loud(const AnalysisResult &r)
{
    QStringList out;
    for (const Finding &f : r.findings)
        if (f.severity > Severity::Info || f.ruleId == u"nvidia.unrecognised")
            out << f.ruleId + QLatin1Char(' ') + severityName(f.severity);
    return out;
}

} // namespace

class TestSections : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachSectionHasAKind_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("kind");
        const QString r = QStringLiteral("nvidia-bug-report.log.gz!");
        QTest::newRow("dmesg") << r + "dmesg" << int(SectionKind::KernelLog);
        QTest::newRow("kernel log scan")
            << r + "Scanning kernel log files for NVIDIA kernel messages"
            << int(SectionKind::KernelLog);
        QTest::newRow("journal") << r + "journalctl -b -0" << int(SectionKind::Journal);
        QTest::newRow("X log") << r + "/var/log/Xorg.0.log" << int(SectionKind::XorgLog);
        QTest::newRow("X in the journal")
            << r + "journalctl -b -1 _COMM=Xorg.bin" << int(SectionKind::XorgLog);
        QTest::newRow("installer log")
            << r + "/var/log/nvidia-installer.log" << int(SectionKind::InstallerLog);
        QTest::newRow("DKMS build log")
            << r + "/var/lib/dkms/nvidia/550.54.14/6.8.0-45-generic/x86_64/log/make.log"
            << int(SectionKind::BuildLog);
        QTest::newRow("settings query")
            << r + "nvidia-settings -q all" << int(SectionKind::SettingsQuery);
        QTest::newRow("nvidia-smi")
            << r + "/usr/bin/nvidia-smi --query" << int(SectionKind::SmiOutput);
        QTest::newRow("lspci") << r + "/usr/bin/lspci -nnDvvvxxx" << int(SectionKind::Lspci);
        QTest::newRow("modinfo") << r + "/sbin/modinfo nvidia | grep vermagic"
                                 << int(SectionKind::Modinfo);
        QTest::newRow("module parameters")
            << r + "/sys/module/nvidia_drm/parameters/modeset:Y" << int(SectionKind::ProcSys);
        QTest::newRow("procfs") << r + "/proc/driver/nvidia/params" << int(SectionKind::ProcSys);
        QTest::newRow("config") << r + "/etc/X11/xorg.conf" << int(SectionKind::Config);
        QTest::newRow("compiler") << r + "Using built-in specs." << int(SectionKind::ToolInfo);
        QTest::newRow("header") << r + "prologue" << int(SectionKind::Prologue);
        QTest::newRow("a pod log")
            << QStringLiteral("must-gather/pods/train.log") << int(SectionKind::Log);
        QTest::newRow("a kern.log file in a folder")
            << QStringLiteral("node/var/log/kern.log") << int(SectionKind::KernelLog);
    }

    void eachSectionHasAKind()
    {
        QFETCH(QString, path);
        QFETCH(int, kind);
        QCOMPARE(int(sectionKind(path)), kind);
    }

    // What each kind of section makes of lines with failure words.
    void eachKindIsReadItsOwnWay_data()
    {
        QTest::addColumn<QByteArray>("title");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QStringList>("expected"); // findings above info, and unrecognised ones
        QTest::newRow("a file header is not a message")
            << QByteArray("*** /proc/driver/nvidia/./warnings/README")
            << QByteArray("*** ls: -rw-r--r-- 1 root root 0 README") << QStringList{};
        QTest::newRow("a command header is not a message")
            << QByteArray("/usr/bin/nvidia-smi nvlink --errorcounters")
            << QByteArray("GPU 0: NVIDIA A100 (UUID: GPU-1)") << QStringList{};
        QTest::newRow("module parameters are values")
            << QByteArray("*** /sys/module/nvidia_modeset/parameters/fail_malloc")
            << QByteArray("/sys/module/nvidia_modeset/parameters/fail_malloc:-1\n/sys/module/"
                          "nvidia_uvm/parameters/uvm_release_asserts_set_global_error:0")
            << QStringList{};
        QTest::newRow("an unsupported attribute is a value of the query")
            << QByteArray("nvidia-settings -q all:")
            << QByteArray("ERROR: Error while querying attribute 'ECCSingleBitErrors' on [gpu:0] "
                          "(Operation not supported).")
            << QStringList{};
        QTest::newRow("compiler configuration is a value")
            << QByteArray("Using built-in specs.")
            << QByteArray(
                   "Configured with: ../src/configure -v "
                   "--with-bugurl=file:///usr/share/doc/gcc-13/README.Bugs --enable-nvidia-offload")
            << QStringList{};
        QTest::newRow("X information and warnings are quiet")
            << QByteArray("*** /var/log/Xorg.0.log")
            << QByteArray("[    11.889] (II) Failed to load module \"nvidia\" (already loaded, 0)\n"
                          "[    11.890] (WW) NVIDIA: Failed to bind sideband socket to\n"
                          "[    11.891] (WW) NVIDIA:     '/var/run/nvidia-xdriver-d7c3653d' "
                          "Permission denied")
            << QStringList{};
        QTest::newRow("an X information line is no error line, whatever its words")
            << QByteArray("*** /var/log/Xorg.0.log")
            << QByteArray("[    11.889] (II) Failed to load module \"nvidia\" (already loaded, 0)")
            << QStringList{};
        QTest::newRow("an X error is a warning")
            << QByteArray("*** /var/log/Xorg.0.log")
            << QByteArray("[    11.889] (EE) NVIDIA(GPU-0): Failed to initialize the NVIDIA GPU at "
                          "PCI:1:0:0.  Please\n")
            << QStringList{QStringLiteral("xorg.gpu-init-failed warning")};
        QTest::newRow("a build log that succeeded: its warnings are not findings")
            << QByteArray("*** /var/lib/dkms/nvidia/550.54.14/6.8.0-45-generic/x86_64/log/make.log")
            << QByteArray(
                   "nvidia/nv-imp.c:77:5: warning: this use of \"defined\" may not be portable "
                   "[-Wexpansion-to-defined]\n"
                   "warning: objtool: nvidia_isr+0x1c: 'naked' return found in RETHUNK build\n"
                   "  LD [M]  /var/lib/dkms/nvidia/550.54.14/build/nvidia.ko")
            << QStringList{};
        QTest::newRow("a build log that failed: the failure is the finding")
            << QByteArray("*** /var/lib/dkms/nvidia/550.54.14/6.8.0-45-generic/x86_64/log/make.log")
            << QByteArray("nvidia/nv.c:123:5: error: implicit declaration of function 'foo'\n"
                          "make[3]: *** [scripts/Makefile.build:243: "
                          "/var/lib/dkms/nvidia/550.54.14/build/nvidia/nv.o] Error 1")
            << QStringList{QStringLiteral("driver.build-failed critical")};
        QTest::newRow("an installer run that succeeded: its warnings are information")
            << QByteArray("*** /var/log/nvidia-installer.log")
            << QByteArray(
                   "WARNING: An NVIDIA kernel module 'nvidia-uvm' appears to be already loaded in "
                   "your kernel.  This may be because it is in use (for example, by an X server, a "
                   "CUDA program, or the NVIDIA Persistence Daemon), but this may also happen if "
                   "your kernel was configured without support for module unloading.  Some of the "
                   "sanity checks that nvidia-installer performs to detect potential installation "
                   "problems are not possible while an NVIDIA kernel module is running.\n"
                   "WARNING: Your driver installation has been altered since it was initially "
                   "installed; this may happen, for example, if you have since installed the "
                   "NVIDIA driver through a mechanism other than nvidia-installer.\n"
                   "-> Installation of the kernel module for the NVIDIA Accelerated Graphics "
                   "Driver for Linux-x86_64 (version 570.86.15) is now complete.")
            << QStringList{QStringLiteral(
                   "nvidia.unrecognised info")}; // the second wording is older than the catalog
        QTest::newRow("the module build an installer log quotes is build output")
            << QByteArray("*** /var/log/nvidia-installer.log")
            << QByteArray(
                   "   CONFTEST: dma_fence_set_error\n"
                   "   CONFTEST: memory_failure_queue_has_trapno_arg\n"
                   "warning: the compiler differs from the one used to build the kernel\n"
                   "/tmp/makeself.qKKLhAeM/NVIDIA-Linux-x86_64-570.172.08/kernel-open/common/inc/"
                   "nv-linux.h:578:37: warning: suggest braces around empty body in an 'if' "
                   "statement [-Wempty-body]\n"
                   "  578 |         NV_KMALLOC_NO_OOM(ptr, size); /* on error, nothing */\n"
                   "/tmp/makeself.qKKLhAeM/NVIDIA-Linux-x86_64-570.172.08/kernel-open/nvidia/"
                   "os-interface.c:120:9: note: in expansion of macro 'NV_KMALLOC_NO_OOM' on error "
                   "paths")
            << QStringList{};
        QTest::newRow("the kernel log an installer log quotes is the kernel's")
            << QByteArray("*** /var/log/nvidia-installer.log")
            << QByteArray(
                   "-> Kernel messages:\n"
                   "[  400.223794] audit: type=1400 audit(1686324840.615:236): "
                   "apparmor=\"DENIED\" operation=\"open\" profile=\"snap-update-ns.chromium\" "
                   "name=\"/var/lib/snapd/\" pid=8088 comm=\"5\" requested_mask=\"r\" "
                   "denied_mask=\"r\" fsuid=0 ouid=0\n"
                   "[  401.000000] usb 1-2: device descriptor read/64, error -71")
            << QStringList{};
        QTest::newRow("a compiler error an installer log quotes stays a message")
            << QByteArray("*** /var/log/nvidia-installer.log")
            << QByteArray("/tmp/selfgz1234/NVIDIA-Linux-x86_64-470.256.02/kernel/nvidia-drm/"
                          "nvidia-drm-crtc.c:41:10: error: implicit declaration of function "
                          "'drm_atomic_helper_duplicate_state'")
            << QStringList{QStringLiteral("driver.build-failed critical")};
        QTest::newRow("an installer run that failed: its error is above info")
            << QByteArray("*** /var/log/nvidia-installer.log")
            << QByteArray("ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most "
                          "frequently when this kernel module was built against the wrong or "
                          "improperly configured kernel sources")
            << QStringList{QStringLiteral("driver.build-failed critical")};
        QTest::newRow("an X run whose failure is known: its other errors are details")
            << QByteArray("*** /var/log/Xorg.1.log")
            << QByteArray(
                   "[  4002.720] (EE) NVIDIA(GPU-0): Failed to find a valid Base Mosaic "
                   "configuration.\n"
                   "[  4002.720] (EE) NVIDIA(GPU-0): Invalid Base Mosaic configuration 1 of 1:\n"
                   "[  4002.720] (EE) NVIDIA(GPU-0): Errors:\n"
                   "[  4002.720] (EE) NVIDIA(GPU-0):     - Chipset not approved for SLI\n"
                   "[  4002.721] (EE) NVIDIA(GPU-0): Failed to acquire modesetting permission.\n"
                   "[  4002.721] (EE) NVIDIA(0): Failing initialization of X screen")
            << QStringList{QStringLiteral("xorg.base-mosaic-failed warning"),
                           QStringLiteral("nvidia.unrecognised info")};
        QTest::newRow("an X run with an unknown error alone: a warning")
            << QByteArray("*** /var/log/Xorg.1.log")
            << QByteArray(
                   "[  4002.721] (EE) NVIDIA(GPU-0): Failed to acquire modesetting permission.")
            << QStringList{QStringLiteral("nvidia.unrecognised warning")};
        QTest::newRow("the nvidia-smi output of a driver that is not loaded")
            << QByteArray("/usr/bin/nvidia-smi -q")
            << QByteArray("NVIDIA-SMI has failed because it couldn't communicate with NVIDIA "
                          "driver. Make sure that latest NVIDIA driver is installed and running.")
            << QStringList{QStringLiteral("nvml.driver-communication-failed critical")};
        QTest::newRow("the module's version file is missing: not loaded")
            << QByteArray("*** /proc/driver/nvidia/./version does not exist") << QByteArray()
            << QStringList{QStringLiteral("driver.module-not-loaded error")};
    }

    void eachKindIsReadItsOwnWay()
    {
        QFETCH(QByteArray, title);
        QFETCH(QByteArray, body);
        QFETCH(QStringList, expected);
        const AnalysisResult r = analyze(bugReport({{title, body}}));
        QCOMPARE(loud(r), expected);
    }

    // Healthy output that only looks alarming (issue 35, item 14): information of NVIDIA's own
    // components, another vendor's GPU, warnings their source prints as warnings. Nothing above
    // info comes of it, and it is still counted (never silent).
    void healthyOutputThatLooksAlarmingIsQuiet_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("NCCL INFO without libibverbs")
            << QByteArray("node1:2881:2881 [0] NCCL INFO NET/IB : No device found.\n"
                          "node1:2881:2881 [0] NCCL INFO Failed to open libibverbs.so[.1]");
        QTest::newRow("NCCL INFO connect retries") << QByteArray(
            "node1:2881:2990 [0] NCCL INFO Call to connect returned Connection refused, retrying");
        QTest::newRow("TensorFlow registering cuDNN twice")
            << QByteArray("E0000 00:00:1733380000.123456    4242 cuda_dnn.cc:8310] Unable to "
                          "register cuDNN factory: Attempting to register factory for plugin cuDNN "
                          "when one has already been registered");
        QTest::newRow("a deprecated toolkit option")
            << QByteArray("time=\"2026-01-25T12:17:03+01:00\" level=warning msg=\"The --no-cgroups "
                          "option is deprecated and will be removed\" component=nvidia-ctk");
        QTest::newRow("another vendor's GPU hang")
            << QByteArray("Jan 25 10:30:13 node kernel: i915 0000:00:02.0: [drm] GPU HANG: ecode "
                          "12:1:85dffffb, in Xorg [1234]");
    }

    void healthyOutputThatLooksAlarmingIsQuiet()
    {
        QFETCH(QByteArray, line);
        static const RuleSet rules = loadRules({}, true);
        const AnalysisResult r = Analyzer(rules).analyze(
            {LogDocument::fromBytes(line + '\n', QStringLiteral("node.log"))});
        QStringList above;
        for (const Finding &f : r.findings)
            if (f.severity > Severity::Info)
                above << f.ruleId + QLatin1Char(' ') + f.title;
        QVERIFY2(above.isEmpty(), qPrintable(above.join(u'\n')));
    }

    // A section of an earlier boot (journalctl -b -1, Xorg.0.log.old, a rotated log) is marked:
    // what is seen only there says so.
    void anEarlierBootsSectionIsMarked()
    {
        const QByteArray xid = "Jan 25 10:30:13 node kernel: NVRM: Xid (PCI:0000:01:00): 79, "
                               "pid=1234, GPU has fallen off the bus.\n";
        const AnalysisResult earlier = analyze(bugReport({{"journalctl -b -1:", xid}}));
        const AnalysisResult current = analyze(bugReport({{"journalctl -b -0:", xid}}));
        auto finding = [](const AnalysisResult &r) -> const Finding * {
            for (const Finding &f : r.findings)
                if (f.ruleId.startsWith(u"gpu.xid"))
                    return &f;
            return nullptr;
        };
        QVERIFY(finding(earlier) && finding(current));
        QCOMPARE(finding(earlier)->facts.count(QStringLiteral("seen")), size_t(1));
        QVERIFY(finding(earlier)
                    ->facts.at(QStringLiteral("seen"))
                    .startsWith(u"only in an earlier boot"));
        QVERIFY(finding(earlier)->tags.contains(QStringLiteral("earlier-boot")));
        QCOMPARE(finding(current)->facts.count(QStringLiteral("seen")), size_t(0));
    }

    // What the bundle shows of the driver running now dates the rest: an API mismatch with a
    // kernel module other than the loaded one, and an installer log of another version, are
    // from before it.
    void theLoadedModuleDatesWhatNamesAnother_data()
    {
        QTest::addColumn<QByteArray>("loaded");
        QTest::addColumn<bool>("history");
        QTest::newRow("another module is loaded now") << QByteArray("515.65.01") << true;
        QTest::newRow("the module named is loaded") << QByteArray("470.141.03") << false;
    }

    void theLoadedModuleDatesWhatNamesAnother()
    {
        QFETCH(QByteArray, loaded);
        QFETCH(bool, history);
        const QByteArray version = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  " + loaded
                                   + "  Wed Jul 20 14:00:58 UTC 2022\n";
        const QByteArray mismatch = "Nov  8 13:49:49 wall-1 kernel: [  766.456533] NVRM: API "
                                    "mismatch: the client has the version 515.65.01, but\n"
                                    "Nov  8 13:49:49 wall-1 kernel: [  766.456533] NVRM: this "
                                    "kernel module has the version 470.141.03.  Please\n";
        const QByteArray installer
            = "nvidia-installer log file '/var/log/nvidia-installer.log'\n"
              "installer version: 470.141.03\n\n"
              "ERROR: You appear to be running an X server; please exit X before installing.  For "
              "further details, please see the section INSTALLING THE NVIDIA DRIVER in the README "
              "available on the Linux driver download page at www.nvidia.com.\n";
        const AnalysisResult r = analyze(
            bugReport({{"*** /var/log/nvidia-installer.log", installer},
                       {"*** /proc/driver/nvidia/./version", version},
                       {"Scanning kernel log files for NVIDIA kernel messages:", mismatch}}));
        const Finding *api = nullptr, *unrecognised = nullptr;
        for (const Finding &f : r.findings) {
            if (f.ruleId == u"driver.nvrm.api-mismatch")
                api = &f;
            if (f.ruleId == u"nvidia.unrecognised"
                && f.facts.at(QStringLiteral("component")) == u"installer")
                unrecognised = &f;
        }
        QVERIFY(api);
        QCOMPARE(api->severity, history ? Severity::Info : Severity::Error);
        QCOMPARE(api->facts.count(QStringLiteral("seen")), size_t(history));
        if (history)
            QVERIFY(api->facts.at(QStringLiteral("seen")).contains(u"515.65.01 is loaded now"));
        if (unrecognised) // the installer line, when no catalog knows it, is listed
            QCOMPARE(unrecognised->severity, history ? Severity::Info : Severity::Warning);
    }

    // The kernel's lines about a device whose PCI vendor is NVIDIA's are NVIDIA's lines, even
    // when they do not say "nvidia"; a fact read from a line does not explain its failure. The
    // PCI core says some failures without a failure word: the catalog, not the words, decides.
    void theKernelsLinesAboutAnNvidiaDeviceAreNvidias_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("byVendor"); // only the device's vendor says it is NVIDIA's
        QTest::newRow("a failure word")
            << QByteArray("[    0.5] pci 0000:01:00.0: BAR 1: can't assign [mem size "
                          "0x400000000 64bit pref]\n")
            << true;
        QTest::newRow("no failure word, bound to the driver")
            << QByteArray("[   80.2] nvidia 0000:01:00.0: not ready 65535ms after FLR; giving up\n")
            << false;
        QTest::newRow("no failure word")
            << QByteArray("[    0.5] pci 0000:01:00.0: BAR 1: no space for [mem size "
                          "0x400000000 64bit pref]\n")
            << true;
    }

    void theKernelsLinesAboutAnNvidiaDeviceAreNvidias()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, byVendor);
        static const RuleSet rules = loadRules({}, true);
        auto unrecognised = [](const QByteArray &log) {
            const AnalysisResult r
                = Analyzer(rules).analyze({LogDocument::fromBytes(log, QStringLiteral("dmesg"))});
            int n = 0;
            for (const Finding &f : r.findings)
                n += f.ruleId == u"nvidia.unrecognised" || f.ruleId.startsWith(u"catalog.")
                     || f.ruleId.startsWith(u"pcie.");
            return n;
        };
        const QByteArray nvidia
            = "[    0.4] pci 0000:01:00.0: [10de:2204] type 00 class 0x030000\n";
        QCOMPARE(unrecognised(nvidia + line), 1);
        if (byVendor) {
            QCOMPARE(unrecognised("[    0.4] pci 0000:01:00.0: [8086:9a49] type 00 class 0x030000\n"
                                  + line),
                     0);
            // Another function of another maker's device is that maker's too.
            QCOMPARE(unrecognised("[    0.4] pci 0000:01:00.1: [8086:9a4a] type 00 class 0x040300\n"
                                  + line),
                     0);
            // A device whose maker the log never shows (an excerpt, a ring buffer that lost the
            // boot) may be the GPU: the PCI core's catalogued failure is said; so it is when
            // another function of the device is NVIDIA's (the GPU's audio or USB-C function).
            QCOMPARE(unrecognised(line), 1);
            QCOMPARE(unrecognised("[    0.4] pci 0000:01:00.1: [10de:1aef] type 00 class 0x040300\n"
                                  + line),
                     1);
            QCOMPARE(unrecognised("[    1.0] NVRM: GPU at PCI:0000:01:00: "
                                  "GPU-760d0170-8e9d-4d7e-b0a4-97a64e6ea4b4\n"
                                  + line),
                     1);
        }
        // The device's routine lines are nothing; nor is its expansion ROM (BAR 6) left out.
        QCOMPARE(unrecognised(nvidia
                              + "[    0.5] pci 0000:01:00.0: BAR 1 [mem 0x6000000000-0x67ffffffff "
                                "64bit pref]: assigned\n"
                                "[    0.5] pci 0000:01:00.0: BAR 6: no space for [mem size "
                                "0x00080000 pref]\n"
                                "[    0.6] nvidia 0000:01:00.0: enabling device (0000 -> 0003)\n"
                                "[    0.6] pci 0000:01:00.0: vgaarb: VGA device added: "
                                "decodes=io+mem,owns=none,locks=none\n"),
                 0);
        // Nor are an unknown device's routine lines: its ROM, an SR-IOV VF BAR, a bridge's
        // windows (old kernels' BAR 13-16), or a port's lines (a port is a bridge).
        QCOMPARE(unrecognised("[    0.5] pci 0000:07:00.0: ROM [mem size 0x00080000 pref]: can't "
                              "assign; no space\n"
                              "[    0.5] pci 0000:07:00.0: VF BAR 2 [mem size 0x10000000 64bit "
                              "pref]: can't assign; no space\n"
                              "[    0.5] pci 0000:07:00.0: VF BAR 2 [mem size 0x10000000 64bit "
                              "pref]: failed to assign\n"
                              "[    0.5] pci 0000:00:15.0: BAR 13: no space for [io  size "
                              "0x1000]\n"
                              "[    0.5] pci 0000:00:15.0: BAR 13: failed to assign [io  size "
                              "0x1000]\n"
                              "[    0.5] pcieport 0000:00:1c.0: BAR 14: no space for [mem size "
                              "0x00200000]\n"
                              "[    0.5] pci 0000:00:1c.0: bridge window [mem size 0x00200000]: "
                              "can't assign; no space\n"),
                 0);
        // A rule that knows the condition explains it; still NVIDIA's, not a line left out.
        QCOMPARE(unrecognised("[  100.1] nvidia 0000:01:00.0: Unable to change power state from "
                              "D3cold to D0, device inaccessible\n"),
                 1);
    }

    // Another program's line is its own when it names an NVIDIA program only as a quoted
    // argument (a daemon's exec error) or the bug report's own file (a window's title).
    void anotherProgramsLineIsNotNvidia_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("a daemon's exec of nvidia-smi")
            << QByteArray("Jan 26 10:10:24 omen dockerd[2487]: "
                          "time=\"2026-01-26T10:10:24.805819753-07:00\" level=error msg=\"Error "
                          "running exec 84a1 in container: OCI runtime exec failed: exec failed: "
                          "unable to start container process: exec: \\\"nvidia-smi\\\": "
                          "executable file not found in $PATH: unknown\"\n");
        QTest::newRow("a window titled by the bug report's file (ramonvg-qmk-firmware)")
            << QByteArray("feb 08 11:55:53 coffee regolith.desktop[3590]: [ 08/02/22 "
                          "11:55:53.025 win_clear_flags WARN ] Flags cleared on a destroyed "
                          "window 0x02200248 (nvidia-bug-report.log.gz )\n");
    }
    void anotherProgramsLineIsNotNvidia()
    {
        QFETCH(QByteArray, line);
        static const RuleSet rules = loadRules({}, true);
        const AnalysisResult r
            = Analyzer(rules).analyze({LogDocument::fromBytes(line, QStringLiteral("syslog"))});
        for (const Finding &f : r.findings)
            QVERIFY2(f.ruleId != u"nvidia.unrecognised", qPrintable(f.title));
    }

    // The toolkit's own words inside a daemon's line are NVIDIA's.
    void theToolkitInADaemonsLineIsNvidia()
    {
        static const RuleSet rules = loadRules({}, true);
        const QByteArray toolkit
            = "Jan 26 10:10:24 omen dockerd[2487]: time=\"2026-01-26T10:10:24Z\" level=error "
              "msg=\"failed: nvidia-container-cli: frobnication error: the widget exploded: "
              "unknown\"\n";
        const AnalysisResult t
            = Analyzer(rules).analyze({LogDocument::fromBytes(toolkit, QStringLiteral("syslog"))});
        QVERIFY(std::any_of(t.findings.begin(), t.findings.end(), [](const Finding &f) {
            return f.ruleId == u"nvidia.unrecognised" || f.ruleId.startsWith(u"toolkit.")
                   || f.ruleId.startsWith(u"catalog.");
        }));
    }

    // One condition, one finding: the wordings and the consequences of one failure on one GPU
    // are said at info under their cause, wherever they are in the log; so is a finding whose
    // every line another finding explains as a decoded code.
    void oneConditionIsOneFinding_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("rule"); // the finding that is a consequence, or not
        QTest::addColumn<bool>("consequence");
        const QByteArray xid62 = "[ 100.000001] NVRM: Xid (PCI:0000:3b:00): 62, pid=1234, "
                                 "name=python3, 0000(0000) 00000000 00000000\n";
        QByteArray filler;
        for (int i = 0; i < 20; ++i)
            filler += "[ 100.5] eth0: link up, 25Gbps, full duplex\n";
        QTest::newRow("Xid 45 twenty lines after an Xid 62 on its GPU")
            << xid62 + filler
                   + "[ 101.0] NVRM: Xid (PCI:0000:3b:00): 45, pid=1234, name=python3, Ch "
                     "00000010\n"
            << QStringLiteral("gpu.xid.45-preemptive-cleanup") << true;
        QTest::newRow("a burst of Xid 13 with an Xid 62")
            << xid62
                   + "[ 100.000002] NVRM: Xid (PCI:0000:3b:00): 13, pid=1234, name=python3, "
                     "Graphics Exception: ESR 0x405840=0x0\n"
                     "[ 100.000003] NVRM: Xid (PCI:0000:3b:00): 13, pid=1234, name=python3, "
                     "Graphics SM Warp Exception on (GPC 0, TPC 0)\n"
            << QStringLiteral("gpu.xid.13-graphics-exception") << true;
        QTest::newRow("an Xid 13 on another GPU is its own")
            << xid62
                   + "[ 100.000002] NVRM: Xid (PCI:0000:86:00): 13, pid=4321, name=python3, "
                     "Graphics Exception: ESR 0x405840=0x0\n"
            << QStringLiteral("gpu.xid.13-graphics-exception") << false;
        QTest::newRow("the older fallen-off-the-bus wording beside its Xid 79")
            << QByteArray("Jun 26 11:17:25 host kernel: NVRM: Xid (PCI:0000:04:00): 79, GPU has "
                          "fallen off the bus.\n"
                          "Jun 26 11:17:25 host kernel: NVRM: GPU at 00000000:04:00.0 has fallen "
                          "off the bus.\n")
            << QStringLiteral("gpu.fallen-off-bus") << true;
        QTest::newRow("nouveau named as the reason the probe was not called")
            << QByteArray(
                   "[    4.81] NVRM: The NVIDIA probe routine was not called for 1 device(s).\n"
                   "[    4.81] NVRM: This can occur when a driver such as: \n"
                   "[    4.81] NVRM: nouveau, rivafb, nvidiafb or rivatv \n"
                   "[    4.81] NVRM: was loaded and obtained ownership of the NVIDIA device(s).\n")
            << QStringLiteral("driver.nouveau-conflict") << true;
        QTest::newRow("lspci reading rev ff beside the Xid 79 of the GPU (no PCI domain)")
            << QByteArray(
                   "[ 12.1] NVRM: Xid (PCI:0000:04:00): 79, GPU has fallen off the bus.\n"
                   "04:00.0 3D controller: NVIDIA Corporation GM108M [GeForce 840M] (rev ff)\n")
            << QStringLiteral("gpu.config-space-unreadable") << true;
        QTest::newRow("lspci reading rev ff on another GPU")
            << QByteArray(
                   "[ 12.1] NVRM: Xid (PCI:0000:04:00): 79, GPU has fallen off the bus.\n"
                   "05:00.0 3D controller: NVIDIA Corporation GM108M [GeForce 840M] (rev ff)\n")
            << QStringLiteral("gpu.config-space-unreadable") << false;
        // Across components: a finding whose lines another finding states as a decoded code.
        const QByteArray hook
            = "docker: Error response from daemon: failed to create shim task: OCI runtime create "
              "failed: runc create failed: unable to start container process: error during "
              "container init: error running hook #0: error running hook: exit status 1, stdout: "
              ", stderr: Auto-detected mode as 'legacy'\n";
        const QByteArray mismatch
            = "nvidia-container-cli: initialization error: nvml error: driver/library version "
              "mismatch: unknown.\n"
              "Failed to initialize NVML: Driver/library version mismatch\n";
        QTest::newRow("the toolkit's failure whose reason is an NVML code")
            << hook + mismatch << QStringLiteral("toolkit.prestart-hook-failed") << true;
        QTest::newRow("the toolkit's failure no code explains")
            << hook + "nvidia-container-cli: device error: 3: unknown device: unknown.\n"
            << QStringLiteral("toolkit.unknown-device") << false;
        QTest::newRow("nvidia-smi's mismatch beside the kernel's: each side is kept")
            << QByteArray("[ 9.1] NVRM: API mismatch: the client has the version 535.129.03, but\n"
                          "[ 9.1] NVRM: this kernel module has the version 535.104.05.  Please\n")
                   + mismatch
            << QStringLiteral("driver.nvml.version-mismatch") << false;
    }

    void oneConditionIsOneFinding()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, rule);
        QFETCH(bool, consequence);
        static const RuleSet rules = loadRules({}, true);
        const AnalysisResult r
            = Analyzer(rules).analyze({LogDocument::fromBytes(log, QStringLiteral("kern.log"))});
        const Finding *f = nullptr;
        for (const Finding &x : r.findings)
            if (x.ruleId == rule)
                f = &x;
        QVERIFY2(f, qPrintable(rule));
        QCOMPARE(f->tags.contains(QStringLiteral("consequence")), consequence);
        QCOMPARE(f->severity == Severity::Info, consequence);
    }

    // A state a reboot clears (an API mismatch after an upgrade), seen only before the last
    // boot of its log, is history: at info. After the boot it is an error; a fault of the GPU
    // itself before the boot stays one.
    void aStateARebootClearsIsHistoryBeforeTheLastBoot_data()
    {
        QTest::addColumn<QByteArray>("lines");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<bool>("afterTheBoot");
        QTest::addColumn<int>("severity");
        const QByteArray mismatch = "Jan 25 09:00:00 node kernel: NVRM: API mismatch: the client "
                                    "has the version 570.86.15, but\n"
                                    "Jan 25 09:00:00 node kernel: NVRM: this kernel module has the "
                                    "version 565.57.01.  Please\n"
                                    "Jan 25 09:00:00 node kernel: NVRM: make sure that this kernel "
                                    "module and all NVIDIA driver\n";
        const QByteArray xid79 = "Jan 25 09:00:00 node kernel: NVRM: Xid (PCI:0000:01:00): 79, "
                                 "pid=0, GPU has fallen off the bus.\n";
        const QString api = QStringLiteral("driver.nvrm.api-mismatch");
        QTest::newRow("a mismatch before the last boot")
            << mismatch << api << false << int(Severity::Info);
        QTest::newRow("a mismatch after the last boot")
            << mismatch << api << true << int(Severity::Error);
        QTest::newRow("the GPU off the bus before the last boot")
            << xid79 << QStringLiteral("gpu.xid.79-fallen-off-bus") << false
            << int(Severity::Critical);
    }

    void aStateARebootClearsIsHistoryBeforeTheLastBoot()
    {
        QFETCH(QByteArray, lines);
        QFETCH(QString, rule);
        QFETCH(bool, afterTheBoot);
        QFETCH(int, severity);
        const QByteArray boot = "Jan 25 10:00:00 node kernel: Linux version 6.8.0-45-generic "
                                "(buildd@lcy02) (gcc 13.2.0) #45-Ubuntu SMP\n";
        const AnalysisResult r = analyze(
            bugReport({{"Scanning kernel log files for NVIDIA kernel messages:",
                        afterTheBoot ? QByteArray(boot + lines) : QByteArray(lines + boot)}}));
        const Finding *f = nullptr;
        for (const Finding &x : r.findings)
            if (x.ruleId == rule)
                f = &x;
        QVERIFY2(f, qPrintable(rule));
        QCOMPARE(int(f->severity), severity);
        QCOMPARE(f->tags.contains(QStringLiteral("earlier-boot")), !afterTheBoot);
    }
};

QTEST_GUILESS_MAIN(TestSections)
#include "tst_sections.moc"
