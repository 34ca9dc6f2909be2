#!/usr/bin/env python3
"""Generate message catalogs (gputriage/messages/v1) from frameworks' public sources.

Reads source checkouts of PyTorch, TensorFlow, JAX and XLA and extracts the messages they print
about CUDA, the driver, cuDNN/cuBLAS, NCCL and GPUs: C++ log streams (LOG(ERROR) << ...),
checks (TORCH_CHECK, CHECK, TF_RET_CHECK), warnings (TORCH_WARN), status constructors
(errors::Internal, absl::InternalError(absl::StrCat(...)), tsl::Status(code, ...)) and Python
raise / warnings.warn / logger calls. Each message becomes a printf-style format (%s any text,
%d integer, %x hex, %% a literal percent) with its level, file, line and the first and last of
the given versions that contain it. A message that prints several lines gives one entry per
line (with "part": "i/n"), since logs are read line by line.

Standard library only, deterministic, never downloads. Usage:

  gen_framework_messages.py --component pytorch -o pytorch.json \\
      --version 1.13.1 /src/pytorch-1.13.1 --version 2.6.0 /src/pytorch-2.6.0
  gen_framework_messages.py --component jax -o jax.json /mirror/jax.git@jax-v0.4.30 ...

A SOURCE is a plain folder (give its label with --version before it) or a git directory with
@REV (read with git; the label defaults to REV). --map OLD=NEW before a SOURCE rewrites a path
prefix of that source, so that a tree bundled under another layout (TensorFlow's copy of XLA)
names its files as the project does. Give sources oldest first: `first` and `last` follow that
order. See tools/catalogs/README.md.
"""

import ast
import fnmatch
import json
import os
import re
import subprocess
import sys

SCHEMA = "gputriage/messages/v1"
GENERATOR = "tools/catalogs/gen_framework_messages.py"

# Words that make a message GPU-related where only the path's word-filtered part is scanned.
GPU_WORDS = re.compile(
    r"cuda|\bgpus?\b|nvidia|driver|cudnn|cublas|cublaslt|cusolver|cusparse|cufft|curand|nccl|"
    r"nvml|nvrtc|nvlink|nvjitlink|ptxas|\bptx\b|libdevice|cupti|nvshmem|compute capability|"
    r"\bsm_\d|device-side|nvswitch|\bmig\b|cuInit|cuda_visible_devices", re.I)

