#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A private PostgreSQL for the tests, as a ctest fixture (tests/CMakeLists.txt): `start STATE`
# makes a cluster in a new temporary folder, starts it on a Unix socket there (no TCP port, so
# nothing on the machine can clash with it) and writes where it is to STATE/postgres.env;
# `stop STATE` stops it and removes the folder. ctest runs the stop even when tests failed.
# `restart STATE` restarts it as an administrator would (fast: sessions are ended), for the
# tests of a database that goes away under load.
# As root (CI), the server runs as the `postgres` user Debian's package creates: PostgreSQL
# refuses to run as root. Durability is off (fsync) unless LCB_POSTGRES_DURABLE=1: the tests
# are about correctness under concurrency, not power loss; the benchmarks want it on.
set -euo pipefail
action="${1:?usage: private-postgres.sh start|stop|restart STATE_DIR}"
state="${2:?usage: private-postgres.sh start|stop|restart STATE_DIR}"
env_file="$state/postgres.env"

bin="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "private-postgres: no PostgreSQL server found under /usr/lib/postgresql (install" \
         "postgresql-15: scripts/install-deps.sh)" >&2
    exit 1
fi
as_server=()
if [ "$(id -u)" -eq 0 ]; then
    as_server=(runuser -u postgres --)
fi

stop() {
    [ -f "$env_file" ] || return 0
    local run
    run="$(sed -n "s/^LCB_POSTGRES_RUN='\(.*\)'$/\1/p" "$env_file")"
    if [ -n "$run" ] && [ -d "$run/data" ]; then
        "${as_server[@]}" "$bin/pg_ctl" -D "$run/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    case "$run" in /tmp/lcb-pg.*) rm -rf "$run" ;; esac
    rm -f "$env_file"
}

case "$action" in
start)
    stop # what an earlier run left behind
    mkdir -p "$state"
    # Short: a socket path has at most 107 bytes.
    run="$(mktemp -d /tmp/lcb-pg.XXXXXX)"
    chmod 755 "$run"
    if [ ${#as_server[@]} -gt 0 ]; then
        chown postgres "$run"
    fi
    "${as_server[@]}" "$bin/initdb" -D "$run/data" -A trust -U postgres -E UTF8 --locale=C \
        --no-sync >"$run/initdb.log" 2>&1 || { cat "$run/initdb.log" >&2; exit 1; }
    # LCB_POSTGRES_DURABLE=1 (the benchmarks): synced commits, as the SQLite catalog's are.
    fsync="-c fsync=off"
    if [ "${LCB_POSTGRES_DURABLE:-0}" = 1 ]; then
        fsync=""
    fi
    "${as_server[@]}" "$bin/pg_ctl" -D "$run/data" -l "$run/server.log" -w -t 60 \
        -o "-k $run -c listen_addresses='' -p 5432 $fsync -c max_connections=200" \
        start >/dev/null || { cat "$run/server.log" >&2; exit 1; }
    # Quoted, so that a shell may source it too; the tests read the quotes away.
    printf "LCB_POSTGRES_RUN='%s'\nLCB_POSTGRES_URL='postgresql:///postgres?host=%s&port=5432&user=postgres'\n" \
        "$run" "$run" >"$env_file"
    echo "private-postgres: running in $run"
    ;;
stop)
    stop
    ;;
restart)
    run="$(sed -n "s/^LCB_POSTGRES_RUN='\(.*\)'$/\1/p" "$env_file")"
    "${as_server[@]}" "$bin/pg_ctl" -D "$run/data" -m fast -w -t 60 restart >/dev/null \
        || { cat "$run/server.log" >&2; exit 1; }
    ;;
*)
    echo "usage: private-postgres.sh start|stop|restart STATE_DIR" >&2
    exit 2
    ;;
esac
