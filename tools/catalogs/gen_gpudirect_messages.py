#!/usr/bin/env python3
"""Generate GPU Triage message catalogs of NVIDIA's GPUDirect kernel modules and GDRCopy.

Reads the print calls of

  nvidia-fs.json  NVIDIA/gds-nvidia-fs src/*.c, *.h: the GPUDirect Storage kernel module
                  (nvidia-fs.ko). nvfs_err/nvfs_warn/nvfs_info/nvfs_dbg and nvfs_msg(KERN_*)
                  print "nvidia-fs:<message>" (src/nvfs-core.h: printk(KRNLVL DEVICE_NAME ":" FMT));
                  printk/pr_* as written.
  gdrdrv.json     NVIDIA/gdrcopy src/gdrdrv/gdrdrv.c: GDRCopy's kernel module. gdr_err, gdr_info,
                  gdr_dbg and gdr_msg(KERN_*) print "gdrdrv:<function>:<message>"
                  (printk(KRNLVL DEVNAME ":%s:" FMT, __func__)). gdr_err prints at KERN_DEBUG
                  (its definition in gdrdrv.c), always, without a switch.
  gdrcopy.json    NVIDIA/gdrcopy src/gdrapi.c (libgdrapi: gdr_err "ERR:  ", gdr_warn "WARN: ",
                  gdr_info "INFO: ", gdr_dbg/gdr_dbgc "DBG:  " to stderr, only with
                  GDRCOPY_ENABLE_LOGGING set; src/gdrapi_internal.h) and the tests' own
                  fprintf(stderr, ...) (gdrcopy_sanity, copybw, copylat, apiperf; tests/).

Inputs are bare (or not) git directories; files are read with `git show TAG:PATH` at the
release tags given (oldest first). A plain folder is read as the one release its tag names (the
test fixture: no git in the build root). Standard library only, deterministic (sorted output, no
timestamps), never touches the network. See tools/catalogs/README.md.
"""

import argparse
import os
import json
import re
import subprocess
import sys

GENERATOR = "tools/catalogs/gen_gpudirect_messages.py"
SCHEMA = "gputriage/messages/v1"

KERN_LEVEL = {"KERN_EMERG": "fatal", "KERN_ALERT": "fatal", "KERN_CRIT": "fatal", "KERN_ERR": "error",
              "KERN_WARNING": "warning", "KERN_NOTICE": "notice", "KERN_INFO": "info",
              "KERN_DEBUG": "debug", "KERN_CONT": "info"}
PR_LEVEL = {"pr_emerg": "KERN_EMERG", "pr_alert": "KERN_ALERT", "pr_crit": "KERN_CRIT",
            "pr_err": "KERN_ERR", "pr_warn": "KERN_WARNING", "pr_warning": "KERN_WARNING",
            "pr_notice": "KERN_NOTICE", "pr_info": "KERN_INFO", "pr_debug": "KERN_DEBUG"}
SEVERITY = {"fatal": 6, "error": 5, "warning": 4, "notice": 3, "info": 2, "debug": 1}

