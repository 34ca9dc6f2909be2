#!/usr/bin/env python3
"""Generate GPU Triage message catalogs from NVIDIA's open GPU kernel modules.

Reads the print calls of NVIDIA's Linux kernel driver sources and writes one
JSON catalog per component (schema gputriage/messages/v1):

  nvidia-rm.json       resource manager (src/nvidia/...): NV_PRINTF & co,
                       Xid reports, NV_ASSERT/NV_CHECK failure prints
  nvidia-kernel.json   kernel interface layer: nv_printf, NV_DEV_PRINTF,
                       printk, nvlink_print
  nvidia-modeset.json  nvEvoLog*, nvkms_log, printk
  nvidia-drm.json      NV_DRM_*LOG* -> DRM_ERROR/DRM_WARN/DRM_INFO
  nvidia-uvm.json      UVM_*_PRINT* -> printk
  nvidia-peermem.json  peer_err/peer_trace -> printk

Inputs: a bare git repository of NVIDIA/open-gpu-kernel-modules (the first
and the newest tag of every driver branch are read), and/or plain folders of sources
(--folder DIR --version V), and/or extractions saved earlier (--extracted).
Standard library only; deterministic (same input -> byte-identical output);
never touches the network.

How a print is found: the sources are not compiled. Each file is stripped of
comments; #if/#ifdef/#else blocks are tracked and evaluated against the
settings of a Linux release build (see RELEASE_CONFIG); function-like macros
that end in a print call ("wrappers", e.g. NV_ASSERT_OR_RETURN, UVM_ERR_PRINT,
NV_DRM_DEV_LOG_ERR, NV_DEV_PRINTF) are found automatically and expanded like
the C preprocessor does (parameters, #stringification, ## pasting, GNU
", ##__VA_ARGS__"), down to a small set of print primitives ("sinks", SINKS
below) whose printed form was read from the driver source (nvprintf.h,
nvlog_printf.c, nvassert.c, os-interface.c, nvidia-modeset-linux.c, ...).
The format argument is evaluated as a C string expression: adjacent literals
are concatenated, escapes decoded, object-like string macros (NvU64_fmtx,
NV_PCI_DEV_FMT, ...) expanded.

See tools/catalogs/README.md for the catalog format and the regenerate
command.
"""

import argparse
import bisect
import collections
import json
import os
import re
import subprocess
import sys
import time

GENERATOR = "tools/catalogs/gen_kernel_messages.py"
SCHEMA = "gputriage/messages/v1"
DEFAULT_BRANCHES = ["515", "525", "530", "535", "545", "550", "555", "560",
                    "565", "570", "575", "580", "590", "595"]

# ---------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------

COMPONENTS = collections.OrderedDict([
    ("nvidia-rm", {
        "title": "NVIDIA kernel driver (resource manager)",
        "line_format": "NVRM: <function>: <message>",
        "notes": [
            "NV_PRINTF prints through nvDbg_Printf (src/nvidia/src/kernel/diagnostics/nvlog_printf.c): "
            "RmMsgPrefix() writes \"NVRM: \", then, from 590 on, \"GPU<n> \" when a GPU is the current "
            "GPU instance, then the C function name (__FUNCTION__), then the format's own \": <message>\". "
            "So lines read \"NVRM: <function>: <message>\" (515-580) and "
            "\"NVRM: GPU<n> <function>: <message>\" or \"NVRM: <function>: <message>\" (590+).",
            "The unix build compiles every NV_PRINTF in (src/nvidia/Makefile: -DNV_PRINTF_STRINGS_ALLOWED=1, "
            "so NV_PRINTF_LEVEL is LEVEL_INFO), but nvDbg_PrintMsg() filters at run time: a release build "
            "(no DEBUG/DEVELOP/QA_BUILD) prints LEVEL_ERROR, LEVEL_HW_ERROR and LEVEL_FATAL only; "
            "LEVEL_WARNING, LEVEL_NOTICE and LEVEL_INFO print only when enabled with the RmMsg registry key "
            "(NVreg_RmMsg). printed_in_release says whether a message prints by default.",
            "Entries with \"prefix\" are not printed in the NVRM: <function>: form: \"prefix\" is the exact "
            "text before the message (\"\" = raw continuation text; \"NVRM: \" = portDbgPrintf/nv_printf "
            "style without a function name).",
            "Xid reports (NV_ERROR_LOG, nvErrorLog_va, nvErrorLog2_va) print through krcReportXid "
            "(src/nvidia/src/kernel/gpu/rc/kernel_rc.c) as \"NVRM: Xid (PCI:%04x:%02x:%02x): %d, "
            "pid=%s, name=%s, <message>\"; with MIG the PCI part reads \"PCI:%04x:%02x:%02x GPU-I:%02u\" "
            "or \"... GPU-I:%02u GPU-CI:%02u\", and without a process context the \"pid=%s, name=%s, \" "
            "part is missing. \"xid\" is the Xid number (or the expression when it is not a constant).",
            "Assertion entries: NV_ASSERT*/NV_CHECK* failures print through nvAssertFailedNoLog, "
            "nvAssertOkFailedNoLog, nvCheckFailedNoLog, nvCheckOkFailedNoLog (src/nvidia/src/libraries/utils/"
            "nvassert.c), so <function> is that helper; the generic helper formats are entries of their own "
            "(\"Assertion failed: %s @ %s:%d\\n\" ...). In addition every assertion site is an entry whose "
            "format has the stringified expression and the source file name filled in (as the helper prints "
            "them: \"... returned from <expr> @ <file>:%d\\n\"), with \"caller\" = the C function "
            "containing the assertion. A literal % of the expression is written %%.",
        ],
    }),
    ("nvidia-kernel", {
        "title": "NVIDIA kernel driver (Linux kernel interface layer)",
        "line_format": "<prefix><message>",
        "notes": [
            "nv_printf (kernel-open/nvidia/os-interface.c) prints when its level >= "
            "((NVreg_ResmanDebugLevel >> 4) & 3); the default (0xffffffff) gives 3, so NV_DBG_WARNINGS and "
            "NV_DBG_ERRORS print by default, NV_DBG_INFO/NV_DBG_SETUP/NV_DBG_USERERRORS do not.",
            "NV_DEV_PRINTF (os-interface.h) prints \"NVRM: GPU %04x:%02x:%02x.%x: <message>\"; the prefix is "
            "recorded in \"prefix\". Strings starting \"NVRM: \" have that recorded as prefix.",
            "nvlink_print (kernel-open/nvidia/nvlink_linux.c) prints \"nvidia-nvlink: <message>\" at every "
            "level.",
        ],
    }),
    ("nvidia-modeset", {
        "title": "NVIDIA kernel mode setting driver (nvidia-modeset)",
        "line_format": "nvidia-modeset: [ERROR: |WARNING: ][GPU:<n>: ]<message>",
        "notes": [
            "nvEvoLog/nvEvoLogDev/nvEvoLogDisp go through nvVEvoLog and nvkms_log "
            "(kernel-open/nvidia-modeset/nvidia-modeset-linux.c): printk(\"%s%s%s%s%s\\n\", level, "
            "\"nvidia-modeset: \", \"ERROR: \"|\"WARNING: \"|\"\", \"GPU:%d: \"|\"\", message). The "
            "newline nvkms_log adds is part of \"format\".",
            "nvEvoLogDebug/nvEvoLogDevDebug/nvEvoLogDispDebug exist only in DEBUG builds "
            "(printed_in_release false). nvEvoLogInfoString* write to mode-validation info buffers, not to "
            "the kernel log, and are not catalogued.",
        ],
    }),
    ("nvidia-drm", {
        "title": "NVIDIA DRM driver (nvidia-drm)",
        "line_format": "<kernel DRM prefix>[nvidia-drm] [GPU ID 0x<id>] <message>",
        "notes": [
            "NV_DRM_LOG_ERR/NV_DRM_DEV_LOG_ERR use DRM_ERROR, which the kernel prints as "
            "\"[drm:<caller> [nvidia_drm]] *ERROR* <text>\"; DRM_WARN/DRM_INFO/DRM_NOTE print "
            "\"[drm] <text>\"; DRM_DEBUG* print only with the drm.debug module parameter. \"prefix\" is the "
            "nvidia-drm part (\"[nvidia-drm] [GPU ID 0x%08x] \").",
        ],
    }),
    ("nvidia-uvm", {
        "title": "NVIDIA Unified Memory driver (nvidia-uvm)",
        "line_format": "nvidia-uvm: [<file>:<line> <function>[pid:<pid>] ]<message>",
        "notes": [
            "UVM_ERR_PRINT*/UVM_DBG_PRINT* (kernel-open/nvidia-uvm/uvm_common.h) print "
            "\"nvidia-uvm: %s:%u %s[pid:%d] <message>\" (file basename, line, function, pid) and only "
            "when the uvm_debug_prints module parameter is set (default 0 in release builds); "
            "UVM_ERR_PRINT_ALWAYS*, UVM_TEST_PRINT and UVM_INFO_PRINT always print (UVM_INFO_PRINT without "
            "the file/line/function part).",
        ],
    }),
    ("nvidia-peermem", {
        "title": "NVIDIA peer memory driver (nvidia-peermem)",
        "line_format": "nvidia-peermem <function>:<line> ERROR <message>",
        "notes": [
            "peer_err prints \"nvidia-peermem %s:%d ERROR <message>\" (function, line); peer_trace "
            "(\"... TRACE ...\") exists only when NV_MEM_DEBUG is defined.",
        ],
    }),
])

# ---------------------------------------------------------------------------
# Levels
# ---------------------------------------------------------------------------

LEVEL_MAP = {
    "LEVEL_FATAL": "fatal", "LEVEL_HW_ERROR": "error", "LEVEL_ERROR": "error",
    "LEVEL_WARNING": "warning", "LEVEL_NOTICE": "notice", "LEVEL_INFO": "info",
    "LEVEL_SILENT": "debug",      # "prints at this level are discarded"
    "NV_DBG_ERRORS": "error", "NV_DBG_WARNINGS": "warning", "NV_DBG_USERERRORS": "notice",
    "NV_DBG_INFO": "info", "NV_DBG_SETUP": "info",
    "NVLINK_DBG_ERRORS": "error", "NVLINK_DBG_WARNINGS": "warning", "NVLINK_DBG_USERERRORS": "notice",
    "NVLINK_DBG_INFO": "info", "NVLINK_DBG_SETUP": "info",
    "NVLINK_DBG_LEVEL_ERRORS": "error", "NVLINK_DBG_LEVEL_WARNINGS": "warning",
    "NVLINK_DBG_LEVEL_USERERRORS": "notice", "NVLINK_DBG_LEVEL_INFO": "info",
    "NVLINK_DBG_LEVEL_SETUP": "info",
    "EVO_LOG_ERROR": "error", "EVO_LOG_WARN": "warning", "EVO_LOG_INFO": "info",
    "NVKMS_LOG_LEVEL_ERROR": "error", "NVKMS_LOG_LEVEL_WARN": "warning", "NVKMS_LOG_LEVEL_INFO": "info",
    "KERN_EMERG": "fatal", "KERN_ALERT": "fatal", "KERN_CRIT": "fatal", "KERN_ERR": "error",
    "KERN_WARNING": "warning", "KERN_NOTICE": "notice", "KERN_INFO": "info", "KERN_DEBUG": "debug",
}
# numeric values (RM LEVEL_* and NV_DBG_* share the low range for nv_printf)
RM_LEVEL_VALUE = {"LEVEL_SILENT": 0, "LEVEL_INFO": 1, "LEVEL_NOTICE": 2, "LEVEL_WARNING": 3,
                  "LEVEL_ERROR": 4, "LEVEL_HW_ERROR": 5, "LEVEL_FATAL": 6}
