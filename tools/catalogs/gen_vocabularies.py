#!/usr/bin/env python3
"""Generate GPU Triage's error-code vocabularies (rules/catalogs/*.yaml) from NVIDIA's headers.

Each catalog is one error-code set of an NVIDIA component: CUDA's cudaError_t and CUresult
(runtime and driver API, joined by number), the driver's NV_STATUS, NVML's
nvmlReturn_t, NCCL's ncclResult_t, DCGM's dcgmReturn_t and DCGM_FR_* health/diagnostic codes,
and the status enums of cuDNN, cuBLAS, cuFFT, cuSOLVER, cuSPARSE, cuRAND and TensorRT. The
codes, names, printed texts and header comments are read from the public source files listed
in a manifest (tools/catalogs/sources.json: repository, path, commit and release of every
input file); the meanings, resolutions and actions a support engineer needs for the common
codes are hand-written in overlays (tools/catalogs/overlay/<catalog>.yaml) and merged in.

Usage:

    python3 tools/catalogs/gen_vocabularies.py \\
        --manifest tools/catalogs/sources.json \\
        --overlay-dir tools/catalogs/overlay \\
        --checkout NVIDIA/open-gpu-kernel-modules=/src/open-gpu-kernel-modules \\
        --checkout NVIDIA/go-nvml=/src/go-nvml \\
        --checkout NVIDIA/DCGM=/src/DCGM \\
        --checkout NVIDIA/nccl=/src/nccl \\
        --checkout NVIDIA/TensorRT=/src/TensorRT \\
        --checkout zspace/system.cuda-12.6=/src/cuda-12.6 \\
        --out rules/catalogs

Every --checkout maps a repository named in the manifest to a local directory that holds
(at least) the manifest's paths of that repository, as in a checkout of the manifest's commit.
A bare clone can be exported with
`git -C REPO.git archive COMMIT PATH... | tar -x -C DIR`. --only CATALOG (repeatable) writes
only the named catalogs (then only their repositories are needed). The generator reads local
files only, never downloads, and is deterministic: the same inputs give byte-identical output.

Python 3 standard library only (Debian's python3 is enough). The overlay files use a small
subset of YAML (block maps, double-quoted or plain scalars, JSON-style flow lists) that this
script parses itself; see tools/catalogs/README.md.
"""

import argparse
import ast
import json
import os
import re
import string
import sys

GENERATOR = "tools/catalogs/gen_vocabularies.py"
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = "gputriage/catalog/v1"

# Resolution buckets the rule loader knows (core/rules/rule.cpp, docs/rules.md "Catalogs and
# resolutions"); workflow_* buckets are accepted too.
RESOLUTIONS = {
    "ignore", "unused", "restart_app", "update_sw", "check_app", "check_uvm", "reset_gpu",
    "restart_vm", "contact_support", "xid_154_eval", "restart_bm", "check_mechanicals",
    "run_fieldiag", "workflow_xid_48",
}
LEVELS = {"info", "warning", "error"}


class GenError(Exception):
    pass


# --------------------------------------------------------------------------------------------
# C tokenizer: enough of C/C++ to read enums, #defines and switch statements in headers.
# --------------------------------------------------------------------------------------------

class Tok:
    __slots__ = ("kind", "text", "line", "end_line")

    def __init__(self, kind, text, line, end_line=None):
        self.kind = kind          # ident, number, string, char, punct, comment, preproc
        self.text = text
        self.line = line
        self.end_line = line if end_line is None else end_line

    def __repr__(self):
        return "Tok(%s,%r,%d)" % (self.kind, self.text, self.line)


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"(?:0[xX][0-9A-Fa-f]+|\d+)(?:[uUlL]*)")


def tokenize(src):
    toks = []
    i, n, line = 0, len(src), 1
    at_line_start = True
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "\\" and i + 1 < n and src[i + 1] == "\n":
            i += 2
            line += 1
            continue
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            toks.append(Tok("comment", src[i:j], line))
            i = j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            text = src[i:j]
            toks.append(Tok("comment", text, line, line + text.count("\n")))
            line += text.count("\n")
            i = j
            continue
        if c == "#" and at_line_start:
            j = i
            while j < n:
                k = src.find("\n", j)
                k = n if k < 0 else k
                if k > i and src[k - 1] == "\\":
                    j = k + 1
                    continue
                # a block comment that starts on the directive line and goes on
                m = src.rfind("/*", i, k)
                if m >= 0 and src.find("*/", m, k) < 0:
                    e = src.find("*/", m)
                    if e >= 0:
                        j = e + 2
                        continue
                j = k
                break
            text = src[i:j]
            toks.append(Tok("preproc", text, line, line + text.count("\n")))
            line += text.count("\n")
            i = j
            continue
        at_line_start = False
        if c == '"' or c == "'":
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\\":
                    j += 1
                if j < n and src[j] == "\n":
                    raise GenError("line %d: unterminated literal" % line)
                j += 1
            toks.append(Tok("string" if c == '"' else "char", src[i:j + 1], line))
            i = j + 1
            continue
        if c == "R" and src.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', src[i:])
            if m:
                end = ")" + m.group(1) + '"'
                j = src.find(end, i)
                j = n if j < 0 else j + len(end)
                text = src[i:j]
                toks.append(Tok("string", text, line))
                line += text.count("\n")
                i = j
                continue
        m = _IDENT.match(src, i)
        if m:
            toks.append(Tok("ident", m.group(0), line))
            i = m.end()
            continue
        m = _NUMBER.match(src, i)
        if m:
            toks.append(Tok("number", m.group(0), line))
            i = m.end()
            continue
        if src.startswith("::", i) or src.startswith("<<", i) or src.startswith(">>", i):
            toks.append(Tok("punct", src[i:i + 2], line))
            i += 2
            continue
        toks.append(Tok("punct", c, line))
        i += 1
    return toks


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "?": "?",
            "a": "\a", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def c_string_value(lit):
    """The value of one C string literal token ("..." with escapes; R"(...)" raw)."""
    if lit.startswith('R"'):
        m = re.match(r'R"([^(\s]*)\((.*)\)\1"$', lit, re.S)
        return m.group(2)
    body = lit[1:-1]
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            e = body[i + 1]
            if e == "x":
                m = re.match(r"[0-9A-Fa-f]+", body[i + 2:])
                out.append(chr(int(m.group(0), 16)))
                i += 2 + len(m.group(0))
                continue
            out.append(_ESCAPES.get(e, e))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def code_tokens(toks):
    return [t for t in toks if t.kind != "comment"]


