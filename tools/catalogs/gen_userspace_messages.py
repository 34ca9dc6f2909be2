#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate message catalogs from the public sources of NVIDIA's user-space software.

For every log/print call with a literal format string the generator records the format
(converted to printf conversions), the print level, the call name and the source file/line,
and writes one catalog per component to <out>/<component>.json (schema gputriage/messages/v1).

Sources are local checkouts given on the command line; nothing is downloaded.  A source is
either a git directory (bare or not; files are read with `git cat-file` from release tags or
from --ref) or a plain folder (then --version names the version that folder holds).

    gen_userspace_messages.py -o rules/catalogs/messages \\
        nccl=/src/nccl.git dcgm=/src/DCGM.git \\
        --ref libnvidia-container=63d366ee3b41... --version libnvidia-container=63d366ee3b41 \\
        libnvidia-container=/src/libnvidia-container.git

Standard library only; output is deterministic (sorted, no timestamps).
See tools/catalogs/README.md ("User-space message catalogs").
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter

SCHEMA = "gputriage/messages/v1"
GENERATOR = "tools/catalogs/gen_userspace_messages.py"
LEVELS = ("fatal", "error", "warning", "notice", "info", "debug")
RETURNED = "returned-error"

# --------------------------------------------------------------------------------------------
# Format conversion helpers
# --------------------------------------------------------------------------------------------

PRINTF_SPEC_RE = re.compile(
    r"%(?:%|[-+ #0']*(?:\*|\d+)?(?:\.(?:\*|\d+)?)?(?:hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGaAcspnmCS])")
GO_VERB_RE = re.compile(r"%(?:%|([-+# 0]*)((?:\*|\d+)?(?:\.(?:\*|\d+)?)?)([a-zA-Z]))")
FMT_FIELD_RE = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
LETTER_RE = re.compile(r"[A-Za-z]")
GENERIC_MIN_LETTERS = 8


def literal_letters(fmt):
    """Letters in a printf format outside conversion specifications."""
    return len(LETTER_RE.findall(PRINTF_SPEC_RE.sub("", fmt)))


def plain_to_printf(text):
    """Text printed as-is (no format processing) -> printf format."""
    return text.replace("%", "%%")


def go_to_printf(fmt):
    """Go fmt verbs -> printf conversions (%v/%w/%T/%t/... -> %s, %q -> "%s")."""
    def repl(m):
        if m.group(0) == "%%":
            return "%%"
        flags, width, verb = m.group(1) or "", m.group(2) or "", m.group(3)
        if verb == "q":
            return '"%s"'
        if verb in "dioxXeEfFgGcsp" and verb != "i":
            return "%" + flags.replace("#", "#") + width + verb
        if verb in "uU":
            return "%s"
        return "%s"  # v, w, T, t, b, ... have no printf equivalent
    return GO_VERB_RE.sub(repl, fmt)


def fmtlib_to_printf(fmt):
    """{fmt}/Python-style replacement fields -> %s; {{ }} -> braces; % -> %%."""
    out = []
    pos = 0
    for m in FMT_FIELD_RE.finditer(fmt):
        out.append(fmt[pos:m.start()].replace("%", "%%"))
        tok = m.group(0)
        out.append("{" if tok == "{{" else "}" if tok == "}}" else "%s")
        pos = m.end()
    out.append(fmt[pos:].replace("%", "%%"))
    return "".join(out)


def tidy_format(fmt):
    """Drop trailing newlines/carriage returns (log lines do not contain them)."""
    return fmt.rstrip("\r\n")


# --------------------------------------------------------------------------------------------
# Lexers
# --------------------------------------------------------------------------------------------

C_TOKEN_RE = re.compile(r"""
   (?P<nl>\n)
 | (?P<ws>[ \t\r\f\v]+|\\\r?\n)
 | (?P<lc>//[^\n]*)
 | (?P<bc>/\*.*?\*/)
 | (?P<raw>(?:u8|[uUL])?R"(?P<delim>[^()\\ \n]{0,16})\(.*?\)(?P=delim)")
 | (?P<str>(?:u8|[uUL])?"(?:[^"\\\n]|\\.|\\\n)*")
 | (?P<chr>(?:u8|[uUL])?'(?:[^'\\\n]|\\.){1,8}')
 | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
 | (?P<num>\.?[0-9](?:[eEpP][-+]|[A-Za-z0-9_.'])*)
 | (?P<punct>\.\.\.|<<=|>>=|<<|>>|->|::|\#\#|&&|\|\||[-+*/%=!<>&|^]=|\+\+|--|\S)
""", re.S | re.X)

GO_TOKEN_RE = re.compile(r"""
   (?P<nl>\n)
 | (?P<ws>[ \t\r\f\v]+)
 | (?P<lc>//[^\n]*)
 | (?P<bc>/\*.*?\*/)
 | (?P<raw>`[^`]*`)
 | (?P<str>"(?:[^"\\\n]|\\.)*")
 | (?P<chr>'(?:[^'\\\n]|\\.){1,10}')
 | (?P<id>[^\W0-9]\w*)
 | (?P<num>\.?[0-9][A-Za-z0-9_.]*)
 | (?P<punct>\.\.\.|:=|<-|&&|\|\||&\^|<<|>>|[-+*/%=!<>&|^]=|\+\+|--|\S)
""", re.S | re.X)

C_SIMPLE_ESC = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
                "\\": "\\", "'": "'", '"': '"', "?": "?", "e": "\x1b"}