NVDBG_VALUE = {"NV_DBG_INFO": 0, "NV_DBG_SETUP": 1, "NV_DBG_USERERRORS": 2,
               "NV_DBG_WARNINGS": 3, "NV_DBG_ERRORS": 4}
RM_PRINTED = {"LEVEL_ERROR", "LEVEL_HW_ERROR", "LEVEL_FATAL"}
SEVERITY = {"fatal": 6, "error": 5, "warning": 4, "notice": 3, "info": 2, "debug": 1,
            "silent": 0, "unknown": -1}

# ---------------------------------------------------------------------------
# Print primitives ("sinks").  kind decides how the printed line is formed.
#   lvl: index of the level argument (or a fixed source level string),
#   fmt: index of the format argument.
# ---------------------------------------------------------------------------

def _sink(kind, lvl=None, fmt=0, **kw):
    d = {"kind": kind, "lvl": lvl, "fmt": fmt}
    d.update(kw)
    return d


ASSERT_FMT = {
    "assert": "Assertion failed: {expr} @ {file}:%d\n",
    "assert_ok": "Assertion failed: %s (0x%08X) returned from {expr} @ {file}:%d\n",
    "check": "Check failed: {expr} @ {file}:%d\n",
    "check_ok": "Check failed: %s (0x%08X) returned from {expr} @ {file}:%d\n",
}

SINKS = {
    # --- resource manager (nvprintf.h, printf.h, nvassert.h) ---
    "NV_PRINTF": _sink("rm", 0, 1),
    "NV_PRINTF_EX": _sink("rm_ex", 1, 2),
    "NV_PRINTF_STRING": _sink("rm_ex", 1, 2),
    "nvDbg_Printf": _sink("rm_ex", 3, 4),
    "NV_PRINTF_COND": _sink("rm_cond", (1, 2), 3),
    "portDbgPrintf": _sink("rm_raw", "portDbgPrintf", 0),
    "portDbgExPrintfLevel": _sink("rm_rawlevel", 0, 1),
    "NV_ERROR_LOG": _sink("xid", 1, 2),
    "nvErrorLog_va": _sink("xid", 1, 2),
    "nvErrorLog2_va": _sink("xid", 1, 3),
    "nvErrorLog": _sink("xid", 1, 2),
    "NV_ERROR_LOG_DATA": _sink("xid_data", "NV_ERROR_LOG_DATA", 2),
    "NV_ASSERT_FAILED": _sink("assert", "LEVEL_ERROR", 0, helper="nvAssertFailedNoLog", form="assert"),
    "NV_ASSERT_OK_FAILED": _sink("assert", "LEVEL_ERROR", 0, helper="nvAssertOkFailedNoLog", form="assert_ok"),
    "NV_CHECK_FAILED": _sink("assert", 0, 1, helper="nvCheckFailedNoLog", form="check"),
    "NV_CHECK_OK_FAILED": _sink("assert", 0, 1, helper="nvCheckOkFailedNoLog", form="check_ok"),
    "NV_ASSERT_FAILED_FUNC": _sink("assert", "LEVEL_ERROR", 0, helper="nvAssertFailed", form="assert"),
    "NV_ASSERT_FAILED_PRECOMP": _sink("assert", "LEVEL_ERROR", 0, helper="nvAssertFailed", form="assert"),
    "NV_ASSERT_OK_FAILED_FUNC": _sink("assert", "LEVEL_ERROR", 0, helper="nvAssertOkFailed", form="assert_ok"),
    "NV_CHECK_FAILED_FUNC": _sink("assert", 0, 1, helper="nvCheckFailed", form="check"),
    "NV_CHECK_OK_FAILED_FUNC": _sink("assert", 0, 1, helper="nvCheckOkFailed", form="check_ok"),
    # --- kernel interface layer ---
    "nv_printf": _sink("nvdbg", 0, 1),
    "nvlink_print": _sink("nvlink", 0, 1),
    # --- modeset ---
    "nvEvoLog": _sink("evo", 0, 1, gpu=False, debug=False),
    "nvEvoLogDev": _sink("evo", 1, 2, gpu=True, debug=False),
    "nvEvoLogDisp": _sink("evo", 1, 2, gpu=True, debug=False),
    "nvEvoLogDebug": _sink("evo", 0, 1, gpu=False, debug=True),
    "nvEvoLogDevDebug": _sink("evo", 1, 2, gpu=True, debug=True),
    "nvEvoLogDispDebug": _sink("evo", 1, 2, gpu=True, debug=True),
    "nvkms_log": _sink("nvkms_log", 0, 2, prefix_arg=1),
    # --- Linux kernel ---
    "printk": _sink("printk", None, 0),
    "printk_ratelimited": _sink("printk", None, 0),
    "printk_once": _sink("printk", None, 0),
    "printk_deferred": _sink("printk", None, 0),
    "printk_deferred_once": _sink("printk", None, 0),
    "panic": _sink("panic", "panic", 0),
    "WARN": _sink("warn", "WARN", 1),
    "WARN_ONCE": _sink("warn", "WARN_ONCE", 1),
}
for _lv, _kern in (("emerg", "KERN_EMERG"), ("alert", "KERN_ALERT"), ("crit", "KERN_CRIT"),
                   ("err", "KERN_ERR"), ("warn", "KERN_WARNING"), ("warning", "KERN_WARNING"),
                   ("notice", "KERN_NOTICE"), ("info", "KERN_INFO"), ("debug", "KERN_DEBUG"),
                   ("devel", "KERN_DEBUG"), ("cont", "KERN_CONT")):
    for _sfx in ("", "_ratelimited", "_once"):
        SINKS["pr_" + _lv + _sfx] = _sink("pr", _kern, 0, dyn=_lv in ("debug", "devel"), name="pr_" + _lv)
        SINKS["dev_" + _lv + _sfx] = _sink("dev", _kern, 1, dyn=_lv in ("debug", "devel"))
for _name, _lvl, _fmt in (("DRM_ERROR", "error", 0), ("DRM_ERROR_RATELIMITED", "error", 0),
                          ("DRM_WARN", "warning", 0), ("DRM_WARN_ONCE", "warning", 0),
                          ("DRM_NOTE", "notice", 0), ("DRM_NOTE_ONCE", "notice", 0),
                          ("DRM_INFO", "info", 0), ("DRM_INFO_ONCE", "info", 0),
                          ("DRM_DEBUG", "debug", 0), ("DRM_DEBUG_DRIVER", "debug", 0),
                          ("DRM_DEBUG_KMS", "debug", 0), ("DRM_DEBUG_PRIME", "debug", 0),
                          ("DRM_DEBUG_ATOMIC", "debug", 0), ("DRM_DEBUG_VBL", "debug", 0),
                          ("DRM_DEBUG_LEASE", "debug", 0),
                          ("DRM_DEV_ERROR", "error", 1), ("DRM_DEV_INFO", "info", 1),
                          ("DRM_DEV_DEBUG", "debug", 1), ("DRM_DEV_DEBUG_DRIVER", "debug", 1),
                          ("drm_err", "error", 1), ("drm_warn", "warning", 1), ("drm_notice", "notice", 1),
                          ("drm_info", "info", 1), ("drm_dbg", "debug", 1), ("drm_dbg_driver", "debug", 1),
                          ("drm_dbg_kms", "debug", 1), ("drm_dbg_atomic", "debug", 1)):
    SINKS[_name] = _sink("drm", _name, _fmt, level=_lvl)

# Calls that never print (compiled-out print statements); their arguments are ignored.
NOPRINT = {"UVM_NO_PRINT", "no_printk"}

# Identifiers whose presence in a wrapper's expansion gates the print at run time.
GATES = {"uvm_debug_prints_enabled": "uvm_debug_prints module parameter (default 0)"}

# Values for formats (Linux, x86_64/aarch64, GCC/clang); these macros are
# defined per platform under #if chains in nvtypes.h.
BUILTIN_STRING_MACROS = {
    "NvU64_fmtX": "llX", "NvU64_fmtx": "llx", "NvU64_fmtu": "llu", "NvU64_fmto": "llo",
    "NvS64_fmtd": "lld", "NvS64_fmti": "lli",
    "NvUPtr_fmtX": "llX", "NvUPtr_fmtx": "llx", "NvUPtr_fmtu": "llu", "NvUPtr_fmto": "llo",
    "NvSPtr_fmtd": "lld", "NvSPtr_fmti": "lli", "NvP64_fmt": "%p",
    "PRIx64": "llx", "PRIX64": "llX", "PRIu64": "llu", "PRId64": "lld", "PRIi64": "lli", "PRIo64": "llo",
    "PRIx32": "x", "PRIX32": "X", "PRIu32": "u", "PRId32": "d", "PRIi32": "i",
    "NV_PRINTF_PREFIX": "NVRM", "NV_PRINTF_PREFIX_SEPARATOR": ": ",
    "DRM_NAME": "drm",
    "NV_PCI_DEV_FMT": "%04x:%02x:%02x.%x",
}
# function-like macros with a fixed meaning (name -> (params, body))
BUILTIN_FUNC_MACROS = {
    "NV_PRINTF_ADD_PREFIX": (["fmt"], '"NVRM" ": " fmt'),
}
MODULE_LOCAL_MACROS = {"pr_fmt": (["fmt"], "fmt")}   # default when a module has none

# Settings of a Linux release build, used to evaluate #if.
RELEASE_CONFIG = {
    "defined": {"NVRM": 1, "__linux__": 1, "__KERNEL__": 1, "NV_LINUX": 1, "NV_UNIX": 1,
                "NV_PRINTF_STRINGS_ALLOWED": 1, "NV_ASSERT_FAILED_USES_STRINGS": 1,
                "PORT_ASSERT_FAILED_USES_STRINGS": 1, "PORT_IS_KERNEL_BUILD": 1,
                "PORT_IS_CHECKED_BUILD": 0, "NVOS_IS_UNIX": 1, "NVOS_IS_LIBOS": 0,
                "NVOS_IS_WINDOWS": 0, "NVOS_IS_DCECORE": 0, "NVCPU_IS_RISCV64": 0,
                "RMCFG_FEATURE_PLATFORM_GSP": 0, "RMCFG_FEATURE_PLATFORM_UNIX": 1,
                "NVIDIA_UVM_ENABLED": 1, "LOCK_VAL_ENABLED": 0, "NV_DBG_BREAKPOINT_ALLOWED": 0},
    "undefined": {"DEBUG", "_DEBUG", "DEVELOP", "QA_BUILD", "NV_MODS", "GSP_PLUGIN_BUILD",
                  "NVWATCH", "RM_UNITTEST", "NV_MEM_DEBUG", "NVIDIA_UVM_DEVELOP", "__COVERITY__",
                  "SIM_BUILD", "NV_MODS_INTERNAL", "ASSERT_BUILD", "__cplusplus", "X86EMU_DEBUG",
                  "DEBUG_REGISTRY", "PORT_SYNC_PRINT_DEBUG_INFO", "NV_DBG_EVENTS", "NV_DBG_MEM",
                  "NV_CHECK_DELAY_ACCURACY"},
    "calls": {"UVM_IS_DEBUG": 0, "UVM_IS_DEVELOP": 0},
}

# ---------------------------------------------------------------------------
# Subsystems: first matching path fragment wins.
# ---------------------------------------------------------------------------