def comment_text(tok):
    """The words of a comment without its markers (//, ///, //!, //!<, /* */, /** */ ...)."""
    t = tok.text
    if t.startswith("//"):
        t = re.sub(r"^//[/!]?<?", "", t)
        return t.strip()
    t = t[2:-2] if t.endswith("*/") else t[2:]
    t = re.sub(r"^[*!]<?", "", t)
    lines = [re.sub(r"^\s*\*+ ?", "", ln).strip() for ln in t.split("\n")]
    return " ".join(ln for ln in lines if ln).strip()


def is_trailing_doc(tok):
    return bool(re.match(r"^(//[/!]<|/\*[*!]<)", tok.text))


def is_leading_doc(tok):
    return bool(re.match(r"^(///|//!|/\*\*|/\*!)", tok.text)) and not is_trailing_doc(tok)


# --------------------------------------------------------------------------------------------
# Enums
# --------------------------------------------------------------------------------------------

class Member:
    def __init__(self):
        self.toks = []
        self.lead = []
        self.doc = []
        self.notes = []
        self.name = None
        self.value = None
        self.alias_of = None
        self.deprecated = False
        self.line = 0


def _match_brace(toks, open_idx):
    depth = 0
    for k in range(open_idx, len(toks)):
        if toks[k].kind == "punct" and toks[k].text == "{":
            depth += 1
        elif toks[k].kind == "punct" and toks[k].text == "}":
            depth -= 1
            if depth == 0:
                return k
    raise GenError("unbalanced braces")


def find_enum_body(toks, name):
    """Tokens (with comments) between the braces of enum `name` (tag, typedef or enum class)."""
    code = [(i, t) for i, t in enumerate(toks) if t.kind != "comment"]
    for ci, (i, t) in enumerate(code):
        # enum [class|struct] NAME [: type] {
        if t.kind == "ident" and t.text == "enum":
            k = ci + 1
            if k < len(code) and code[k][1].text in ("class", "struct"):
                k += 1
            # attribute macros between `enum` and the tag (CUDA's `enum __device_builtin__ cudaError`)
            while k < len(code) and re.fullmatch(r"__\w+__", code[k][1].text):
                k += 1
            if k < len(code) and code[k][1].kind == "ident" and code[k][1].text == name:
                while k < len(code) and code[k][1].text not in ("{", ";"):
                    k += 1
                if k < len(code) and code[k][1].text == "{":
                    open_idx = code[k][0]
                    return toks[open_idx + 1:_match_brace(toks, open_idx)]
    for ci, (i, t) in enumerate(code):
        # typedef enum [tag] { ... } NAME;
        if (t.kind == "punct" and t.text == "}" and ci + 2 < len(code)
                and code[ci + 1][1].kind == "ident" and code[ci + 1][1].text == name
                and code[ci + 2][1].text == ";"):
            depth = 0
            for cj in range(ci, -1, -1):
                tt = code[cj][1]
                if tt.text == "}":
                    depth += 1
                elif tt.text == "{":
                    depth -= 1
                    if depth == 0:
                        return toks[code[cj][0] + 1:i]
    raise GenError("enum %s not found" % name)


def _eval_expr(tokens, known, name):
    parts = []
    for t in tokens:
        if t.kind == "number":
            parts.append(str(int(t.text.rstrip("uUlL"), 0)))
        elif t.kind == "ident":
            if t.text not in known:
                raise GenError("enumerator %s: unknown name %s in its value" % (name, t.text))
            parts.append("(%d)" % known[t.text])
        elif t.kind == "punct" and t.text in ("-", "+", "(", ")", "|", "<<", ">>", "*", "~", "&"):
            parts.append(t.text)
        else:
            raise GenError("enumerator %s: cannot evaluate %r" % (name, t.text))
    expr = " ".join(parts)
    node = ast.parse(expr, mode="eval")
    for sub in ast.walk(node):
        if not isinstance(sub, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator,
                                ast.unaryop)):
            raise GenError("enumerator %s: unsupported expression %s" % (name, expr))
    return eval(compile(node, "<enum>", "eval"), {"__builtins__": {}}, {})


def parse_enum(src, name, strip_number_prefix=False):
    """Members of enum `name`: name, value, doc comment, aliases (members that only repeat
    another member's value are folded into it as aliases)."""
    body = find_enum_body(tokenize(src), name)
    members, cur, pending_lead = [], None, []
    last_code_line = None

    def finish():
        nonlocal cur
        if cur is not None and cur.toks:
            members.append(cur)
        cur = None

    for t in body:
        if t.kind == "comment":
            target = cur if cur is not None and cur.toks else (members[-1] if members else None)
            if is_trailing_doc(t):
                if target is not None:
                    target.doc.append(comment_text(t))
            elif is_leading_doc(t):
                text = comment_text(t)
                if text:
                    pending_lead.append(text)
            elif target is not None and t.line == last_code_line:
                target.notes.append(comment_text(t))
            else:
                pending_lead = []   # a section comment ends a leading doc block
            continue
        if t.kind == "preproc":
            continue
        last_code_line = t.end_line
        if t.kind == "punct" and t.text == ",":
            finish()
            continue
        if cur is None:
            cur = Member()
            cur.lead, pending_lead = pending_lead, []
            cur.line = t.line
        cur.toks.append(t)
    finish()

    known, out, by_value = {}, [], {}
    prev = -1
    for m in members:
        m.name = m.toks[0].text
        eq = next((k for k, t in enumerate(m.toks) if t.text == "="), None)
        attrs = m.toks[1:eq] if eq is not None else m.toks[1:]
        m.deprecated = any("DEPRECATED" in t.text for t in attrs)
        if eq is None:
            m.value = prev + 1
        else:
            expr = m.toks[eq + 1:]
            m.value = _eval_expr(expr, known, m.name)
            if len(expr) == 1 and expr[0].kind == "ident":
                m.alias_of = expr[0].text
        prev = m.value
        known[m.name] = m.value
        doc = " ".join(d for d in (m.lead + m.doc) if d).strip()
        if strip_number_prefix:
            doc = re.sub(r"^-?\d+\s+", "", doc)
        if re.match(r"(?i)^deprecated\b", doc):
            m.deprecated = True
        m.doc_text = doc
        m.note_text = " ".join(m.notes).strip()
        if m.value in by_value:
            by_value[m.value].aliases.append(m)
        else:
            m.aliases = []
            by_value[m.value] = m
            out.append(m)
    return out


# --------------------------------------------------------------------------------------------
# #defines and switch statements
# --------------------------------------------------------------------------------------------

def parse_defines(src):
    """name -> list of body tokens (comments dropped) of every object-like #define."""
    defs = {}
    for t in tokenize(src):
        if t.kind != "preproc":
            continue
        m = re.match(r"#\s*define\s+([A-Za-z_]\w*)(?!\()", t.text)
        if not m:
            continue
        body = t.text[m.end():].replace("\\\n", " ")
        defs[m.group(1)] = code_tokens(tokenize(body))
    return defs