# Per component: core globs (every message kept), filtered globs (only GPU_WORDS messages),
# subsystem by path prefix (first match wins).
COMPONENTS = {
    "pytorch": {
        "title": "PyTorch (CUDA, cuDNN/cuBLAS and NCCL paths)",
        "url": "https://github.com/pytorch/pytorch",
        "line_format": "Python exception or warning text (`RuntimeError: <message>`, "
                       "`UserWarning: <message>`), `[W <file>:<line>] Warning: <message>` for "
                       "TORCH_WARN, glog `[E<mmdd> <time> <tid> <file>:<line>] <message>` for "
                       "LOG(...) in c10d",
        "core": ["c10/cuda/*", "aten/src/ATen/cuda/*", "aten/src/ATen/cudnn/*",
                 "aten/src/ATen/native/cudnn/*", "torch/cuda/*", "torch/csrc/cuda/*",
                 "torch/backends/cuda/*", "torch/backends/cudnn/*",
                 "torch/csrc/distributed/c10d/*NCCL*", "torch/csrc/distributed/c10d/cuda/*"],
        "filtered": ["aten/src/ATen/native/cuda/*", "aten/src/ATen/native/sparse/cuda/*",
                     "aten/src/ATen/native/transformers/cuda/*", "torch/utils/cpp_extension.py",
                     "torch/csrc/distributed/c10d/*", "torch/distributed/*.py",
                     "torch/nn/parallel/*", "torch/csrc/CudaIPCTypes.cpp",
                     "torch/csrc/Module.cpp", "torch/__init__.py"],
        "subsystems": [("c10/cuda/CUDACachingAllocator", "allocator"),
                       ("c10/cuda/CUDAMallocAsync", "allocator"),
                       ("c10/cuda", "c10.cuda"), ("aten/src/ATen/native/cudnn", "cudnn"),
                       ("aten/src/ATen/cudnn", "cudnn"), ("aten/src/ATen/cuda", "aten.cuda"),
                       ("aten/src/ATen/native", "aten.native.cuda"),
                       ("torch/cuda", "torch.cuda"), ("torch/csrc/cuda", "torch.cuda"),
                       ("torch/backends/cudnn", "cudnn"), ("torch/backends/cuda", "torch.cuda"),
                       ("torch/csrc/distributed/c10d", "c10d"),
                       ("torch/distributed", "torch.distributed"),
                       ("torch/utils/cpp_extension", "cpp_extension"),
                       ("torch/nn/parallel", "torch.nn.parallel"), ("", "torch")],
    },
    "tensorflow": {
        "title": "TensorFlow (GPU runtime; its StreamExecutor/XLA/TSL messages are in xla.json)",
        "url": "https://github.com/tensorflow/tensorflow",
        "line_format": "glog/absl `<L><yyyy-mm-dd hh:mm:ss.us>: <L> <file>:<line>] <message>` "
                       "(`2023-10-01 12:00:00.000000: W tensorflow/...:123] ...`), or a status "
                       "text in a Python exception (`InternalError: <message>`)",
        "core": ["tensorflow/core/common_runtime/gpu/*", "tensorflow/core/common_runtime/device/*",
                 "tensorflow/core/common_runtime/gpu_device_context.h",
                 "tensorflow/core/nccl/*", "tensorflow/core/kernels/*nccl*",
                 "tensorflow/core/util/gpu_*", "tensorflow/core/platform/default/gpu*",
                 "tensorflow/python/framework/gpu_util.py"],
        "filtered": ["tensorflow/core/common_runtime/*", "tensorflow/core/platform/*",
                     "tensorflow/core/util/*", "tensorflow/core/kernels/*cudnn*",
                     "tensorflow/core/kernels/*gpu*", "tensorflow/core/kernels/conv_ops*",
                     "tensorflow/core/framework/*", "tensorflow/core/grappler/*",
                     "tensorflow/core/profiler/*", "tensorflow/python/framework/*.py",
                     "tensorflow/python/eager/*.py", "tensorflow/python/platform/*.py",
                     "tensorflow/python/client/*.py", "tensorflow/python/distribute/*.py",
                     "tensorflow/python/keras/*.py", "tensorflow/__init__.py",
                     "tensorflow/api_template.__init__.py"],
        "exclude": ["*_test.*", "*/testdata/*", "*test_util*", "*/tests/*", "*_benchmark*"],
        "subsystems": [("tensorflow/core/common_runtime/gpu", "common_runtime.gpu"),
                       ("tensorflow/core/common_runtime/device", "common_runtime.device"),
                       ("tensorflow/core/common_runtime", "common_runtime"),
                       ("tensorflow/core/nccl", "nccl"), ("tensorflow/core/kernels", "kernels"),
                       ("tensorflow/core/grappler", "grappler"),
                       ("tensorflow/core/profiler", "profiler"),
                       ("tensorflow/core", "core"), ("tensorflow/python", "python"),
                       ("", "tensorflow")],
    },
    "jax": {
        "title": "JAX and jaxlib (GPU backend, CUDA plugin, jaxlib/gpu)",
        "url": "https://github.com/jax-ml/jax",
        "line_format": "Python logging `<LEVEL>:<logger>:<message>` or absl `<L><mmdd> <time> "
                       "<tid> <file>:<line>] <message>`, warnings `UserWarning: <message>`, "
                       "exceptions `RuntimeError: <message>`",
        "core": ["jax/_src/xla_bridge.py", "jax_plugins/cuda/*", "jaxlib/gpu/*", "jaxlib/cuda/*",
                 "jax/_src/cudnn/*", "jax/_src/gpu*", "jaxlib/gpu_*.py",
                 "jax/_src/lib/__init__.py"],
        "filtered": ["jax/_src/*.py", "jax/experimental/*.py", "jaxlib/*.py", "jaxlib/*.cc",
                     "jax/_src/lib/*.py", "jax/_src/interpreters/*.py", "jax/_src/clusters/*.py"],
        "exclude": ["*_test.*", "*/tests/*", "*/testdata/*", "*/mosaic/*", "*/pallas/*",
                    "*/internal_test_util/*", "*/triton/*", "jax/experimental/jax2tf/*"],
        "subsystems": [("jax/_src/xla_bridge", "xla_bridge"), ("jax_plugins/cuda", "cuda_plugin"),
                       ("jaxlib/gpu", "jaxlib.gpu"), ("jaxlib/cuda", "jaxlib.gpu"),
                       ("jax/_src/cudnn", "cudnn"), ("jax/_src/lib", "jaxlib"),
                       ("jax/_src/clusters", "distributed"),
                       ("jax/_src/distributed", "distributed"), ("jaxlib", "jaxlib"),
                       ("", "jax")],
    },
    "xla": {
        "title": "XLA / StreamExecutor / TSL (GPU messages printed by JAX and TensorFlow)",
        "url": "https://github.com/openxla/xla",
        "line_format": "absl/glog `<L><mmdd> <hh:mm:ss.us> <tid> <file>:<line>] <message>` "
                       "(`E0312 10:00:00.000000 1234 cuda_driver.cc:282] ...`; TensorFlow: "
                       "`<date>: E external/local_xla/xla/.../cuda_driver.cc:282] ...`), or a "
                       "status text (`INTERNAL: <message>`, `XlaRuntimeError: INTERNAL: ...`)",
        "core": ["xla/stream_executor/cuda/*", "xla/stream_executor/gpu/*",
                 "xla/pjrt/gpu/*", "xla/stream_executor/stream_executor_pimpl.cc",
                 "third_party/tsl/tsl/platform/default/dso_loader.cc",
                 "third_party/tsl/tsl/cuda/*", "third_party/tsl/tsl/framework/bfc_allocator.cc",
                 "xla/tsl/platform/default/dso_loader.cc", "xla/tsl/cuda/*",
                 "xla/tsl/framework/bfc_allocator.cc", "xla/service/gpu/nvptx_compiler.cc",
                 "xla/service/gpu/llvm_gpu_backend/*", "xla/service/gpu/gpu_compiler.cc",
                 "xla/service/gpu/buffer_comparator.cc", "xla/service/gpu/nccl_*",
                 "xla/service/gpu/runtime/nccl*", "xla/service/gpu/autotuner_util.cc",
                 "xla/backends/gpu/collectives/*"],
        "filtered": ["xla/service/gpu/*", "xla/backends/gpu/*", "xla/stream_executor/*", "xla/pjrt/*",
                     "xla/python/*", "third_party/tsl/tsl/platform/*", "xla/tsl/platform/*"],
        "exclude": ["*_test.*", "*/tests/*", "*/testdata/*", "*test_util*", "*/rocm/*",
                    "*rocm_*", "*/sycl/*", "*_benchmark*", "*/tools/*", "*/mock_*"],
        "subsystems": [("xla/stream_executor/cuda/cuda_dnn", "cudnn"),
                       ("xla/stream_executor/cuda/cuda_blas", "cublas"),
                       ("xla/stream_executor/cuda/cuda_fft", "cufft"),
                       ("xla/stream_executor/cuda/cuda_asm", "ptxas"),
                       ("xla/stream_executor/cuda", "stream_executor.cuda"),
                       ("xla/stream_executor/gpu", "stream_executor.gpu"),
                       ("xla/stream_executor", "stream_executor"), ("xla/pjrt", "pjrt"),
                       ("xla/service/gpu/llvm_gpu_backend", "llvm_gpu_backend"),
                       ("xla/service/gpu", "service.gpu"),
                       ("xla/backends/gpu/collectives", "collectives"),
                       ("xla/backends/gpu", "backends.gpu"), ("xla/python", "python"),
                       ("third_party/tsl/tsl/platform/default/dso_loader", "dso_loader"),
                       ("xla/tsl/platform/default/dso_loader", "dso_loader"),
                       ("third_party/tsl/tsl/framework", "allocator"),
                       ("xla/tsl/framework", "allocator"),
                       ("third_party/tsl", "tsl"), ("xla/tsl", "tsl"), ("", "xla")],
    },
    "vllm": {
        "title": "vLLM (GPU worker, CUDA platform, executors, KV cache, distributed communicators)",
        "url": "https://github.com/vllm-project/vllm",
        "line_format": "vLLM's logger `<LEVEL> <mm-dd> <hh:mm:ss> [<file>.py:<line>] <message>` "
                       "(no brackets before 0.8), after the process prefix "
                       "`(VllmWorker rank=N pid=N)`, `(EngineCore_DP0 pid=N)`, `(RayWorkerWrapper "
                       "pid=N)`; exceptions `ValueError: <message>`, `AssertionError: <message>`",
        "core": ["vllm/platforms/cuda*.py", "vllm/platforms/__init__.py",
                 "vllm/worker/worker.py", "vllm/worker/worker_base.py",
                 "vllm/v1/worker/gpu_worker.py", "vllm/v1/worker/worker_base.py",
                 "vllm/executor/*", "vllm/v1/executor/*",
                 "vllm/distributed/device_communicators/*", "vllm/distributed/parallel_state.py",
                 "vllm/v1/core/kv_cache_utils.py", "vllm/engine/llm_engine.py",
                 "vllm/v1/engine/core.py", "vllm/v1/engine/core_client.py",
                 "vllm/attention/selector.py", "vllm/utils.py", "vllm/utils/mem_utils.py",
                 "vllm/utils/__init__.py"],
        "filtered": ["vllm/*.py"],
        "exclude": ["tests/*", "*/tests/*", "benchmarks/*", "examples/*", "*rocm*", "*xpu*",
                    "*tpu*", "*hpu*", "*neuron*", "*openvino*", "*cpu_*", "*/cpu.py",
                    "*_cpu.py", "*habana*", "*gaudi*", "*/ray_tpu*", "*/spyre*"],
        "subsystems": [("vllm/platforms", "platform"), ("vllm/v1/worker", "worker"),
                       ("vllm/worker", "worker"), ("vllm/v1/executor", "executor"),
                       ("vllm/executor", "executor"),
                       ("vllm/distributed/device_communicators", "communicator"),
                       ("vllm/distributed", "distributed"), ("vllm/v1/core", "kv_cache"),
                       ("vllm/core", "kv_cache"), ("vllm/v1/engine", "engine"),
                       ("vllm/engine", "engine"), ("vllm/attention", "attention"),
                       ("vllm/v1/attention", "attention"), ("vllm/model_executor", "model_executor"),
                       ("vllm/entrypoints", "entrypoints"), ("", "vllm")],
        # Formats left out: pynccl_wrapper.py's RuntimeError(f"NCCL error: {error_str}") only
        # wraps NCCL's own text (the nccl-result vocabulary's), and pytorch.json prints the same
        # words at another level, so a line could not say whose it is.
        "drop_formats": ["NCCL error: %s"],
    },
}
DEFAULT_EXCLUDE = ["*_test.*", "*/test/*", "*/tests/*", "*/testdata/*", "*/benchmarks/*"]
MAX_VLOG = 1  # VLOG(2) and above are developer tracing, rarely in a support log
CPP_EXT = (".cc", ".cpp", ".cu", ".cuh", ".h", ".hpp", ".cxx")
PY_EXT = (".py",)