SUBSYSTEMS = [
    ("/gsp/", "gsp"), ("kernel_gsp", "gsp"), ("gsplite", "gsp"), ("crashcat", "gsp"),
    ("/conf_compute/", "conf-compute"), ("/spdm/", "conf-compute"), ("conf_compute", "conf-compute"),
    ("spdm", "conf-compute"), ("ccsl", "conf-compute"),
    ("/fsp/", "fsp"), ("kern_fsp", "fsp"),
    ("/nvlink/", "nvlink"), ("nvlink", "nvlink"), ("ioctrl", "nvlink"),
    ("/mig_mgr/", "mig"), ("mig_", "mig"), ("_mig", "mig"), ("gpu_instance", "mig"),
    ("compute_instance", "mig"),
    ("fabric", "fabric"), ("imex", "fabric"),
    ("/vgpu/", "vgpu"), ("/virtualization/", "vgpu"), ("vgpu", "vgpu"), ("hypervisor", "vgpu"),
    ("/bif/", "bif"), ("kernel_bif", "bif"), ("nv-pci", "bif"), ("/pcie", "bif"),
    ("/bus/", "bus"), ("kern_bus", "bus"), ("p2p", "bus"),
    ("/mmu/", "mmu"), ("gmmu", "mmu"), ("vaspace", "mmu"), ("mmu_fault", "mmu"),
    ("/fifo/", "fifo"), ("kernel_channel", "fifo"), ("kernel_fifo", "fifo"), ("ctxshare", "fifo"),
    ("/gr/", "gr"), ("kernel_graphics", "gr"), ("kernel_sm_debugger", "gr"),
    ("/ce/", "ce"), ("kernel_ce", "ce"), ("ce_utils", "ce"),
    ("/rc/", "rc"), ("kernel_rc", "rc"), ("watchdog", "rc"), ("error_cont", "rc"),
    ("/intr/", "intr"), ("g_intr", "intr"), ("intr_", "intr"),
    ("/disp/", "disp"), ("kern_disp", "disp"), ("disp_", "disp"), ("dispsw", "disp"),
    ("/pmu/", "pmu"), ("kern_pmu", "pmu"),
    ("/mem_sys/", "fb/mem_sys"), ("kern_mem_sys", "fb/mem_sys"), ("/fbsr", "fb/mem_sys"),
    ("/mem_mgr/", "mem_mgr"), ("mem_mgr", "mem_mgr"), ("heap", "mem_mgr"), ("/fb", "fb/mem_sys"),
    ("ecc", "ecc"),
    ("/falcon/", "falcon"), ("kernel_falcon", "falcon"), ("/sec2/", "sec2"), ("kernel_sec2", "sec2"),
    ("/timer/", "timer"), ("objtmr", "timer"),
    ("/perf/", "perf"), ("kern_perf", "perf"), ("/power/", "power"), ("dynamic-power", "power"),
    ("/hwpm/", "hwpm"), ("profiler", "hwpm"),
    ("/uvm/", "uvm"), ("/nvenc/", "video"), ("/nvdec/", "video"), ("/nvjpg/", "video"),
    ("/ofa/", "video"), ("/video/", "video"), ("nvenc", "video"), ("nvdec", "video"),
    ("/rmapi/", "rmapi"), ("rmapi", "rmapi"), ("/resserv/", "rmapi"), ("rs_client", "rmapi"),
    ("rs_server", "rmapi"), ("client_resource", "rmapi"), ("subdevice", "rmapi"),
    ("/diagnostics/", "diagnostics"), ("journal", "diagnostics"), ("nv_debug_dump", "diagnostics"),
    ("/platform/", "platform"), ("chipset", "platform"), ("acpi", "platform"),
    ("/gpu_mgr/", "gpu_mgr"), ("gpu_mgr", "gpu_mgr"),
    ("/os/", "os"), ("arch/nvalloc/unix", "os"), ("os-interface", "os"), ("os_", "os"),
    ("kernel-open/nvidia/nv-dma", "mem"), ("nv-mmap", "mem"), ("nv-vm", "mem"), ("nv-pat", "mem"),
    ("numa", "mem"),
    ("kernel-open/nvidia/", "os"), ("kernel/nvidia/", "os"),
    ("/libraries/", "libraries"), ("/lib/", "libraries"),
    ("/gpu/", "gpu"), ("g_gpu_", "gpu"),
]


# kernel modules other than nvidia.ko: keywords of the file name, then a default
MODULE_SUBSYSTEMS = {
    "uvm": ([("conf_comput", "conf-compute"), ("nvlink", "nvlink"), ("_ce", "ce"), ("channel", "fifo"),
             ("push", "fifo"), ("fault", "mmu"), ("mmu", "mmu"), ("tlb", "mmu"), ("ats", "mmu"),
             ("hmm", "mmu"), ("va_", "mmu"), ("migrate", "mem"), ("pmm", "mem"), ("mem", "mem"),
             ("access_counter", "mem"), ("perf", "perf"), ("test", "test"), ("lock", "os"),
             ("kthread", "os"), ("gpu", "gpu")], "uvm"),
    "modeset": ([("kthread", "os"), ("dp", "disp"), ("hdmi", "disp")], "disp"),
    "drm": ([("kthread", "os")], "disp"),
    "peermem": ([], "p2p"),
}


def subsystem_of(path, function=None):
    if function and (function.endswith("_GSP") or function.startswith(("kgsp", "gsp", "_kgsp"))):
        return "gsp"      # e.g. rpcRmApiAlloc_GSP in src/nvidia/src/kernel/vgpu/rpc.c
    p = path.lower()
    base = p.rsplit("/", 1)[-1]
    mod = module_of(path)
    if mod in MODULE_SUBSYSTEMS:
        table, default = MODULE_SUBSYSTEMS[mod]
        for frag, name in table:
            if frag in base:
                return name
        return default
    for frag, name in SUBSYSTEMS:
        if frag.startswith("/") or "/" in frag:
            if frag in "/" + p:
                return name
        elif frag in base:
            return name
    return "other"


def module_of(path):
    """Which kernel module a source file belongs to."""
    parts = path.split("/")
    for p in parts:
        if p == "nvidia-uvm":
            return "uvm"
        if p == "nvidia-drm":
            return "drm"
        if p in ("nvidia-modeset",):
            return "modeset"
        if p == "nvidia-peermem":
            return "peermem"
    return "nvidia"


MODULE_COMPONENT = {"uvm": "nvidia-uvm", "drm": "nvidia-drm", "modeset": "nvidia-modeset",
                    "peermem": "nvidia-peermem", "nvidia": "nvidia-kernel"}

# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------

SRC_EXT = (".c", ".h", ".cpp")


def in_def_scope(path):
    if not path.endswith(SRC_EXT):
        return False
    if "/g_bindata_" in path or "/swref/" in path or path.startswith("src/common/softfloat/"):
        return False
    if path.startswith("src/common/nvswitch/") or path.startswith("src/common/displayport/"):
        return False
    return True


def in_scan_scope(path, folder):
    if not path.endswith(SRC_EXT) or "/g_bindata_" in path:
        return False
    if path.endswith(".cpp") and "nvidia-modeset" not in path:
        return False
    if folder:
        return True
    return (path.startswith("src/nvidia/") or path.startswith("src/nvidia-modeset/") or
            path.startswith("kernel-open/nvidia/") or path.startswith("kernel-open/common/") or
            path.startswith("kernel-open/nvidia-modeset/") or path.startswith("kernel-open/nvidia-drm/") or
            path.startswith("kernel-open/nvidia-uvm/") or path.startswith("kernel-open/nvidia-peermem/"))