def define_string(defs, name, seen=None):
    """Evaluate a #define made of string literals and other such #defines; None otherwise."""
    seen = set() if seen is None else seen
    if name not in defs or name in seen:
        return None
    seen.add(name)
    parts = []
    for t in defs[name]:
        if t.kind == "string":
            parts.append(c_string_value(t.text))
        elif t.kind == "ident":
            v = define_string(defs, t.text, seen)
            if v is None:
                return None
            parts.append(v)
        else:
            return None
    return "".join(parts)


def find_function_body(toks, signature_re):
    """Tokens of the body of the first function whose header (text of tokens from the name up
    to the opening brace) matches signature_re."""
    code = code_tokens(toks)
    rx = re.compile(signature_re)
    for i, t in enumerate(code):
        if t.kind != "ident":
            continue
        j, header = i, []
        while j < len(code) and code[j].text not in ("{", ";") and j - i < 40:
            header.append(code[j].text)
            j += 1
        if j < len(code) and code[j].text == "{" and rx.match(" ".join(header)):
            depth = 0
            for k in range(j, len(code)):
                if code[k].text == "{":
                    depth += 1
                elif code[k].text == "}":
                    depth -= 1
                    if depth == 0:
                        return code[j + 1:k]
    raise GenError("function matching %r not found" % signature_re)


def parse_switch_strings(src, signature_re):
    """{case label: returned string} from a `switch (x) { case A: case B: return "..."; }`."""
    body = find_function_body(tokenize(src), signature_re)
    out, pending, i = {}, [], 0
    while i < len(body):
        t = body[i]
        if t.kind == "ident" and t.text == "case":
            j = i + 1
            label = []
            while j < len(body) and body[j].text != ":":
                label.append(body[j].text)
                j += 1
            pending.append("".join(label))
            i = j + 1
            continue
        if t.kind == "ident" and t.text == "default":
            pending = []
            i += 1
            continue
        if t.kind == "ident" and t.text == "return":
            j, parts = i + 1, []
            while j < len(body) and body[j].kind == "string":
                parts.append(c_string_value(body[j].text))
                j += 1
            if parts:
                for label in pending:
                    out.setdefault(label, "".join(parts))
            pending = []
            i = j
            continue
        i += 1
    return out


# --------------------------------------------------------------------------------------------
# Overlay files: a small YAML subset (block maps, scalars, JSON flow lists), parsed here so that
# the generator needs nothing but the standard library.
# --------------------------------------------------------------------------------------------

def _scalar(text, where):
    text = text.strip()
    if text.startswith('"'):
        value, end = json.JSONDecoder().raw_decode(text)
        rest = text[end:].strip()
        if rest and not rest.startswith("#"):
            raise GenError("%s: unexpected text after a string" % where)
        return value
    if text.startswith("["):
        value, end = json.JSONDecoder().raw_decode(text)
        rest = text[end:].strip()
        if rest and not rest.startswith("#"):
            raise GenError("%s: unexpected text after a list" % where)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise GenError("%s: a list must hold strings" % where)
        return value
    text = re.sub(r"\s+#.*$", "", text)
    if text.startswith(("'", "{", "|", ">", "&", "*", "!")):
        raise GenError("%s: use double-quoted strings in overlay files" % where)
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def parse_overlay(path):
    root = {}
    stack = [(-1, root)]
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for no, raw in enumerate(lines, 1):
        where = "%s:%d" % (path, no)
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if "\t" in raw[:len(raw) - len(raw.lstrip())]:
            raise GenError("%s: indent with spaces" % where)
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        m = re.match(r'^("(?:[^"\\]|\\.)*"|[^\s:#"][^:#]*?)\s*:(?:\s+(.*))?$', line)
        if not m:
            raise GenError("%s: expected 'key: value'" % where)
        key = json.loads(m.group(1)) if m.group(1).startswith('"') else m.group(1)
        while stack and indent <= stack[-1][0]:
            stack.pop()
        parent = stack[-1][1]
        if not isinstance(parent, dict):
            raise GenError("%s: bad indentation" % where)
        if key in parent:
            raise GenError("%s: key %r given twice" % (where, key))
        value = m.group(2)
        if value is None or value.strip() == "" or value.strip().startswith("#"):
            child = {}
            parent[key] = child
            stack.append((indent, child))
        else:
            parent[key] = _scalar(value, where)
    return root


# --------------------------------------------------------------------------------------------
# YAML output
# --------------------------------------------------------------------------------------------

def q(s):
    """A YAML double-quoted scalar (JSON string syntax is valid YAML)."""
    return json.dumps(s, ensure_ascii=False)


def flow_list(items):
    return "[" + ", ".join(q(x) for x in items) + "]"


def flow_map(pairs):
    out = []
    for k, v in pairs:
        if v is None:
            continue
        if isinstance(v, list):
            out.append("%s: %s" % (k, flow_list(v)))
        else:
            out.append("%s: %s" % (k, q(v)))
    return "{" + ", ".join(out) + "}"


def alias_key(name):
    """As the rule loader compares catalog names (Catalog::aliasKey)."""
    key = name.strip().lower()
    while key.endswith("."):
        key = key[:-1]
    return key


def shorten(text, sentences=2, limit=400):
    text = re.sub(r"\s+", " ", text or "").strip()
    if not text:
        return ""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)
    out = " ".join(parts[:sentences])
    if len(out) > limit:
        out = out[:limit].rsplit(" ", 1)[0] + " ..."
    return out


# --------------------------------------------------------------------------------------------
# Catalog model
# --------------------------------------------------------------------------------------------

class Entry:
    def __init__(self, code, enum):
        self.code = code
        self.enum = enum
        self.aliases = []          # other enumerators with this value
        self.text = None           # what the library's error-string function prints
        self.names = []            # further printed forms
        self.display = None        # words after "ENUM: " in `name`
        self.doc = ""              # header comment
        self.meaning = None
        self.resolution = None
        self.action = None
        self.level = "error"
        self.hex = None
        self.extra = []            # (key, value) emitted after `action`
        self.also = []             # other source files that gave this entry data
        self.overlaid = False
        self.main = None           # input the entry was read from (default: the catalog's first)
        self.note = None           # e.g. where the CUDA runtime and driver API differ
        self.first = None          # oldest and newest release read that have the code
        self.last = None           # (catalogs read over several releases: cuda-error)