# ----------------------------------------------------------------------------------------------
# Format parts: ("lit", text) or ("ph", "s"|"d"|"x")


def printf_to_parts(fmt):
    """Parts of a C printf / absl::StrFormat / Python %-format string."""
    parts, pos = [], 0
    spec = re.compile(r"%(\([^)]*\))?[-+ #0]*(\*|\d+)?(\.(\*|\d+))?"
                      r"(hh|h|ll|l|j|z|t|L|q|I64|I32)?([diouxXeEfFgGaAcspnrv%])")
    for m in spec.finditer(fmt):
        parts.append(("lit", fmt[pos:m.start()]))
        conv = m.group(6)
        if conv == "%":
            parts.append(("lit", "%"))
        elif conv in "diu":
            parts.append(("ph", "d"))
        elif conv in "xX":
            parts.append(("ph", "x"))
        else:
            parts.append(("ph", "s"))
        pos = m.end()
    parts.append(("lit", fmt[pos:]))
    return parts


def braces_to_parts(fmt):
    """Parts of a Python str.format / fmt::format string ({} fields, {{ }} escapes)."""
    parts, buf, i = [], [], 0
    while i < len(fmt):
        c = fmt[i]
        if c == "{" and fmt.startswith("{{", i):
            buf.append("{")
            i += 2
        elif c == "}" and fmt.startswith("}}", i):
            buf.append("}")
            i += 2
        elif c == "{":
            j = fmt.find("}", i)
            if j < 0:
                buf.append(fmt[i:])
                break
            field = fmt[i + 1:j]
            parts.append(("lit", "".join(buf)))
            buf = []
            spec = field.split(":", 1)[1] if ":" in field else ""
            parts.append(("ph", "d" if spec.endswith("d") else "x" if spec.endswith("x") else "s"))
            i = j + 1
        else:
            buf.append(c)
            i += 1
    parts.append(("lit", "".join(buf)))
    return parts


def dollar_to_parts(fmt):
    """Parts of an absl::Substitute string ($0 .. $9, $$)."""
    parts, pos = [], 0
    for m in re.finditer(r"\$(\$|\d)", fmt):
        parts.append(("lit", fmt[pos:m.start()]))
        parts.append(("lit", "$") if m.group(1) == "$" else ("ph", "s"))
        pos = m.end()
    parts.append(("lit", fmt[pos:]))
    return parts


def parts_to_format(parts):
    """Joins parts into one printf-style format; runs of placeholders become one."""
    out, last_ph = [], False
    for kind, val in parts:
        if kind == "lit":
            if val:
                out.append(val.replace("%", "%%"))
                last_ph = False
        else:
            if last_ph:
                out[-1] = "%s"
            else:
                out.append("%" + val)
            last_ph = True
    text = "".join(out)
    lines = [ln.strip() for ln in text.replace("\r", "").split("\n")]
    lines = [ln for i, ln in enumerate(lines) if ln or (i > 0 and lines[i - 1])]
    return "\n".join(lines).strip()