class GitRepo:
    def __init__(self, gitdir):
        self.gitdir = gitdir
        self.proc = None

    def git(self, *args):
        return subprocess.run(["git", "--git-dir", self.gitdir] + list(args), check=True,
                              stdout=subprocess.PIPE).stdout

    def tags(self):
        return [t for t in self.git("tag", "--list").decode().split("\n") if t]

    def ls_tree(self, tag):
        out = self.git("ls-tree", "-r", "-z", "--full-tree", tag)
        files = []
        for rec in out.split(b"\0"):
            if not rec:
                continue
            meta, path = rec.split(b"\t", 1)
            mode, typ, sha = meta.split()
            if typ == b"blob":
                files.append((path.decode("utf-8", "replace"), sha.decode()))
        files.sort()
        return files

    def blob(self, sha):
        if self.proc is None:
            self.proc = subprocess.Popen(["git", "--git-dir", self.gitdir, "cat-file", "--batch"],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.proc.stdin.write((sha + "\n").encode())
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        size = int(header[2])
        data = self.proc.stdout.read(size)
        self.proc.stdout.read(1)
        return data

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()
            self.proc = None


class Input:
    """One driver version: a tag of the git repository or a folder."""

    def __init__(self, version, repo=None, tag=None, folder=None):
        self.version, self.repo, self.tag, self.folder = version, repo, tag, folder
        self._files = None

    def files(self):
        if self._files is None:
            if self.repo is not None:
                self._files = self.repo.ls_tree(self.tag)
            else:
                files = []
                for root, dirs, names in os.walk(self.folder):
                    dirs.sort()
                    for n in sorted(names):
                        full = os.path.join(root, n)
                        rel = os.path.relpath(full, self.folder).replace(os.sep, "/")
                        files.append((rel, "file:" + os.path.abspath(full)))
                files.sort()
                self._files = files
        return self._files

    def read(self, key):
        if key.startswith("file:"):
            with open(key[5:], "rb") as f:
                return f.read()
        return self.repo.blob(key)


def version_key(v):
    return tuple(int(x) if x.isdigit() else 0 for x in re.split(r"[.\-]", v))

# ---------------------------------------------------------------------------
# Lexing
# ---------------------------------------------------------------------------

RE_COMMENT_OR_LIT = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|\\\n|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
RE_DIRECTIVE_OR_LIT = re.compile(r'(?m)^[ \t]*#(?:\\\r?\n|[^\n])*|"(?:\\.|\\\n|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
RE_TOKEN = re.compile(r'''
    (?P<ws>(?:[ \t\r\f\v]|\\\r?\n)+)
  | (?P<nl>\n)
  | (?P<str>(?:u8|[uUL])?"(?:\\.|\\\n|[^"\\\n])*")
  | (?P<chr>(?:u8|[uUL])?'(?:\\.|[^'\\\n])*')
  | (?P<id>[A-Za-z_]\w*)
  | (?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
  | (?P<op>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\*=|/=|%=|\+=|-=|&=|\^=|\|=|\#\#|::|.)
''', re.X | re.S)
RE_IDENT = re.compile(r"[A-Za-z_]\w*")
RE_NOT_NL = re.compile(r"[^\n]")


def blank(s):
    """Same length, newlines kept, everything else a space."""
    if "\n" not in s:
        return " " * len(s)
    return RE_NOT_NL.sub(" ", s)
RE_CALL = re.compile(r"\b([A-Za-z_]\w*)[ \t\r\n]*\(")
RE_DEFINE = re.compile(r"define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)", re.S)

Tok = collections.namedtuple("Tok", "kind text line ws")


def strip_comments(text):
    def repl(m):
        s = m.group(0)
        if s[0] == "/":
            return blank(s)
        return s
    return RE_COMMENT_OR_LIT.sub(repl, text)


def tokenize(text, line=1):
    toks = []
    ws = False
    for m in RE_TOKEN.finditer(text):
        k = m.lastgroup
        s = m.group(k)
        if k == "ws":
            ws = True
            line += s.count("\n")
            continue
        if k == "nl":
            ws = True
            line += 1
            continue
        toks.append(Tok(k, s, line, ws))
        line += s.count("\n")
        ws = False
    return toks


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
           "\\": "\\", "'": "'", '"': '"', "?": "?", "e": "\x1b"}


def decode_c_string(lit):
    i = lit.index('"')
    body = lit[i + 1:-1].replace("\\\r\n", "").replace("\\\n", "")
    out = []
    j = 0
    n = len(body)
    while j < n:
        c = body[j]
        if c != "\\":
            out.append(c)
            j += 1
            continue
        j += 1
        if j >= n:
            break
        c = body[j]
        if c in ESCAPES:
            out.append(ESCAPES[c])
            j += 1
        elif c == "x":
            m = re.match(r"[0-9a-fA-F]+", body[j + 1:])
            if m:
                out.append(chr(int(m.group(0), 16) & 0xFF))
                j += 1 + len(m.group(0))
            else:
                out.append("x")
                j += 1
        elif c in "01234567":
            m = re.match(r"[0-7]{1,3}", body[j:])
            out.append(chr(int(m.group(0), 8)))
            j += len(m.group(0))
        elif c in "uU":
            width = 4 if c == "u" else 8
            h = body[j + 1:j + 1 + width]
            try:
                out.append(chr(int(h, 16)))
                j += 1 + width
            except ValueError:
                out.append(c)
                j += 1
        else:
            out.append(c)
            j += 1
    return "".join(out)


def stringify(toks, line):
    parts = []
    for i, t in enumerate(toks):
        if i and t.ws:
            parts.append(" ")
        if t.kind in ("str", "chr"):
            parts.append(t.text.replace("\\", "\\\\").replace('"', '\\"'))
        else:
            parts.append(t.text)
    return Tok("str", '"' + "".join(parts) + '"', line, False)


def split_args(toks, start):
    """toks[start] is '('; return (list of arg token lists, index of ')')."""
    depth = 0
    args = [[]]
    i = start
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "op":
            if t.text == "(":
                depth += 1
                if depth == 1:
                    i += 1
                    continue
            elif t.text == ")":
                depth -= 1
                if depth == 0:
                    if len(args) == 1 and not args[0]:
                        args = []
                    return args, i
            elif t.text == "," and depth == 1:
                args.append([])
                i += 1
                continue
        args[-1].append(t)
        i += 1
    return None, n

# ---------------------------------------------------------------------------
# #if evaluation (tri-state: 1 / 0 / None = unknown)
# ---------------------------------------------------------------------------

class CondEval:
    def __init__(self, text):
        self.toks = [t for t in tokenize(text)]
        self.i = 0

    def peek(self):
        return self.toks[self.i].text if self.i < len(self.toks) else None

    def take(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def run(self):
        try:
            v = self.ternary()
            if self.i != len(self.toks):
                return None
            return v
        except Exception:
            return None

    def ternary(self):
        c = self.binary(0)
        if self.peek() == "?":
            self.take()
            a = self.ternary()
            if self.take().text != ":":
                raise ValueError
            b = self.ternary()
            if c is None:
                return a if a == b else None
            return a if c else b
        return c

    PREC = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="),
            ("<<", ">>"), ("+", "-"), ("*", "/", "%")]

    def binary(self, level):
        if level == len(self.PREC):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self.PREC[level]:
            op = self.take().text
            right = self.binary(level + 1)
            left = self.apply(op, left, right)
        return left

    @staticmethod
    def apply(op, a, b):
        if op == "&&":
            if a == 0 or b == 0:
                return 0
            return None if a is None or b is None else 1
        if op == "||":
            if (a is not None and a != 0) or (b is not None and b != 0):
                return 1
            return None if a is None or b is None else 0
        if a is None or b is None:
            return None
        try:
            return {"|": lambda: a | b, "^": lambda: a ^ b, "&": lambda: a & b,
                    "==": lambda: int(a == b), "!=": lambda: int(a != b), "<": lambda: int(a < b),
                    ">": lambda: int(a > b), "<=": lambda: int(a <= b), ">=": lambda: int(a >= b),
                    "<<": lambda: a << b, ">>": lambda: a >> b, "+": lambda: a + b,
                    "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a // b if b else None,
                    "%": lambda: a % b if b else None}[op]()
        except Exception:
            return None

    def unary(self):
        t = self.peek()
        if t == "!":
            self.take()
            v = self.unary()
            return None if v is None else int(not v)
        if t == "-":
            self.take()
            v = self.unary()
            return None if v is None else -v
        if t == "~":
            self.take()
            v = self.unary()
            return None if v is None else ~v
        if t == "+":
            self.take()
            return self.unary()
        return self.primary()

    def primary(self):
        t = self.take()
        if t.text == "(":
            v = self.ternary()
            if self.take().text != ")":
                raise ValueError
            return v
        if t.kind == "num":
            return parse_int(t.text)
        if t.kind == "id":
            if t.text == "defined":
                paren = self.peek() == "("
                if paren:
                    self.take()
                name = self.take().text
                if paren:
                    self.take()
                if name in RELEASE_CONFIG["defined"]:
                    return 1
                if name in RELEASE_CONFIG["undefined"]:
                    return 0
                return None
            if self.peek() == "(":
                args, end = split_args(self.toks, self.i)
                self.i = end + 1
                return RELEASE_CONFIG["calls"].get(t.text)
            if t.text in RELEASE_CONFIG["defined"]:
                return RELEASE_CONFIG["defined"][t.text]
            if t.text in RELEASE_CONFIG["undefined"]:
                return 0
            return None
        if t.kind == "chr":
            return None
        raise ValueError


def parse_int(text):
    m = re.match(r"(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)", text)
    if not m:
        return None
    v = m.group(1)
    if v[:2] in ("0x", "0X"):
        return int(v, 16)
    if len(v) > 1 and v[0] == "0":
        return int(v, 8)
    return int(v)


def eval_condition(kind, arg):
    arg = arg.strip()
    if kind == "ifdef":
        name = arg.split()[0] if arg else ""
        return CondEval("defined(%s)" % name).run() if name else None
    if kind == "ifndef":
        name = arg.split()[0] if arg else ""
        v = CondEval("defined(%s)" % name).run() if name else None
        return None if v is None else int(not v)
    return CondEval(arg).run()

# ---------------------------------------------------------------------------
# Per-file analysis
# ---------------------------------------------------------------------------

class Snap:
    """State of the #if stack: rel = compiled in a release build (True/False/None),
    alt = inside an #elif/#else branch, dead = inside a literal '#if 0'."""
    __slots__ = ("rel", "alt", "dead")

    def __init__(self, rel, alt, dead):
        self.rel, self.alt, self.dead = rel, alt, dead


def _tri_and(a, b):
    if a is False or b is False:
        return False
    if a is None or b is None:
        return None
    return True


def process_directives(stripped):
    """Scan directives; return (masked text, list of (offset, Snap) change points,
    list of (name, params, body, Snap, offset) defines)."""
    masked_parts = []
    last = 0
    stack = []   # frames: [branch_rel, any_taken(tri), alt, dead, literal0]
    changes = [(0, Snap(True, False, False))]
    defines = []
    events = []

    def snapshot():
        rel, alt, dead = True, False, False
        for fr in stack:
            rel = _tri_and(rel, fr[0])
            alt = alt or fr[2]
            dead = dead or fr[3]
        return Snap(rel, alt, dead)

    items = []
    for m in RE_DIRECTIVE_OR_LIT.finditer(stripped):
        s = m.group(0)
        if s[0] in "\"'":
            items.append((m, s, None, None, None))
            continue
        line = re.sub(r"\\\r?\n", " ", s).strip()[1:].strip()
        mm = re.match(r"([A-Za-z_]\w*)(.*)", line, re.S)
        items.append((m, s, line, mm.group(1) if mm else None, mm.group(2) if mm else None))
    dirs = [k for k, it in enumerate(items) if it[2] is not None]
    nextdir = {dirs[k]: dirs[k + 1] for k in range(len(dirs) - 1)}
    nodir_parts = []
    for idx, (m, s, line, kind, arg) in enumerate(items):
        masked_parts.append(stripped[last:m.start()])
        nodir_parts.append(stripped[last:m.start()])
        last = m.end()
        if line is None:
            masked_parts.append(s[0] + blank(s[1:-1]) + s[-1] if len(s) >= 2 else s)
            nodir_parts.append(s)
            continue
        masked_parts.append(blank(s))
        nodir_parts.append(blank(s))
        if kind is None:
            continue
        if kind in ("if", "ifdef", "ifndef", "elif", "else", "endif"):
            events.append((m.start(), "if" if kind in ("ifdef", "ifndef") else kind))
        if kind in ("if", "ifdef", "ifndef"):
            v = eval_condition(kind, arg)
            if v is None and kind == "ifndef":
                # include guard / "#ifndef X  #define X default": compiled in
                name = arg.split()[0] if arg.split() else ""
                nd = nextdir.get(idx)
                if nd is not None and items[nd][3] == "define" and \
                        re.match(r"define\s+%s\b" % re.escape(name), items[nd][2] or ""):
                    v = 1
            lit0 = kind == "if" and arg.strip() in ("0", "(0)")
            rel = None if v is None else bool(v)
            stack.append([rel, rel, False, lit0, lit0])
            changes.append((m.end(), snapshot()))
        elif kind == "elif":
            if not stack:
                continue
            fr = stack[-1]
            v = eval_condition("if", arg)
            c = None if v is None else bool(v)
            taken = fr[1]
            if taken is True:
                rel = False
            elif taken is False:
                rel = c
            else:
                rel = False if c is False else None
            fr[0] = rel
            fr[1] = True if (taken is True or c is True) else (None if (taken is None or c is None) else False)
            fr[2] = True
            fr[3] = False
            changes.append((m.end(), snapshot()))
        elif kind == "else":
            if not stack:
                continue
            fr = stack[-1]
            taken = fr[1]
            fr[0] = (not taken) if taken is not None else None
            fr[1] = True
            fr[2] = True
            fr[3] = False
            changes.append((m.end(), snapshot()))
        elif kind == "endif":
            if stack:
                stack.pop()
            changes.append((m.end(), snapshot()))
        elif kind == "define":
            dm = RE_DEFINE.match(line)
            if not dm:
                continue
            name, params, body = dm.group(1), dm.group(2), dm.group(3)
            # "#define X (a)" is object-like: params only when '(' follows the name directly
            if params is not None and not line[len("define"):].lstrip()[len(name):].startswith("("):
                body = params + body
                params = None
            defines.append((name, params, body.strip(), snapshot(), m.start()))
    masked_parts.append(stripped[last:])
    nodir_parts.append(stripped[last:])
    return "".join(masked_parts), changes, defines, events, "".join(nodir_parts)


RE_FUNC_NAME = re.compile(r"((?:[A-Za-z_]\w*\s*::\s*)*~?[A-Za-z_]\w*)\s*$")
C_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case", "typeof",
              "__attribute__", "defined", "__typeof__", "_Static_assert", "static_assert"}
SKIP_BEFORE_BRACE = {"const", "override", "noexcept", "final", "volatile"}


