#!/usr/bin/env bash
# Installs what the tests need from Debian that a fresh machine may lack: Chromium for the
# browser tests (and openssl, which makes the extension test's self-signed certificate), and PostgreSQL 15 (installed if absent, started if stopped) for the
# PostgreSQL run of the database suites, with Debian's pg_cron preloaded for the proof of the
# scheduled jobs (tests/integration/scheduled-jobs-pg-cron.postgres.test.ts). Needs root (or
# sudo); safe to run again: the cluster is restarted only when its pg_cron settings change.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { as_root apt-get update -qq; apt_updated=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium…"
  apt_install chromium
fi

if ! command -v openssl >/dev/null 2>&1; then
  echo "Installing openssl…"
  apt_install openssl
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "Installing PostgreSQL 15…"
  apt_install postgresql-15
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "Starting PostgreSQL…"
  # The suites are judged on PostgreSQL 15; another version only when 15 is not installed.
  version=15
  [ -d /etc/postgresql/15 ] || version=$(ls /etc/postgresql | sort -V | tail -n 1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# The tests connect as postgres over TCP without a password (trust on loopback, as set up
# on the project's machines); fail early and clearly if that is not so.
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  echo "PostgreSQL is running but 'psql -h 127.0.0.1 -U postgres' is refused: allow trust auth for" >&2
  echo "127.0.0.1 in pg_hba.conf, or set SIDENOTE_TEST_DATABASE_URL to a URL with a password." >&2
  exit 1
fi
# pg_cron (Debian's postgresql-15-cron; pg_net is not packaged) loaded by the 15 cluster, running
# the jobs of its own database, CRON_DATABASE: the suites' databases never hold pg_cron (the
# scheduling migration leaves the jobs to the local stack there) and only the pg_cron suite
# migrates CRON_DATABASE. shared_preload_libraries is read at start only: when it or
# cron.database_name must change, or pg_cron's scheduler has stopped, the cluster restarts once
# (every connection to it drops); otherwise nothing is touched.
CRON_DATABASE=sidenote_cron
pg_setting() { psql -h 127.0.0.1 -U postgres -d postgres -Atc "select setting from pg_settings where name = '$1'"; }
if [ -d /etc/postgresql/15/main ] && [ "$(pg_setting server_version_num | cut -c1-2)" = 15 ]; then
  if ! dpkg -s postgresql-15-cron >/dev/null 2>&1; then
    echo "Installing Debian's postgresql-15-cron…"
    apt_install postgresql-15-cron
  fi
  # pg_cron's scheduler connects to CRON_DATABASE and retries every second while it is missing.
  if [ -z "$(psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_database where datname = '$CRON_DATABASE'")" ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "create database $CRON_DATABASE"
  fi
  preloaded=$(pg_setting shared_preload_libraries | tr -d ' ')
  # pg_cron's scheduler, once stopped (its database dropped under it), comes back only with a restart.
  scheduler_running() {
    for _ in 1 2 3 4 5; do
      [ -n "$(psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_stat_activity where backend_type = 'pg_cron launcher'")" ] && return 0
      sleep 1
    done
    return 1
  }
  if [[ ",$preloaded," != *,pg_cron,* ]] || [ "$(pg_setting cron.database_name)" != "$CRON_DATABASE" ] ||
    ! scheduler_running; then
    libraries=$(printf '%s' "$preloaded" | tr ',' '\n' | { grep -vx -e pg_cron -e '' || true; } | paste -sd, -)
    libraries=${libraries:+$libraries,}pg_cron
    printf '%s\n' "# Written by Sidenote's scripts/install-system-deps.sh: pg_cron for the scheduled jobs' test." \
      "shared_preload_libraries = '$libraries'" "cron.database_name = '$CRON_DATABASE'" |
      as_root tee /etc/postgresql/15/main/conf.d/sidenote-pg-cron.conf >/dev/null
    echo "Restarting PostgreSQL 15 to load pg_cron (shared_preload_libraries = '$libraries')…"
    as_root pg_ctlcluster --skip-systemctl-redirect 15 main restart
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    pg_isready -h 127.0.0.1 -p 5432 || { echo "PostgreSQL did not come back after the restart." >&2; exit 1; }
    [ "$(pg_setting cron.database_name)" = "$CRON_DATABASE" ] || {
      echo "PostgreSQL restarted without pg_cron: see /etc/postgresql/15/main (postgresql.auto.conf wins over conf.d)." >&2
      exit 1
    }
  fi
fi

echo "System dependencies ready: $(/usr/bin/chromium --version 2>/dev/null); $(psql -h 127.0.0.1 -U postgres -Atc 'show server_version'); shared_preload_libraries = '$(psql -h 127.0.0.1 -U postgres -Atc 'show shared_preload_libraries')'"