# Per component: repository, files read, the calls and how each prints.
#   calls: name -> (level, source_level, printed_in_release, format argument index, prefix)
#   a level of None: the first argument is the KERN_* level (nvfs_msg, gdr_msg).
COMPONENTS = {
    "nvidia-fs": {
        "title": "NVIDIA GPUDirect Storage kernel module (nvidia-fs)",
        "repo": "NVIDIA/gds-nvidia-fs",
        "line_format": "nvidia-fs:<message>",
        "notes": [
            "nvfs_err, nvfs_warn, nvfs_info, nvfs_dbg and nvfs_msg (src/nvfs-core.h) print "
            "printk(KRNLVL \"nvidia-fs\" \":\" FMT): the message follows \"nvidia-fs:\" without a blank.",
            "nvfs_err prints at KERN_ERR and nvfs_warn at KERN_WARNING, always; nvfs_info (KERN_INFO) "
            "only when the module's info logging is on and nvfs_dbg (KERN_DEBUG) only when debug "
            "logging is on (nvfs_info_enabled, nvfs_dbg_enabled: the module parameters, "
            "/proc/driver/nvidia-fs 'Logging level'); printed_in_release says which print by default.",
        ],
        "paths": lambda p: p.startswith("src/") and p.endswith((".c", ".h")),
        "calls": {
            "nvfs_err": ("error", "nvfs_err -> printk(KERN_ERR)", True, 0, "nvidia-fs:"),
            "nvfs_warn": ("warning", "nvfs_warn -> printk(KERN_WARNING)", True, 0, "nvidia-fs:"),
            "nvfs_info": ("info", "nvfs_info -> printk(KERN_INFO)", False, 0, "nvidia-fs:"),
            "nvfs_dbg": ("debug", "nvfs_dbg -> printk(KERN_DEBUG)", False, 0, "nvidia-fs:"),
            "nvfs_msg": (None, "nvfs_msg", True, 1, "nvidia-fs:"),
            "printk": (None, "printk", True, 0, ""),
            **{k: (KERN_LEVEL[v], k, v != "KERN_DEBUG", 0, "") for k, v in PR_LEVEL.items()},
        },
        "subsystems": [("batch", "batch"), ("dma", "dma"), ("mmap", "mmap"), ("pci", "pci"),
                       ("rdma", "rdma"), ("proc", "proc"), ("stat", "stats"), ("fault", "fault"),
                       ("mod", "module"), ("core", "core")],
    },
    "gdrdrv": {
        "title": "GDRCopy kernel module (gdrdrv)",
        "repo": "NVIDIA/gdrcopy",
        "line_format": "gdrdrv:<function>:<message>",
        "notes": [
            "gdr_err, gdr_info, gdr_dbg and gdr_msg (src/gdrdrv/gdrdrv.c) print "
            "printk(KRNLVL \"gdrdrv\" \":%s:\" FMT, __func__): \"gdrdrv:<function>:<message>\".",
            "gdr_err is defined as gdr_msg(KERN_DEBUG, ...): its errors reach the kernel log at "
            "KERN_DEBUG, always; 'level' is error (the call's own class), 'source_level' says the "
            "printk level. gdr_info and gdr_dbg print only with the module's info_enabled / "
            "dbg_enabled parameters. Before 2.1 gdr_msg printed \"gdrdrv:\" FMT without the function.",
        ],
        "paths": lambda p: p.startswith("src/gdrdrv/") and p.endswith((".c", ".h")) or p in ("gdrdrv/gdrdrv.c",),
        "calls": {
            "gdr_err": ("error", "gdr_err -> printk(KERN_DEBUG)", True, 0, "gdrdrv:%s:"),
            "gdr_info": ("info", "gdr_info -> printk(KERN_INFO)", False, 0, "gdrdrv:%s:"),
            "gdr_dbg": ("debug", "gdr_dbg -> printk(KERN_DEBUG)", False, 0, "gdrdrv:%s:"),
            "gdr_msg": (None, "gdr_msg", True, 1, "gdrdrv:%s:"),
        },
        "subsystems": [("", "gdrdrv")],
    },
    "gdrcopy": {
        "title": "GDRCopy user-space library (libgdrapi) and tests",
        "repo": "NVIDIA/gdrcopy",
        "line_format": "ERR:  <message> | WARN: <message> | INFO: <message> | DBG:  <message> (libgdrapi, "
                       "stderr); the tests' own messages as printed",
        "notes": [
            "libgdrapi's gdr_err/gdr_warn/gdr_info/gdr_dbg (src/gdrapi_internal.h) write \"ERR:  \", "
            "\"WARN: \", \"INFO: \" or \"DBG:  \" and the message to stderr, and only when "
            "GDRCOPY_ENABLE_LOGGING is set (GDRCOPY_LOG_LEVEL picks the lowest level; default errors).",
            "The tests (gdrcopy_sanity, gdrcopy_copybw, gdrcopy_copylat, gdrcopy_apiperf) print their "
            "own failures with fprintf(stderr, ...): level error, subsystem tests.",
        ],
        "paths": lambda p: (p.startswith("src/gdrapi") or p.startswith("tests/") or p == "gdrapi.c")
                           and p.endswith((".c", ".h", ".cpp", ".hpp")),
        "calls": {
            "gdr_err": ("error", "gdr_err", False, 0, "ERR:  "),
            "gdr_warn": ("warning", "gdr_warn", False, 0, "WARN: "),
            "gdr_info": ("info", "gdr_info", False, 0, "INFO: "),
            "gdr_dbg": ("debug", "gdr_dbg", False, 0, "DBG:  "),
            "gdr_dbgc": ("debug", "gdr_dbgc", False, 1, "DBG:  "),
            "fprintf(stderr)": ("error", "fprintf(stderr)", True, 1, ""),
        },
        "subsystems": [("tests/", "tests"), ("", "gdrapi")],
    },
}