def _function_name(masked, pos, parens):
    """Name of the function whose body starts with the '{' at pos, or None."""
    j = pos - 1
    for _ in range(4):
        while j >= 0 and masked[j] in " \t\r\n":
            j -= 1
        if j < 0:
            return None
        if masked[j] == ")" and j in parens:
            op = parens[j]
            k = op - 1
            while k >= 0 and masked[k] in " \t\r\n":
                k -= 1
            if k >= 0 and masked[k] == ")" and k in parens:
                # name made by a macro: V2_CONVERTER(cmd)(args) {
                mm = RE_FUNC_NAME.search(masked[max(0, parens[k] - 200):parens[k]])
                if mm:
                    return re.sub(r"\s+", "", mm.group(1)) + "(" + \
                        re.sub(r"\s+", " ", masked[parens[k] + 1:k]).strip() + ")"
                return None
            mm = RE_FUNC_NAME.search(masked[max(0, op - 200):op])
            if mm:
                cand = re.sub(r"\s+", "", mm.group(1))
                last = cand.split("::")[-1]
                if last == "__attribute__" or last.startswith("NV_ATTRIBUTE"):
                    j = op - len(mm.group(0)) - 1
                    continue
                if last not in C_KEYWORDS:
                    return cand
            return None
        mm = re.search(r"([A-Za-z_]\w*)$", masked[max(0, j - 60):j + 1])
        if mm and mm.group(1) in SKIP_BEFORE_BRACE:
            j -= len(mm.group(1))
            continue
        return None
    return None


def find_functions(masked, events):
    """Top-level function bodies: list of (start, end, name).

    Braces are counted in every #if branch; at #elif/#else the depth is reset to
    what it was at the #if, and after #endif the state at the end of the first
    branch is kept, so unbalanced branches do not derail the count."""
    parens = {}
    pstack = []
    funcs = []
    state = {"depth": 0, "cur": None, "transparent": []}
    cstack = []
    items = [(m.start(), m.group(0)) for m in re.finditer(r"[{}()]", masked)]
    items += [(off, "#" + kind) for off, kind in events]
    items.sort()

    def snap():
        return (state["depth"], state["cur"], list(state["transparent"]))

    def restore(sv):
        state["depth"], state["cur"], state["transparent"] = sv[0], sv[1], list(sv[2])

    for pos, c in items:
        if c[0] == "#":
            kind = c[1:]
            if kind == "if":
                cstack.append([snap(), None])
            elif kind in ("elif", "else"):
                if cstack:
                    fr = cstack[-1]
                    if fr[1] is None:
                        fr[1] = snap()
                    restore(fr[0])
            elif kind == "endif":
                if cstack:
                    fr = cstack.pop()
                    if fr[1] is not None:
                        restore(fr[1])
            continue
        if c == "(":
            pstack.append(pos)
        elif c == ")":
            if pstack:
                parens[pos] = pstack.pop()
        elif c == "{":
            if state["depth"] == 0 and re.search(r'(?:extern\s*"[^"]*"|\bnamespace(?:\s+[A-Za-z_][\w:]*)?)\s*$',
                                                 masked[max(0, pos - 300):pos]):
                state["transparent"].append(True)
                continue
            state["transparent"].append(False)
            if state["depth"] == 0:
                state["cur"] = [pos, None, _function_name(masked, pos, parens)]
            state["depth"] += 1
        elif c == "}":
            if not state["transparent"]:
                continue
            if state["transparent"].pop():
                continue
            state["depth"] -= 1
            if state["depth"] == 0 and state["cur"] is not None:
                cur = state["cur"]
                if cur[1] is None:
                    cur[1] = pos
                    if cur[2]:
                        funcs.append((cur[0], cur[1], cur[2]))
                state["cur"] = None
            if state["depth"] < 0:
                state["depth"] = 0
    funcs.sort()
    return funcs, parens


def analyze_defines(text):
    stripped = strip_comments(text)
    masked, changes, defines, events, nodir = process_directives(stripped)
    # call regions are cut from the text without directive lines
    return defines, nodir, masked, (changes, events)


def analyze_calls(stripped, masked, cinfo, names):
    """Candidate calls of names: list of (name, start, end, line, region, func, snap, decl)."""
    changes, events = cinfo
    funcs, parens = find_functions(masked, events)
    fstarts = [f[0] for f in funcs]
    change_offs = [c[0] for c in changes]
    nl = [m.start() for m in re.finditer("\n", stripped)]
    calls = []
    for m in RE_CALL.finditer(masked):
        name = m.group(1)
        if name not in names:
            continue
        op = m.end() - 1
        # matching ')'
        close = None
        # find close by scanning parens dict (reverse map)
        depth = 0
        k = op
        n = len(masked)
        seg = masked
        while k < n:
            ch = seg[k]
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    close = k
                    break
            k += 1
        if close is None:
            continue
        start = m.start()
        line = bisect.bisect_right(nl, start) + 1
        # declaration / definition?  previous significant token
        j = start - 1
        while j >= 0 and masked[j] in " \t\r\n":
            j -= 1
        decl = False
        if j >= 0:
            if masked[j] == "*":
                decl = True
            elif masked[j].isalnum() or masked[j] == "_":
                pm = re.search(r"([A-Za-z_]\w*)$", masked[max(0, j - 60):j + 1])
                if pm and pm.group(1) not in ("return", "else", "do", "case", "goto"):
                    decl = True
        fi = bisect.bisect_right(fstarts, start) - 1
        func = funcs[fi][2] if fi >= 0 and funcs[fi][0] < start < funcs[fi][1] else None
        snap = changes[bisect.bisect_right(change_offs, start) - 1][1]
        calls.append((name, start, close + 1, line, stripped[start:close + 1], func,
                      (snap.rel, snap.alt, snap.dead), decl))
    return calls

# ---------------------------------------------------------------------------
# Macro table
# ---------------------------------------------------------------------------

class MacroDef:
    __slots__ = ("name", "params", "vararg", "body", "path", "order", "rel", "_toks")

    def __init__(self, name, params, body, path, order, rel):
        self.name = name
        self.vararg = None
        if params is not None:
            ps = [p.strip() for p in params.strip()[1:-1].split(",")] if params.strip() != "()" else []
            ps = [p for p in ps if p]
            if ps and ps[-1].endswith("..."):
                v = ps[-1][:-3].strip()
                self.vararg = v if v else "__VA_ARGS__"
                ps = ps[:-1] + [self.vararg]
            self.params = ps
        else:
            self.params = None
        self.body, self.path, self.order, self.rel = body, path, order, rel
        self._toks = None

    @property
    def toks(self):
        if self._toks is None:
            self._toks = tokenize(self.body)
        return self._toks


REL_RANK = {True: 2, None: 1, False: 0}


class MacroTable:
    def __init__(self):
        self.defs = collections.defaultdict(list)
        self.wrappers = set()
        self.by_file = collections.defaultdict(dict)
        self.module_has = collections.defaultdict(set)
        self._reach = {}
        self._sel = {}
        self.printers = set(SINKS)
        self.paramcall = set()

    def add(self, d):
        self.defs[d.name].append(d)
        self.by_file[d.path].setdefault(d.name, []).append(d)
        self.module_has[module_of(d.path)].add(d.name)

    def finish(self):
        for lst in self.defs.values():
            lst.sort(key=lambda d: (d.path, d.order))
        # wrappers: macros whose body reaches a sink, directly or through other wrappers
        rev = collections.defaultdict(set)
        for name, lst in self.defs.items():
            if name in SINKS or name in NOPRINT:
                continue        # a macro that never prints does not make its users print
            for d in lst:
                for ident in set(RE_IDENT.findall(d.body)):
                    rev[ident].add(name)
        queue = sorted(SINKS)
        seen = set(queue)
        while queue:
            ident = queue.pop()
            for m in sorted(rev.get(ident, ())):
                if m not in seen:
                    seen.add(m)
                    self.wrappers.add(m)
                    queue.append(m)
        self.printers = self.wrappers | set(SINKS)
        # macros that call one of their parameters (UVM_PRINT_FUNC_PREFIX(func, ...) -> func(...))
        for name, lst in self.defs.items():
            for d in lst:
                if d.params and any(re.search(r"\b%s\s*\(" % re.escape(p), d.body) for p in d.params):
                    self.paramcall.add(name)
                    break

    def reaches(self, d):
        r = self._reach.get(id(d))
        if r is None:
            ids = set(RE_IDENT.findall(d.body))
            r = self._reach[id(d)] = bool(ids & self.printers)
        return r

    def select(self, name, path, want_func=None, need_wrapper=False):
        """Pick the definition of name that applies to a use in path.
        Returns (MacroDef, release_ok) or (None, True)."""
        if name in self.by_file.get(path, ()):
            ck = (name, path, want_func, need_wrapper)
        else:
            ck = (name, module_of(path), path.split("/")[0], want_func, need_wrapper)
        r = self._sel.get(ck)
        if r is None:
            r = self._sel[ck] = self._select(name, path, want_func, need_wrapper)
        return r

    def _select(self, name, path, want_func, need_wrapper):
        if name in BUILTIN_FUNC_MACROS and want_func is not False:
            params, body = BUILTIN_FUNC_MACROS[name]
            return MacroDef(name, "(" + ",".join(params) + ")", body, "<builtin>", 0, True), True
        local = self.by_file.get(path, {}).get(name)
        cands = local if local else self.defs.get(name)
        if not cands and name in MODULE_LOCAL_MACROS:
            params, body = MODULE_LOCAL_MACROS[name]
            return MacroDef(name, "(" + ",".join(params) + ")", body, "<builtin>", 0, True), True
        if not cands:
            return None, True
        if name in MODULE_LOCAL_MACROS and not local:
            mod = module_of(path)
            cands = [d for d in cands if module_of(d.path) == mod]
            if not cands:
                params, body = MODULE_LOCAL_MACROS[name]
                return MacroDef(name, "(" + ",".join(params) + ")", body, "<builtin>", 0, True), True
        if want_func is not None:
            c2 = [d for d in cands if (d.params is not None) == want_func]
            if not c2:
                return None, True
            cands = c2
        mod = module_of(path)
        mtop = path.split("/")[0]

        def score(d):
            return (REL_RANK[d.rel], module_of(d.path) == mod, d.path.split("/")[0] == mtop)
        ordered = sorted(cands, key=lambda d: (-score(d)[0], not score(d)[1], not score(d)[2],
                                               d.path, d.order))
        best = ordered[0]
        if need_wrapper:
            # A macro that prints in one #if branch and not in another, with the
            # branch condition unknown, is taken to print only in debug builds.
            top = [d for d in ordered if REL_RANK[d.rel] == REL_RANK[best.rel]]
            if not self.reaches(best) or any(not self.reaches(d) for d in top):
                for d in ordered:
                    if self.reaches(d):
                        return d, False
        return best, best.rel is not False

# ---------------------------------------------------------------------------
# Expansion and evaluation
# ---------------------------------------------------------------------------

class Ctx:
    __slots__ = ("path", "func", "line", "rel", "gate", "table", "version", "depth", "budget", "outer",
                 "active")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))

    def child(self, **kw):
        c = Ctx(**{k: getattr(self, k) for k in self.__slots__})
        for k, v in kw.items():
            setattr(c, k, v)
        return c


class Skip(Exception):
    pass