class Inputs:
    def __init__(self, manifest, checkouts, extracted=None):
        self.manifest = manifest
        self.checkouts = checkouts
        self.extracted = extracted or {}   # input key -> parsed data (--extracted)
        self.parsed = {}                   # input key -> parsed data read this run

    def parsed_input(self, key, parse):
        """What `parse` makes of input `key`'s file: from the checkout of its repository when
        one is given, else from the --extracted data saved from such a checkout (for files of
        repositories too large to fetch whole). Remembered for --save-extracted."""
        info = self.info(key)
        if info["repo"] in self.checkouts:
            data = parse(self.read(key))
        elif key in self.extracted:
            data = self.extracted[key]
            for k in ("repo", "path", "commit"):
                if data.get(k) != info[k]:
                    raise GenError("--extracted %s: %s is %r, the manifest says %r"
                                   % (key, k, data.get(k), info[k]))
            data = {k: v for k, v in data.items() if k not in ("repo", "path", "commit")}
        else:
            raise GenError("no --checkout for %s and no --extracted data for input %s"
                           % (info["repo"], key))
        self.parsed[key] = dict({"repo": info["repo"], "path": info["path"],
                                 "commit": info["commit"]}, **data)
        return data

    def info(self, key):
        try:
            return self.manifest["inputs"][key]
        except KeyError:
            raise GenError("manifest has no input %r" % key)

    def read(self, key):
        info = self.info(key)
        repo = info["repo"]
        if repo not in self.checkouts:
            raise GenError("no --checkout for %s (needed for %s)" % (repo, info["path"]))
        path = os.path.join(self.checkouts[repo], info["path"])
        try:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                return f.read()
        except OSError as e:
            raise GenError("cannot read %s: %s" % (path, e.strerror))

    def url(self, key):
        i = self.info(key)
        return "https://github.com/%s/blob/%s/%s" % (i["repo"], i["commit"], i["path"])

    def ref(self, key):
        # the commit of every input is in the catalog's top-level source
        i = self.info(key)
        return "%s:%s" % (i["repo"], i["path"])


def success_like(name):
    return bool(re.search(r"(^|_)(SUCCESS|OK)$|^ncclSuccess$|^kSUCCESS$", name))


def entries_from_enum(members, skip=()):
    out = []
    for m in members:
        if m.name in skip:
            continue
        e = Entry(m.value, m.name)
        e.aliases = [a.name for a in m.aliases if a.name not in skip]
        e.doc = m.doc_text
        if success_like(m.name):
            e.level = "info"
        out.append(e)
    return out


# ---- the builders: one per catalog -----------------------------------------------------------

def build_nv_status(inp):
    src = inp.read("nv_status")
    entries = []
    rx = re.compile(r'^\s*NV_STATUS_CODE\(\s*(\w+)\s*,\s*(0[xX][0-9A-Fa-f]+|\d+)\s*,\s*'
                    r'((?:"(?:[^"\\]|\\.)*"\s*)+)\)', re.M)
    for m in rx.finditer(src):
        name, hexs = m.group(1), m.group(2)
        text = "".join(c_string_value(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(3)))
        e = Entry(int(hexs, 0), name)
        e.hex = hexs
        e.text = text
        # nvstatusToString() prints "<text> [<name>]" (src/common/shared/nvstatus/nvstatus.c)
        e.names = [text, "%s [%s]" % (text, name)]
        e.doc = text
        # NV_STATUS_LEVEL() in nvstatus.h: NV_OK is OK, codes with bit 0x00010000 (other than
        # NV_ERR_GENERIC) are warnings, the rest errors.
        if e.code == 0:
            e.level = "info"
        elif name != "NV_ERR_GENERIC" and e.code & 0x00010000:
            e.level = "warning"
        entries.append(e)
    if not entries:
        raise GenError("no NV_STATUS_CODE lines in %s" % inp.info("nv_status")["path"])
    return entries


def pynvml_class_name(enum):
    # pynvml's _extractNVMLErrorsAsClasses(): NVML_ERROR_ALREADY_INITIALIZED ->
    # NVMLError_AlreadyInitialized
    return "NVMLError_" + string.capwords(enum.replace("NVML_ERROR_", ""), "_").replace("_", "")


def build_nvml(inp):
    members = parse_enum(inp.read("nvml_h"), "nvmlReturn_t")
    entries = entries_from_enum(members)
    strings = parse_switch_strings(inp.read("nvml_strings"), r"errorString \( nvmlReturn_t")
    pysrc = inp.read("pynvml")
    m = re.search(r"_errcode_to_string\s*=\s*\{(.*?)\n\s*\}", pysrc, re.S)
    if not m:
        raise GenError("_errcode_to_string not found in %s" % inp.info("pynvml")["path"])
    pytexts = {}
    for k, v in re.findall(r"(\w+)\s*:\s*(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')", m.group(1)):
        pytexts[k] = ast.literal_eval(v)
    has_classes = "_extractNVMLErrorsAsClasses" in pysrc
    for e in entries:
        if e.enum in strings:
            e.text = strings[e.enum]
            e.also.append("nvml_strings")
        if e.enum in pytexts:
            e.names.append(pytexts[e.enum])
            e.also.append("pynvml")
        # go-nvml's Return.Error() prints the name without the NVML_ prefix when the library
        # is not loaded (pkg/nvml/return.go).
        e.names.append(e.enum.replace("NVML_", "", 1))
        if has_classes and e.enum.startswith("NVML_ERROR_"):
            e.names.append(pynvml_class_name(e.enum))
    # Rust nvml-wrapper (optional input): its NvmlError variant for each code, whose Debug form
    # programs print ("called `Result::unwrap()` on an `Err` value: GpuLost"), and the text its
    # Display prints ("a query to find an object was unsuccessful" is NVML_ERROR_NOT_FOUND).
    if "nvml_rust" in inp.manifest["inputs"]:
        variants, texts = parse_rust_nvml_errors(inp.read("nvml_rust"))
        for e in entries:
            variant = variants.get(e.enum)
            if not variant:
                continue
            e.also.append("nvml_rust")
            e.names.append("NvmlError::" + variant)
            if texts.get(variant):
                e.names.append(texts[variant])
    return entries


def parse_rust_nvml_errors(src):
    """nvml-wrapper's src/error.rs: {NVML_ERROR_X: variant} from its `nvmlReturn_enum_NVML_X =>
    Variant` conversion, and {variant: Display text} from the `#[error("...")]` attributes (the
    literal up to its first format argument; a line-continued literal is joined as Rust does)."""
    variants = {}
    for enum, variant in re.findall(r"nvmlReturn_enum_(NVML_\w+)\s*=>\s*(?:Err\()?([A-Z]\w*)", src):
        if enum != "NVML_SUCCESS":
            variants.setdefault(enum, variant)
    texts = {}
    rx = re.compile(r'#\[error\(\s*"((?:[^"\\]|\\.)*)"[^\]]*\)\]\s*(?:#\[[^\]]*\]\s*)*([A-Z]\w*)', re.S)
    for m in rx.finditer(src):
        text = re.sub(r"\\\n\s*", "", m.group(1))
        text = text.split("{")[0].strip()
        if text:
            texts[m.group(2)] = text
    if not variants:
        raise GenError("no nvmlReturn_enum_ conversions in nvml-wrapper's error.rs")
    return variants, texts