def literal_text(parts):
    return "".join(v for k, v in parts if k == "lit")


def letter_count(fmt):
    return len(re.findall(r"[A-Za-z]", re.sub(r"%[sdx%]", "", fmt)))


# ----------------------------------------------------------------------------------------------
# C++ scanning

def blank_cpp(text):
    """(code, mask): comments blanked in code; in mask string and char literal contents are
    blanked too. Line continuations become spaces. Offsets and newlines are kept."""
    code, mask = list(text), list(text)
    i, n = 0, len(text)

    def blank(a, b, both):
        for k in range(a, b):
            if text[k] != "\n":
                mask[k] = " "
                if both:
                    code[k] = " "

    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] == "\n":
            code[i] = mask[i] = " "
            code[i + 1] = mask[i + 1] = " "
            i += 2
        elif text.startswith("//", i):
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    continue
                j += 1
            blank(i, j, True)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j, True)
            i = j
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (
                text[i - 1].isalnum() or text[i - 1] == "_") or text[i - 1] in "8uUL"):
            m = re.match(r'R"([^()\\ ]{0,16})\(', text[i:])
            if not m:
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            end = n if end < 0 else end + len(m.group(1)) + 2
            blank(i + m.end(), end - len(m.group(1)) - 2, False)
            i = end
        elif c == '"' or (c == "'" and not (i > 0 and (text[i - 1].isalnum()))):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\":
                    if j + 1 < n and text[j + 1] == "\n":
                        code[j] = mask[j] = " "
                        code[j + 1] = mask[j + 1] = " "
                    j += 2
                    continue
                j += 1
            blank(i + 1, min(j, n), False)
            i = j + 1
        else:
            i += 1
    return "".join(code), "".join(mask)