def expand_macro(d, args, line):
    params = d.params or []
    amap = {}
    if d.vararg:
        fixed = len(params) - 1
        for i in range(fixed):
            amap[params[i]] = args[i] if i < len(args) else []
        rest = args[fixed:]
        va = []
        for i, a in enumerate(rest):
            if i:
                va.append(Tok("op", ",", line, False))
            va.extend(a)
        amap[d.vararg] = va
    else:
        if len(args) != len(params) and not (len(params) == 1 and not args):
            raise Skip("macro argument count mismatch", d.name)
        for i, p in enumerate(params):
            amap[p] = args[i] if i < len(args) else []
    out = []
    body = d.toks
    i = 0
    n = len(body)
    while i < n:
        t = body[i]
        if t.kind == "op" and t.text == "#" and i + 1 < n and body[i + 1].text in amap:
            out.append(stringify(amap[body[i + 1].text], line)._replace(ws=t.ws))
            i += 2
            continue
        if t.kind == "op" and t.text == "##" and i + 1 < n:
            nxt = body[i + 1]
            rhs = amap[nxt.text] if nxt.text in amap else [nxt]
            if not rhs:
                if out and out[-1].text == "," and nxt.text == d.vararg:
                    out.pop()
            elif out and out[-1].text == ",":
                out.extend(Tok(x.kind, x.text, line, x.ws) for x in rhs)
            elif out:
                lhs = out.pop()
                pasted = lhs.text + rhs[0].text
                kind = "id" if RE_IDENT.fullmatch(pasted) else ("num" if pasted[:1].isdigit() else lhs.kind)
                out.append(Tok(kind, pasted, line, lhs.ws))
                out.extend(Tok(x.kind, x.text, line, x.ws) for x in rhs[1:])
            else:
                out.extend(Tok(x.kind, x.text, line, x.ws) for x in rhs)
            i += 2
            continue
        if t.kind == "id" and t.text in amap:
            a = amap[t.text]
            if i + 1 < n and body[i + 1].text == "##":
                out.extend(Tok(x.kind, x.text, line, x.ws) for x in a)
            else:
                for k, x in enumerate(a):
                    out.append(Tok(x.kind, x.text, line, t.ws if k == 0 else x.ws))
            i += 1
            continue
        out.append(Tok(t.kind, t.text, line, t.ws))
        i += 1
    return out


def resolve_func_name(func, table, path):
    """Function names made by a macro (V2_CONVERTER(cmd)) are expanded."""
    if func is None or "(" not in func:
        return func
    text = func
    for _ in range(8):
        toks = tokenize(text)
        if len(toks) == 1 and toks[0].kind == "id":
            return toks[0].text
        if len(toks) < 3 or toks[0].kind != "id" or toks[1].text != "(":
            return func
        d, _ = table.select(toks[0].text, path, want_func=True)
        if d is None:
            return func
        args, end = split_args(toks, 1)
        if args is None:
            return func
        try:
            exp = expand_macro(d, args, 0) + toks[end + 1:]
        except Skip:
            return func
        text = "".join((" " if t.ws else "") + t.text for t in exp).strip()
    return func


def strip_parens(toks):
    while len(toks) >= 2 and toks[0].text == "(" and toks[-1].text == ")":
        depth = 0
        ok = True
        for k, t in enumerate(toks):
            if t.text == "(":
                depth += 1
            elif t.text == ")":
                depth -= 1
                if depth == 0 and k != len(toks) - 1:
                    ok = False
                    break
        if not ok:
            break
        toks = toks[1:-1]
    return toks


def eval_string(toks, ctx, seen=()):
    """Evaluate a C string expression; returns list of (text, kern_level) alternatives."""
    toks = strip_parens(list(toks))
    if not toks:
        raise Skip("format is empty")
    # top-level ternary: cond ? a : b
    depth = 0
    q = None
    for k, t in enumerate(toks):
        if t.text in "([{" and t.kind == "op":
            depth += 1
        elif t.text in ")]}" and t.kind == "op":
            depth -= 1
        elif depth == 0 and t.text == "?" and q is None:
            q = k
        elif depth == 0 and t.text == ":" and q is not None:
            return eval_string(toks[q + 1:k], ctx, seen) + eval_string(toks[k + 1:], ctx, seen)
    alts = [("", None)]
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "str":
            piece = [(decode_c_string(t.text), None)]
            i += 1
        elif t.kind == "id":
            name = t.text
            if name.startswith("KERN_") and name in LEVEL_MAP or name in ("KERN_CONT", "KERN_DEFAULT"):
                piece = [("", name)]
                i += 1
            elif i + 1 < n and toks[i + 1].text == "(":
                d, _ = ctx.table.select(name, ctx.path, want_func=True)
                if d is None or name in seen:
                    raise Skip("format is not a string literal", name + "(...)")
                args, end = split_args(toks, i + 1)
                if args is None:
                    raise Skip("unbalanced parentheses")
                piece = eval_string(expand_macro(d, args, t.line), ctx, seen + (name,))
                i = end + 1
            else:
                if name in BUILTIN_STRING_MACROS:
                    piece = [(BUILTIN_STRING_MACROS[name], None)]
                else:
                    d, _ = ctx.table.select(name, ctx.path, want_func=False)
                    if d is None or name in seen:
                        raise Skip("format is not a string literal", name)
                    piece = eval_string(d.toks, ctx, seen + (name,))
                i += 1
        else:
            raise Skip("format is not a string literal", t.text)
        new = []
        for a_text, a_kern in alts:
            for p_text, p_kern in piece:
                new.append((a_text + p_text, a_kern or p_kern))
        alts = new
        if len(alts) > 16:
            raise Skip("too many format alternatives")
    return alts


def resolve_level(toks, ctx):
    """Returns (source_level_text, canonical_name or None)."""
    toks = strip_parens(list(toks))
    text = " ".join(t.text for t in toks)
    if len(toks) == 1 and toks[0].kind == "id":
        name = toks[0].text
        seen = set()
        while name not in LEVEL_MAP and name not in seen:
            seen.add(name)
            d, _ = ctx.table.select(name, ctx.path, want_func=False)
            if d is None:
                break
            bt = strip_parens(d.toks)
            if len(bt) == 1 and bt[0].kind in ("id", "num"):
                name = bt[0].text
            else:
                break
        if name in LEVEL_MAP:
            return text, name
        if re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", name):
            return text, name
    if len(toks) == 1 and toks[0].kind == "num":
        return text, toks[0].text
    return text, None


def numeric_value(toks, ctx):
    toks = strip_parens(list(toks))
    if len(toks) == 1 and toks[0].kind == "num":
        m = re.match(r"(0[xX][0-9a-fA-F]+|\d+)", toks[0].text)
        return int(m.group(1), 0) if m else None
    if len(toks) == 1 and toks[0].kind == "id":
        d, _ = ctx.table.select(toks[0].text, ctx.path, want_func=False)
        if d is not None:
            return numeric_value(d.toks, ctx)
    return None

# ---------------------------------------------------------------------------
# Entries
# ---------------------------------------------------------------------------

PREFIXES = {
    "nvidia-rm": ["NVRM: GPU %04x:%02x:%02x.%x: ", "NVRM: "],
    "nvidia-kernel": ["NVRM: GPU %04x:%02x:%02x.%x: ", "NVRM: ", "nvidia-nvlink: ", "nvidia-nvswitch: ",
                      "nvidia: %s:%u[pid:%d] ", "nvidia: "],
    "nvidia-modeset": ["nvidia-modeset: ERROR: GPU:%d: ", "nvidia-modeset: WARNING: GPU:%d: ",
                       "nvidia-modeset: GPU:%d: ", "nvidia-modeset: ERROR: ", "nvidia-modeset: WARNING: ",
                       "nvidia-modeset: ", "NVRM: "],
    "nvidia-drm": ["[drm] [nvidia-drm] [GPU ID 0x%08x] ", "[drm] [nvidia-drm] ",
                   "[nvidia-drm] [GPU ID 0x%08x] ", "[nvidia-drm] ", "[GPU ID 0x%08x] "],
    "nvidia-uvm": ["nvidia-uvm: %s:%u %s[pid:%d] ", "nvidia-uvm: ", "nvidia: %s:%u[pid:%d] ", "NVRM: "],
    "nvidia-peermem": ["nvidia-peermem %s:%d ERROR ", "nvidia-peermem %s:%d TRACE ", "nvidia-peermem: "],
}


def split_prefix(component, text):
    for p in PREFIXES.get(component, ()):
        if text.startswith(p):
            return p, text[len(p):]
    return "", text


class Collector:
    def __init__(self):
        self.skips = collections.Counter()
        self.skip_examples = collections.defaultdict(list)
        self.calls = 0
        self.assert_sites = False
        self.folded = collections.Counter()

    def skip(self, reason, ctx, detail=""):
        self.skips[reason] += 1
        ex = self.skip_examples[reason]
        if len(ex) < 3:
            ex.append("%s:%s%s" % (ctx.path, ctx.line, " (%s)" % detail if detail else ""))


def rm_printed(level_name, source_text):
    if level_name is None:
        return any(l in source_text for l in RM_PRINTED)
    return level_name in RM_PRINTED


