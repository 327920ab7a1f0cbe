#!/usr/bin/env bash
# `npm test`: static checks and every suite. The database suites (the product's `integration`
# and the emulator's `local-integration`) run twice: on PGlite and on PostgreSQL
# (SIDENOTE_TEST_DATABASE_URL, default the machine's server on 127.0.0.1:5432).
#
# Four lanes run side by side: the browser tests, and at a lower CPU priority (nice) the checks
# and unit tests · the product's PGlite run · the PostgreSQL run, then the emulator's PGlite run.
# The browser tests wait on timers, pages and the network more than they compute (about 0.7 of a
# core): the other lanes fill the rest of the machine and yield to them, so the browser tests'
# timings are not those of a starved machine. Each step's output goes to a file and is printed
# whole, in the order below, once the step has ended. A suite that cannot run (no PostgreSQL, no
# Chromium) is a failure, never a pass; the exit code is 1 if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="--experimental-websocket ${NODE_OPTIONS:-}"
postgres_url="${SIDENOTE_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# Every run but the PostgreSQL one is on PGlite.
unset SIDENOTE_TEST_DATABASE_URL
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/reports" "$work/steps"
order=()

# step NAME COMMAND…: runs the command with its output in the step's file, then records its exit code.
step() {
  local name=$1 started=$SECONDS; shift
  "$@" >"$work/steps/$name.log" 2>&1
  local rc=$?
  echo "$((SECONDS - started)) s" >"$work/steps/$name.time"
  echo $rc >"$work/steps/$name.rc"
}
vitest_step() {
  local name=$1; shift
  step "$name" npx vitest run --reporter=default --reporter=json --outputFile.json="$work/reports/$name.json" "$@"
}
# not_run NAME WHY…: a suite that could not run, recorded as a failed step with the reason.
not_run() {
  local name=$1; shift
  printf '!! %s\n' "$@" >"$work/steps/$name.log"
  echo 1 >"$work/steps/$name.rc"
}
# lane NAME…: the steps a background lane will record, in the order they are printed.
lane() { order+=("$@"); }

# The browser tests' lane starts first, at the normal priority (printed last: `lane e2e` below).
{
  if [ -x /usr/bin/chromium ]; then
    SIDENOTE_E2E_TIMINGS="$work/e2e-timings.jsonl" vitest_step e2e --project e2e
  else
    not_run e2e "Chromium is missing (/usr/bin/chromium): the browser tests did NOT run." \
      "Install it with: bash scripts/install-system-deps.sh"
  fi
} &

# The other lanes run at a lower priority than the browser tests.
renice -n 10 $$ >/dev/null

lane typecheck lint "generated types" "functions typecheck (deno)" "functions tests (deno)" unit local-unit
{
  step typecheck npm run --silent typecheck
  step lint npm run --silent lint
  step "generated types" npx tsx supabase/local/typegen/gen-types.ts --check
  step "functions typecheck (deno)" npm run --silent check:functions
  step "functions tests (deno)" npm run --silent test:functions
  vitest_step unit --project unit
  vitest_step local-unit --project local-unit
} &

# The emulator's PGlite suite runs after the PostgreSQL ones: the product's PGlite suite alone
# is as long as both PostgreSQL suites, so the lanes end closer together.
lane integration-pglite
{
  vitest_step integration-pglite --project integration
} &

lane integration-postgres local-integration-postgres local-integration-pglite
{
  if node -e "new (require('pg').Client)(process.argv[1]).connect().then(c=>c.end(),()=>process.exit(1))" "$postgres_url" 2>/dev/null; then
    (
      export SIDENOTE_TEST_DATABASE_URL="$postgres_url"
      vitest_step integration-postgres --project integration
      vitest_step local-integration-postgres --project local-integration
    )
  else
    for name in integration-postgres local-integration-postgres; do
      not_run "$name" "PostgreSQL is not reachable at $postgres_url: the PostgreSQL run of the" \
        "database suites did NOT run. Start it (bash scripts/install-system-deps.sh)."
    done
  fi
  vitest_step local-integration-pglite --project local-integration
} &

lane e2e

failed_steps=()
# Prints each step of `order` once it has ended (waiting for it if need be), from index $1 on.
print_steps() {
  local name
  for name in "${order[@]:$1}"; do
    while [ ! -f "$work/steps/$name.rc" ]; do
      # Its lane ended without recording it (killed): a failure, never a wait forever.
      if [ -z "$(jobs -rp)" ] && [ ! -f "$work/steps/$name.rc" ]; then
        not_run "$name" "The step never ended: its lane stopped before it."
      fi
      sleep 1
    done
    echo; echo "━━ $name ($(cat "$work/steps/$name.time" 2>/dev/null || echo 'not run'))"
    cat "$work/steps/$name.log"
    [ "$(cat "$work/steps/$name.rc")" = 0 ] || failed_steps+=("$name")
  done
}
print_steps 0
wait
node scripts/e2e-timings.mjs "$work/reports/e2e.json" "$work/e2e-timings.jsonl"

node scripts/test-summary.mjs "$work"/reports/*.json
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed: ${failed_steps[*]}"
  exit 1
fi