def build_nccl(inp):
    members = parse_enum(inp.read("nccl_h"), "ncclResult_t")
    entries = entries_from_enum(members, skip=("ncclNumResults",))
    strings = parse_switch_strings(inp.read("nccl_strings"),
                                   r"(const )?char (const )?\* ncclGetErrorString \(")
    for e in entries:
        if e.enum in strings:
            e.text = strings[e.enum]
            e.also.append("nccl_strings")
            # older NCCL releases printed the text without the hint ("unhandled cuda error")
            short = re.split(r" \(run with | - ", e.text)[0]
            if short != e.text:
                e.names.append(short)
    return entries


def build_dcgm_return(inp):
    members = parse_enum(inp.read("dcgm_structs"), "dcgmReturn_t")
    entries = entries_from_enum(members)
    strings = parse_switch_strings(inp.read("dcgm_errors_c"), r".*errorString \( dcgmReturn_t")
    for e in entries:
        if e.enum in strings:
            e.text = strings[e.enum]
            e.also.append("dcgm_errors_c")
    return entries


DCGM_SEVERITY = re.compile(r"^DCGM_ERROR_(\w+)$")


def build_dcgm_fr(inp, overlay):
    hsrc = inp.read("dcgm_errors_h")
    members = parse_enum(hsrc, "dcgmError_t", strip_number_prefix=True)
    entries = entries_from_enum(members, skip=("DCGM_FR_ERROR_SENTINEL",))
    defs = parse_defines(hsrc)
    csrc = inp.read("dcgm_errors_c")
    meta = {}
    for m in re.finditer(r"DCGM_ERROR_TABLE_ENTRY\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)", csrc):
        meta[m.group(1)] = (m.group(2), m.group(3))
    sev_map = overlay.get("dcgm_severity", {})
    for e in entries:
        msg = define_string(defs, e.enum + "_MSG")
        nxt = define_string(defs, e.enum + "_NEXT")
        sev, cat = meta.get(e.enum, (None, None))
        e.display = e.doc or None
        if msg:
            e.extra.append(("message", msg))
        if nxt and nxt != "N/A":
            e.extra.append(("suggestion", nxt))
            e.action = nxt
        if sev:
            sev_name = DCGM_SEVERITY.match(sev).group(1)
            e.extra.append(("dcgm_severity", sev_name))
            e.extra.append(("dcgm_category", re.sub(r"^DCGM_FR_EC_", "", cat)))
            e.also.append("dcgm_errors_c")
            if sev_name in sev_map:
                e.resolution = sev_map[sev_name]
        if e.enum == "DCGM_FR_OK":
            e.level = "info"
    return entries


def later_releases(inp, key, enum_name, entries, skip=()):
    """Codes of the releases read after input `key` (manifest `releases[key]`, oldest first:
    each a `release` label and an `input`, a Cython declaration of the same enum, e.g.
    NVIDIA/nvmath-python's): a code the first input lacks becomes an entry of its own; every
    entry records the first and last release that has it, and a note where the newest does not.
    Members whose name starts with `_` are the bindings' own (nvmath's `_..._INTERNAL_LOADING_
    ERROR`), not the library's, and are left out."""
    rels = inp.manifest.get("releases", {}).get(key)
    if not rels:
        return
    first = inp.info(key).get("release", inp.info(key)["version"])
    order = [first] + [r["release"] for r in rels]
    seen = {e.code: [first] for e in entries}
    by_code = {e.code: e for e in entries}
    for r in rels:
        data = inp.parsed_input(r["input"], lambda src: parse_cython_enum(src, enum_name))
        for name, value in data["members"]:
            if name.startswith("_") or name in skip:
                continue
            if value not in by_code:
                e = Entry(value, name)
                e.main = r["input"]
                if success_like(name):
                    e.level = "info"
                by_code[value] = e
                entries.append(e)
            elif name != by_code[value].enum and name not in by_code[value].aliases:
                by_code[value].aliases.append(name)
            if r["release"] not in seen.setdefault(value, []):
                seen[value].append(r["release"])
    for e in entries:
        rel = seen[e.code]
        e.first = min(rel, key=order.index)
        e.last = max(rel, key=order.index)
        if e.last != order[-1]:
            e.note = ((e.note + " ") if e.note else "") + \
                "Not in %s (last in %s)." % (order[-1], e.last)
    entries.sort(key=lambda x: (abs(x.code), x.code))


def build_status_enum(key, enum_name, skip=(), unprefixed=None, strip_k=False,
                      doc_sentence=False):
    def build(inp):
        members = parse_enum(inp.read(key), enum_name)
        entries = entries_from_enum(members, skip=skip)
        later_releases(inp, key, enum_name, entries, skip)
        for e in entries:
            if unprefixed:
                e.names.append(re.sub(unprefixed, "", e.enum))
            if strip_k:
                e.names.append(e.enum[1:] if re.match(r"^k[A-Z]", e.enum) else e.enum)
            if doc_sentence:
                # Wrappers print the header's own sentence for a code (xpra: "cannot open
                # encoding session: This indicates that an invalid struct version was used by
                # the client."): its first sentence is a printed form, when it is one.
                first = re.split(r"(?<=\.)\s", clean_doxygen(e.doc or ""), maxsplit=1)[0]
                if first.startswith("This indicates") and first.endswith("."):
                    e.names.append(first)
        return entries
    return build


# Doxygen markup in NVIDIA's CUDA headers: `\deprecated`, `\ref X "text"`, `\p arg`, `::name`.
def parse_cython_enum(src, name):
    """Members (name, value) of `cdef enum NAME:` in a Cython declaration file (NVIDIA/cuda-python
    writes the CUDA headers' enums as such, e.g. cuda_bindings/cuda/bindings/cydriver.pxd.in),
    as {"members": [[name, value], ...]} in file order. Also `ctypedef enum NAME "NAME":` with
    members `X "X" = value`, as NVIDIA/nvmath-python declares the math libraries' enums."""
    m = re.search(r'^([ \t]*)c(?:type)?def enum %s(?:[ \t]+"[^"\n]*")?\s*:[ \t]*\n'
                  % re.escape(name), src, re.M)
    if not m:
        raise GenError("no cdef enum %s" % name)
    members = []
    for line in src[m.end():].split("\n"):
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) <= len(m.group(1)):
            break
        mm = re.match(r'\s*(\w+)(?:\s+"[^"]*")?\s*=\s*(-?(?:0[xX][0-9A-Fa-f]+|\d+))\s*$', line)
        if not mm:
            raise GenError("cdef enum %s: cannot read %r" % (name, line.strip()))
        members.append([mm.group(1), int(mm.group(2), 0)])
    if not members:
        raise GenError("cdef enum %s has no members" % name)
    return {"members": members}