def handle_sink(name, args, ctx, out, col):
    spec = SINKS[name]
    kind = spec["kind"]
    col.calls += 1

    def arg(i):
        if i >= len(args):
            raise Skip("missing argument", "%s arg %d" % (name, i))
        return args[i]

    def emit(component, fmt_text, level, source_level, printed, prefix=None, function=None,
             extra=None):
        if not fmt_text.strip() and not prefix:
            # e.g. printk(KERN_ERR, "text"): the text is an argument, the format is empty
            raise Skip("format is empty or only blanks", name)
        e = {"component": component, "format": fmt_text, "function": function,
             "level": level, "source_level": source_level,
             "printed_in_release": bool(printed) and ctx.rel is not False and not ctx.gate}
        if prefix is not None:
            e["prefix"] = prefix
        if ctx.rel is False:
            e["debug_only"] = True
        if ctx.gate:
            e["gate"] = GATES[ctx.gate]
        if extra:
            e.update(extra)
        out.append(e)

    fn = ctx.func
    if kind in ("rm", "rm_ex", "rm_cond"):
        levels = [arg(i) for i in spec["lvl"]] if kind == "rm_cond" else [arg(spec["lvl"])]
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            for lt in levels:
                src, lname = resolve_level(lt, ctx)
                level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
                printed = rm_printed(lname, src)
                if kind == "rm_ex":
                    if fmt_text.startswith("NVRM"):
                        rest = fmt_text[4:]
                        if rest.startswith(": "):
                            emit("nvidia-rm", rest[2:], level, src, printed, function=fn)
                        else:
                            emit("nvidia-rm", rest, level, src, printed, prefix="NVRM: <function>",
                                 function=fn)
                    else:
                        emit("nvidia-rm", fmt_text, level, src, printed, prefix="", function=fn)
                else:
                    emit("nvidia-rm", fmt_text, level, src, printed, function=fn)
        return
    if kind in ("rm_raw", "rm_rawlevel", "xid_data"):
        if kind == "rm_rawlevel":
            src, lname = resolve_level(arg(spec["lvl"]), ctx)
            level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
            val = RM_LEVEL_VALUE.get(lname, NVDBG_VALUE.get(lname))
            printed = val is not None and val >= 3
        else:
            src = spec["lvl"] if kind == "rm_raw" else "NV_ERROR_LOG_DATA (portDbgPrintf)"
            level = "unknown" if kind == "rm_raw" else "error"
            printed = True
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            if kind == "xid_data":
                fmt_text = "NVRM: " + fmt_text
            p, rest = split_prefix("nvidia-rm", fmt_text)
            emit("nvidia-rm", rest, level, src, printed, prefix=p, function=fn)
        return
    if kind == "xid":
        num = arg(spec["lvl"])
        val = numeric_value(num, ctx)
        xid = val if val is not None else " ".join(t.text for t in num)
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            emit("nvidia-rm", fmt_text, "error", "Xid", True,
                 prefix="NVRM: Xid (PCI:%04x:%02x:%02x): %d, pid=%s, name=%s, ",
                 function=fn, extra={"xid": xid})
        return
    if kind == "assert":
        if not col.assert_sites:
            # printed through the helper's own generic entry (nvassert.c)
            col.folded[spec["helper"]] += 1
            return
        if isinstance(spec["lvl"], int):
            src, lname = resolve_level(arg(spec["lvl"]), ctx)
        else:
            src, lname = spec["lvl"], spec["lvl"]
        level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
        printed = rm_printed(lname, src)
        for expr, _ in eval_string(arg(spec["fmt"]), ctx):
            base = os.path.basename(ctx.outer)
            text = ASSERT_FMT[spec["form"]].format(expr=expr.replace("%", "%%"),
                                                    file=base.replace("%", "%%"))
            emit("nvidia-rm", text, level, src, printed, function=spec["helper"],
                 extra={"caller": fn})
        return
    component = MODULE_COMPONENT[module_of(ctx.path)]
    if kind == "nvdbg":
        src, lname = resolve_level(arg(spec["lvl"]), ctx)
        level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
        val = NVDBG_VALUE.get(lname, RM_LEVEL_VALUE.get(lname))
        if val is None and lname and re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", lname):
            val = int(lname, 0)
            level = {0: "info", 1: "info", 2: "notice", 3: "warning", 4: "error"}.get(val, "unknown")
        if val is None:
            printed = "NV_DBG_ERRORS" in src or "NV_DBG_WARNINGS" in src
        else:
            printed = val >= 3
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            p, rest = split_prefix(component, fmt_text)
            emit(component, rest, level, src, printed, prefix=p, function=fn)
        return
    if kind == "nvlink":
        a0 = arg(0)
        src, lname = resolve_level(a0, ctx)
        level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
        for fmt_text, _ in eval_string(arg(1), ctx):
            emit(component, fmt_text, level, src, True, prefix="nvidia-nvlink: ", function=fn)
        return
    if kind == "evo":
        src, lname = resolve_level(arg(spec["lvl"]), ctx)
        level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
        lp = {"EVO_LOG_ERROR": "ERROR: ", "EVO_LOG_WARN": "WARNING: "}.get(lname, "")
        prefix = "nvidia-modeset: " + lp + ("GPU:%d: " if spec["gpu"] else "")
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            emit("nvidia-modeset", fmt_text + "\n", level, src, not spec["debug"], prefix=prefix,
                 function=fn, extra={"debug_only": True} if spec["debug"] else None)
        return
    if kind == "nvkms_log":
        src, lname = resolve_level(arg(0), ctx)
        level = LEVEL_MAP.get(lname, "unknown") if lname else "unknown"
        lp = {"NVKMS_LOG_LEVEL_ERROR": "ERROR: ", "NVKMS_LOG_LEVEL_WARN": "WARNING: "}.get(lname, "")
        try:
            gp = [t for t, _ in eval_string(arg(1), ctx)]
        except Skip:
            gp = ["%s"]
        for g in gp:
            for fmt_text, _ in eval_string(arg(2), ctx):
                emit("nvidia-modeset", fmt_text + "\n", level, src, True,
                     prefix="nvidia-modeset: " + lp + g, function=fn)
        return
    if kind in ("printk", "pr", "dev", "panic", "warn"):
        fmt_toks = arg(spec["fmt"])
        if kind == "pr":
            fmt_toks = [Tok("id", "pr_fmt", ctx.line, False), Tok("op", "(", ctx.line, False)] + \
                list(fmt_toks) + [Tok("op", ")", ctx.line, False)]
        for fmt_text, kern in eval_string(fmt_toks, ctx):
            if kind in ("pr", "dev"):
                src = name
                lname = spec["lvl"]
                printed = not spec.get("dyn")
            elif kind == "printk":
                lname = kern
                src = (name + "(" + kern + ")") if kern else name + " (default loglevel)"
                printed = True
            else:
                lname = None
                src = spec["lvl"]
                printed = True
            level = LEVEL_MAP.get(lname, "unknown") if lname else ("fatal" if kind == "panic" else
                                                                 "warning" if kind in ("warn", "printk")
                                                                 else "unknown")
            if lname == "KERN_CONT":
                level = "unknown"
            prefix = ""
            if kind == "panic":
                prefix = "Kernel panic - not syncing: "
            elif kind == "dev":
                prefix = "<driver> <device>: "
            p, rest = split_prefix(component, fmt_text)
            emit(component, rest, level, src, printed, prefix=prefix + p, function=fn)
        return
    if kind == "drm":
        level = spec["level"]
        printed = level != "debug"
        for fmt_text, _ in eval_string(arg(spec["fmt"]), ctx):
            p, rest = split_prefix(component, fmt_text)
            emit(component, rest, level, name, printed, prefix=p, function=fn)
        return
    raise Skip("unhandled sink", kind)


def scan_tokens(toks, ctx, out, col, top=False):
    i = 0
    n = len(toks)
    table = ctx.table
    while i < n:
        t = toks[i]
        if t.kind != "id":
            i += 1
            continue
        name = t.text
        nxt = toks[i + 1].text if i + 1 < n else None
        if nxt == "(" and name in NOPRINT:
            args, end = split_args(toks, i + 1)
            i = (end + 1) if args is not None else n
            continue
        if nxt == "(" and name in SINKS:
            args, end = split_args(toks, i + 1)
            if args is None:
                col.skip("unbalanced call", ctx)
                return
            sctx = ctx.child(line=t.line)
            try:
                handle_sink(name, args, sctx, out, col)
            except Skip as e:
                col.skip(e.args[0], sctx, e.args[1] if len(e.args) > 1 else "")
            i = end + 1
            continue
        if name in SINKS:
            i += 1
            continue
        expandable = name in table.wrappers
        if not expandable and not top and nxt == "(" and name in table.defs:
            # a helper macro inside a wrapper's expansion: expand it when a print
            # primitive is passed to it (UVM_PRINT_FUNC_PREFIX_CHECK(printk, ...))
            # or when it calls one of its parameters
            args, end = split_args(toks, i + 1)
            if args is not None and (name in table.paramcall or
                                     any(x.kind == "id" and x.text in table.printers for a in args for x in a)):
                expandable = True
        if expandable and ctx.active and name in ctx.active:
            expandable = False     # a macro is not expanded inside its own expansion
        if expandable and ctx.depth < 24:
            d = None
            if nxt == "(":
                d, ok = table.select(name, ctx.path, want_func=True, need_wrapper=name in table.wrappers)
            if d is not None and d.params is not None:
                args, end = split_args(toks, i + 1)
                if args is None:
                    col.skip("unbalanced call", ctx)
                    return
                try:
                    exp = expand_macro(d, args, t.line)
                except Skip as e:
                    col.skip("macro argument count mismatch", ctx.child(line=t.line))
                    i = end + 1
                    continue
                ctx.budget[0] -= len(exp)
                if ctx.budget[0] < 0:
                    col.skip("expansion too large", ctx)
                    return
                gate = ctx.gate
                for g in GATES:
                    if any(x.text == g for x in exp):
                        gate = g
                sub = ctx.child(depth=ctx.depth + 1, rel=_tri_and(ctx.rel, True if ok else False),
                                gate=gate, active=(ctx.active or frozenset()) | {name})
                scan_tokens(exp, sub, out, col)
                i = end + 1
                continue
            if name in table.wrappers:
                dd, ok = table.select(name, ctx.path, want_func=False, need_wrapper=True)
                if dd is not None:
                    # object-like alias or statement macro: splice its body
                    exp = [Tok(x.kind, x.text, t.line, x.ws) for x in dd.toks]
                    sub = ctx.child(depth=ctx.depth + 1, rel=_tri_and(ctx.rel, True if ok else False),
                                    active=(ctx.active or frozenset()) | {name})
                    scan_tokens(exp + list(toks[i + 1:]), sub, out, col, top=top)
                    return
        i += 1

# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

class Extractor:
    def __init__(self):
        self.def_cache = {}      # blob key -> defines list
        self.call_cache = {}     # (blob key, names id) -> calls
        self.tok_cache = {}

    def version_tables(self, inp):
        table = MacroTable()
        for path, key in inp.files():
            if not in_def_scope(path) and not (inp.folder and path.endswith(SRC_EXT)):
                continue
            defs = self.def_cache.get(key)
            if defs is None:
                text = inp.read(key).decode("utf-8", "replace")
                defs = [(n, p, b, s.rel, s.dead, off) for (n, p, b, s, off) in analyze_defines(text)[0]]
                if not key.startswith("file:"):
                    self.def_cache[key] = defs
            for (n, p, b, rel, dead, off) in defs:
                if dead:
                    continue
                table.add(MacroDef(n, p, b, path, off, rel))
        table.finish()
        return table

    def scan_version(self, inp, table, names, col):
        out_all = []
        for path, key in inp.files():
            if not in_scan_scope(path, inp.folder is not None):
                continue
            ck = (key, id(names))
            calls = self.call_cache.get(ck)
            if calls is None:
                raw = inp.read(key)
                text = raw.decode("utf-8", "replace")
                if not any(nm in text for nm in ("print", "PRINT", "ASSERT", "CHECK", "Log", "LOG", "WARN",
                                                 "panic", "pr_", "dev_", "drm_", "DRM_", "_err", "_info")):
                    calls = []
                else:
                    defines, stripped, masked, changes = analyze_defines(text)
                    calls = analyze_calls(stripped, masked, changes, names)
                if not key.startswith("file:"):
                    self.call_cache[ck] = calls
            done_until = -1
            vnames = table.wrappers | set(SINKS)
            for (name, start, end, line, region, func, snap, decl) in calls:
                if start < done_until:
                    continue
                if name not in vnames:
                    continue
                rel, alt, dead = snap
                func = resolve_func_name(func, table, path)
                ctx = Ctx(path=path, outer=path, func=func, line=line, rel=rel, gate=None, table=table,
                          depth=0, budget=[200000])
                if decl:
                    col.skip("declaration or definition, not a call", ctx)
                    done_until = end
                    continue
                if dead:
                    col.skip("inside #if 0", ctx)
                    done_until = end
                    continue
                done_until = end
                toks = self.tok_cache.get((region, line))
                if toks is None:
                    toks = tokenize(region, line)
                    self.tok_cache[(region, line)] = toks
                out = []
                scan_tokens(toks, ctx, out, col, top=True)
                for e in out:
                    e["file"] = path
                    e["line"] = line
                    e["subsystem"] = subsystem_of(path, e.get("caller") or e.get("function"))
                    out_all.append(e)
        return out_all


ENTRY_KEYS = ["format", "prefix", "function", "caller", "xid", "level", "source_level",
              "printed_in_release", "debug_only", "gate", "subsystem", "file", "line", "first", "last"]