C_ESC_RE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9A-Fa-f]+)|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|\n|(.))", re.S)
GO_ESC_RE = re.compile(r"\\(?:([0-7]{3})|x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.S)


def _unescape(body, esc_re):
    def repl(m):
        octal, hx, u4, u8, ch = m.groups()
        if octal:
            return chr(int(octal, 8) & 0xFF)
        if hx:
            return chr(int(hx[-2:], 16))
        if u4 or u8:
            try:
                return chr(int(u4 or u8, 16))
            except ValueError:
                return "?"
        if ch is None:
            return ""  # backslash-newline continuation inside a string
        return C_SIMPLE_ESC.get(ch, ch)
    return esc_re.sub(repl, body)


class Tok:
    __slots__ = ("kind", "val", "line", "pp")

    def __init__(self, kind, val, line, pp=None):
        self.kind, self.val, self.line, self.pp = kind, val, line, pp

    def __repr__(self):
        return "Tok(%s,%r,%d)" % (self.kind, self.val, self.line)


class Directive:
    __slots__ = ("name", "params", "body", "name_index")

    def __init__(self):
        self.name = None
        self.params = None   # set of parameter names for function-like macros
        self.body = []
        self.name_index = -1


def lex_c(text, cxx):
    """Tokenise C/C++.  String literals are decoded.  Returns (tokens, directives)."""
    toks = []
    directives = []
    line = 1
    bol = True
    cur_dir = None        # Directive being read, or "drop"
    expect_dir_name = False
    expect_macro_name = False
    pos = 0
    n = len(text)
    match = C_TOKEN_RE.match
    while pos < n:
        m = match(text, pos)
        if m is None:  # should not happen (\S catches all)
            pos += 1
            continue
        kind = m.lastgroup
        s = m.group(0)
        start_line = line
        pos = m.end()
        if kind == "nl":
            line += 1
            bol = True
            cur_dir = None
            expect_dir_name = expect_macro_name = False
            continue
        if kind in ("ws", "lc", "bc"):
            line += s.count("\n")
            continue
        line += s.count("\n")
        if kind == "punct" and s == "#" and bol and cur_dir is None:
            expect_dir_name = True
            cur_dir = "pending"
            bol = False
            continue
        bol = False
        if expect_dir_name:
            expect_dir_name = False
            if kind == "id" and s == "define":
                d = Directive()
                directives.append(d)
                cur_dir = d
                expect_macro_name = True
                continue
            cur_dir = "drop"
            continue
        if cur_dir == "drop" or cur_dir == "pending":
            continue
        if kind == "raw":
            body = m.group(0)
            q = body.index('"')
            delim = m.group("delim")
            val = body[q + 1 + len(delim) + 1: len(body) - len(delim) - 2]
            tok = Tok("str", val, start_line)
        elif kind == "str":
            q = s.index('"')
            tok = Tok("str", _unescape(s[q + 1:-1], C_ESC_RE), start_line)
            # C++ user-defined literal suffix ("..."sv, "..."s)
            if cxx:
                um = re.match(r"(?:_\w+|sv|s)\b", text[pos:pos + 8])
                if um:
                    pos += um.end()
        elif kind == "chr":
            q = s.index("'")
            tok = Tok("chr", _unescape(s[q + 1:-1], C_ESC_RE), start_line)
        else:
            tok = Tok(kind, s, start_line)
        if isinstance(cur_dir, Directive):
            tok.pp = cur_dir
            if expect_macro_name:
                expect_macro_name = False
                if kind == "id":
                    cur_dir.name = s
                    cur_dir.name_index = len(toks)
                    if pos < n and text[pos] == "(":
                        # function-like macro: read the parameter list directly
                        end = text.find(")", pos)
                        if end < 0:
                            end = n - 1
                        params = text[pos + 1:end].replace("\\\n", " ")
                        cur_dir.params = {p.strip() for p in params.split(",") if p.strip()}
                        cur_dir.params.add("__VA_ARGS__")
                        line += text.count("\n", pos, end)
                        pos = end + 1
                toks.append(tok)
                continue
            cur_dir.body.append(tok)
        toks.append(tok)
    return toks, directives


def lex_go(text):
    toks = []
    line = 1
    pos = 0
    n = len(text)
    match = GO_TOKEN_RE.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            pos += 1
            continue
        kind = m.lastgroup
        s = m.group(0)
        start_line = line
        pos = m.end()
        line += s.count("\n")
        if kind in ("nl", "ws", "lc", "bc"):
            continue
        if kind == "raw":
            toks.append(Tok("str", s[1:-1].replace("\r", ""), start_line))
        elif kind == "str":
            toks.append(Tok("str", _unescape(s[1:-1], GO_ESC_RE), start_line))
        elif kind == "chr":
            toks.append(Tok("chr", _unescape(s[1:-1], GO_ESC_RE), start_line))
        else:
            toks.append(Tok(kind, s, start_line))
    return toks


OPEN = {"(": ")", "[": "]", "{": "}"}
CLOSE = {")", "]", "}"}


def split_args(toks, i):
    """toks[i] is '('.  Returns (list of argument token lists, index after ')')."""
    depth = 0
    args = []
    cur = []
    j = i
    n = len(toks)
    while j < n:
        t = toks[j]
        if t.kind == "punct":
            if t.val in OPEN:
                depth += 1
                if depth == 1:
                    j += 1
                    continue
            elif t.val in CLOSE:
                depth -= 1
                if depth == 0:
                    if cur or args:
                        args.append(cur)
                    return args, j + 1
            elif t.val == "," and depth == 1:
                args.append(cur)
                cur = []
                j += 1
                continue
            elif t.val in (";",) and depth <= 1 and toks[i].pp is None and t.pp is None:
                # unbalanced: give up at the end of the statement
                return None, j
        cur.append(t)
        j += 1
    return None, n


def strip_parens(toks):
    while len(toks) >= 2 and toks[0].val == "(" and toks[-1].val == ")" and toks[0].kind == "punct":
        depth = 0
        ok = True
        for k, t in enumerate(toks):
            if t.kind == "punct" and t.val == "(":
                depth += 1
            elif t.kind == "punct" and t.val == ")":
                depth -= 1
                if depth == 0 and k != len(toks) - 1:
                    ok = False
                    break
        if not ok:
            break
        toks = toks[1:-1]
    return toks


# --------------------------------------------------------------------------------------------
# Literal evaluation
# --------------------------------------------------------------------------------------------

class NotLiteral(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# <inttypes.h> on LP64 Linux (the platform these programs ship for)
def _inttypes():
    out = {}
    for conv in "diouxX":
        for bits, mod in (("8", "hh"), ("16", "h"), ("32", ""), ("64", "l"), ("PTR", "l"), ("MAX", "l")):
            out["PRI%s%s" % (conv, bits)] = mod + conv
            out["PRI%sLEAST%s" % (conv, bits)] = mod + conv
            out["PRI%sFAST%s" % (conv, bits)] = ("hh" if bits == "8" else "l") + conv if bits not in ("PTR", "MAX") else "l" + conv
    return out


BUILTIN_STRING_MACROS = _inttypes()


class MacroTable:
    def __init__(self, fixed=None):
        self.defs = {}        # name -> body tokens (object-like macros only)
        self.conflicts = set()
        # string macros whose value depends on the build (#if per back-end): the value of the
        # build whose messages the catalog describes (component's `string_macros`)
        self.fixed = dict(fixed or {})

    def add(self, d):
        if d.name is None or d.params is not None:
            return
        body = d.body
        if not body or any(t.kind not in ("str", "id") and not (t.kind == "punct" and t.val in "()") for t in body):
            return
        if d.name in self.defs:
            if [t.val for t in self.defs[d.name]] != [t.val for t in body]:
                self.conflicts.add(d.name)
            return
        self.defs[d.name] = body

    def expand(self, name, depth=0):
        if name in self.fixed:
            return self.fixed[name]
        if name in BUILTIN_STRING_MACROS:
            return BUILTIN_STRING_MACROS[name]
        body = self.defs.get(name)
        if body is None or depth > 16:
            raise NotLiteral("unresolved macro " + name)
        return c_literal(body, self, None, depth + 1)


def c_literal(toks, macros, params, depth=0):
    """Evaluate a C string-literal expression (adjacent literals and string macros)."""
    toks = strip_parens(toks)
    if not toks:
        raise NotLiteral("empty argument")
    parts = []
    seen_str = False
    for t in toks:
        if t.kind == "str":
            parts.append(t.val)
            seen_str = True
        elif t.kind == "id":
            if params and t.val in params:
                # a string pasted in by the macro's caller: stands for any text
                parts.append("%s")
                seen_str = True
                continue
            if t.val in ("__func__", "__FUNCTION__", "__FILE__", "__PRETTY_FUNCTION__"):
                raise NotLiteral("non-literal format")
            if (not seen_str and t.val not in macros.defs and t.val not in BUILTIN_STRING_MACROS
                    and t.val not in macros.fixed):
                raise NotLiteral("non-literal format")
            parts.append(macros.expand(t.val, depth))
            seen_str = True
        elif t.kind == "punct" and t.val in "()":
            continue
        else:
            raise NotLiteral("non-literal format")
    if not seen_str:
        raise NotLiteral("non-literal format")
    return "".join(parts)


def c_literal_variants(toks, macros, params):
    """Like c_literal, but `cond ? "a" : "b"` yields both branches."""
    toks = strip_parens(toks)
    depth = 0
    q = c = -1
    for k, t in enumerate(toks):
        if t.kind == "punct":
            if t.val in OPEN:
                depth += 1
            elif t.val in CLOSE:
                depth -= 1
            elif depth == 0 and t.val == "?" and q < 0:
                q = k
            elif depth == 0 and t.val == ":" and q >= 0 and c < 0:
                c = k
    if q > 0 and c > q:
        try:
            return [c_literal(toks[q + 1:c], macros, params), c_literal(toks[c + 1:], macros, params)]
        except NotLiteral:
            raise NotLiteral("conditional format")
    return [c_literal(toks, macros, params)]


def sprintf_args(toks):
    """The arguments of fmt.Sprintf when toks is just that call, else None."""
    toks = strip_parens(toks)
    if (len(toks) < 5 or [t.val for t in toks[:4]] != ["fmt", ".", "Sprintf", "("]
            or toks[0].kind != "id"):
        return None
    args, end = split_args(toks, 3)
    return args if args and end == len(toks) else None


def go_literal(toks):
    toks = strip_parens(toks)
    if not toks:
        raise NotLiteral("empty argument")
    parts = []
    expect_str = True
    for t in toks:
        if expect_str:
            if t.kind != "str":
                raise NotLiteral("non-literal format")
            parts.append(t.val)
            expect_str = False
        else:
            if not (t.kind == "punct" and t.val == "+"):
                raise NotLiteral("non-literal format")
            expect_str = True
    if expect_str:
        raise NotLiteral("non-literal format")
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# Component configuration
# --------------------------------------------------------------------------------------------

class CCall:
    """A C/C++ call whose argument `fmt` is the message."""

    def __init__(self, level, fmt, style="printf", source_level=None, level_arg=None,
                 level_map=None, prefix="", suffix="", stream_arg=None, returned=False,
                 variants=True):
        self.level = level
        self.fmt = fmt
        self.style = style            # printf | fmt | plain
        self.source_level = source_level
        self.level_arg = level_arg
        self.level_map = level_map or {}
        self.prefix = prefix          # text the call adds before the format (part of the message)
        self.suffix = suffix          # text the call adds after the format (e.g. ": %s" for strerror)
        self.stream_arg = stream_arg  # fprintf: only calls writing to stderr are messages
        self.returned = returned
        self.variants = variants


SYSLOG_LEVELS = {"LOG_EMERG": "fatal", "LOG_ALERT": "fatal", "LOG_CRIT": "fatal", "LOG_ERR": "error",
                 "LOG_WARNING": "warning", "LOG_NOTICE": "notice", "LOG_INFO": "info", "LOG_DEBUG": "debug"}

COMMON_UTILS_CALLS = {
    "nv_error_msg": CCall("error", 0),
    "nv_warning_msg": CCall("warning", 0),
    "nv_deprecated_msg": CCall("warning", 0),
    "nv_info_msg": CCall("info", 1),
    "nv_info_msg_to_file": CCall("info", 2),
    "nv_msg": CCall("info", 1),
    "nv_msg_preserve_whitespace": CCall("info", 1),
}
COMMON_UTILS_PREFIXES = {"nv_error_msg": "ERROR: ", "nv_warning_msg": "WARNING: ",
                         "nv_deprecated_msg": "DEPRECATED: "}
FPRINTF_STDERR = {"fprintf": CCall("error", 1, stream_arg=0, source_level="fprintf(stderr)")}

DRIVER_TAG_RE = r"^\d+\.\d+(?:\.\d+)?$"
SEMVER_TAG_RE = r"^v\d+\.\d+\.\d+$"
COMMON_EXCLUDES = [r"(^|/)vendor/", r"(^|/)third_party/", r"(^|/)tests?/", r"_test\.go$",
                   r"(^|/)gen-manpage-opts", r"(^|/)mocks?/", r"(^|/)testing/", r"(^|/)e2e/"]

COMPONENTS = {}


def component(name, **kw):
    kw["name"] = name
    kw.setdefault("exclude", [])
    kw["exclude"] = COMMON_EXCLUDES + kw["exclude"]
    kw.setdefault("include", [r""])
    kw.setdefault("calls", {})
    kw.setdefault("streams", {})
    kw.setdefault("line_prefixes", {})
    kw.setdefault("subsystems", [])
    kw.setdefault("go_style", "logrus")
    kw.setdefault("line_depth", 1 if kw["tag_re"] == DRIVER_TAG_RE else 2)
    kw.setdefault("string_macros", {})
    # the part of a release tag that is the component's own version (dcgm-exporter's tags are
    # <DCGM version>-<exporter version>): a regex whose group 1 is that part
    kw.setdefault("tag_version", None)
    kw.setdefault("go_slog", False)
    kw.setdefault("slog_sprintf", False)
    kw.setdefault("slog_pkgs", {})
    # shell scripts read for their echo lines (regexes of paths; see extract_sh)
    kw.setdefault("sh_paths", [])
    # one entry per message rather than per file: the driver container's entrypoint is copied
    # into a folder per distribution (ubuntu22.04/nvidia-driver, rhel9/nvidia-driver ...); the
    # entry names the first file (in path order) of the newest version that prints it
    kw.setdefault("merge_files", False)
    COMPONENTS[name] = kw


component(
    "nvidia-installer",
    title="NVIDIA driver installer (nvidia-installer)",
    repo="NVIDIA/nvidia-installer", lang="c", tag_re=DRIVER_TAG_RE,
    line_format="ERROR: <message> | WARNING: <message> | -> <message> (stderr and /var/log/nvidia-installer.log; "
                "stderr lines are word-wrapped to the terminal width)",
    line_prefixes=dict(COMMON_UTILS_PREFIXES, ui_error="ERROR: ", ui_warn="WARNING: ", ui_message="-> ",
                       ui_log="-> ", ui_expert="-> ", ui_status_begin="-> ", ui_command_output="   "),
    calls=dict(COMMON_UTILS_CALLS, **FPRINTF_STDERR, **{
        "ui_error": CCall("error", 1),
        "ui_warn": CCall("warning", 1),
        "ui_message": CCall("info", 1),
        "ui_log": CCall("info", 1),
        "ui_expert": CCall("debug", 1),
        "ui_command_output": CCall("info", 1),
        "ui_status_begin": CCall("info", 1, style="plain"),
        "log_printf": CCall("info", 2),
    }),
    subsystems=[
        (r"^common-utils/", "common-utils"),
        (r"^(kernel|conflicting-kernel-modules)\.c$", "kernel"),
        (r"^(precompiled|mkprecompiled)\.c$", "precompiled"),
        (r"^(files|crc|manifest)\.c$", "files"),
        (r"^backup\.c$", "backup"),
        (r"^command-list\.c$", "command-list"),
        (r"^initramfs\.c$", "initramfs"),
        (r"^install-from-cwd\.c$", "install"),
        (r"^sanity\.c$", "sanity"),
        (r"^misc\.c$", "misc"),
        (r"^nvidia-installer\.c$", "main"),
        (r"^(user-interface|stream-ui|ncurses-ui|ui-status-indeterminate|log)\.c$", "ui"),
    ])

component(
    "nvidia-persistenced",
    title="NVIDIA persistence daemon (nvidia-persistenced)",
    repo="NVIDIA/nvidia-persistenced", lang="c", tag_re=DRIVER_TAG_RE,
    line_format="nvidia-persistenced[<pid>]: <message> (syslog, facility daemon); command-line errors: ERROR: <message>",
    line_prefixes=dict(COMMON_UTILS_PREFIXES),
    calls=dict(COMMON_UTILS_CALLS, **FPRINTF_STDERR, **{
        "syslog": CCall(None, 1, level_arg=0, level_map=SYSLOG_LEVELS),
        "syslog_device": CCall(None, 2, level_arg=1, level_map=SYSLOG_LEVELS,
                               prefix="device %04x:%02x:%02x.%x - "),
    }),
    subsystems=[
        (r"^common-utils/", "common-utils"),
        (r"^nvidia-numa\.c$", "numa"),
        (r"^options\.c$", "options"),
        (r"^(nvpd_rpc_server|command_server)\.c$", "rpc"),
        (r"^(nvidia-persistenced|nvidia-syslog-utils)\.c$", "daemon"),
    ])

component(
    "nvidia-modprobe",
    title="NVIDIA device-node and module loader (nvidia-modprobe)",
    repo="NVIDIA/nvidia-modprobe", lang="c", tag_re=DRIVER_TAG_RE,
    line_format="ERROR: <message> | NVIDIA: <message> (stderr of nvidia-modprobe, which the driver libraries "
                "and nvidia-container-cli run)",
    line_prefixes=dict(COMMON_UTILS_PREFIXES),
    calls=dict(COMMON_UTILS_CALLS, **FPRINTF_STDERR),
    subsystems=[
        (r"^common-utils/", "common-utils"),
        (r"^modprobe-utils/", "modprobe-utils"),
        (r"^nvidia-modprobe\.c$", "main"),
    ])

XCONFIG_LEVELS = {"ParseErrorMsg": "error", "ValidationErrorMsg": "error", "InternalErrorMsg": "error",
                  "WriteErrorMsg": "error", "ErrorMsg": "error", "ParseWarningMsg": "warning",
                  "WarnMsg": "warning", "DebugMsg": "debug"}
component(
    "nvidia-settings",
    title="NVIDIA X Server Settings (nvidia-settings)",
    repo="NVIDIA/nvidia-settings", lang="c", tag_re=DRIVER_TAG_RE,
    exclude=[r"^samples/", r"^src/jansson/", r"^doc/"],
    line_format="ERROR: <message> | WARNING: <message> (stderr; word-wrapped to the terminal width); "
                "X config parser: PARSE ERROR: / PARSE WARNING: / VALIDATION ERROR: <message>",
    line_prefixes=dict(COMMON_UTILS_PREFIXES, **{
        "xconfigErrorMsg(ParseErrorMsg)": "PARSE ERROR: ", "xconfigErrorMsg(ParseWarningMsg)": "PARSE WARNING: ",
        "xconfigErrorMsg(ValidationErrorMsg)": "VALIDATION ERROR: ",
        "xconfigErrorMsg(InternalErrorMsg)": "INTERNAL ERROR: ", "xconfigErrorMsg(WriteErrorMsg)": "ERROR: ",
        "xconfigErrorMsg(WarnMsg)": "WARNING: ", "xconfigErrorMsg(ErrorMsg)": "ERROR: ",
        "xconfigErrorMsg(DebugMsg)": "DEBUG: "}),
    calls=dict(COMMON_UTILS_CALLS, **FPRINTF_STDERR, **{
        "xconfigErrorMsg": CCall(None, 1, level_arg=0, level_map=XCONFIG_LEVELS),
    }),
    subsystems=[
        (r"^src/common-utils/", "common-utils"),
        (r"^src/XF86Config-parser/", "xconfig-parser"),
        (r"^src/gtk\+-2\.x/", "gui"),
        (r"^src/libXNVCtrlAttributes/", "nvctrl-attributes"),
        (r"^src/libXNVCtrl/", "libXNVCtrl"),
        (r"^src/common-unix/", "common-unix"),
        (r"^src/query-assign\.c$", "query-assign"),
        (r"^src/(parse|command-line|option-table)\.c$", "command-line"),
        (r"^src/config-file\.c$", "config-file"),
        (r"^src/(nvidia-settings|app-profiles|glxinfo|eglinfo|vkinfo)\.c$", "main"),
    ])

ERRNO_SUFFIX = ": %s"
component(
    "libnvidia-container",
    title="NVIDIA container library (libnvidia-container)",
    repo="NVIDIA/libnvidia-container", lang="c", tag_re=SEMVER_TAG_RE,
    exclude=[r"^deps/", r"^pkg/", r"^mk/", r"^test/"],
    line_format="nvidia-container-cli: <message>; with --debug / NVC debug log: "
                "<L><MMDD> <hh:mm:ss.uuuuuu> <tid> <file>:<line>] <message> (L = I, W, E)",
    line_prefixes={"warnx": "nvidia-container-cli: ", "warn": "nvidia-container-cli: ",
                   "errx": "nvidia-container-cli: ", "log_err": "] ", "log_errf": "] ",
                   "log_warn": "] ", "log_warnf": "] ", "log_info": "] ", "log_infof": "] "},
    calls=dict(FPRINTF_STDERR, **{
        "log_err": CCall("error", 0), "log_errf": CCall("error", 0),
        "log_warn": CCall("warning", 0), "log_warnf": CCall("warning", 0),
        "log_info": CCall("info", 0), "log_infof": CCall("info", 0),
        "warnx": CCall("error", 0), "warn": CCall("error", 0, suffix=ERRNO_SUFFIX),
        "errx": CCall("fatal", 1),
        "error_setx": CCall("error", 1, returned=True),
        "error_set": CCall("error", 1, suffix=ERRNO_SUFFIX, returned=True),
        "error_set_elf": CCall("error", 1, suffix=ERRNO_SUFFIX, returned=True),
        "error_set_dl": CCall("error", 1, suffix=ERRNO_SUFFIX, returned=True),
        "error_set_rpc": CCall("error", 2, suffix=ERRNO_SUFFIX, returned=True),
        "error_set_nvml": CCall("error", 3, suffix=ERRNO_SUFFIX, returned=True),
    }),
    subsystems=[
        (r"^src/cli/", "cli"),
        (r"^src/(nvc_mount|jetson_mount)\.c$", "mount"),
        (r"^src/(nvc_info|jetson_info)\.c$", "info"),
        (r"^src/(nvc_ldcache|ldcache)\.c$", "ldcache"),
        (r"^src/nvc_container\.c$", "container"),
        (r"^src/nvc\.c$", "nvc"),
        (r"^src/(driver|rpc)\.c$", "driver"),
        (r"^src/(cgroup|cgroup_legacy|nvcgo)\.c$", "cgroup"),
        (r"^src/nvcgo/", "cgroup"),
        (r"^src/dxcore\.c$", "dxcore"),
        (r"^src/elftool\.c$", "elf"),
        (r"^src/(utils|error|error_generic|options|conf|csv)\.c$", "utils"),
    ])

component(
    "nvidia-container-toolkit",
    title="NVIDIA Container Toolkit (nvidia-container-runtime, nvidia-ctk, hooks)",
    repo="NVIDIA/nvidia-container-toolkit", lang="go", tag_re=SEMVER_TAG_RE,
    exclude=[r"^deployments/", r"^hack/", r"^internal/test/", r"^third_party/", r"/mock/"],
    line_format="logrus: time=\"<ts>\" level=<level> msg=\"<message>\" (stderr / text log) or "
                "{\"level\":\"<level>\",\"msg\":\"<message>\",...} (nvidia-container-runtime.log); "
                "returned errors end up in nvidia-container-runtime / nvidia-ctk errors and in "
                "\"OCI runtime create failed: ...: <message>: unknown\"",
    go_style="logrus",
    subsystems=[
        (r"^cmd/nvidia-container-runtime-hook/", "hook"),
        (r"^cmd/nvidia-cdi-hook/update-ldcache/", "ldcache"),
        (r"^cmd/nvidia-cdi-hook/", "cdi-hook"),
        (r"^cmd/nvidia-container-runtime", "runtime"),
        (r"^internal/(runtime|oci)/", "runtime"),
        (r"^internal/modifier/", "modifier"),
        (r"^internal/(ldcache|ldconfig)/", "ldcache"),
        (r"^(pkg/nvcdi|internal/edits|cmd/nvidia-ctk/cdi)/", "cdi"),
        (r"^(internal/discover|internal/lookup|pkg/lookup)/", "discover"),
        (r"^cmd/nvidia-ctk-installer/", "installer"),
        (r"^(cmd/nvidia-ctk/runtime|pkg/config/engine|pkg/config/ocihook)/", "runtime-config"),
        (r"^(internal/config|pkg/config|api/config|cmd/nvidia-ctk/config)/", "config"),
        (r"^(cmd/nvidia-ctk/system|pkg/system)/", "system"),
        (r"^internal/platform-support/tegra/", "tegra"),
        (r"^internal/platform-support/", "platform"),
        (r"^internal/nvsandboxutils/", "nvsandboxutils"),
        (r"^internal/requirements/", "requirements"),
        (r"^(internal/devices|internal/info|internal/nvcaps|internal/dxcore|internal/cuda)/", "devices"),
        (r"^cmd/nvidia-ctk/", "ctk"),
    ])

component(
    "k8s-device-plugin",
    title="NVIDIA Kubernetes device plugin, GPU feature discovery and MPS daemon",
    repo="NVIDIA/k8s-device-plugin", lang="go", tag_re=SEMVER_TAG_RE,
    exclude=[r"^deployments/", r"^hack/", r"/testing/"],
    line_format="klog: <L><MMDD> <hh:mm:ss.uuuuuu> <pid> <file>:<line>] <message> (L = I, W, E, F); "
                "structured (InfoS/ErrorS) messages are quoted and followed by key=value pairs",
    line_prefixes={},
    go_style="logrus",
    subsystems=[
        (r"^(internal/plugin|internal/watch|cmd/nvidia-device-plugin)/", "plugin"),
        (r"^internal/rm/", "rm"),
        (r"^internal/mig/", "mig"),
        (r"^internal/cdi/", "cdi"),
        (r"^(internal/lm|cmd/gpu-feature-discovery)/", "gfd"),
        (r"^cmd/mps-control-daemon/", "mps"),
        (r"^cmd/config-manager/", "config-manager"),
        (r"^internal/resource/", "resource"),
        (r"^internal/imex/", "imex"),
        (r"^internal/vgpu/", "vgpu"),
        (r"^(api/config|internal/flags)/", "config"),
        (r"^internal/cuda/", "cuda"),
    ])

component(
    "gpu-operator",
    title="NVIDIA GPU Operator",
    repo="NVIDIA/gpu-operator", lang="go", tag_re=SEMVER_TAG_RE,
    exclude=[r"^api/versioned/", r"^hack/", r"^tools/", r"^deployments/", r"zz_generated"],
    line_format="controller-runtime/zap: {\"level\":\"<level>\",\"ts\":...,\"logger\":\"<name>\",\"msg\":\"<message>\",<key/values>} "
                "or <ts> <LEVEL> <logger> <message> {<key/values>}; nvidia-validator (logrus): "
                "time=\"<ts>\" level=<level> msg=\"<message>\"",
    go_style="logr",
    subsystems=[
        (r"^controllers/clusterinfo/", "clusterinfo"),
        (r"^controllers/", "controller"),
        (r"^internal/state/", "state"),
        (r"^cmd/nvidia-validator/", "validator"),
        (r"^cmd/gpuop-cfg/", "gpuop-cfg"),
        (r"^internal/(nodeinfo|info)/", "nodeinfo"),
        (r"^internal/conditions/", "conditions"),
        (r"^cmd/gpu-operator/", "operator"),
        (r"^cmd/(manage-crds|cleanup-gpuclusters)/", "crds"),
        (r"^internal/(driver|nvidiadriver|image|render|validator|config|utils|predicates|consts)/", "internal"),
        (r"^api/", "api"),
    ])

component(
    "gpu-driver-container",
    title="NVIDIA GPU driver container (nvidia-driver entrypoint of the GPU Operator's driver images)",
    repo="NVIDIA/gpu-driver-container", lang="sh", tag_re=r"^\d+\.\d+\.\d+$",
    include=[r"(^|/)nvidia-driver$", r"(^|/)common\.sh$"],
    exclude=[r"^(ci|scripts|tests)/"],
    sh_paths=[r"(^|/)nvidia-driver$", r"(^|/)common\.sh$"],
    merge_files=True,
    line_format="plain echo lines on the container's stdout/stderr (kubectl logs <nvidia-driver-daemonset pod> -c "
                "nvidia-driver-ctr; docker logs), between nvidia-installer's own output; with set -x each "
                "echo is preceded by its \"+ echo '...'\" trace line",
    subsystems=[
        (r"^vgpu-manager/", "vgpu-manager"),
        (r"/precompiled/", "precompiled"),
        (r"^([^/]+)/", "driver"),
    ])

component(
    "k8s-driver-manager",
    title="NVIDIA k8s-driver-manager (the GPU Operator driver pod's init container)",
    repo="NVIDIA/k8s-driver-manager", lang="go", tag_re=SEMVER_TAG_RE,
    include=[r"^driver-manager$", r"^cmd/", r"^internal/"],
    sh_paths=[r"^driver-manager$"],
    line_format="up to v0.8: plain echo lines of the driver-manager script (kubectl logs <driver pod> -c "
                "k8s-driver-manager); from v0.9 (Go, logrus): time=<ts> level=<level> msg=<message>",
    subsystems=[
        (r"^driver-manager$", "driver-manager"),
        (r"^cmd/driver-manager/", "driver-manager"),
        (r"^cmd/vfio-manage/", "vfio-manage"),
        (r"^cmd/nvdrain/", "nvdrain"),
        (r"^internal/", "internal"),
    ])

component(
    "nccl",
    title="NVIDIA Collective Communications Library (NCCL)",
    repo="NVIDIA/nccl", lang="c", tag_re=r"^v\d+\.\d+\.\d+-\d+$",
    include=[r"^src/"],
    exclude=[r"^src/include/nvtx3/", r"/doca-gpunetio/", r"^src/include/nccl_device/"],
    line_format="<host>:<pid>:<tid> [<dev>] <file>:<line> (<func>) NCCL WARN <message> | "
                "<host>:<pid>:<tid> [<dev>] NCCL INFO <message> | "
                "<host>:<pid>:<tid> [<dev>] <ms> <func>:<line> NCCL TRACE <message> "
                "(optional [<timestamp>] first, NCCL_DEBUG_TIMESTAMP_FORMAT)",
    line_prefixes={"WARN": "NCCL WARN ", "INFO": "NCCL INFO ", "INFO_LOC": "NCCL INFO ",
                   "TRACE": "NCCL TRACE ", "TRACE_LOC": "NCCL TRACE ", "TRACE_CALL": "NCCL CALL ",
                   "VERSION": ""},
    calls={
        "WARN": CCall("error", 0),
        "INFO": CCall("info", 1),
        "INFO_LOC": CCall("info", 1, prefix="%s:%d (%s) "),
        "TRACE": CCall("debug", 1),
        "TRACE_LOC": CCall("debug", 1, prefix="%s:%d (%s) "),
        "TRACE_CALL": CCall("debug", 0),
        "VERSION": CCall("info", 0),
    },
    subsystems=[
        (r"^src/transport/net_ib/", "transport/net_ib"),
        (r"^src/transport/net_socket", "transport/net_socket"),
        (r"^src/transport/coll_net", "transport/coll_net"),
        (r"^src/transport/net", "transport/net"),
        (r"^src/transport/p2p", "transport/p2p"),
        (r"^src/transport/shm", "transport/shm"),
        (r"^src/transport/nvls", "transport/nvls"),
        (r"^src/transport/", "transport"),
        (r"^src/graph/", "graph"),
        (r"^src/(init|init_nvtx|channel|comm)[^/]*$", "init"),
        (r"^src/proxy", "proxy"),
        (r"^src/(enqueue|collectives|group|ce_coll|sym_kernels)", "enqueue"),
        (r"^src/bootstrap", "bootstrap"),
        (r"^src/plugin/", "plugin"),
        (r"^src/ras/", "ras"),
        (r"^src/register/", "register"),
        (r"^src/misc/(socket|ipcsocket)", "socket"),
        (r"^src/misc/", "misc"),
        (r"^src/(gin|rma)/", "gin"),
        (r"^src/(device|nccl_device|devcomm)/", "device"),
        (r"^src/(os|param|scheduler)/", "os"),
        (r"^src/include/", "include"),
        (r"^src/(mem_manager|allocator)", "memory"),
        (r"^src/(mnnvl|dev_runtime|symmetric|debug|transport|enhcompat)", "core"),
    ])

DCGM_STREAMS = {
    "DCGM_LOG_FATAL": ("fatal",), "DCGM_LOG_ERROR": ("error",), "DCGM_LOG_WARNING": ("warning",),
    "DCGM_LOG_INFO": ("info",), "DCGM_LOG_DEBUG": ("debug",), "DCGM_LOG_VERBOSE": ("debug",),
    "DCGM_LOG_FATAL_TO": ("fatal",), "DCGM_LOG_ERROR_TO": ("error",), "DCGM_LOG_WARNING_TO": ("warning",),
    "DCGM_LOG_INFO_TO": ("info",), "DCGM_LOG_DEBUG_TO": ("debug",), "DCGM_LOG_VERBOSE_TO": ("debug",),
    "DCGM_LOG_SYSLOG_CRITICAL": ("fatal",), "DCGM_LOG_SYSLOG_ERROR": ("error",),
    "DCGM_LOG_SYSLOG_WARNING": ("warning",), "DCGM_LOG_SYSLOG_NOTICE": ("notice",),
    "DCGM_LOG_SYSLOG_INFO": ("info",), "DCGM_LOG_SYSLOG_DEBUG": ("debug",),
}
component(
    "dcgm",
    title="NVIDIA Data Center GPU Manager (DCGM: nv-hostengine, dcgmi, nvvs diagnostics)",
    repo="NVIDIA/DCGM", lang="c", tag_re=SEMVER_TAG_RE,
    exclude=[r"^sdk_samples/", r"^nvml-injection/", r"^dcgmbuild/", r"^scripts/", r"^docker/",
             r"^testing/", r"/tests?/", r"/mock/", r"^cublas_proxy/", r"^dcgm_stub/", r"^sdk/nvidia/nvml/nvml\.h$"],
    line_format="<YYYY-mm-dd HH:MM:SS.mmm> <SEVERITY> [<pid>:<tid>] <message> [<file>:<line>] [<function>] "
                "(nv-hostengine.log, nvvs.log; SEVERITY = FATAL, ERROR, WARN, INFO, DEBUG, VERB); "
                "syslog copies: nv-hostengine[<pid>]: <message>",
    line_prefixes={},
    streams=DCGM_STREAMS,
    calls={
        "log_fatal": CCall("fatal", 0, style="fmt"), "log_error": CCall("error", 0, style="fmt"),
        "log_warning": CCall("warning", 0, style="fmt"), "log_info": CCall("info", 0, style="fmt"),
        "log_debug": CCall("debug", 0, style="fmt"), "log_verbose": CCall("debug", 0, style="fmt"),
        "SYSLOG_CRITICAL": CCall("fatal", 0, style="fmt"), "SYSLOG_ERROR": CCall("error", 0, style="fmt"),
        "SYSLOG_WARNING": CCall("warning", 0, style="fmt"), "SYSLOG_NOTICE": CCall("notice", 0, style="fmt"),
        "SYSLOG_INFO": CCall("info", 0, style="fmt"),
        "PRINT_CRITICAL": CCall("fatal", 0), "PRINT_ERROR": CCall("error", 0),
        "PRINT_WARNING": CCall("warning", 0), "PRINT_INFO": CCall("info", 0),
        "PRINT_DEBUG": CCall("debug", 0),
    },
    subsystems=[
        (r"^nvvs/plugin_src/([^/]+)/", r"nvvs/\1"),
        (r"^nvvs/", "nvvs"),
        (r"^modules/([^/]+)/", r"\1"),
        (r"^modules/", "modules"),
        (r"^hostengine/", "hostengine"),
        (r"^dcgmlib/", "dcgmlib"),
        (r"^dcgmi/", "dcgmi"),
        (r"^dcgmproftester/", "dcgmproftester"),
        (r"^common/", "common"),
        (r"^sdk/", "sdk"),
    ])

component(
    "mig-parted",
    title="NVIDIA MIG partition editor and MIG manager (nvidia-mig-parted, nvidia-mig-manager)",
    repo="NVIDIA/mig-parted", lang="go", tag_re=SEMVER_TAG_RE,
    exclude=[r"^deployments/", r"^hack/", r"^internal/test/"],
    line_format="logrus: time=\"<ts>\" level=<level> msg=\"<message>\" (k8s-mig-manager pod) or "
                "<LEVEL>[<seconds>] <message> (nvidia-mig-parted on a terminal: ERRO, WARN, INFO, FATA); "
                "returned errors end in \"Error applying MIG configuration ...: <message>\"",
    go_style="logrus",
    subsystems=[
        (r"^cmd/nvidia-mig-manager/", "manager"),
        (r"^pkg/mig/reconfigure/", "reconfigure"),
        (r"^cmd/nvidia-mig-parted/apply/", "apply"),
        (r"^cmd/nvidia-mig-parted/assert/", "assert"),
        (r"^cmd/nvidia-mig-parted/(export|checkpoint|restore|generateconfig)/", "export"),
        (r"^cmd/nvidia-mig-parted/", "cli"),
        (r"^pkg/mig/mode/", "mode"),
        (r"^pkg/mig/(config|builder|discovery|state)/", "config"),
        (r"^(pkg/nvml|pkg/nvlib|internal/nvlib|internal/nvml)/", "nvml"),
        (r"^(api|pkg/types)/", "api"),
        (r"^internal/systemd/", "systemd"),
    ])

component(
    "dcgm-exporter",
    title="NVIDIA DCGM exporter (Prometheus GPU metrics)",
    repo="NVIDIA/dcgm-exporter", lang="go", tag_re=r"^\d+\.\d+\.\d+-\d+\.\d+\.\d+$",
    tag_version=r"^[\d.]+-([\d.]+)$",
    exclude=[r"^deployments/", r"^hack/", r"^tests/", r"^internal/mocks/", r"/testutils/"],
    line_format="logrus (up to 3.x): time=\"<ts>\" level=<level> msg=\"<message>\"; slog (4.x): "
                "time=<ts> level=<LEVEL> msg=\"<message>\" <key>=<value>...",
    go_style="logrus", go_slog=True,
    subsystems=[
        (r"^pkg/dcgmexporter/kubernetes", "k8s"),
        (r"^internal/pkg/(transformation|kubeclient)/", "k8s"),
        (r"^internal/pkg/(collector|counters|rendermetrics)/", "collector"),
        (r"^internal/pkg/(devicewatcher|devicewatchlistmanager|deviceinfo|devicemonitoring)/", "devices"),
        (r"^internal/pkg/(dcgmprovider|prerequisites|capabilities)/", "dcgm"),
        (r"^internal/pkg/nvmlprovider/", "nvml"),
        (r"^internal/pkg/(server|registry|watcher)/", "server"),
        (r"^(pkg/cmd|cmd/dcgm-exporter|internal/pkg/appconfig)/", "app"),
        (r"^pkg/dcgmexporter/", "exporter"),
    ])

component(
    "ggml-cuda",
    title="ggml CUDA back-end (llama.cpp, whisper.cpp, Ollama, LM Studio)",
    repo="ggml-org/ggml", lang="c", tag_re=SEMVER_TAG_RE,
    # and ggml.h for GGML_ASSERT, which the CUDA back-end's fatal errors end in
    include=[r"^src/ggml-cuda\.cu$", r"^src/ggml-cuda/", r"^include/(ggml/)?ggml\.h$"],
    exclude=[r"/template-instances/", r"/vendors/"],
    line_format="<message> on stderr (ggml's log callback; llama.cpp's own log may put a level letter "
                "and time first); GGML_ABORT: <file>:<line>: <message>",
    # GGML_CUDA_NAME is "ROCm"/"MUSA" in the HIP and MUSA builds of the same code
    string_macros={"GGML_CUDA_NAME": "CUDA", "GGML_CUBLAS_NAME": "cuBLAS"},
    calls=dict(FPRINTF_STDERR, **{
        "GGML_LOG_ERROR": CCall("error", 0),
        "GGML_LOG_WARN": CCall("warning", 0),
        "GGML_LOG_INFO": CCall("info", 0),
        "GGML_LOG_DEBUG": CCall("debug", 0),
        "GGML_ABORT": CCall("fatal", 0, prefix="%s:%d: "),
    }),
    subsystems=[
        (r"^include/", "assert"),
        (r"^src/ggml-cuda(\.cu|/ggml-cuda\.cu|/common\.cuh)$", "backend"),
        (r"^src/ggml-cuda/(allreduce|nccl)", "collective"),
        (r"^src/ggml-cuda/(fattn|mmq|mmvq|mmf|mmvf|mma|mmid|cpy|binbcast|getrows|conv|rope|norm|softmax)", "kernels"),
        (r"^src/ggml-cuda/", "ops"),
    ])

component(
    "ollama",
    title="Ollama (GPU discovery, scheduler and model runner)",
    repo="ollama/ollama", lang="go", tag_re=SEMVER_TAG_RE,
    # its own Go code that finds the GPUs (gpu/ up to 0.3, discover/ after), starts and watches the
    # runner (llm/, runner/) and schedules models on the GPUs (server/sched.go); the vendored
    # llama.cpp/ggml is ggml-cuda's catalog
    include=[r"^gpu/[^/]+\.go$", r"^discover/[^/]+\.go$", r"^llm/[^/]+\.go$", r"^server/sched\.go$",
             r"^ml/(device|backend)\.go$", r"^ml/backend/ggml/ggml\.go$", r"^runner/[^/]+\.go$"],
    exclude=[r"_test\.go$", r"(^|/)(amd|rocm|vulkan|oneapi|gpu_oneapi)[^/]*\.go$", r"_darwin\.go$", r"metal"],
    line_format="slog: time=<ts> level=<LEVEL> source=<file>:<line> msg=\"<message>\" <key>=<value>... "
                "(stderr, journald ollama[<pid>], docker logs); up to 0.1.x also <date> <file>:<line>: <message>",
    go_style="logrus", go_slog=True, slog_sprintf=True,
    slog_pkgs={"github.com/ollama/ollama/logutil": {"Trace": "debug", "TraceContext": "debug"}},
    subsystems=[
        (r"^(gpu|discover)/(cpu_|assets|path)", "host"),
        (r"^(gpu|discover)/", "discover"),
        (r"^server/sched", "scheduler"),
        (r"^(llm|runner)/", "runner"),
        (r"^ml/", "backend"),
    ])

UCS_LOG_LEVELS = {"UCS_LOG_LEVEL_FATAL": "fatal", "UCS_LOG_LEVEL_ERROR": "error",
                  "UCS_LOG_LEVEL_WARN": "warning", "UCS_LOG_LEVEL_DIAG": "notice",
                  "UCS_LOG_LEVEL_INFO": "info", "UCS_LOG_LEVEL_DEBUG": "debug",
                  "UCS_LOG_LEVEL_TRACE": "debug"}

component(
    "ucx",
    title="UCX (Unified Communication X) GPU transports",
    repo="openucx/ucx", lang="c", tag_re=SEMVER_TAG_RE,
    # Only UCX's GPU code: the CUDA transports (cuda_copy, cuda_ipc, gdr_copy and their base), the
    # CUDA memory hooks and the memory-type cache that tells host from GPU buffers. UCX's other
    # transports (InfiniBand, TCP, shared memory) are not NVIDIA GPU messages. The macros that
    # print a failed CUDA/NVML call by its source text (UCT_CUDADRV_FUNC: "%s() failed: %s", before
    # 1.10 "%s is failed. ret:%s") have no literal format; rules/nvidia/hpc.yaml reads them.
    include=[r"^src/uct/cuda/", r"^src/ucm/cuda/", r"^src/ucs/memory/memtype_cache\.c$"],
    line_format="[<seconds>.<usec>] [<host>:<pid>:<thread>] <file>:<line> UCX  <LEVEL> <message> "
                "(ucs_log_default_handler, src/ucs/debug/log.c; LEVEL is FATAL, ERROR, WARN, DIAG, "
                "INFO, DEBUG, TRACE)",
    line_prefixes={"ucs_fatal": "UCX  FATAL ", "ucs_error": "UCX  ERROR ", "ucs_warn": "UCX  WARN  ",
                   "ucs_diag": "UCX  DIAG  ", "ucs_info": "UCX  INFO  ", "ucs_debug": "UCX  DEBUG "},
    calls={
        "ucs_fatal": CCall("fatal", 0),
        "ucs_error": CCall("error", 0),
        "ucs_warn": CCall("warning", 0),
        "ucs_diag": CCall("notice", 0),
        "ucs_info": CCall("info", 0),
        "ucs_debug": CCall("debug", 0),
        "ucs_log": CCall(None, 1, level_arg=0, level_map=UCS_LOG_LEVELS),
    },
    subsystems=[
        (r"^src/uct/cuda/cuda_copy/", "cuda_copy"),
        (r"^src/uct/cuda/cuda_ipc/", "cuda_ipc"),
        (r"^src/uct/cuda/gdr_copy/", "gdr_copy"),
        (r"^src/uct/cuda/gdaki/", "gdaki"),
        (r"^src/uct/cuda/", "cuda"),
        (r"^src/ucm/cuda/", "ucm_cuda"),
        (r"^src/ucs/memory/", "memtype"),
    ])

TRITON_STREAMS = {"LOG_ERROR": ("error",), "LOG_WARNING": ("warning",), "LOG_INFO": ("info",),
                  "LOG_VERBOSE": ("debug",)}
TRITON_LINE_FORMAT = ("<L><MMDD> <hh:mm:ss.uuuuuu> <pid> <file>:<line>] <message> (L = I, W, E; "
                      "--log-format ISO8601: <YYYY-mm-ddTHH:MM:SSZ> <L> <pid> <file>:<line>] <message>); "
                      "model load failures also in the model status table printed at start-up "
                      "(| <model> | <version> | UNAVAILABLE: <message> |)")
TRITON_SUBSYSTEMS = [
    (r"(^|/)metrics[^/]*\.cc$", "metrics"),
    (r"(^|/)(pinned_memory_manager|cuda_memory_manager|cuda_utils|memory|cuda_block_manager)[^/]*$", "memory"),
    (r"(^|/)(model_repository_manager|model_lifecycle|model_config_utils|autofill|repo_agent)", "model-repository"),
    (r"^src/backends/([^/]+)/", r"backend/\1"),
    (r"(^|/)(backend_|shared_library)", "backend"),
    (r"(^|/)(grpc|http_server|sagemaker_server|vertex_ai_server|shared_memory_manager|common)", "frontend"),
    (r"(scheduler|rate_limiter|instance_queue|payload)", "scheduler"),
    (r"(^|/)(server|tritonserver|main|command_line_parser|status)[^/]*\.cc$", "server"),
]
component(
    "triton-server",
    title="NVIDIA Triton Inference Server (tritonserver; before r21.07 with its core and backends)",
    repo="triton-inference-server/server", lang="c", tag_re=SEMVER_TAG_RE,
    # src/ only: the server (and up to v2.12 its core and the backends it carried); not the
    # clients, the QA tests, the docs or the deployment examples
    include=[r"^src/"],
    exclude=[r"^src/clients/", r"^src/test/", r"^src/custom/", r"^src/python/", r"^src/java/"],
    line_format=TRITON_LINE_FORMAT,
    streams=TRITON_STREAMS,
    subsystems=TRITON_SUBSYSTEMS)

component(
    "triton-core",
    title="NVIDIA Triton Inference Server core (libtritonserver: model repository, memory, metrics)",
    repo="triton-inference-server/core", lang="c", tag_re=SEMVER_TAG_RE,
    include=[r"^src/"],
    exclude=[r"^src/test/"],
    line_format=TRITON_LINE_FORMAT,
    streams=TRITON_STREAMS,
    subsystems=TRITON_SUBSYSTEMS)

C_EXTS = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".cu", ".cuh", ".inl", ".x")
GO_EXTS = (".go",)
CXX_EXTS = (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".cu", ".cuh", ".inl")

# --------------------------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------------------------


class GitSource:
    def __init__(self, gitdir, ref):
        self.gitdir = gitdir
        self.ref = ref
        self.commit = self._git("rev-parse", ref + "^{commit}").strip()
        self._cat = None

    def _git(self, *args):
        return subprocess.run(["git", "-C", self.gitdir] + list(args), check=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE).stdout.decode("utf-8", "replace")

    def list_files(self):
        out = subprocess.run(["git", "-C", self.gitdir, "ls-tree", "-r", "-z", "--full-tree", "--name-only",
                              self.commit], check=True, stdout=subprocess.PIPE).stdout
        return sorted(p.decode("utf-8", "replace") for p in out.split(b"\0") if p)

    def read(self, path):
        if self._cat is None:
            self._cat = subprocess.Popen(["git", "-C", self.gitdir, "cat-file", "--batch"],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._cat.stdin.write(("%s:%s\n" % (self.commit, path)).encode("utf-8"))
        self._cat.stdin.flush()
        header = self._cat.stdout.readline().decode("utf-8", "replace").split()
        if len(header) < 3 or header[1] != "blob":
            return None
        size = int(header[2])
        data = self._cat.stdout.read(size)
        self._cat.stdout.read(1)
        return data.decode("utf-8", "replace")

    def close(self):
        if self._cat is not None:
            self._cat.stdin.close()
            self._cat.wait()
            self._cat = None


class FolderSource:
    def __init__(self, root):
        self.root = root
        self.commit = None

    def list_files(self):
        out = []
        for d, dirs, files in os.walk(self.root):
            dirs[:] = sorted(x for x in dirs if x != ".git")
            for f in files:
                out.append(os.path.relpath(os.path.join(d, f), self.root).replace(os.sep, "/"))
        return sorted(out)

    def read(self, path):
        with open(os.path.join(self.root, path), "rb") as fh:
            return fh.read().decode("utf-8", "replace")

    def close(self):
        pass


def is_git_dir(path):
    if os.path.isdir(os.path.join(path, ".git")):
        return True
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def version_key(tag):
    return tuple(int(x) for x in re.findall(r"\d+", tag))


def release_tags(gitdir, tag_re, count, line_depth, tag_version=None):
    """Newest release tag of each of the `count` newest release lines, oldest first.

    A release line is the first `line_depth` numbers of the version (driver branch 595 for
    595.71.05; 1.20 for v1.20.0; 2.30 for v2.30.7-1). With `tag_version` (a regex), the version
    is its group 1 in the tag (4.8.2 of dcgm-exporter's 4.5.3-4.8.2)."""
    out = subprocess.run(["git", "-C", gitdir, "tag", "--list"], check=True,
                         stdout=subprocess.PIPE).stdout.decode("utf-8", "replace").split()

    def key(t):
        return version_key(re.match(tag_version, t).group(1) if tag_version else t)

    tags = sorted((t for t in out if re.match(tag_re, t)), key=key)
    newest = {}
    for t in tags:
        newest[key(t)[:line_depth]] = t
    lines = sorted(newest)
    return [newest[k] for k in lines[-count:]]


# --------------------------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------------------------

class SkipCounter(Counter):
    """Counter of skip reasons that also remembers where (for --list-skipped)."""

    def __init__(self):
        super().__init__()
        self.where = []
        self.at = None

    def __missing__(self, key):
        return 0

    def note(self, reason):
        self[reason] += 1
        if self.at is not None:
            self.where.append((reason,) + self.at)


class Stats:
    def __init__(self):
        self.calls = 0
        self.skipped = SkipCounter()
        self.files = 0
        self.skipped_macros = Counter()


def subsystem_of(cfg, path):
    for rx, name in cfg["subsystems"]:
        m = re.search(rx, path)
        if m:
            return m.expand(name) if "\\" in name else name
    return "other"


def make_entry(fmt_text, style, spec_prefix, spec_suffix):
    """Literal text of a call -> (printf format, generic flag)."""
    if style == "fmt":
        body = fmtlib_to_printf(fmt_text)
    elif style == "plain":
        body = plain_to_printf(fmt_text)
    elif style == "go":
        body = go_to_printf(fmt_text)
    else:
        body = fmt_text
    body = tidy_format(body)
    generic = literal_letters(body) < GENERIC_MIN_LETTERS
    return spec_prefix + body + spec_suffix, generic


NON_CALL_PREV = {"return", "else", "do", "case", "goto", "co_return", "co_await", "throw", "sizeof"}


def extract_c(cfg, path, text, macros, stats, emit):
    cxx = path.endswith(CXX_EXTS)
    toks, _ = lex_c(text, cxx)
    calls = cfg["calls"]
    streams = cfg["streams"]
    n = len(toks)
    for i, t in enumerate(toks):
        if t.kind != "id":
            continue
        name = t.val
        if name in calls:
            if i + 1 >= n or toks[i + 1].val != "(" or toks[i + 1].kind != "punct":
                continue
            if t.pp is not None and t.pp.name_index >= 0 and toks[t.pp.name_index] is t:
                continue  # the macro being defined
            if i > 0:
                p = toks[i - 1]
                if p.kind == "id" and p.val not in NON_CALL_PREV:
                    continue  # declaration / definition
                if p.kind == "punct" and p.val in ("*", ".", "->"):
                    continue  # pointer-returning declaration, or a member function of that name
            spec = calls[name]
            args, _ = split_args(toks, i + 1)
            if args is None:
                stats.calls += 1
                stats.skipped.at = (path, t.line)
                stats.skipped.note("unbalanced call")
                continue
            if spec.stream_arg is not None:
                sa = args[spec.stream_arg] if len(args) > spec.stream_arg else []
                if [x.val for x in sa] != ["stderr"]:
                    continue  # fprintf to a file / buffer: not a message
            stats.calls += 1
            stats.skipped.at = (path, t.line)
            if len(args) <= spec.fmt:
                stats.skipped.note("missing format argument")
                continue
            level = spec.level
            source_level = spec.source_level or name
            if spec.level_arg is not None:
                la = [x.val for x in strip_parens(args[spec.level_arg])] if len(args) > spec.level_arg else []
                key = la[0] if len(la) == 1 else None
                if key in spec.level_map:
                    level = spec.level_map[key]
                    source_level = "%s(%s)" % (name, key)
                else:
                    level = "info"
                    source_level = "%s(%s)" % (name, " ".join(la) or "?")
            if spec.returned:
                source_level = RETURNED
            params = t.pp.params if t.pp is not None else None
            try:
                texts = c_literal_variants(args[spec.fmt], macros, params)
            except NotLiteral as e:
                stats.skipped.note(e.reason if not e.reason.startswith("unresolved macro") else "unresolved macro")
                if e.reason.startswith("unresolved macro"):
                    stats.skipped_macros[e.reason[len("unresolved macro "):]] += 1
                continue
            style = spec.style
            if style == "fmt" and len(args) == spec.fmt + 1:
                style = "plain"  # fmt overload for a single string: printed as-is
            for txt in texts:
                if not txt.strip():
                    stats.skipped.note("empty format (blank line)")
                    continue
                fmt, generic = make_entry(txt, style, spec.prefix, spec.suffix)
                emit(fmt, level, source_level, t.line, generic)
        elif name in streams:
            if t.pp is not None:
                continue  # stream macro inside a macro definition
            j = i + 1
            if j < n and toks[j].val == "(" and toks[j].kind == "punct":
                _, j = split_args(toks, j)
                if _ is None:
                    continue
            if j >= n or toks[j].val != "<<":
                continue
            stats.calls += 1
            stats.skipped.at = (path, t.line)
            level = streams[name][0]
            pieces, ok = stream_pieces(toks, j)
            if not ok:
                stats.skipped.note("unbalanced stream")
                continue
            out = []
            literal = []
            for piece in pieces:
                txt = stream_piece_text(piece, macros)
                if txt is None:
                    out.append("%s")
                elif txt == "":
                    continue
                else:
                    out.append(txt.replace("%", "%%"))
                    literal.append(txt)
            if not literal:
                stats.skipped.note("no literal text in stream")
                continue
            fmt = tidy_format("".join(out))
            generic = literal_letters(fmt) < GENERIC_MIN_LETTERS
            emit(fmt, level, name, t.line, generic)


STREAM_MANIPULATORS = {"endl", "flush", "hex", "dec", "oct", "fixed", "scientific", "boolalpha",
                       "noboolalpha", "showbase", "noshowbase", "uppercase", "nouppercase", "left",
                       "right", "internal", "setw", "setfill", "setprecision", "showpoint", "ends",
                       "defaultfloat", "hexfloat", "showpos", "noshowpos"}


def stream_pieces(toks, j):
    """toks[j] is '<<'.  Split `<< a << b ... ;` into pieces."""
    pieces = []
    cur = []
    depth = 0
    n = len(toks)
    j += 1
    while j < n:
        t = toks[j]
        if t.kind == "punct":
            if t.val in OPEN:
                depth += 1
            elif t.val in CLOSE:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and t.val == ";":
                pieces.append(cur)
                return pieces, True
            elif depth == 0 and t.val == "<<":
                pieces.append(cur)
                cur = []
                j += 1
                continue
        cur.append(t)
        j += 1
    return pieces, False


def stream_piece_text(piece, macros):
    """Literal text of one `<<` operand, "" for manipulators, None for a value."""
    piece = strip_parens(piece)
    if not piece:
        return ""
    if all(t.kind == "str" for t in piece):
        return "".join(t.val for t in piece)
    if len(piece) == 1 and piece[0].kind == "chr":
        return piece[0].val
    ids = [t.val for t in piece if t.kind == "id"]
    if ids and piece[0].kind == "id":
        # std::endl, std::hex, std::setw(4), ...
        name_part = []
        for t in piece:
            if t.kind == "punct" and t.val == "(":
                break
            name_part.append(t)
        if name_part and name_part[-1].kind == "id" and name_part[-1].val in STREAM_MANIPULATORS and \
                all(x.kind == "id" and x.val == "std" or x.val == "::" or x is name_part[-1] for x in name_part):
            return ""
    try:
        return c_literal(piece, macros, None)
    except NotLiteral:
        return None


# ---- Go ------------------------------------------------------------------------------------

GO_LEVEL_BY_PREFIX = (("Error", "error"), ("Warn", "warning"), ("Info", "info"), ("Debug", "debug"),
                      ("Trace", "debug"), ("Fatal", "fatal"), ("Panic", "fatal"), ("Exit", "fatal"),
                      ("Print", "info"))
GO_LOG_METHODS = {}
for _base in ("Error", "Warn", "Warning", "Info", "Debug", "Trace", "Fatal", "Panic", "Print"):
    GO_LOG_METHODS[_base + "f"] = "printf"
    GO_LOG_METHODS[_base] = "sprint"
    GO_LOG_METHODS[_base + "ln"] = "sprintln"
GO_LOG_METHODS.update({"InfoS": "structured", "ErrorS": "structured-err", "Exitf": "printf",
                       "InfoDepth": "sprint", "ErrorDepth": "sprint", "WarningDepth": "sprint"})
GO_OTHER_METHODS = {"New", "Wrap", "Wrapf", "WithMessage", "WithMessagef", "Exit", "NewExitError",
                    "Fprintf", "Fprintln", "Fprint"}
# log/slog (components with go_slog): the message is the first argument (after the context of
# the *Context forms), the others are attributes printed as key=value after it
SLOG_METHODS = {"Error": 0, "Warn": 0, "Info": 0, "Debug": 0, "ErrorContext": 1, "WarnContext": 1,
                "InfoContext": 1, "DebugContext": 1}
GO_OTHER_METHODS |= set(SLOG_METHODS)
GO_ALL_METHODS = set(GO_LOG_METHODS) | GO_OTHER_METHODS

LOGRUS = "github.com/sirupsen/logrus"
PKG_ERRORS = "github.com/pkg/errors"


def go_level(method):
    for p, lvl in GO_LEVEL_BY_PREFIX:
        if method.startswith(p):
            return lvl
    return "info"


def go_imports(toks):
    imports = {}
    i = 0
    n = len(toks)

    def add(alias, path):
        if alias in ("_", "."):
            return
        if alias is None:
            parts = path.split("/")
            alias = parts[-1]
            if re.match(r"^v\d+$", alias) and len(parts) > 1:
                alias = parts[-2]
            alias = re.sub(r"\.v\d+$", "", alias)
        imports[alias] = path

    while i < n:
        t = toks[i]
        if t.kind == "id" and t.val == "import":
            i += 1
            if i < n and toks[i].val == "(":
                i += 1
                while i < n and toks[i].val != ")":
                    alias = None
                    if toks[i].kind in ("id",) or toks[i].val in (".", "_"):
                        alias = toks[i].val
                        i += 1
                    if i < n and toks[i].kind == "str":
                        add(alias, toks[i].val)
                    i += 1
                    while i < n and toks[i].val == ";":
                        i += 1
            else:
                alias = None
                if i < n and (toks[i].kind == "id" or toks[i].val in (".", "_")):
                    alias = toks[i].val
                    i += 1
                if i < n and toks[i].kind == "str":
                    add(alias, toks[i].val)
        elif t.kind == "id" and t.val in ("func", "type", "var", "const"):
            break
        i += 1
    return imports


def find_open(toks, k):
    """toks[k] is ')'; return the index of the matching '('."""
    depth = 0
    while k >= 0:
        v = toks[k]
        if v.kind == "punct":
            if v.val in CLOSE:
                depth += 1
            elif v.val in OPEN:
                depth -= 1
                if depth == 0:
                    return k
        k -= 1
    return -1


def go_chain(toks, i):
    """Receiver chain before toks[i] (a method name after '.').  Returns list of (name, args|None)."""
    parts = []
    j = i - 1
    while j >= 1 and toks[j].kind == "punct" and toks[j].val == ".":
        k = j - 1
        if toks[k].kind == "id":
            parts.insert(0, (toks[k].val, None))
            j = k - 1
        elif toks[k].kind == "punct" and toks[k].val == ")":
            m = find_open(toks, k)
            if m <= 0 or toks[m - 1].kind != "id":
                parts.insert(0, ("?", None))
                break
            parts.insert(0, (toks[m - 1].val, toks[m + 1:k]))
            j = m - 2
        else:
            parts.insert(0, ("?", None))
            break
    return parts


def logr_v_level(arg_toks):
    txt = "".join(t.val for t in arg_toks)
    low = txt.lower()
    for word, lvl in (("debug", "debug"), ("warn", "warning"), ("error", "error"), ("info", "info"),
                      ("trace", "debug")):
        if word in low:
            return lvl, txt
    if re.fullmatch(r"\d+", txt):
        return ("info" if int(txt) == 0 else "debug"), txt
    return "debug", txt


def go_sprint(args, sep):
    out = []
    literal = False
    for a in args:
        try:
            out.append(plain_to_printf(go_literal(a)))
            literal = True
        except NotLiteral:
            out.append("%s")
    if not literal:
        raise NotLiteral("no literal text")
    return sep.join(out)


def extract_go(cfg, path, text, stats, emit):
    toks = lex_go(text)
    imports = go_imports(toks)
    n = len(toks)
    style_default = cfg["go_style"]
    for i, t in enumerate(toks):
        if t.kind != "id" or t.val not in GO_ALL_METHODS:
            continue
        if i + 1 >= n or toks[i + 1].val != "(" or i < 2 or toks[i - 1].val != ".":
            continue
        if toks[i - 2].kind == "id" and i >= 3 and toks[i - 3].val == "func":
            continue
        method = t.val
        chain = go_chain(toks, i)
        if not chain:
            continue
        root = chain[0][0]
        pkg = imports.get(root) if chain[0][1] is None else None
        args, _ = split_args(toks, i + 1)
        if not args:
            continue  # unbalanced, or no arguments (err.Error() and the like)
        level = None
        source_level = None
        fmt_idx = 0
        style = None            # printf | plain | sprint | sprintln
        suffix = ""
        structured = False
        canon = {"k8s.io/klog/v2": "klog", "k8s.io/klog": "klog", LOGRUS: "logrus", "log": "log",
                 "fmt": "fmt"}
        if pkg == "fmt":
            if method == "Errorf":
                level, source_level, style = "error", RETURNED, "printf"
            elif method in ("Fprintf", "Fprintln", "Fprint"):
                if not args or [x.val for x in args[0]] != ["os", ".", "Stderr"]:
                    continue
                level, source_level = "error", "fmt.%s(os.Stderr)" % method
                fmt_idx = 1
                style = {"Fprintf": "printf", "Fprintln": "sprintln", "Fprint": "sprint"}[method]
            else:
                continue  # fmt.Printf & co. write program output, not messages
        elif pkg in ("errors", PKG_ERRORS):
            if method == "New":
                level, source_level, style = "error", RETURNED, "plain"
            elif pkg == PKG_ERRORS and method == "Errorf":
                level, source_level, style = "error", RETURNED, "printf"
            elif pkg == PKG_ERRORS and method in ("Wrap", "WithMessage"):
                level, source_level, style, fmt_idx, suffix = "error", RETURNED, "plain", 1, ": %s"
            elif pkg == PKG_ERRORS and method in ("Wrapf", "WithMessagef"):
                level, source_level, style, fmt_idx, suffix = "error", RETURNED, "printf", 1, ": %s"
            else:
                continue
        elif pkg is not None and pkg.startswith("github.com/urfave/cli"):
            if method not in ("Exit", "NewExitError"):
                continue
            level, source_level, style = "error", RETURNED, "plain"
        elif pkg == "log/slog" and cfg["go_slog"]:
            if method not in SLOG_METHODS:
                continue
            level, source_level, style, structured = go_level(method), "slog." + method, "plain", True
            fmt_idx = SLOG_METHODS[method]
            # slog.Info(fmt.Sprintf("… %s", x)) (Ollama up to 0.1.x): the message is that format
            if cfg["slog_sprintf"] and len(args) > fmt_idx:
                inner = sprintf_args(args[fmt_idx])
                if inner:
                    args, fmt_idx, style, structured = inner, 0, "printf", False
        elif pkg in cfg["slog_pkgs"] and method in cfg["slog_pkgs"][pkg]:
            # a program's own wrapper with slog's arguments (Ollama's logutil.Trace: below debug)
            level = cfg["slog_pkgs"][pkg][method]
            source_level, style, structured = "%s.%s" % (root, method), "plain", True
        elif pkg == "google.golang.org/grpc/status":
            if method == "Errorf":
                level, source_level, style, fmt_idx = "error", RETURNED, "printf", 1
            elif method == "Error":
                level, source_level, style, fmt_idx = "error", RETURNED, "plain", 1
            else:
                continue
        elif method in GO_LOG_METHODS:
            kind = GO_LOG_METHODS[method]
            level = go_level(method)
            is_pkg = pkg is not None
            name = canon.get(pkg, root) if is_pkg else "logger"
            if is_pkg and pkg not in canon and pkg != LOGRUS:
                # some other package with logging-like functions: treat like a logger
                name = root
            vpart = ""
            for (nm, vargs) in chain[1:]:
                if nm == "V" and vargs is not None:
                    lvl, vtxt = logr_v_level(vargs)
                    vpart = ".V(%s)" % vtxt
                    if level == "info":
                        level = lvl
            source_level = "%s%s.%s" % (name, vpart, method)
            if pkg == "log" and method.startswith("Print"):
                level = "info"
            logr = (not is_pkg) and style_default == "logr"
            if any(nm in ("WithValues", "WithName", "FromContext") for nm, _ in chain):
                logr = True
            if any(nm in ("WithField", "WithFields", "WithError") for nm, _ in chain):
                logr = False
            if kind == "printf":
                style = "printf"
            elif kind == "structured":
                style, structured = "plain", True
            elif kind == "structured-err":
                style, structured, fmt_idx = "plain", True, 1
            elif logr and method in ("Info", "Error"):
                structured = True
                style = "plain"
                if method == "Error":
                    fmt_idx = 1
                    if args and args[0] and args[0][0].kind == "str":
                        fmt_idx = 0
            else:
                style = kind
        else:
            continue
        stats.calls += 1
        stats.skipped.at = (path, t.line)
        if len(args) <= fmt_idx:
            stats.skipped.note("missing format argument")
            continue
        try:
            if style == "sprint":
                body = go_sprint(args[fmt_idx:], "")
                fmt, generic = make_entry(body, "printf", "", suffix)
            elif style == "sprintln":
                body = go_sprint(args[fmt_idx:], " ")
                fmt, generic = make_entry(body, "printf", "", suffix)
            else:
                txt = go_literal(args[fmt_idx])
                fmt, generic = make_entry(txt, "go" if style == "printf" else "plain", "", suffix)
        except NotLiteral as e:
            stats.skipped.note(e.reason)
            continue
        if not re.search(r"[A-Za-z]", fmt):
            stats.skipped.note("no literal text")  # slog.Info("", …): attributes only
            continue
        emit(fmt, level, source_level, t.line, generic, structured)


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Shell scripts (echo)
# --------------------------------------------------------------------------------------------

SH_FUNC_RE = re.compile(r"^\s*(?:function\s+)?([A-Za-z_][A-Za-z0-9_:-]*)\s*\(\)\s*(?:[{(]\s*)?$")
SH_ECHO_RE = re.compile(r"(?:^|(?<=[\s;&|{(!'\"]))echo(?=\s)")
SH_VAR_RE = re.compile(r"\$(?:\{[^}]*\}|\((?:[^()]|\([^()]*\))*\)|[A-Za-z_][A-Za-z0-9_]*|[0-9#?@*$!-])|`[^`]*`")
SH_PREDICATE_RE = re.compile(r"(?:^|_)(?:is|has|probe|check)_|_(?:present|enabled|disabled|exists|loaded|required|requires_[a-z_]+)$")
SH_LEVEL_PREFIX_RE = re.compile(r"^(?:(ERROR|FATAL|Error|Fatal|error)|(WARNING|WARN|Warning|warning)):")


def _sh_double(body, parts):
    """Contents of a "..." word -> printf pieces (variables and command substitutions as %s)."""
    i = 0
    lit = []
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body) and body[i + 1] in '"\\$`':
            lit.append(body[i + 1])
            i += 2
            continue
        if c == "\\" and i + 1 < len(body) and body[i + 1] == "\n":
            i += 2
            continue
        if c in "$`":
            m = SH_VAR_RE.match(body, i)
            if m:
                parts.append(("lit", "".join(lit)))
                lit = []
                parts.append(("var", None))
                i = m.end()
                continue
        lit.append(c)
        i += 1
    parts.append(("lit", "".join(lit)))


def sh_echo_args(text, i):
    """Parse the words of an echo command starting at text[i] (after "echo").

    Returns (options, pieces, redirect, end) or None when the command is not a plain print (its
    output piped or written to a file, or captured)."""
    n = len(text)
    opts = ""
    pieces = []
    words = 0
    redirect = ""
    while i < n:
        c = text[i]
        if c in " \t":
            i += 1
            continue
        if c == "\\" and i + 1 < n and text[i + 1] == "\n":
            i += 2
            continue
        if c in "\n;&)#}" or (c == "|" and text[i:i + 2] != "||"):
            if c == "|":
                return None  # echo ... | cmd: a value handed to another command
            break
        if text.startswith("||", i) or text.startswith("&&", i):
            break
        if c in "<>" or (c.isdigit() and i + 1 < n and text[i + 1] == ">"):
            m = re.match(r"\d?>>?\s*(&\d|/dev/stderr|/dev/stdout|\S+)", text[i:])
            if not m:
                return None
            target = m.group(1)
            if target in ("&2", "/dev/stderr"):
                redirect = ">&2"
            elif target in ("&1", "/dev/stdout"):
                pass
            else:
                return None  # written to a file
            i += m.end()
            continue
        # one shell word (quoted parts glued together)
        word = []
        while i < n and text[i] not in " \t\n;&|<>)#":
            c = text[i]
            if c == '"':
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                _sh_double(text[i + 1:j], word)
                i = j + 1
            elif c == "'":
                j = text.find("'", i + 1)
                if j < 0:
                    j = n
                word.append(("lit", text[i + 1:j]))
                i = j + 1
            elif c in "$`":
                m = SH_VAR_RE.match(text, i)
                if m:
                    word.append(("var", None))
                    i = m.end()
                else:
                    word.append(("lit", c))
                    i += 1
            elif c == "\\" and i + 1 < n:
                if text[i + 1] == "\n":
                    i += 2
                    break
                word.append(("lit", text[i + 1]))
                i += 2
            else:
                j = i
                while j < n and text[j] not in " \t\n;&|<>)#\"'$`\\":
                    j += 1
                word.append(("lit", text[i:j]))
                i = j
        flat = "".join(v for k, v in word if k == "lit")
        if words == 0 and not pieces and re.match(r"^-[neE]+$", flat) and all(k == "lit" for k, _ in word):
            opts += flat[1:]
            continue
        if words:
            pieces.append(("lit", " "))
        pieces.extend(word)
        words += 1
    return opts, pieces, redirect, i


def extract_sh(cfg, path, text, stats, emit):
    """echo commands of a shell script. Level: >&2 or an ERROR:/FATAL: prefix error, WARNING:
    warning, an echo followed by a failing return/exit (the script's error report) error,
    otherwise info; the enclosing shell function is kept as `function`."""
    lines = text.split("\n")
    starts = []
    pos = 0
    for ln in lines:
        starts.append(pos)
        pos += len(ln) + 1
    # functions that end the script with a failure (k8s-driver-manager's _exit_failed: undo, then
    # exit 1): a call to one after an echo makes that echo the error report
    failing = set()
    name, body = None, []
    for ln in lines:
        m = SH_FUNC_RE.match(ln)
        if m:
            name, body = m.group(1), []
        elif name and re.match(r"^[})]\s*$", ln):
            if (re.search(r"exit|fail|abort|die", name) and len(body) <= 15
                    and any(re.match(r"^\s*exit\s+[1-9]", b) for b in body)):
                failing.add(name)
            name = None
        elif name:
            body.append(ln)
    func = ""
    for lineno, ln in enumerate(lines, 1):
        m = SH_FUNC_RE.match(ln)
        if m:
            func = m.group(1)
            continue
        if re.match(r"^[})]\s*$", ln):
            func = ""
            continue
        stripped = ln.lstrip()
        if stripped.startswith("#") or "echo" not in ln:
            continue
        for em in SH_ECHO_RE.finditer(ln):
            before = ln[:em.start()]
            # $(echo ...) and `echo ...`: a value, not a print
            if re.search(r"(\$\(|`)\s*$", before):
                continue
            if before.count('"') % 2 == 1 and "trap" not in before and "||" not in before:
                continue
            stats.calls += 1
            parsed = sh_echo_args(text, starts[lineno - 1] + em.end())
            if parsed is None:
                stats.skipped.note("echo piped, captured or written to a file")
                continue
            opts, pieces, redirect, end = parsed
            fmt = []
            for k, v in pieces:
                if k == "lit":
                    fmt.append(v.replace("%", "%%"))
                elif not fmt or fmt[-1] != "%s":
                    fmt.append("%s")
            body = "".join(fmt)
            if "e" in opts:
                body = body.replace("\\n", "\n").replace("\\t", "\t")
            after = text[end:end + 200].split("\n")
            nxt = [a for a in after[1:4] if a.strip() and not a.strip().startswith("#")]
            stmt = nxt[0].strip() if nxt else ""
            if re.match(r"^exit\s+[1-9]", stmt) or stmt in failing:
                fails = True
            elif re.match(r"^return\s+[1-9]", stmt):
                # a predicate's "no" (_is_auto_drain_enabled, _mellanox_devices_present,
                # probe_nvidia_peermem, _kernel_requires_package) is an answer, not a failure
                fails = not SH_PREDICATE_RE.search(func)
            else:
                fails = False
            for piece in body.split("\n"):
                piece = piece.strip()
                if not piece or not LETTER_RE.search(piece):
                    continue
                pm = SH_LEVEL_PREFIX_RE.match(piece)
                if redirect:
                    level, source_level = "error", "echo >&2"
                elif pm and pm.group(1):
                    level, source_level = "error", "echo " + pm.group(1) + ":"
                elif pm and pm.group(2):
                    level, source_level = "warning", "echo " + pm.group(2) + ":"
                elif fails:
                    level, source_level = "error", "echo; " + (stmt.split()[0] if stmt.split()[0] in ("exit", "return")
                                                              else stmt) + (" non-zero" if stmt.split()[0] in ("exit", "return") else "")
                else:
                    level, source_level = "info", "echo"
                fmt_text, generic = make_entry(piece, "printf", "", "")
                emit(fmt_text, level, source_level, lineno, generic, function=func)


def path_selected(cfg, path):
    if not any(re.search(rx, path) for rx in cfg["include"]):
        return False
    if any(re.search(rx, path) for rx in cfg["exclude"]):
        return False
    if file_lang(cfg, path) == "sh":
        return True
    exts = GO_EXTS if cfg["lang"] == "go" else C_EXTS
    return path.endswith(exts)


def file_lang(cfg, path):
    """The language a file is read as: shell scripts are named by `sh_paths` (they have no
    extension: nvidia-driver, driver-manager)."""
    if any(re.search(rx, path) for rx in cfg["sh_paths"]):
        return "sh"
    return cfg["lang"]


def scan_version(cfg, src, stats):
    """Returns {key: (entry dict)} for one version."""
    files = [p for p in src.list_files() if path_selected(cfg, p)]
    found = {}
    texts = {}
    for p in files:
        txt = src.read(p)
        if txt is not None:
            texts[p] = txt
    macros = MacroTable(cfg["string_macros"])
    if cfg["lang"] == "c":
        for p in files:
            if p in texts:
                _, dirs = lex_c(texts[p], p.endswith(CXX_EXTS))
                for d in dirs:
                    macros.add(d)
    stats.skipped_macros = getattr(stats, "skipped_macros", Counter())
    for p in files:
        if p not in texts:
            continue
        stats.files += 1
        subsystem = subsystem_of(cfg, p)

        def emit(fmt, level, source_level, line, generic, structured=False, function=None, _p=p, _s=subsystem):
            key = (fmt, level, source_level, "" if cfg["merge_files"] else _p)
            if key in found:
                stats.skipped.note("duplicate (same format, level and file)")
                return
            e = {"format": fmt, "level": level, "source_level": source_level, "subsystem": _s,
                 "file": _p, "line": line}
            if function:
                e["function"] = function
            if generic:
                e["generic"] = True
            if structured:
                e["structured"] = True
            found[key] = e

        if file_lang(cfg, p) == "sh":
            extract_sh(cfg, p, texts[p], stats, emit)
        elif cfg["lang"] == "go":
            extract_go(cfg, p, texts[p], stats, emit)
        else:
            extract_c(cfg, p, texts[p], macros, stats, emit)
    return found


def dump_catalog(path, header, messages):
    lines = ["{"]
    items = list(header.items())
    for k, v in items:
        lines.append("%s: %s," % (json.dumps(k), json.dumps(v, ensure_ascii=False)))
    lines.append('"messages": [')
    for idx, m in enumerate(messages):
        lines.append(" " + json.dumps(m, ensure_ascii=False) + ("," if idx + 1 < len(messages) else ""))
    lines.append("]}")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


def parse_kv_list(values, what):
    out = {}
    for v in values or []:
        if "=" not in v:
            out[None] = v
            continue
        k, val = v.split("=", 1)
        if k not in COMPONENTS:
            sys.exit("%s: unknown component %r (known: %s)" % (what, k, ", ".join(sorted(COMPONENTS))))
        out[k] = val
    return out


def infer_component(path):
    base = os.path.basename(os.path.normpath(path))
    if base in ("repo", ".git"):
        base = os.path.basename(os.path.dirname(os.path.normpath(path)))
    base = base.lower().replace("+", "/").split("/")[-1]
    if base.endswith(".git"):
        base = base[:-4]
    for name in sorted(COMPONENTS, key=len, reverse=True):
        if base == name or base.endswith(name):
            return name
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="components: " + ", ".join(COMPONENTS))
    ap.add_argument("sources", nargs="+", metavar="[COMPONENT=]PATH",
                    help="source checkout: git directory (bare or work tree) or plain folder")
    ap.add_argument("-o", "--out", default="rules/catalogs/messages", help="output directory")
    ap.add_argument("--ref", action="append", metavar="COMPONENT=REF[,REF...]",
                    help="git refs to read, oldest first (default: newest release tag)")
    ap.add_argument("--history", type=int, default=1, metavar="N",
                    help="read the newest release tag of each of the N newest release lines "
                         "(driver branch, or major.minor), for the first/last fields; default 1")
    ap.add_argument("--version", action="append", metavar="[COMPONENT=]LABEL",
                    help="version label: required for plain folders; for git sources it replaces "
                         "the ref name in the catalog")
    ap.add_argument("--list-skipped", action="store_true",
                    help="also list every skipped or merged call (reason, file, line) on stderr")
    ap.add_argument("--read-from", action="append", metavar="COMPONENT=OWNER/REPO",
                    help="record that the source was read from a mirror/fork of the upstream repo")
    args = ap.parse_args(argv)

    refs = parse_kv_list(args.ref, "--ref")
    versions = parse_kv_list(args.version, "--version")
    read_from = parse_kv_list(args.read_from, "--read-from")
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    grand = Counter()
    for spec in args.sources:
        if "=" in spec and spec.split("=", 1)[0] in COMPONENTS:
            name, path = spec.split("=", 1)
        else:
            name, path = infer_component(spec), spec
            if name is None:
                sys.exit("cannot tell which component %s is; write COMPONENT=PATH" % spec)
        cfg = COMPONENTS[name]
        stats = Stats()
        stats.skipped_macros = Counter()
        label = versions.get(name, versions.get(None) if len(args.sources) == 1 else None)
        if is_git_dir(path):
            if name in refs:
                reflist = refs[name].split(",")
            else:
                reflist = release_tags(path, cfg["tag_re"], max(1, args.history), cfg["line_depth"],
                                       cfg["tag_version"])
                if not reflist:
                    sys.exit("%s: no release tag matches %s; give --ref" % (path, cfg["tag_re"]))
            sources = [(GitSource(path, r), r) for r in reflist]
            if label:
                sources[-1] = (sources[-1][0], label)
        else:
            if not os.path.isdir(path):
                sys.exit("%s: not a directory" % path)
            if not label:
                sys.exit("%s is a plain folder: give --version %s=LABEL" % (path, name))
            sources = [(FolderSource(path), label)]
        merged = {}
        order = []
        for src, ver in sources:
            found = scan_version(cfg, src, stats)
            src.close()
            order.append(ver)
            for key, e in found.items():
                mkey = (e["format"], e["level"], e["source_level"], "" if cfg["merge_files"] else e["file"])
                if mkey in merged:
                    old = merged[mkey]
                    e = dict(e, first=old["first"])
                else:
                    e = dict(e, first=ver)
                e["last"] = ver
                merged[mkey] = e
        messages = sorted(merged.values(), key=lambda e: (e["file"], e["line"], e["format"], e["level"],
                                                          e["source_level"]))
        msgs = []
        for m in messages:
            o = {k: m[k] for k in ("format", "level", "source_level", "subsystem", "file", "line", "first", "last")}
            if m.get("function"):
                o["function"] = m["function"]
            for k in ("generic", "structured"):
                if m.get(k):
                    o[k] = True
            msgs.append(o)
        source = {"repo": cfg["repo"], "versions": order}
        if sources[-1][0].commit:
            source["commit"] = sources[-1][0].commit
        if name in read_from:
            source["read_from"] = read_from[name]
        header = {"schema": SCHEMA, "component": name, "title": cfg["title"],
                  "line_format": cfg["line_format"]}
        if cfg["line_prefixes"]:
            header["line_prefixes"] = dict(sorted(cfg["line_prefixes"].items()))
        header["generator"] = GENERATOR
        header["source"] = source
        out = os.path.join(args.out, name + ".json")
        dump_catalog(out, header, msgs)
        levels = Counter(m["level"] for m in msgs)
        print("%s %s: %d files read, %d calls found, %d entries written (%s), %d generic; "
              "calls skipped or merged: %s" % (
            name, "+".join(order), stats.files, stats.calls, len(msgs),
            ", ".join("%s %d" % (lv, levels[lv]) for lv in LEVELS if levels[lv]),
            sum(1 for m in msgs if m.get("generic")),
            ", ".join("%s %d" % kv for kv in sorted(stats.skipped.items())) or "none"), file=sys.stderr)
        if args.list_skipped:
            for reason, f, ln in sorted(stats.skipped.where):
                print("  skipped: %s: %s:%d" % (reason, f, ln), file=sys.stderr)
        if stats.skipped_macros:
            print("  unresolved macros: %s" % ", ".join(
                "%s %d" % kv for kv in sorted(stats.skipped_macros.items())), file=sys.stderr)
        grand["calls"] += stats.calls
        grand["entries"] += len(msgs)
        grand["skipped"] += sum(stats.skipped.values())
    print("total: %d calls found, %d entries written, %d calls skipped or merged (counts add up "
          "over all versions read), %.1fs" % (
        grand["calls"], grand["entries"], grand["skipped"], time.time() - t0), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