STRING = r'"(?:[^"\\\n]|\\.)*"'
ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "r": "\r", "0": "\0", "a": "\a"}


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir", gitdir] + list(args), check=True,
                          stdout=subprocess.PIPE).stdout


def literal_end(text, i):
    """The index after the string or character literal whose quote is text[i]."""
    j, n = i + 1, len(text)
    while j < n and text[j] != text[i]:
        j += 2 if text[j] == "\\" else 1
    return j + 1


def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = literal_end(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            seg = text[i:(n if j < 0 else j + 2)]
            out.append("\n" * seg.count("\n"))
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def decode(lit):
    body, out, i = lit[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_args(text, start):
    """Arguments of the call whose '(' is at text[start]; (args, end) or None."""
    depth, i, cur, args = 0, start, [], []
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = literal_end(text, i)
            cur.append(text[i:j])
            i = j
            continue
        if c in "([{":
            depth += 1
            if depth > 1:
                cur.append(c)
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args, i
            cur.append(c)
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    return None


def string_macros(text):
    out = {}
    for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+((?:' + STRING + r'[ \t]*)+)[ \t]*$', text, re.M):
        out[m.group(1)] = "".join(decode(s) for s in re.findall(STRING, m.group(2)))
    return out


def eval_format(arg, macros):
    """A C string expression (literals, string macros, PRI* macros) or None."""
    tokens = re.findall(STRING + r"|\w+|\S", arg)
    if not tokens:
        return None
    out, lit = [], False
    for t in tokens:
        if t.startswith('"'):
            out.append(decode(t))
            lit = True
        elif t in macros:
            out.append(macros[t])
        elif re.fullmatch(r"PRI[diouxX](?:8|16|32|64|PTR)", t):
            out.append({"64": "ll", "PTR": "l"}.get(t[4:], "") + t[3])
        else:
            return None
    return "".join(out) if lit else None


def level_of(token):
    token = token.strip()
    if token in KERN_LEVEL:
        return token
    return None


def functions_of(text):
    """(offset, name) of each function definition: kernel style puts a function body's opening
    brace at the start of a line (or at the end of the signature's line); its name is the last
    identifier before '(' in the text between the previous top-level statement and the brace."""
    out = []
    for m in re.finditer(r"^\{|\)[ \t]*\{[ \t]*$", text, re.M):
        if m.group(0).startswith(")") and not re.match(r"\w", text[text.rfind("\n", 0, m.start()) + 1:] or " "):
            continue    # "if (...) {" inside a body: indented
        brace = m.end() - 1
        head = text[max(0, brace - 600):brace]
        cut = max(head.rfind(";"), head.rfind("}"), head.rfind("#"))
        head = head[cut + 1:]
        head = head[head.find("\n", head.find("#") if "#" in head else 0):] if False else head
        names = re.findall(r"\b([A-Za-z_]\w*)\s*\(", head)
        names = [n for n in names if n not in ("if", "for", "while", "switch", "return", "sizeof",
                                                "__attribute__", "__acquires", "__releases")]
        if names:
            out.append((brace, names[0]))
    return out


def subsystem(comp, path):
    base = path.rsplit("/", 1)[-1]
    for frag, name in COMPONENTS[comp]["subsystems"]:
        if frag in (path if frag.endswith("/") else base):
            return name
    return "other"


def definition_lines(text):
    """Offsets of the '#define' lines (a call inside a macro definition is not a print site)."""
    spans = []
    for m in re.finditer(r"^[ \t]*#[ \t]*define\b(?:[^\n]*\\\n)*[^\n]*", text, re.M):
        spans.append((m.start(), m.end()))
    return spans


def extract(comp, files, macros):
    spec = COMPONENTS[comp]
    names = [n for n in spec["calls"] if n != "fprintf(stderr)"]
    call_re = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\s*\(" +
                         ("|\\bfprintf\\s*\\(\\s*stderr\\s*," if "fprintf(stderr)" in spec["calls"] else ""))
    # The printk level and prefix of each wrapper as this release defines it (gdr_err was
    # KERN_ERR before 2.x turned it into KERN_DEBUG; gdr_msg added the function in 2.1).
    kern_of, prefix_of = {}, {}
    for path, raw in files:
        for d in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\s*\(((?:[^\n]*\\\n)*[^\n]*)", strip_comments(raw), re.M):
            name, body = d.group(1), d.group(2)
            if name in spec["calls"]:
                k = re.search(r"\b(KERN_[A-Z]+)\b", body)
                if k and "KRNLVL" not in body.split(k.group(1))[0][-20:]:
                    kern_of[name] = k.group(1)
                if name in ("gdr_msg", "nvfs_msg") and "printk" in body:
                    pm = re.search(r'printk\s*\(\s*KRNLVL\s+(\w+)\s*("[^"]*")', body)
                    if pm:
                        prefix_of[name] = macros.get(pm.group(1), pm.group(1)) + decode(pm.group(2))
    msg_prefix = prefix_of.get("gdr_msg") or prefix_of.get("nvfs_msg")
    found = []
    for path, raw in files:
        text = strip_comments(raw)
        defs = definition_lines(text)
        funcs = functions_of(text)
        for m in call_re.finditer(text):
            if any(a <= m.start() < b for a, b in defs):
                continue
            name = m.group(1) or "fprintf(stderr)"
            level, source_level, printed, fmt_i, prefix = spec["calls"][name]
            if msg_prefix and prefix.startswith(("gdrdrv", "nvidia-fs")):
                prefix = msg_prefix
            if level is not None and name in kern_of and prefix.startswith(("gdrdrv", "nvidia-fs")):
                source_level = "%s -> printk(%s)" % (name, kern_of[name])
            paren = text.index("(", m.start())
            parsed = split_args(text, paren)
            if not parsed:
                continue
            args, _ = parsed
            if name == "fprintf(stderr)":
                args = args[1:]
                fmt_i = 0
            kern = None
            if level is None:
                if name == "printk":
                    first = args[0] if args else ""
                    km = re.match(r"(KERN_\w+)\s*(.*)$", first, re.S)
                    if km and km.group(1) in KERN_LEVEL:
                        kern = km.group(1)
                        args = [km.group(2)] + args[1:]
                    else:
                        kern = "KERN_WARNING"   # printk without a level: the default loglevel
                else:
                    kern = level_of(args[0]) if args else None
                    if not kern:
                        continue
                level = KERN_LEVEL[kern]
                source_level = "%s(%s)" % (name, kern)
                printed = kern != "KERN_DEBUG" or name == "gdr_msg"
            if fmt_i >= len(args):
                continue
            fmt = eval_format(args[fmt_i], macros)
            if fmt is None:
                continue
            fmt = fmt.rstrip("\n")
            if not fmt.strip():
                continue
            func = None
            for off, fname in funcs if path.endswith(".c") else ():
                if off <= m.start():
                    func = fname
            if name.startswith("pr_") or name == "printk":
                prefix = ""
            entry = {"format": fmt}
            if prefix:
                entry["prefix"] = prefix
            entry.update({"function": func, "level": level, "source_level": source_level,
                          "printed_in_release": printed, "subsystem": subsystem(comp, path),
                          "file": path, "line": text.count("\n", 0, m.start()) + 1})
            letters = len(re.findall(r"[A-Za-z]", re.sub(r"%[-+ #0-9.*]*[hlLqjzt]*[a-zA-Z%]", "", fmt)))
            if letters < 8:
                entry["generic"] = True
            found.append(entry)
    return found


def is_git(source):
    return os.path.isfile(os.path.join(source, "HEAD")) or os.path.exists(os.path.join(source, ".git"))


def read_version(gitdir, tag, comp):
    """One release's files: `git show TAG:PATH` from a git directory, or the files of a plain
    folder that holds that release (the test fixture; no git needed)."""
    spec = COMPONENTS[comp]
    if is_git(gitdir):
        paths = [p for p in git(gitdir, "ls-tree", "-r", "--name-only", tag).decode().split("\n")
                 if p and spec["paths"](p)]
        read = lambda p: git(gitdir, "show", "%s:%s" % (tag, p))
    else:
        paths = [os.path.relpath(os.path.join(d, f), gitdir).replace(os.sep, "/")
                 for d, _, names in os.walk(gitdir) for f in names]
        paths = [p for p in paths if spec["paths"](p)]
        read = lambda p: open(os.path.join(gitdir, p), "rb").read()
    files, macros = [], {}
    for p in sorted(paths):
        raw = read(p).decode("utf-8", "replace")
        files.append((p, raw))
        macros.update(string_macros(strip_comments(raw)))
    macros.setdefault("DEVICE_NAME", "nvidia-fs")
    macros.setdefault("DEVNAME", "gdrdrv")
    return files, macros


def build(comp, gitdir, tags):
    merged = {}
    for tag in tags:
        files, macros = read_version(gitdir, tag, comp)
        version = tag[1:] if tag.startswith("v") else tag
        for e in extract(comp, files, macros):
            # One entry per (function, format): a prefix that changed between releases (gdrdrv
            # added the function in 2.1) is the newest release's; the engine reads the format.
            key = (e.get("function"), e["format"])
            old = merged.get(key)
            if old is None:
                e["first"] = version
                e["last"] = version
                merged[key] = e
                continue
            # the newest release gives file and line; a louder print of an older one its level
            loud = old if (old["printed_in_release"], SEVERITY[old["level"]]) > \
                (e["printed_in_release"], SEVERITY[e["level"]]) else e
            e["level"], e["source_level"], e["printed_in_release"] = \
                loud["level"], loud["source_level"], loud["printed_in_release"]
            e["first"] = old["first"]
            e["last"] = version
            merged[key] = e
    messages = sorted(merged.values(), key=lambda e: (e["file"], e.get("function") or "", e["format"],
                                                      e.get("prefix", "")))
    spec = COMPONENTS[comp]
    commit = (git(gitdir, "rev-parse", tags[-1] + "^{commit}").decode().strip()
              if is_git(gitdir) else "")
    return {
        "schema": SCHEMA, "component": comp, "title": spec["title"], "line_format": spec["line_format"],
        "notes": spec["notes"], "generator": GENERATOR,
        "source": {"repo": spec["repo"], "versions": [t[1:] if t.startswith("v") else t for t in tags],
                   "commit": commit},
        "count": len(messages), "messages": messages,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="folder for the catalogs (rules/catalogs/messages)")
    ap.add_argument("--gds", help="git directory of NVIDIA/gds-nvidia-fs")
    ap.add_argument("--gds-tags", default="v2.14.12,v2.17.5,v2.20.5,v2.24.2,v2.26.6,v2.28.4")
    ap.add_argument("--gdrcopy", help="git directory of NVIDIA/gdrcopy")
    ap.add_argument("--gdrcopy-tags", default="v1.3,v2.0,v2.2,v2.3.1,v2.4.4,v2.5.2,v2.6")
    a = ap.parse_args()
    jobs = []
    if a.gds:
        jobs.append(("nvidia-fs", a.gds, a.gds_tags.split(",")))
    if a.gdrcopy:
        jobs.append(("gdrdrv", a.gdrcopy, a.gdrcopy_tags.split(",")))
        jobs.append(("gdrcopy", a.gdrcopy, a.gdrcopy_tags.split(",")))
    if not jobs:
        ap.error("give --gds and/or --gdrcopy")
    for comp, gitdir, tags in jobs:
        cat = build(comp, gitdir, tags)
        levels = {}
        for e in cat["messages"]:
            levels[e["level"]] = levels.get(e["level"], 0) + 1
        path = "%s/%s.json" % (a.out.rstrip("/"), comp)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(cat, f, indent=1, ensure_ascii=False, sort_keys=False)
            f.write("\n")
        print("%s: %d entries %s (%s)" % (comp, cat["count"], json.dumps(levels, sort_keys=True),
                                          ", ".join(tags)), file=sys.stderr)


if __name__ == "__main__":
    main()