def parse_explanations(src):
    """The code -> explanation dict of NVIDIA/cuda-python's cuda_core
    (`DRIVER_CU_RESULT_EXPLANATIONS`, `RUNTIME_CUDA_ERROR_EXPLANATIONS`: the header comments
    of each code, reformatted from cuda.h / driver_types.h), as {"docs": {"<code>": text}}."""
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) \
                and any(isinstance(t, ast.Name) and t.id.endswith("_EXPLANATIONS")
                        for t in node.targets):
            d = ast.literal_eval(node.value)
            return {"docs": {str(k): re.sub(r"\s+", " ", v).strip()
                             for k, v in sorted(d.items())}}
    raise GenError("no *_EXPLANATIONS dict")


def clean_doxygen(text):
    text = re.sub(r'\\ref\s+\S+\s+"([^"]*)"', r"\1", text)
    text = re.sub(r"\\ref\s+::?", "", text)
    text = re.sub(r"\\deprecated\b\s*", "Deprecated: ", text)
    text = re.sub(r"\\(?:p|c|e|b|note)\s+", "", text)
    text = re.sub(r"(?<![\w:])::(?=\w)", "", text)
    return re.sub(r"\s+", " ", text).strip()


def cuda_releases(inp):
    """The CUDA releases read for cuda-error, oldest first (manifest `cuda_releases`): each a
    release label and the inputs that give its runtime (cudaError_t) and driver API (CUresult)
    enums, and for a release read from NVIDIA/cuda-python, the explanation dicts that give the
    comments of its codes. Without `cuda_releases`: one release from cuda_runtime/cuda_driver."""
    rel = inp.manifest.get("cuda_releases")
    if rel is None:
        return [{"release": inp.info("cuda_runtime").get("release", ""),
                 "runtime": "cuda_runtime", "driver": "cuda_driver"}]
    return rel


def cuda_enum(inp, key, enum_name, doc_key):
    """[(name, value, doc, aliases)] of a CUDA error enum read from a C header or from a
    cuda-python Cython file."""
    path = inp.info(key)["path"]
    if path.endswith(".h"):
        return [(m.name, m.value, clean_doxygen(m.doc_text), [a.name for a in m.aliases])
                for m in parse_enum(inp.read(key), enum_name)]
    members = inp.parsed_input(key, lambda src: parse_cython_enum(src, enum_name))["members"]
    docs = inp.parsed_input(doc_key, parse_explanations)["docs"] if doc_key else {}
    out, by_value = [], {}
    for name, value in members:
        if value in by_value:
            by_value[value][3].append(name)
            continue
        e = (name, value, clean_doxygen(docs.get(str(value), "")), [])
        by_value[value] = e
        out.append(e)
    return out


def build_cuda_error(inp):
    """cudaError_t (runtime, driver_types.h) and CUresult (driver API, cuda.h) by number, over
    the CUDA releases of the manifest (oldest first): one entry per code any release has, named
    by the runtime enum where the runtime has the code, with the driver API's name as an alias;
    a code only one of the two APIs has says so in `note`. Names, comments and the main file
    come from the oldest release that has the code; each entry records the first and last
    release whose runtime or driver API has it (`first`/`last`), so codes added in newer
    releases are in and codes later removed stay, with the range in which they exist."""
    releases = cuda_releases(inp)
    by_code = {}
    seen = {"runtime": {}, "driver": {}}       # api -> code -> [releases]
    for r in releases:
        for api, enum_name in (("runtime", "cudaError"), ("driver", "cudaError_enum")):
            key = r.get(api)
            if not key:
                continue
            for name, value, doc, aliases in cuda_enum(inp, key, enum_name,
                                                       r.get(api + "_doc")):
                seen[api].setdefault(value, []).append(r["release"])
                e = by_code.get(value)
                names = [name] + aliases
                if e is None:
                    e = Entry(value, name)
                    e.aliases = names[1:]
                    e.doc = doc
                    e.main = key
                    e.api = api
                    e.release = r["release"]
                    by_code[value] = e
                    continue
                if api == "runtime" and e.api == "driver":
                    # the runtime names the code from this release on: it becomes the name
                    e.aliases = [n for n in [e.enum] + e.aliases if n not in names] + names[1:]
                    e.enum, e.api = name, "runtime"
                    if e.release == r["release"]:
                        e.also.append(e.main)
                    e.main, e.release = key, r["release"]
                    e.doc = e.doc or doc
                    continue
                e.aliases.extend(n for n in names if n != e.enum and n not in e.aliases)
                if not e.doc:
                    e.doc = doc
                if key != e.main and key not in e.also and r["release"] == e.release:
                    e.also.append(key)   # the other API's file of the same release
    order = [r["release"] for r in releases]
    read = {api: [r["release"] for r in releases if r.get(api)] for api in ("runtime", "driver")}
    for e in by_code.values():
        rels = seen["runtime"].get(e.code, []) + seen["driver"].get(e.code, [])
        e.first = min(rels, key=order.index)
        e.last = max(rels, key=order.index)
        if e.code not in seen["driver"]:
            e.note = ("Runtime API only: cudaError_t %d (%s) has no CUresult of the same number."
                      % (e.code, e.enum))
        elif e.code not in seen["runtime"]:
            e.note = ("Driver API only: CUresult %d (%s) has no cudaError_t of the same number."
                      % (e.code, e.enum))
        gone = [api for api in ("runtime", "driver")
                if seen[api].get(e.code) and seen[api][e.code][-1] != read[api][-1]]
        if gone:
            e.note = ((e.note + " ") if e.note else "") + " ".join(
                "Not in the %s API of CUDA %s (last in %s)."
                % (api, read[api][-1], seen[api][e.code][-1]) for api in gone)
        if success_like(e.enum) or e.enum == "cudaSuccess":
            e.level = "info"
    return [by_code[c] for c in sorted(by_code)]


