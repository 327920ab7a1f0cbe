#!/usr/bin/env bash
# Installs what the tests need from Debian that a fresh machine may lack: Chromium for the
# browser tests (and openssl, which makes the extension test's self-signed certificate), and PostgreSQL 15 (installed if absent, started if stopped) for the
# PostgreSQL run of the database suites. Needs root (or sudo); safe to run again.
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
echo "System dependencies ready: $(/usr/bin/chromium --version 2>/dev/null); $(psql -h 127.0.0.1 -U postgres -Atc 'show server_version')"