def build_catalogs(results, versions, extra_sources, with_lines):
    """results: list of (version_index, entries). Returns component -> list of entries."""
    merged = {}
    funcs = collections.defaultdict(set)

    def loudness(e):
        return (bool(e["printed_in_release"]), SEVERITY[e["level"]])

    for vi, entries in results:
        seen_here = {}
        for e in entries:
            # debug-only prints (compiled out of release drivers) are merged across
            # functions: one entry per distinct printed text
            fkey = None if e.get("debug_only") else e.get("function")
            key = (e["component"], fkey, e.get("prefix"), e["format"])
            if fkey is None and e.get("debug_only"):
                funcs[key].add(e.get("function"))
            prev = seen_here.get(key)
            if prev is not None:
                if SEVERITY[e["level"]] > SEVERITY[prev["level"]] or \
                        (e["printed_in_release"] and not prev["printed_in_release"]):
                    e = dict(e)
                    # Extractions saved without --lines (--save-extracted data) hold no "line".
                    e["file"] = prev["file"]
                    if "line" in prev:
                        e["line"] = prev["line"]
                    else:
                        e.pop("line", None)
                    if prev.get("caller") and not e.get("caller"):
                        e["caller"] = prev["caller"]
                    seen_here[key] = e
                continue
            seen_here[key] = e
        for key, e in seen_here.items():
            m = merged.get(key)
            rank = loudness(e) + (vi,)
            if m is None:
                m = merged[key] = {"newest": (vi, e), "first": vi, "last": vi, "loudest": (rank, e)}
            else:
                m["first"] = min(m["first"], vi)
                if vi >= m["last"]:
                    m["last"] = vi
                if vi >= m["newest"][0]:
                    m["newest"] = (vi, e)
                if rank > m["loudest"][0]:
                    m["loudest"] = (rank, e)
    catalogs = collections.defaultdict(list)
    for key, m in merged.items():
        e = dict(m["newest"][1])
        # A line is in a log only as printed by a release that prints it: when an older
        # release printed the text louder (LEVEL_ERROR before a newer one made it LEVEL_INFO,
        # which a release build does not print), that is the level the line is seen at.
        loud = m["loudest"][1]
        if loudness(loud) > loudness(e):
            for k in ("level", "source_level", "printed_in_release"):
                e[k] = loud[k]
        if len(funcs.get(key, ())) > 1:
            e["function"] = None
            e.pop("caller", None)
        comp = e.pop("component")
        e["first"] = versions[m["first"]]
        e["last"] = versions[m["last"]]
        if not with_lines:
            e.pop("line", None)
        if e.get("function") is None:
            e["function"] = None
        obj = collections.OrderedDict()
        for k in ENTRY_KEYS:
            if k in e and (e[k] is not None or k == "function"):
                obj[k] = e[k]
        catalogs[comp].append(obj)
    for comp in catalogs:
        catalogs[comp].sort(key=lambda o: (o["file"], o.get("line", 0), o.get("function") or "",
                                           o["format"], o.get("prefix", "")))
    return catalogs


def write_catalog(path, component, entries, versions, extra_sources, repo_name):
    meta = COMPONENTS[component]
    src = collections.OrderedDict([("repo", repo_name), ("versions", versions)])
    if extra_sources:
        src["extra"] = extra_sources
    head = collections.OrderedDict([
        ("schema", SCHEMA), ("component", component), ("title", meta["title"]),
        ("line_format", meta["line_format"]), ("notes", meta["notes"]),
        ("generator", GENERATOR), ("source", src), ("count", len(entries)),
    ])
    lines = ["{"]
    for k, v in head.items():
        lines.append(" %s: %s," % (json.dumps(k), json.dumps(v, ensure_ascii=False)))
    lines.append(' "messages": [')
    for i, e in enumerate(entries):
        lines.append("  " + json.dumps(e, ensure_ascii=False, separators=(",", ":")) +
                     ("," if i + 1 < len(entries) else ""))
    lines.append(" ]")
    lines.append("}")
    data = "\n".join(lines) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(data)
    return len(data.encode("utf-8"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("gitdir", nargs="?", help="bare git repository of NVIDIA/open-gpu-kernel-modules")
    ap.add_argument("outdir", nargs="?", help="output directory (e.g. rules/catalogs/messages)")
    ap.add_argument("--git", dest="gitdir_opt", help="same as the first positional argument")
    ap.add_argument("--out", dest="outdir_opt", help="same as the second positional argument")
    ap.add_argument("--folder", action="append", default=[], metavar="DIR",
                    help="a plain folder of sources to read as one version (repeatable; pair with --version)")
    ap.add_argument("--version", action="append", default=[], metavar="V",
                    help="the driver version of the matching --folder")
    ap.add_argument("--origin", action="append", default=[], metavar="TEXT",
                    help="where the matching --folder came from (recorded in source.extra)")
    ap.add_argument("--extracted", action="append", default=[], metavar="FILE",
                    help="a JSON file written earlier by --save-extracted (repeatable)")
    ap.add_argument("--save-extracted", metavar="FILE",
                    help="write the raw extraction of the --folder inputs to FILE")
    ap.add_argument("--branches", default=",".join(DEFAULT_BRANCHES),
                    help="driver branches whose first and newest tags are read (default: %(default)s)")
    ap.add_argument("--tags", help="comma-separated tags to read instead of the first and newest per branch")
    ap.add_argument("--lines", action="store_true",
                    help="also write source line numbers (left out by default to keep the catalogs small)")
    ap.add_argument("--assert-sites", action="store_true",
                    help="also write one nvidia-rm entry per NV_ASSERT/NV_CHECK site, with the expression and "
                         "file name filled into the helper's format (large: ~10,000 entries)")
    ap.add_argument("--repo-name", default="NVIDIA/open-gpu-kernel-modules")
    args = ap.parse_args(argv)
    gitdir = args.gitdir_opt or args.gitdir
    outdir = args.outdir_opt or args.outdir
    if gitdir and not outdir and not args.gitdir_opt and (args.folder or args.extracted):
        # "gen.py OUTDIR --folder ..." form
        outdir, gitdir = gitdir, None
    if not outdir:
        ap.error("an output directory is required")
    if len(args.folder) != len(args.version):
        ap.error("every --folder needs a --version")
    t0 = time.time()
    inputs = []
    repo = None
    if gitdir:
        repo = GitRepo(gitdir)
        tags = [t for t in repo.tags() if re.fullmatch(r"\d+\.\d+(\.\d+)*", t)]
        if args.tags:
            chosen = [t for t in args.tags.split(",") if t]
        else:
            # The first and the newest release of every branch: a message reworded inside a
            # branch (515.43 -> 515.105, early 525 and 535 releases) keeps the wording the
            # first release printed as well as today's, and an entry's first/last say which.
            first, best = {}, {}
            for t in tags:
                br = t.split(".")[0]
                if br in args.branches.split(","):
                    if br not in best or version_key(t) > version_key(best[br]):
                        best[br] = t
                    if br not in first or version_key(t) < version_key(first[br]):
                        first[br] = t
            chosen = []
            for b in sorted(best, key=int):
                if first[b] != best[b]:
                    chosen.append(first[b])
                chosen.append(best[b])
        for t in chosen:
            inputs.append(Input(t, repo=repo, tag=t))
    extra_sources = []
    for i, (folder, ver) in enumerate(zip(args.folder, args.version)):
        inputs.append(Input(ver, folder=folder))
        es = collections.OrderedDict([("version", ver)])
        if i < len(args.origin):
            es["origin"] = args.origin[i]
        extra_sources.append(es)
    pre_extracted = []
    for fn in args.extracted:
        with open(fn, encoding="utf-8") as f:
            blob = json.load(f)
        for part in blob["inputs"]:
            pre_extracted.append(part)
            es = collections.OrderedDict([("version", part["version"])])
            if part.get("origin"):
                es["origin"] = part["origin"]
            extra_sources.append(es)
    if not inputs and not pre_extracted:
        ap.error("nothing to read: give a git directory, --folder or --extracted")

    ex = Extractor()
    col = Collector()
    col.assert_sites = args.assert_sites
    # pass 1: macro tables
    tables = []
    for inp in inputs:
        tables.append(ex.version_tables(inp))
    names = set(SINKS)
    for tb in tables:
        names |= tb.wrappers
    names = frozenset(names)
    # pass 2: calls
    raw_results = []
    per_version = []
    for inp, tb in zip(inputs, tables):
        c0 = col.calls
        s0 = sum(col.skips.values())
        entries = ex.scan_version(inp, tb, names, col)
        raw_results.append((inp.version, entries))
        per_version.append((inp.version, col.calls - c0, sum(col.skips.values()) - s0, len(entries),
                            len(tb.wrappers)))
    if repo is not None:
        repo.close()
    if args.save_extracted:
        parts = []
        for i, (folder, ver) in enumerate(zip(args.folder, args.version)):
            ents = [dict(e) for (v, es) in raw_results if v == ver for e in es]
            for e in ents:
                e.pop("line", None)     # excerpt line numbers mean nothing outside the excerpt
            part = collections.OrderedDict([("version", ver)])
            if i < len(args.origin):
                part["origin"] = args.origin[i]
            part["entries"] = ents
            parts.append(part)
        lines = ["{", ' "generator": %s,' % json.dumps(GENERATOR), ' "inputs": [']
        for pi, part in enumerate(parts):
            lines.append('  {"version": %s, "origin": %s, "entries": [' % (
                json.dumps(part["version"]), json.dumps(part.get("origin", ""), ensure_ascii=False)))
            ents = sorted(part["entries"], key=lambda e: (e["file"], e.get("function") or "", e["format"],
                                                          e.get("prefix", "")))
            for ei, e in enumerate(ents):
                lines.append("   " + json.dumps(e, ensure_ascii=False, sort_keys=True, separators=(",", ":")) +
                             ("," if ei + 1 < len(ents) else ""))
            lines.append("  ]}" + ("," if pi + 1 < len(parts) else ""))
        lines += [" ]", "}"]
        with open(args.save_extracted, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
    for part in pre_extracted:
        raw_results.append((part["version"], part["entries"]))
    # versions ordered oldest -> newest
    all_versions = sorted({v for v, _ in raw_results}, key=version_key)
    vindex = {v: i for i, v in enumerate(all_versions)}
    results = [(vindex[v], es) for v, es in raw_results]
    catalogs = build_catalogs(results, all_versions, extra_sources, args.lines)
    os.makedirs(outdir, exist_ok=True)
    main_versions = [inp.version for inp in inputs if inp.repo is not None]
    ver_list = main_versions if main_versions else [v for v in all_versions]
    total = 0
    summary = []
    for comp in COMPONENTS:
        ents = catalogs.get(comp, [])
        firsts = {e["first"] for e in ents}
        extras = [es for es in extra_sources if es["version"] in firsts]   # sources this catalog has entries of
        size = write_catalog(os.path.join(outdir, comp + ".json"), comp, ents, ver_list,
                             extras, args.repo_name if main_versions else "(folders)")
        total += size
        lv = collections.Counter(e["level"] for e in ents)
        summary.append((comp, len(ents), size, lv,
                        sum(1 for e in ents if e.get("function")),
                        sum(1 for e in ents if e["printed_in_release"])))
    # summary
    w = sys.stderr.write
    w("gen_kernel_messages: %d input version(s)\n" % len(per_version))
    for v, calls, skips, n, nw in per_version:
        w("  %-12s print calls %6d  entries %6d  skipped %5d  wrapper macros %d\n" % (v, calls, n, skips, nw))
    for part in pre_extracted:
        w("  %-12s (pre-extracted) entries %d\n" % (part["version"], len(part["entries"])))
    w("catalogs (%s):\n" % outdir)
    for comp, n, size, lv, nf, npr in summary:
        w("  %-16s %6d entries  %8d bytes  with function %d  printed in release %d  levels %s\n" % (
            comp, n, size, nf, npr, ", ".join("%s=%d" % (k, lv[k]) for k in sorted(lv))))
    w("  total %d bytes\n" % total)
    if col.folded:
        w("assertion sites (all versions) printed through the generic helper entries: %s\n" % ", ".join(
            "%s %d" % (k, col.folded[k]) for k in sorted(col.folded)))
    w("skipped calls (all versions): %d\n" % sum(col.skips.values()))
    for reason, cnt in sorted(col.skips.items(), key=lambda x: (-x[1], x[0])):
        w("  %6d  %s  e.g. %s\n" % (cnt, reason, ", ".join(col.skip_examples[reason])))
    w("time %.1f s\n" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