# Catalog id -> (inputs (first is the main one), title, description, builder)
CATALOGS = [
    ("cuda-error", ["cuda_runtime", "cuda_driver"],
     "CUDA runtime and driver API error codes (cudaError_t, CUresult)",
     "CUDA runtime (cudaError_t) and driver API (CUresult) error codes by number: the runtime's"
     " cudaErrorX and the driver's CUDA_ERROR_X name the same code where both APIs have it.",
     build_cuda_error),
    ("nv-status", ["nv_status"], "NVIDIA driver NV_STATUS codes (nvstatuscodes.h)",
     "NVIDIA kernel driver (RM) status codes, NV_STATUS: NV_OK, NV_ERR_* and NV_WARN_*.",
     build_nv_status),
    ("nvml-return", ["nvml_h", "nvml_strings", "pynvml"], "NVML return codes (nvmlReturn_t)",
     "NVML return codes (nvmlReturn_t).", build_nvml),
    ("nccl-result", ["nccl_h", "nccl_strings"], "NCCL result codes (ncclResult_t)",
     "NCCL result codes (ncclResult_t) and the text ncclGetErrorString() prints.", build_nccl),
    ("dcgm-return", ["dcgm_structs", "dcgm_errors_c"], "DCGM return codes (dcgmReturn_t)",
     "DCGM API return codes (dcgmReturn_t, DCGM_ST_*) and the text errorString() prints.",
     build_dcgm_return),
    ("dcgm-fr", ["dcgm_errors_h", "dcgm_errors_c"],
     "DCGM health and diagnostic error codes (dcgmError_t)",
     "DCGM health-watch and diagnostic failure codes (DCGM_FR_*) with DCGM's message template,"
     " suggestion, severity and category.", build_dcgm_fr),
    ("cudnn-status", ["cudnn"], "cuDNN status codes (cudnnStatus_t)",
     "cuDNN status codes (cudnnStatus_t, cuDNN 9 numbering; cudnnGetErrorString() prints the"
     " enum name).", build_status_enum("cudnn", "cudnnStatus_t")),
    ("cublas-status", ["cublas"], "cuBLAS status codes (cublasStatus_t)",
     "cuBLAS status codes (cublasStatus_t).", build_status_enum("cublas", "cublasStatus_t")),
    ("cufft-result", ["cufft"], "cuFFT result codes (cufftResult)",
     "cuFFT result codes (cufftResult).", build_status_enum("cufft", "cufftResult")),
    ("cusolver-status", ["cusolver"], "cuSOLVER status codes (cusolverStatus_t)",
     "cuSOLVER status codes (cusolverStatus_t).",
     build_status_enum("cusolver", "cusolverStatus_t")),
    ("cusparse-status", ["cusparse"], "cuSPARSE status codes (cusparseStatus_t)",
     "cuSPARSE status codes (cusparseStatus_t).",
     build_status_enum("cusparse", "cusparseStatus_t")),
    ("curand-status", ["curand"], "cuRAND status codes (curandStatus_t)",
     "cuRAND status codes (curandStatus_t).", build_status_enum("curand", "curandStatus")),
    ("nvenc-status", ["nvenc"], "NVENC status codes (NVENCSTATUS)",
     "NVIDIA Video Codec SDK encoder (NVENCODE API) status codes, NVENCSTATUS; FFmpeg prints"
     " them as \"<call> failed: <text> (<code>)\".",
     build_status_enum("nvenc", "NVENCSTATUS", doc_sentence=True)),
    ("tensorrt-status", ["tensorrt"], "TensorRT error codes (nvinfer1::ErrorCode)",
     "TensorRT error codes (nvinfer1::ErrorCode); TensorRT's samples and Python bindings print"
     " the name without the k.", build_status_enum("tensorrt", "ErrorCode", strip_k=True)),
]


def apply_overlay(cat_id, entries, overlay, overlay_path):
    allowed_top = {"catalog", "defaults", "entries", "dcgm_severity"}
    for k in overlay:
        if k not in allowed_top:
            raise GenError("%s: unknown key %r" % (overlay_path, k))
    if overlay.get("catalog", cat_id) != cat_id:
        raise GenError("%s: catalog is %r, expected %r" % (overlay_path, overlay["catalog"], cat_id))
    by_name = {}
    for e in entries:
        for n in [e.enum] + e.aliases:
            by_name[n] = e
    for name, fields in overlay.get("entries", {}).items():
        if name not in by_name:
            raise GenError("%s: %s is not a code of %s" % (overlay_path, name, cat_id))
        if not isinstance(fields, dict):
            raise GenError("%s: %s must be a map" % (overlay_path, name))
        e = by_name[name]
        for k, v in fields.items():
            if k == "meaning":
                e.meaning = v
            elif k == "resolution":
                e.resolution = v
            elif k == "action":
                e.action = v
            elif k == "level":
                e.level = v
            elif k == "names":
                e.names.extend(v)
            elif k == "text":
                e.text = v
            elif k == "note":
                e.note = v
            else:
                raise GenError("%s: %s: unknown key %r" % (overlay_path, name, k))
        e.overlaid = True
    defaults = overlay.get("defaults", {})
    for e in entries:
        d = defaults.get(e.level, {})
        if e.resolution is None:
            e.resolution = d.get("resolution")
        if e.action is None:
            e.action = d.get("action")
        if e.meaning is None:
            e.meaning = shorten(e.doc) or None
    for e in entries:
        if e.resolution is not None and e.resolution not in RESOLUTIONS \
                and not e.resolution.startswith("workflow_"):
            raise GenError("%s: %s: resolution %r is not one the rule loader knows"
                           % (overlay_path, e.enum, e.resolution))
        if e.level not in LEVELS:
            raise GenError("%s: %s: level %r (info, warning or error)"
                           % (overlay_path, e.enum, e.level))


def finalize_names(cat_id, entries):
    """The `names` of each entry, de-duplicated as the loader compares them; a printed form
    that two codes share is dropped from both (the loader rejects a name given to two codes)."""
    owners = {}
    for e in entries:
        cand = [e.enum] + e.aliases + ([e.text] if e.text else []) + e.names
        seen, uniq = set(), []
        for n in cand:
            if not n or not n.strip():
                continue
            k = alias_key(n)
            if k in seen:
                continue
            seen.add(k)
            uniq.append(n)
        e.final_names = uniq
        for n in uniq:
            owners.setdefault(alias_key(n), set()).add(e.code)
    dropped = []
    for e in entries:
        keep = []
        for n in e.final_names:
            if len(owners[alias_key(n)]) > 1 and n not in [e.enum] + e.aliases:
                dropped.append((n, e.code))
                continue
            keep.append(n)
        e.final_names = keep
    for n, code in sorted(set(dropped), key=lambda x: (x[1], x[0])):
        print("%s: %r is printed for more than one code; not a name of %d" % (cat_id, n, code),
              file=sys.stderr)


# Inputs a catalog reads when the manifest has them (the test fixture's manifest need not).
OPTIONAL_INPUTS = {"nvml-return": ["nvml_rust"]}

# Catalogs whose buckets come from NVIDIA's own classification (DCGM's severities), not ours.
NVIDIA_RESOLUTIONS = {"dcgm-fr"}