def match_close(mask, start):
    """Index of the bracket closing the one at mask[start], or -1."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = []
    for k in range(start, len(mask)):
        c = mask[k]
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")]}":
            if not stack or stack[-1] != c:
                return -1
            stack.pop()
            if not stack:
                return k
    return -1


def split_top(code, mask, a, b, sep):
    """Splits code[a:b] at top-level occurrences of sep (',', '<<' or '+')."""
    out, depth, start, k = [], 0, a, a
    while k < b:
        c = mask[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and mask.startswith(sep, k):
            if sep == "+" and (mask.startswith("++", k) or mask.startswith("+=", k) or
                               (k > a and mask[k - 1] == "+")):
                k += 1
                continue
            if sep == "<<" and mask.startswith("<<=", k):
                k += 3
                continue
            out.append((start, k))
            k += len(sep)
            start = k
            continue
        k += 1
    out.append((start, b))
    return out


ESCAPES = {"n": "\n", "t": "\t", "r": "", "\\": "\\", '"': '"', "'": "'", "0": "", "a": "",
           "b": "", "f": "", "v": "", "?": "?", "e": ""}


def decode_cpp_literals(s):
    """Text of a run of adjacent C++ string literals, or None if s is not only literals."""
    out, i, n = [], 0, len(s)
    found = False
    while i < n:
        if s[i].isspace():
            i += 1
            continue
        m = re.match(r'(u8|u|U|L)?R"([^()\\ ]{0,16})\(', s[i:])
        if m:
            end = s.find(")" + m.group(2) + '"', i + m.end())
            if end < 0:
                return None
            out.append(s[i + m.end():end])
            i = end + len(m.group(2)) + 2
            found = True
            continue
        m = re.match(r'(u8|u|U|L)?"', s[i:])
        if not m:
            return None
        j = i + m.end()
        buf = []
        while j < n and s[j] != '"':
            if s[j] == "\\" and j + 1 < n:
                e = s[j + 1]
                if e in ESCAPES:
                    buf.append(ESCAPES[e])
                    j += 2
                elif e == "x":
                    h = re.match(r"[0-9a-fA-F]{1,2}", s[j + 2:])
                    j += 2 + (len(h.group(0)) if h else 0)
                elif e.isdigit():
                    o = re.match(r"[0-7]{1,3}", s[j + 1:])
                    j += 1 + len(o.group(0))
                else:
                    buf.append(e)
                    j += 2
                continue
            buf.append(s[j])
            j += 1
        if j >= n:
            return None
        out.append("".join(buf))
        i = j + 1
        found = True
    return "".join(out) if found else None


CONCAT_FUNCS = {"c10::str", "str", "::c10::str", "absl::StrCat", "StrCat", "strings::StrCat",
                "tsl::strings::StrCat", "tensorflow::strings::StrCat", "std::string", "string",
                "absl::string_view", "std::string_view", "c10::detail::_str_wrapper",
                "errors::Internal", "std::runtime_error", "std::logic_error",
                "std::invalid_argument", "std::out_of_range"}
PRINTF_FUNCS = {"absl::StrFormat", "StrFormat", "tsl::strings::Printf", "strings::Printf",
                "port::Printf", "tensorflow::strings::Printf", "absl::StrPrintf"}
BRACE_FUNCS = {"fmt::format", "std::format", "c10d::detail::formatLogMessage",
               "formatLogMessage", "fmt::sprintf"}
SUBST_FUNCS = {"absl::Substitute", "strings::Substitute", "tsl::strings::Substitute"}
INT_FUNCS = {"std::to_string", "to_string"}


class CppFile:
    def __init__(self, text):
        self.text = text
        self.code, self.mask = blank_cpp(text)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(self, pos):
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def strip_span(self, a, b):
        while a < b and self.mask[a].isspace():
            a += 1
        while b > a and self.mask[b - 1].isspace():
            b -= 1
        while a < b and self.mask[a] == "(" and match_close(self.mask, a) == b - 1:
            a, b = self.strip_span(a + 1, b - 1)
        return a, b

    def parts(self, a, b, depth=0):
        """Format parts of the C++ expression code[a:b]."""
        a, b = self.strip_span(a, b)
        if a >= b:
            return []
        s = self.code[a:b]
        lit = decode_cpp_literals(s)
        if lit is not None:
            return [("lit", lit)]
        if re.fullmatch(r"'(\\.|[^'\\])'", s):
            return [("lit", decode_cpp_literals('"' + s[1:-1] + '"') or "")]
        if re.fullmatch(r"-?\d+", s):
            return [("lit", s)]
        # Concatenation with + (only when a piece is a literal or a string builder).
        pieces = split_top(self.code, self.mask, a, b, "+")
        if len(pieces) > 1:
            sub = [self.parts(x, y, depth) for x, y in pieces]
            if any(any(k == "lit" for k, _ in p) for p in sub):
                return [p for ps in sub for p in ps]
            return [("ph", "s")]
        # Function-style builders.
        m = re.match(r"([A-Za-z_][\w:]*)\s*(<[^()]*>)?\s*\(", self.mask[a:b])
        if m:
            open_pos = a + m.end() - 1
            close = match_close(self.mask, open_pos)
            rest = self.mask[close + 1:b].strip() if close > 0 else None
            if close > 0 and rest in ("", ".c_str()", ".data()", ".str()", ".ToString()",
                                      ".message()", ".what()"):
                name = m.group(1)
                args = split_top(self.code, self.mask, open_pos + 1, close, ",")
                if name in CONCAT_FUNCS or re.fullmatch(r"(::)?(tsl::|tensorflow::)?errors::\w+",
                                                        name):
                    return [p for x, y in args for p in self.parts(x, y, depth)]
                if name in PRINTF_FUNCS or name in BRACE_FUNCS or name in SUBST_FUNCS:
                    fa, fb = self.strip_span(*args[0])
                    fmt = decode_cpp_literals(self.code[fa:fb])
                    if fmt is None:
                        return [("ph", "s")]
                    if name in PRINTF_FUNCS:
                        return printf_to_parts(fmt)
                    if name in BRACE_FUNCS:
                        return braces_to_parts(fmt)
                    return dollar_to_parts(fmt)
                if name in INT_FUNCS:
                    return [("ph", "d")]
        # A local variable (or a stream's .str()) holding the message.
        m = re.fullmatch(r"([A-Za-z_]\w*)(\.str\(\)|\.c_str\(\)|\.data\(\))?", s.strip())
        if m and depth < 2 and not re.fullmatch(r"[A-Z0-9_]+", m.group(1)):
            resolved = self.resolve_var(m.group(1), a, m.group(2) == ".str()", depth)
            if resolved is not None:
                return resolved
        return [("ph", "s")]

    def resolve_var(self, name, pos, stream, depth):
        """Parts of the last value given to variable `name` before pos (within 80 lines)."""
        lo = self.line_starts[max(0, self.line_of(pos) - 81)]
        region = self.mask[lo:pos]
        if stream:
            decls = list(re.finditer(r"stream\s+" + re.escape(name) + r"\b", region))
            if decls:
                lo += decls[-1].end()
                region = self.mask[lo:pos]
            chunks = []
            for m in re.finditer(r"(?<![\w.>])" + re.escape(name) + r"\s*<<(?!=)", region):
                st = lo + m.end()
                end = self.stmt_end(st)
                if end < 0 or end > pos:
                    continue
                for x, y in split_top(self.code, self.mask, st, end, "<<"):
                    chunks.extend(self.parts(x, y, depth + 1))
            return chunks or None
        best = None
        decl = (r"(?:(?:const\s+)?(?:auto|std::string|string|absl::string_view|std::string_view|"
                r"const\s+char\s*\*|char\s*\*)\s*&?\s*)?")
        for m in re.finditer(r"(?<![\w.>])" + decl + re.escape(name) + r"\s*=(?!=)", region):
            best = m
        if not best:
            return None
        st = lo + best.end()
        end = self.stmt_end(st)
        if end < 0:
            return None
        parts = self.parts(st, end, depth + 1)
        # Later `name += ...` appends.
        for m in re.finditer(r"(?<![\w.>])" + re.escape(name) + r"\s*\+=", self.mask[end:pos]):
            s2 = end + m.end()
            e2 = self.stmt_end(s2)
            if 0 < e2 <= pos:
                parts = parts + self.parts(s2, e2, depth + 1)
        return parts if any(k == "lit" for k, _ in parts) else None

    def stmt_end(self, start):
        depth, k = 0, start
        while k < len(self.mask):
            c = self.mask[k]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
                if depth < 0:
                    return -1
            elif c == ";" and depth == 0:
                return k
            k += 1
        return -1


LOG_LEVELS = {"FATAL": "fatal", "QFATAL": "fatal", "DFATAL": "fatal", "ERROR": "error",
              "WARNING": "warning", "WARN": "warning", "INFO": "info"}
STATUS_LEVEL = "error"
STATUS_CODES = {"Internal": "INTERNAL", "InvalidArgument": "INVALID_ARGUMENT",
                "ResourceExhausted": "RESOURCE_EXHAUSTED", "Unavailable": "UNAVAILABLE",
                "FailedPrecondition": "FAILED_PRECONDITION", "Unknown": "UNKNOWN",
                "NotFound": "NOT_FOUND", "Unimplemented": "UNIMPLEMENTED", "Aborted": "ABORTED",
                "OutOfRange": "OUT_OF_RANGE", "Cancelled": "CANCELLED",
                "DeadlineExceeded": "DEADLINE_EXCEEDED", "PermissionDenied": "PERMISSION_DENIED",
                "AlreadyExists": "ALREADY_EXISTS", "DataLoss": "DATA_LOSS",
                "Unauthenticated": "UNAUTHENTICATED"}

CPP_CALL = re.compile(
    r"(?<![\w.:>])(?:(?:::)?(?:c10d::)?)?("
    r"LOG|PLOG|DLOG|LOG_FIRST_N|LOG_EVERY_N|LOG_EVERY_N_SEC|LOG_EVERY_POW_2|LOG_IF|"
    r"VLOG|DVLOG|VLOG_IF|VLOG_EVERY_N|C10_LOG_FIRST_N|C10_LOG_EVERY_N|"
    r"CHECK|CHECK_EQ|CHECK_NE|CHECK_LT|CHECK_LE|CHECK_GT|CHECK_GE|CHECK_OK|QCHECK|"
    r"TF_RET_CHECK|TF_CHECK_OK|"
    r"TORCH_CHECK|TORCH_CHECK_WITH|TORCH_CHECK_VALUE|TORCH_CHECK_TYPE|TORCH_CHECK_INDEX|"
    r"TORCH_CHECK_NOT_IMPLEMENTED|TORCH_CHECK_LINALG|TORCH_INTERNAL_ASSERT|AT_ERROR|AT_ASSERTM|"
    r"C10_THROW_ERROR|TORCH_WARN|TORCH_WARN_ONCE|TORCH_WARN_DEPRECATION|"
    r"C10D_ERROR|C10D_WARNING|C10D_INFO|C10D_DEBUG|C10D_TRACE|"
    r"RETURN_IF_CUDA_RES_ERROR|RETURN_IF_CUDA_ERROR|"
    r"(?:(?:tsl|tensorflow|xla|::tensorflow|::tsl)::)?errors::[A-Z]\w+|"
    r"(?:absl|port|tsl|xla)::[A-Z]\w*Error|"
    r"(?:absl|tsl|port|tensorflow|xla)::Status|"
    r"throw\s+(?:std::runtime_error|std::invalid_argument|std::logic_error|"
    r"std::out_of_range|std::domain_error|xla::XlaRuntimeError|XlaRuntimeError))\s*\(")


def cpp_messages(text):
    """Yields (line, level, source_level, parts) for each message call in C++ text."""
    f = CppFile(text)
    mask = f.mask
    for m in CPP_CALL.finditer(mask):
        name = re.sub(r"\s+", " ", m.group(1))
        open_pos = m.end() - 1
        close = match_close(mask, open_pos)
        if close < 0:
            continue
        args = split_top(f.code, mask, open_pos + 1, close, ",")
        argtext = [f.code[x:y].strip() for x, y in args]
        line = f.line_of(m.start(1))
        level = source_level = None
        parts = None
        stream_from = None
        base = name.split("::")[-1] if "::" in name and not name.startswith("throw") else name
        if name in ("LOG", "PLOG", "DLOG", "LOG_FIRST_N", "LOG_EVERY_N", "LOG_EVERY_N_SEC",
                    "LOG_EVERY_POW_2", "LOG_IF", "C10_LOG_FIRST_N", "C10_LOG_EVERY_N"):
            sev = argtext[0].split("::")[-1].replace("google", "").strip()
            sev = sev.replace("absl::LogSeverity::k", "").upper()
            if sev.startswith("K"):
                sev = sev[1:]
            if sev not in LOG_LEVELS:
                continue
            level, source_level = LOG_LEVELS[sev], sev
            stream_from = close + 1
        elif name in ("VLOG", "DVLOG", "VLOG_IF", "VLOG_EVERY_N"):
            if not re.fullmatch(r"\d+", argtext[0]) or int(argtext[0]) > MAX_VLOG:
                continue
            level, source_level = "debug", "VLOG(%s)" % argtext[0]
            stream_from = close + 1
        elif name.startswith("CHECK") or name == "QCHECK" or name == "TF_CHECK_OK":
            level, source_level = "fatal", "CHECK"
            stream_from = close + 1
        elif name == "TF_RET_CHECK":
            level, source_level = "error", "RET_CHECK"
            stream_from = close + 1
        elif name.startswith("TORCH_WARN"):
            level, source_level = "warning", "TORCH_WARN"
            parts = [p for x, y in args for p in f.parts(x, y)]
        elif name.startswith("TORCH_CHECK") or name.startswith("TORCH_INTERNAL_ASSERT") or \
                name == "AT_ASSERTM":
            skip = 2 if name == "TORCH_CHECK_WITH" else 1
            if len(args) <= skip:
                continue
            level = "error"
            source_level = argtext[0] if name == "TORCH_CHECK_WITH" else name
            parts = [p for x, y in args[skip:] for p in f.parts(x, y)]
        elif name == "AT_ERROR":
            level, source_level = "error", "AT_ERROR"
            parts = [p for x, y in args for p in f.parts(x, y)]
        elif name == "C10_THROW_ERROR":
            if len(args) < 2:
                continue
            level, source_level = "error", argtext[0]
            parts = [p for x, y in args[1:] for p in f.parts(x, y)]
        elif name.startswith("C10D_"):
            lv = {"C10D_ERROR": "error", "C10D_WARNING": "warning", "C10D_INFO": "info"}
            level = lv.get(name, "debug")
            source_level = name
            fa, fb = f.strip_span(*args[0])
            fmt = decode_cpp_literals(f.code[fa:fb])
            parts = [("lit", "[c10d] ")] + (braces_to_parts(fmt) if fmt is not None else
                                            f.parts(*args[0]))
        elif name in ("RETURN_IF_CUDA_RES_ERROR", "RETURN_IF_CUDA_ERROR"):
            if len(args) < 2:
                continue
            level, source_level = "error", "INTERNAL"
            parts = [p for x, y in args[1:] for p in f.parts(x, y)] + [("lit", ": "),
                                                                       ("ph", "s")]
        elif "errors::" in name:
            code = name.split("::")[-1]
            level, source_level = STATUS_LEVEL, STATUS_CODES.get(code, code.upper())
            parts = [p for x, y in args for p in f.parts(x, y)]
        elif name.endswith("Error") and not name.startswith("throw"):
            code = base[:-5]
            level, source_level = STATUS_LEVEL, STATUS_CODES.get(code, code.upper())
            if not args or not argtext[0]:
                continue
            parts = [p for x, y in args for p in f.parts(x, y)]
        elif name.endswith("::Status"):
            if len(args) < 2:
                continue
            cm = re.search(r"(?:StatusCode::k|error::)(\w+)", argtext[0])
            if not cm:
                continue
            code = cm.group(1)
            level = STATUS_LEVEL
            source_level = STATUS_CODES.get(code, code.upper())
            parts = [p for x, y in args[1:] for p in f.parts(x, y)]
        elif name.startswith("throw"):
            level, source_level = "error", name.split()[-1].split("::")[-1]
            parts = [p for x, y in args for p in f.parts(x, y)]
        else:
            continue
        if stream_from is not None:
            k = stream_from
            while k < len(mask) and mask[k].isspace():
                k += 1
            if not mask.startswith("<<", k):
                continue
            end = f.stmt_end(k)
            if end < 0:
                continue
            parts = []
            for x, y in split_top(f.code, mask, k + 2, end, "<<"):
                parts.extend(f.parts(x, y))
        if parts:
            yield line, level, source_level, parts
    # Message fragments returned as literals (suffixes and hints appended to an error text).
    for m in re.finditer(r"\breturn\s+(?=\")", mask):
        end = f.stmt_end(m.end())
        if end < 0:
            continue
        lit = decode_cpp_literals(f.code[m.end():end])
        if lit is not None and letter_count(lit) >= 20 and len(lit.split()) >= 3:
            yield f.line_of(m.start()), "error", "message part", [("lit", lit)]


# ----------------------------------------------------------------------------------------------
# Python scanning

PY_LOG_METHODS = {"debug": "debug", "info": "info", "warning": "warning", "warn": "warning",
                  "error": "error", "exception": "error", "critical": "fatal", "fatal": "fatal",
                  # vLLM's logger (vllm/logger.py) prints a message once with these
                  "debug_once": "debug", "info_once": "info", "warning_once": "warning"}
PY_LOGGER = re.compile(r"^(_?log(ger)?|_?LOG(GER)?|logging|_?\w*_log(ger)?|log)$", re.I)


class PyScope:
    def __init__(self, module):
        self.module_assign = {}
        for node in module.body:
            self._collect(node, self.module_assign)

    @staticmethod
    def _collect(node, table):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            table.setdefault(node.targets[0].id, []).append((node.lineno, node.value))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                node.value is not None:
            table.setdefault(node.target.id, []).append((node.lineno, node.value))


def py_parts(node, scope, func_assign, depth=0):
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str):
            return [("lit", node.value)]
        if isinstance(node.value, (int, float)):
            return [("lit", str(node.value))]
        return [("ph", "s")]
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(("lit", v.value))
            elif isinstance(v, ast.FormattedValue):
                spec = ""
                if isinstance(v.format_spec, ast.JoinedStr) and v.format_spec.values and \
                        isinstance(v.format_spec.values[-1], ast.Constant):
                    spec = str(v.format_spec.values[-1].value)
                out.append(("ph", "d" if spec.endswith("d") else "x" if spec.endswith("x")
                            else "s"))
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = py_parts(node.left, scope, func_assign, depth)
        right = py_parts(node.right, scope, func_assign, depth)
        if any(k == "lit" for k, _ in left + right):
            return left + right
        return [("ph", "s")]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = py_parts(node.left, scope, func_assign, depth)
        if len(left) == 1 and left[0][0] == "lit":
            return printf_to_parts(left[0][1])
        return [("ph", "s")]
    if isinstance(node, ast.Call):
        fn = node.func
        if isinstance(fn, ast.Attribute) and fn.attr == "format":
            base = py_parts(fn.value, scope, func_assign, depth)
            if len(base) == 1 and base[0][0] == "lit":
                return braces_to_parts(base[0][1])
            return [("ph", "s")]
        if isinstance(fn, ast.Attribute) and fn.attr in ("strip", "rstrip", "lstrip") and \
                not node.args:
            return py_parts(fn.value, scope, func_assign, depth)
        if isinstance(fn, ast.Name) and fn.id in ("str", "repr", "hex") and node.args:
            return [("ph", "x" if fn.id == "hex" else "s")]
        if isinstance(fn, ast.Attribute) and fn.attr == "dedent" and node.args:
            return py_parts(node.args[0], scope, func_assign, depth)
        return [("ph", "s")]
    if isinstance(node, ast.Name) and depth < 2:
        for table in (func_assign, scope.module_assign):
            cands = [v for ln, v in table.get(node.id, []) if ln <= node.lineno]
            if cands:
                p = py_parts(cands[-1], scope, func_assign, depth + 1)
                if any(k == "lit" for k, _ in p):
                    return p
                break
    return [("ph", "s")]


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return base + "." + node.attr if base else node.attr
    return ""


def py_messages(text):
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError) as e:
        raise RuntimeError("python parse failed: %s" % e)
    scope = PyScope(tree)
    out = []

    def visit(node, func_assign):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                table = {}
                for sub in ast.walk(child):
                    PyScope._collect(sub, table)
                visit(child, table)
                continue
            handle(child, func_assign)
            visit(child, func_assign)

    def handle(node, fa):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            name = dotted(node.exc.func).split(".")[-1]
            if name and name[0].isupper():
                out.append((node.lineno, "error", name, py_parts(node.exc.args[0], scope, fa)))
        elif isinstance(node, ast.Assert) and node.msg is not None:
            out.append((node.lineno, "error", "AssertionError", py_parts(node.msg, scope, fa)))
        elif isinstance(node, ast.Call) and node.args:
            name = dotted(node.func)
            parts = name.split(".")
            if name in ("warnings.warn", "warn", "_warn", "warnings.warn_explicit"):
                cat = "UserWarning"
                if len(node.args) > 1:
                    cat = dotted(node.args[1]).split(".")[-1] or cat
                for kw in node.keywords:
                    if kw.arg == "category":
                        cat = dotted(kw.value).split(".")[-1] or cat
                out.append((node.lineno, "warning", cat, py_parts(node.args[0], scope, fa)))
            elif len(parts) >= 2 and parts[-1] in PY_LOG_METHODS and PY_LOGGER.match(parts[-2]):
                msg = py_parts(node.args[0], scope, fa)
                if len(node.args) > 1 and len(msg) == 1 and msg[0][0] == "lit":
                    msg = printf_to_parts(msg[0][1])  # logging formats msg % args
                out.append((node.lineno, PY_LOG_METHODS[parts[-1]], parts[-1].upper(), msg))

    visit(tree, {})
    return out


# ----------------------------------------------------------------------------------------------
# Sources

class Source:
    def __init__(self, path, rev, label, maps):
        self.path, self.rev, self.maps = path, rev, maps
        self.label = label or rev or os.path.basename(os.path.normpath(path))
        self.git = rev is not None

    def files(self):
        if self.git:
            out = subprocess.run(["git", "-C", self.path, "ls-tree", "-r", "--name-only",
                                  "-z", self.rev], check=True, capture_output=True).stdout
            names = [n.decode("utf-8", "replace") for n in out.split(b"\0") if n]
        else:
            names = []
            for root, dirs, fs in os.walk(self.path):
                dirs[:] = sorted(d for d in dirs if d != ".git")
                for fn in fs:
                    names.append(os.path.relpath(os.path.join(root, fn), self.path)
                                 .replace(os.sep, "/"))
        return sorted(names)

    def mapped(self, name):
        for old, new in self.maps:
            if name.startswith(old):
                return new + name[len(old):]
        return name

    def read_many(self, names):
        if not self.git:
            for n in names:
                with open(os.path.join(self.path, n), "rb") as fh:
                    yield n, fh.read().decode("utf-8", "replace")
            return
        spec = "".join("%s:%s\n" % (self.rev, n) for n in names).encode()
        proc = subprocess.run(["git", "-C", self.path, "cat-file", "--batch"], input=spec,
                              capture_output=True, check=True)
        data, pos = proc.stdout, 0
        for n in names:
            nl = data.index(b"\n", pos)
            header = data[pos:nl].split()
            if len(header) < 3 or header[1] != b"blob":
                pos = nl + 1
                continue
            size = int(header[2])
            yield n, data[nl + 1:nl + 1 + size].decode("utf-8", "replace")
            pos = nl + 1 + size + 1


def glob_match(path, pats):
    return any(fnmatch.fnmatchcase(path, p) for p in pats)


def subsystem_of(cfg, path):
    for prefix, name in cfg["subsystems"]:
        if path.startswith(prefix):
            return name
    return cfg.get("component", "")


def extract(cfg, source, warn):
    """{(format, level): occurrence} for one source."""
    exclude = cfg.get("exclude", DEFAULT_EXCLUDE)
    selected = []
    for name in source.files():
        path = source.mapped(name)
        if not path.endswith(CPP_EXT + PY_EXT) or glob_match(path, exclude):
            continue
        core = glob_match(path, cfg["core"])
        if core or glob_match(path, cfg["filtered"]):
            selected.append((name, path, core))
    found = {}
    by_name = {n: (p, c) for n, p, c in selected}
    for name, text in source.read_many([n for n, _, _ in selected]):
        path, core = by_name[name]
        try:
            msgs = py_messages(text) if path.endswith(PY_EXT) else list(cpp_messages(text))
        except RuntimeError as e:
            warn("%s: %s: %s" % (source.label, path, e))
            continue
        for line, level, source_level, parts in msgs:
            if (not core or source_level == "message part") and \
                    not GPU_WORDS.search(literal_text(parts)):
                continue
            # A log is read line by line: each printed line of a message is an entry.
            lines = [ln for ln in parts_to_format(parts).split("\n") if ln]
            for i, fmt in enumerate(lines):
                if letter_count(fmt) == 0 or fmt in cfg.get("drop_formats", ()):
                    continue
                key = (fmt, level)
                if key not in found:
                    found[key] = {"file": path, "line": line, "source_level": source_level,
                                  "part": "%d/%d" % (i + 1, len(lines)) if len(lines) > 1
                                  else None}
    return found


def build(component, sources, warn):
    cfg = dict(COMPONENTS[component])
    cfg["component"] = component
    merged = {}
    for idx, src in enumerate(sources):
        for key, occ in extract(cfg, src, warn).items():
            e = merged.get(key)
            if e is None:
                merged[key] = e = {"first": idx}
            e["last"] = idx
            e["occ"] = occ
    messages = []
    for (fmt, level), e in merged.items():
        occ = e["occ"]
        entry = {"format": fmt, "level": level, "source_level": occ["source_level"],
                 "subsystem": subsystem_of(cfg, occ["file"]), "file": occ["file"],
                 "line": occ["line"], "first": sources[e["first"]].label,
                 "last": sources[e["last"]].label}
        if occ["part"]:
            entry["part"] = occ["part"]
        if letter_count(fmt) < 8:
            entry["generic"] = True
        messages.append(entry)
    messages.sort(key=lambda m: (m["file"], m["line"], m["format"], m["level"]))
    return {
        "schema": SCHEMA,
        "component": component,
        "title": cfg["title"],
        "line_format": cfg["line_format"],
        "generator": GENERATOR,
        "source": {"title": cfg["title"], "url": cfg["url"],
                   "versions": [s.label for s in sources]},
        "messages": messages,
    }


def parse_args(argv):
    component, out, sources = None, None, []
    label, maps = None, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        if a == "--component":
            component = argv[i + 1]
            i += 2
        elif a in ("-o", "--output"):
            out = argv[i + 1]
            i += 2
        elif a == "--version":
            label = argv[i + 1]
            i += 2
        elif a == "--map":
            old, _, new = argv[i + 1].partition("=")
            maps.append((old, new))
            i += 2
        elif a.startswith("-"):
            sys.exit("unknown option %s" % a)
        else:
            path, rev = a, None
            if "@" in a and not os.path.exists(a):
                path, rev = a.rsplit("@", 1)
            if not os.path.isdir(path):
                sys.exit("not a folder: %s" % path)
            if rev is None and label is None:
                sys.exit("a plain folder needs --version LABEL before it: %s" % path)
            sources.append(Source(path, rev, label, maps))
            label, maps = None, []
            i += 1
    if component not in COMPONENTS:
        sys.exit("--component must be one of %s" % ", ".join(sorted(COMPONENTS)))
    if not sources:
        sys.exit("no SOURCE given")
    return component, out, sources


def main(argv):
    component, out, sources = parse_args(argv)
    warnings_seen = []

    def warn(msg):
        warnings_seen.append(msg)
        print("warning: " + msg, file=sys.stderr)

    catalog = build(component, sources, warn)
    text = json.dumps(catalog, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    levels = {}
    for m in catalog["messages"]:
        levels[m["level"]] = levels.get(m["level"], 0) + 1
    print("%s: %d messages %s" % (component, len(catalog["messages"]),
                                  " ".join("%s=%d" % kv for kv in sorted(levels.items()))),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
