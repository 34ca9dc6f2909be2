#!/usr/bin/env bash
# gputriage links no GUI library, hands a PDF report to gputriage-gui, and says so when that
# cannot be started (the text formats still work then).
set -euo pipefail
exe=$1 src=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

needed=$(readelf -d "$exe" | grep NEEDED || true)
for lib in libQt6Gui libQt6Widgets libKF6SyntaxHighlighting; do
  ! grep -q "$lib" <<<"$needed" || fail "$exe links $lib"
done

rm -rf "$work" && mkdir -p "$work"
cd "$src"
"$exe" analyze tests/data/seed/seed-article.log --format pdf -o "$work/report.pdf"
[ "$(head -c 5 "$work/report.pdf")" = "%PDF-" ] || fail "no PDF from the handed-over run"

# A copy of the command line alone, without gputriage-gui beside it.
cp "$exe" "$work/gputriage"
rc=0
"$work/gputriage" analyze tests/data/seed/seed-article.log --format pdf -o "$work/none.pdf" \
  2>"$work/err" || rc=$?
[ "$rc" = 2 ] || fail "exit $rc without gputriage-gui, expected 2"
grep -q "cannot start .*gputriage-gui" "$work/err" || fail "no message naming gputriage-gui: $(cat "$work/err")"
[ ! -e "$work/none.pdf" ] || fail "a PDF file was written without gputriage-gui"
"$work/gputriage" analyze tests/data/seed/seed-article.log --format json >/dev/null \
  || fail "the JSON report failed without gputriage-gui"
echo ok