def render(cat_id, inputs, title, description, entries, inp, overlay_rel):
    main = inputs[0]
    mi = inp.info(main)
    repos, seen = [], set()
    for key in inputs:
        i = inp.info(key)
        if (i["repo"], i["commit"]) not in seen:
            seen.add((i["repo"], i["commit"]))
            repos.append("%s %s" % (i["repo"], i["version"]))
    out = []
    out.append("# generated by %s from %s; do not edit by hand (hand-written meanings go in the"
               " overlay, see %s)" % (GENERATOR, ", ".join(repos), overlay_rel))
    out.append("schema: %s" % SCHEMA)
    out.append("catalog: %s" % cat_id)
    out.append("description: %s" % q(description))
    src = [("title", title), ("url", inp.url(main)), ("version", mi["version"])]
    also = []
    for key in inputs[1:]:
        i = inp.info(key)
        also.append("{url: %s, version: %s}" % (q(inp.url(key)), q(i["version"])))
    line = "source: " + flow_map(src)
    if also:
        line = line[:-1] + ", also: [" + ", ".join(also) + "]}"
    out.append(line)
    if cat_id in NVIDIA_RESOLUTIONS:
        out.append("resolutions: nvidia")
    out.append("entries:")
    for e in sorted(entries, key=lambda x: (abs(x.code), x.code)):
        out.append("  - code: %d" % e.code)
        if e.hex:
            out.append("    hex: %s" % q(e.hex))
        words = e.text if e.text else e.display
        out.append("    name: %s" % q("%s: %s" % (e.enum, words) if words else e.enum))
        out.append("    names: %s" % flow_list(e.final_names))
        if e.meaning:
            out.append("    meaning: %s" % q(e.meaning))
        if e.resolution:
            out.append("    resolution: %s" % e.resolution)
        if e.action:
            out.append("    action: %s" % q(e.action))
        for k, v in e.extra:
            if k == "suggestion" and v == e.action:
                continue    # the action is DCGM's suggestion, said once
            out.append("    %s: %s" % (k, q(v)))
        if e.note:
            out.append("    note: %s" % q(e.note))
        out.append("    level: %s" % e.level)
        ei = inp.info(e.main) if e.main else mi
        pairs = [("file", ei["path"]), ("version", ei["commit"])]
        refs = []
        for key in e.also:
            r = inp.ref(key)
            if r not in refs:
                refs.append(r)
        if refs:
            pairs.append(("also", refs))
        if e.first:
            pairs.append(("first", e.first))
            pairs.append(("last", e.last))
        if e.overlaid:
            pairs.append(("overlay", overlay_rel))
        out.append("    source: %s" % flow_map(pairs))
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Generate rules/catalogs error-code vocabularies from NVIDIA headers.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("Usage:")[1])
    ap.add_argument("--manifest", required=True,
                    help="sources.json: repo, path, commit and version of every input")
    ap.add_argument("--checkout", action="append", default=[], metavar="OWNER/REPO=DIR",
                    help="local directory holding that repository's files (repeatable)")
    ap.add_argument("--overlay-dir", default=None,
                    help="hand-written overlays <catalog>.yaml (default: overlay/ beside this"
                         " script)")
    ap.add_argument("--out", required=True, help="directory to write <catalog>.yaml into")
    ap.add_argument("--only", action="append", default=[], metavar="CATALOG",
                    help="write only this catalog (repeatable)")
    ap.add_argument("--extracted", default=None, metavar="FILE",
                    help="parsed inputs saved with --save-extracted, for inputs whose"
                         " repository has no --checkout (e.g. NVIDIA/cuda-python)")
    ap.add_argument("--save-extracted", default=None, metavar="FILE",
                    help="write what was parsed of the inputs read as data (the Cython enums"
                         " and explanation dicts of NVIDIA/cuda-python) to FILE")
    args = ap.parse_args(argv)

    try:
        with open(args.manifest, encoding="utf-8") as f:
            manifest = json.load(f)
        checkouts = {}
        for c in args.checkout:
            repo, sep, d = c.partition("=")
            if not sep or not repo or not d:
                raise GenError("--checkout %r: expected OWNER/REPO=DIR" % c)
            if not os.path.isdir(d):
                raise GenError("--checkout %s: %s is not a directory" % (repo, d))
            checkouts[repo] = d
        overlay_dir = args.overlay_dir or os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                       "overlay")
        known = [c[0] for c in CATALOGS]
        for o in args.only:
            if o not in known:
                raise GenError("--only %s: no such catalog (%s)" % (o, ", ".join(known)))
        extracted = None
        if args.extracted:
            with open(args.extracted, encoding="utf-8") as f:
                extracted = json.load(f).get("inputs", {})
        inp = Inputs(manifest, checkouts, extracted)
        os.makedirs(args.out, exist_ok=True)
        for cat_id, inputs, title, description, builder in CATALOGS:
            if args.only and cat_id not in args.only:
                continue
            overlay_path = os.path.join(overlay_dir, cat_id + ".yaml")
            overlay = parse_overlay(overlay_path) if os.path.exists(overlay_path) else {}
            if builder is build_dcgm_fr:
                entries = builder(inp, overlay)
            else:
                entries = builder(inp)
            codes = [e.code for e in entries]
            if len(codes) != len(set(codes)):
                raise GenError("%s: a code is given twice" % cat_id)
            apply_overlay(cat_id, entries, overlay, overlay_path)
            finalize_names(cat_id, entries)
            overlay_rel = os.path.relpath(os.path.abspath(overlay_path), REPO_ROOT)
            if overlay_rel.startswith(".."):
                overlay_rel = overlay_path
            overlay_rel = overlay_rel.replace(os.sep, "/")
            if builder is build_cuda_error:
                inputs = [k for r in cuda_releases(inp)
                          for k in (r.get("runtime"), r.get("driver"), r.get("runtime_doc"),
                                    r.get("driver_doc")) if k]
            else:
                inputs = inputs + [r["input"] for r in
                                   manifest.get("releases", {}).get(inputs[0], [])]
                inputs = inputs + [k for k in OPTIONAL_INPUTS.get(cat_id, [])
                                   if k in manifest["inputs"]]
            text = render(cat_id, inputs, title, description, entries, inp, overlay_rel)
            target = os.path.join(args.out, cat_id + ".yaml")
            with open(target, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            print("%s: %d entries -> %s" % (cat_id, len(entries), target), file=sys.stderr)
        if args.save_extracted:
            with open(args.save_extracted, "w", encoding="utf-8", newline="\n") as f:
                text = json.dumps(
                    {"comment": "Inputs of tools/catalogs/gen_vocabularies.py as parsed"
                     " (--save-extracted): data read from files of repositories too large to"
                     " fetch whole; regenerate with --extracted FILE.",
                     "inputs": {k: inp.parsed[k] for k in sorted(inp.parsed)}},
                    indent=1, sort_keys=True, ensure_ascii=False)
                # one enum member per line
                text = re.sub(r'\[\n\s*("\w+"),\n\s*(-?\d+)\n\s*\]', r"[\1, \2]", text)
                f.write(text + "\n")
    except GenError as e:
        print("gen_vocabularies: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
