#!/usr/bin/env bash
# A PostgreSQL server of the tests' own, from the Debian packages: `start STATE` makes a cluster in
# a fresh temporary directory (initdb), starts it on a Unix socket there (no TCP port to collide
# with), and writes its URL to STATE/url; `stop STATE` stops it and removes the directory.
# ctest runs them as the `postgres` fixture around the tests that need the server. As root,
# PostgreSQL runs as the `postgres` user, since it refuses to run as root.
set -euo pipefail
command=$1
state=$2

case $command in
start)
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "no PostgreSQL server: make deps installs postgresql-15" >&2
    exit 1
  fi
  mkdir -p "$state"
  [ -f "$state/dir" ] && "$0" stop "$state" || true
  dir=$(mktemp -d /tmp/boardroom-pg.XXXXXX)
  as=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as=(runuser -u postgres --)
  fi
  echo "$dir" >"$state/dir"
  "${as[@]}" "$bin/initdb" --pgdata="$dir/data" --username=boardroom --auth=trust \
    --encoding=UTF8 --locale=C --no-sync >"$state/initdb.log"
  "${as[@]}" "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait \
    --options="-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=300" \
    start >"$state/pg_ctl.log"
  echo "postgresql://boardroom@/postgres?host=$dir" >"$state/url"
  ;;
stop)
  [ -f "$state/dir" ] || exit 0
  dir=$(cat "$state/dir")
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  as=()
  [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$bin/pg_ctl" --pgdata="$dir/data" --mode=immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir" "$state/dir" "$state/url"
  ;;
*)
  echo "usage: $0 start|stop STATE_DIR" >&2
  exit 2
  ;;
esac
