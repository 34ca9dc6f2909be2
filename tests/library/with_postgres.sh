#!/usr/bin/env bash
# Runs "$@" with a PostgreSQL server of its own: initdb in a temporary folder, listening on a
# Unix socket there only (no TCP), stopped and removed afterwards. The command finds the server
# in $GPUTRIAGE_TEST_PG_URL (its maintenance database). PostgreSQL refuses to run as root: as
# root the server runs as the `postgres` user (or `nobody`). Exit 77 (skipped) when no server
# can be started here, saying why.
set -uo pipefail

skip() { echo "SKIP: PostgreSQL tests: $*" >&2; exit 77; }

bindir=${GPUTRIAGE_PG_BINDIR:-}
if [ -z "$bindir" ]; then
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/initdb" ] && { bindir=$d; break; }
  done
fi
[ -n "$bindir" ] && [ -x "$bindir/initdb" ] && [ -x "$bindir/pg_ctl" ] ||
  skip "no PostgreSQL server installed (Debian package postgresql)"

dir=$(mktemp -d /tmp/gputriage-pg.XXXXXX) || skip "cannot make a temporary folder"
as=()
if [ "$(id -u)" = 0 ]; then
  user=postgres
  id -u "$user" >/dev/null 2>&1 || user=nobody
  command -v setpriv >/dev/null || skip "running as root without setpriv to become '$user'"
  group=$(id -gn "$user")
  chown "$user:$group" "$dir" || skip "cannot give $dir to $user"
  as=(setpriv --reuid "$user" --regid "$group" --clear-groups env HOME="$dir")
fi
chmod 700 "$dir"

stop() {
  "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$dir"
}
trap stop EXIT

"${as[@]}" "$bindir/initdb" -D "$dir/data" -U gputriage --auth=trust -E UTF8 --no-locale \
  --no-sync >"$dir/initdb.log" 2>&1 || skip "initdb failed: $(tail -3 "$dir/initdb.log")"
# Sockets only, in the temporary folder; no fsync (a test's data need not survive a crash).
"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses= -k $dir -c fsync=off -c max_connections=50" start >/dev/null 2>&1 ||
  skip "the server did not start: $(tail -3 "$dir/server.log" 2>/dev/null)"

export GPUTRIAGE_TEST_PG_BINDIR="$bindir"
export GPUTRIAGE_TEST_PG_URL="postgresql:///postgres?host=$dir&user=gputriage"
"$@"
