#!/usr/bin/env bash
# Starts or stops a throw-away PostgreSQL server from the machine's Debian binaries.
#   scripts/pg-temp.sh start DIR PORT   -> prints a postgres:// URL on stdout
#   scripts/pg-temp.sh stop DIR
# PG_TEMP_OPTIONS adds server options (e.g. "-c shared_preload_libraries=pg_stat_statements").
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?directory}; port=${3:-55432}

bindir() {
  local pg_ctl
  pg_ctl=$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$pg_ctl" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 3; }
  dirname "$pg_ctl"
}
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    bin=$(bindir)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/db" -U postgres --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1
    # Throw-away data: durability off makes the suite several times faster.
    as_owner "$bin/pg_ctl" -D "$dir/db" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 ${PG_TEMP_OPTIONS:-}" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    bin=$(bindir)
    as_owner "$bin/pg_ctl" -D "$dir/db" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR [PORT] | stop DIR" >&2; exit 2 ;;
esac
