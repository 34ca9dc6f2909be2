#!/usr/bin/env bash
# The library commands through the real binary, on SQLite or (with $GPUTRIAGE_TEST_PG_URL, from
# with_postgres.sh) on PostgreSQL: add, search, history, stats, export/import, delete,
# analyze --library and --with-history, two processes adding at once, and each broken library
# leaving the analysis whole.
#   library_cli.sh GPUTRIAGE DATA_DIR
set -euo pipefail
exe=$1 data=$2
bundles=$data/bundles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export GPUTRIAGE_LIBRARY_TIMEOUT_MS=2000
unset GPUTRIAGE_LIBRARY_URL

n=0
# A new, empty library's URL in $lib (a file, or a database of its own on the server).
new_library() {
  n=$((n + 1))
  if [ -n "${GPUTRIAGE_TEST_PG_URL:-}" ]; then
    sql postgres "CREATE DATABASE cli_$n"
    lib=${GPUTRIAGE_TEST_PG_URL/\/postgres\?//cli_$n?}
  else
    lib=$work/library-$n.sqlite
  fi
}
# Runs SQL in a library (python's sqlite3 for a file, the server's psql otherwise).
sql() {
  local where=$1 statement=$2
  if [ -n "${GPUTRIAGE_TEST_PG_URL:-}" ]; then
    local host=${GPUTRIAGE_TEST_PG_URL#*host=}
    host=${host%%&*}
    where=${where%%\?*}
    where=${where##*/}
    "$GPUTRIAGE_TEST_PG_BINDIR/psql" -q -h "$host" -U gputriage -d "$where" -c "$statement" >/dev/null
  else
    python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()' "$where" "$statement"
  fi
}
json() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if ($1) else 1)" "$2"; }
run() { # run EXPECTED_RC OUT ERR ARGS...
  local want=$1 out=$2 errf=$3 rc=0
  shift 3
  "$exe" "$@" >"$out" 2>"$errf" || rc=$?
  [ "$rc" = "$want" ] || { cat "$errf" >&2; fail "exit $rc, not $want: $*"; }
}

new_library; L=$lib

# Reading a library that is not there says so, and creates nothing.
run 2 "$work/o" "$work/e" library search --library-url "$L"
grep -qE "there is no case library|is empty" "$work/e" || fail "missing library: $(cat "$work/e")"

# analyze --library adds the bundle; the report has no library data.
run 0 "$work/report.json" "$work/e" analyze "$bundles/case-1234" --library --library-url "$L" \
  --format json --deterministic
grep -q "added to the case library as #1" "$work/e" || fail "analyze --library: $(cat "$work/e")"
json 'not "history" in d' "$work/report.json" || fail "a report without --with-history has history"

# library add --batch: the bundle already there is not added again; case ids from the names.
run 0 "$work/o" "$work/e" library add --batch "$bundles" --library-url "$L"
grep -q "2 added, 1 already there, 0 failed" "$work/o" || fail "add --batch: $(cat "$work/o" "$work/e")"
grep -q "already in the library as #1 .*case-1234 (case 1234" "$work/o" || fail "add --batch: $(cat "$work/o")"

# search: by Xid, GPU serial, case id, driver, and as JSON.
run 0 "$work/o" "$work/e" library search --library-url "$L" --xid 48 --format json
json '{c["case"] for c in d} == {"1234", "5678", "0042"}' "$work/o" || fail "search --xid 48: $(cat "$work/o")"
run 0 "$work/o" "$work/e" library search --library-url "$L" --xid 79 --format json
json '[c["case"] for c in d] == ["5678"]' "$work/o" || fail "search --xid 79: $(cat "$work/o")"
run 0 "$work/o" "$work/e" library search --library-url "$L" --gpu 1654922000456
grep -q "case 1234" "$work/o" && ! grep -q "case 5678" "$work/o" || fail "search --gpu: $(cat "$work/o")"
run 0 "$work/o" "$work/e" library search --library-url "$L" --case 0042 --driver 570.158.08
grep -q "^0 entries found" "$work/o" || fail "search --case --driver: $(cat "$work/o")"
run 0 "$work/o" "$work/e" library search --library-url "$L" --from 2000-01-01 --to 2999-12-31
grep -q "^3 entries found" "$work/o" || fail "search by dates: $(cat "$work/o")"
run 2 "$work/o" "$work/e" library search --library-url "$L" --from yesterday
grep -q -- "--from needs a date" "$work/e" || fail "a bad date: $(cat "$work/e")"

# The board's history by serial number.
run 0 "$work/o" "$work/e" library history --library-url "$L" --serial 1654922000123
grep -q "case 1234" "$work/o" && grep -q "case 5678.*Xid 79" "$work/o" || fail "history: $(cat "$work/o")"

# stats: bundles per rule and driver version.
run 0 "$work/o" "$work/e" library stats --library-url "$L" --format json
json 'd["bundles"] == 3 and any(r["bundles"] >= 2 and r["driver_version"] == "570.158.08" for r in d["rule_by_driver"])' \
  "$work/o" || fail "stats: $(cat "$work/o")"

# --with-history: what the library knows, only when asked; the bundle itself is not "before".
run 0 "$work/o" "$work/e" analyze "$bundles/case-5678" --library-url "$L" --with-history
grep -q "History from the case library" "$work/o" || fail "--with-history text: $(cat "$work/o")"
grep -q "seen in 2 earlier bundles" "$work/o" || fail "--with-history seen: $(cat "$work/o")"
grep -q "S/N 1654922000123.*case 1234" "$work/o" || fail "--with-history board: $(cat "$work/o")"
! sed -n '/History from the case library/,$p' "$work/o" | grep -q "case 5678" ||
  fail "--with-history shows the bundle itself: $(cat "$work/o")"
run 0 "$work/o" "$work/e" analyze "$bundles/case-5678" --library-url "$L" --with-history --format json
json 'any(r["bundle"]["case"] == "1234" for g in d["history"]["gpus"] for r in g["records"])' "$work/o" ||
  fail "--with-history json: $(cat "$work/o")"
run 0 "$work/o" "$work/e" analyze "$bundles/case-5678" --library-url "$L" --format markdown
! grep -q "History" "$work/o" || fail "history without --with-history"

# library show: the entry's report through the same writers as analyze, all but the evidence.
run 0 "$work/o" "$work/e" library show 1 --library-url "$L" --format json --deterministic
python3 - "$work/report.json" "$work/o" <<'PY' || fail "library show differs from analyze: $(cat "$work/o")"
import json, sys
analysed, shown = (json.load(open(f)) for f in sys.argv[1:3])
for report in (analysed, shown):
    for finding in report["findings"]:
        finding.pop("occurrences")
notes = [p for p in shown["problems"] if "rebuilt from the case library" in p["message"]]
shown["problems"] = [p for p in shown["problems"] if p not in notes]
sys.exit(0 if len(notes) == 1 and analysed["findings"] and analysed == shown else 1)
PY
for format in text markdown html; do
  run 0 "$work/o" "$work/e" library show "#1" --library-url "$L" --format "$format"
  grep -q "Xid 48" "$work/o" && grep -q "case library entry .\?#1 (case 1234)" "$work/o" ||
    fail "library show --format $format: $(cat "$work/o")"
done
run 2 "$work/o" "$work/e" library show 99 --library-url "$L"
grep -q "no entry #99" "$work/e" || fail "library show of no entry: $(cat "$work/e")"
run 2 "$work/o" "$work/e" library show 1 --library-url "$L" --customer globex
grep -q "no entry #1 in the library for customer globex" "$work/e" ||
  fail "library show of another customer's entry: $(cat "$work/e")"

# A customer's history never shows another customer's bundles.
new_library; L2=$lib
run 0 "$work/o" "$work/e" library add "$bundles/case-1234" --customer acme --library-url "$L2"
run 0 "$work/o" "$work/e" analyze "$bundles/case-5678" --library-url "$L2" --with-history \
  --customer globex --format json
json 'd["history"]["findings"] == [] and d["history"]["gpus"] == []' "$work/o" ||
  fail "another customer's history shown: $(cat "$work/o")"
run 0 "$work/o" "$work/e" analyze "$bundles/case-5678" --library-url "$L2" --with-history \
  --customer acme --format json
json 'len(d["history"]["gpus"]) == 1' "$work/o" || fail "the customer's own history: $(cat "$work/o")"

# export and import (JSON lines): the same entries, once.
run 0 "$work/o" "$work/e" library export --library-url "$L" -o "$work/export.jsonl"
[ "$(wc -l <"$work/export.jsonl")" = 3 ] || fail "export: $(cat "$work/export.jsonl")"
new_library; L3=$lib
run 0 "$work/o" "$work/e" library import "$work/export.jsonl" --library-url "$L3"
grep -q "3 added, 0 already there" "$work/o" || fail "import: $(cat "$work/o" "$work/e")"
run 0 "$work/o" "$work/e" library import - --library-url "$L3" <"$work/export.jsonl"
grep -q "0 added, 3 already there" "$work/o" || fail "import again: $(cat "$work/o")"
run 0 "$work/o" "$work/e" library export --library-url "$L3"
cmp -s <(cut -d, -f2- "$work/o" | sort) <(cut -d, -f2- "$work/export.jsonl" | sort) ||
  true # ids differ between libraries; compared as entries below
python3 - "$work/o" "$work/export.jsonl" <<'PY' || fail "import changed entries"
import json, sys
a, b = ([json.loads(l) for l in open(f)] for f in sys.argv[1:3])
key = lambda e: e["identity"]
sys.exit(0 if sorted(a, key=key) == sorted(b, key=key) else 1)
PY
printf '{"schema": "other"}\nnot json\n' >"$work/bad.jsonl"
run 2 "$work/o" "$work/e" library import "$work/bad.jsonl" --library-url "$L3"
grep -q "bad.jsonl:1: not a library entry" "$work/e" && grep -q "bad.jsonl:2:" "$work/e" ||
  fail "import of bad lines: $(cat "$work/e")"
run 2 "$work/o" "$work/e" library export --library-url "$L3" -o "${L3}"
[ -n "${GPUTRIAGE_TEST_PG_URL:-}" ] || grep -q "refusing" "$work/e" || fail "export over the library"

# delete
run 0 "$work/o" "$work/e" library delete 1 --library-url "$L3"
run 2 "$work/o" "$work/e" library delete 1 --library-url "$L3"
grep -q "no entry #1" "$work/e" || fail "delete twice: $(cat "$work/e")"

# Two processes adding the same bundles at once into a new library: each bundle once.
new_library; L4=$lib
"$exe" library add --batch "$bundles" --library-url "$L4" --quiet --jobs 1 2>"$work/e1" & a=$!
"$exe" library add --batch "$bundles" --library-url "$L4" --quiet --jobs 1 2>"$work/e2" & b=$!
wait $a || fail "first of two adders: $(cat "$work/e1")"
wait $b || fail "second of two adders: $(cat "$work/e2")"
run 0 "$work/o" "$work/e" library info --library-url "$L4"
grep -q "^3 bundles, " "$work/o" || fail "two adders: $(cat "$work/o")"

# A broken library: said, and the analysis and its report are whole (exit as without it).
check_broken() { # URL WORDS
  run 0 "$work/report.txt" "$work/e" analyze "$bundles/case-1234" --library --with-history \
    --library-url "$1"
  grep -q "$2" "$work/e" || fail "broken library ($2): $(cat "$work/e")"
  grep -q "the analysis is complete" "$work/e" || fail "broken library: $(cat "$work/e")"
  grep -q "Xid" "$work/report.txt" || fail "no report with a broken library"
  run 2 "$work/o" "$work/e" library add "$bundles/case-1234" --library-url "$1"
  grep -q "$2" "$work/e" || fail "library add, broken library ($2): $(cat "$work/e")"
}
new_library; L5=$lib
run 0 "$work/o" "$work/e" library add "$bundles/ticket-0042.log" --library-url "$L5"
sql "$L5" "INSERT INTO schema_migrations VALUES (7, '2031-01-01', '3.0')"
check_broken "$L5" "schema version 7, newer than"
if [ -n "${GPUTRIAGE_TEST_PG_URL:-}" ]; then
  check_broken "${GPUTRIAGE_TEST_PG_URL/\/postgres\?//no_such_db?}" "there is no case library"
  new_library; L6=$lib
  run 0 "$work/o" "$work/e" library add "$bundles/ticket-0042.log" --library-url "$L6"
  sql "$L6" "ALTER TABLE findings DROP COLUMN signature"
  check_broken "$L6" "or it is damaged"
else
  head -c 4096 /dev/urandom >"$work/corrupt.sqlite"
  check_broken "$work/corrupt.sqlite" "or it is damaged"
  mkdir "$work/folder.sqlite"
  check_broken "$work/folder.sqlite" "is a folder"
fi
echo "library CLI: all passed"
