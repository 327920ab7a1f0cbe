#!/usr/bin/env bash
# `npm test`: static checks, then every suite. The database suites run twice: on PGlite and on
# PostgreSQL (SIDENOTE_TEST_DATABASE_URL, default the machine's server on 127.0.0.1:5432).
# A suite that cannot run (no PostgreSQL, no Chromium) is a failure, never a pass.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="--experimental-websocket ${NODE_OPTIONS:-}"
postgres_url="${SIDENOTE_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# Every run but the PostgreSQL one is on PGlite.
unset SIDENOTE_TEST_DATABASE_URL
reports=$(mktemp -d)
failed_steps=()

step() {
  local name=$1; shift
  echo; echo "━━ $name"
  "$@" || failed_steps+=("$name")
}

vitest_run() {
  local name=$1; shift
  step "$name" npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/$name.json" "$@"
}

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step "generated types" npx tsx supabase/local/typegen/gen-types.ts --check
step "functions typecheck (deno)" npm run --silent check:functions
vitest_run unit --project unit
vitest_run integration-pglite --project integration

if node -e "new (require('pg').Client)(process.argv[1]).connect().then(c=>c.end(),()=>process.exit(1))" "$postgres_url" 2>/dev/null; then
  SIDENOTE_TEST_DATABASE_URL="$postgres_url" vitest_run integration-postgres --project integration
else
  echo; echo "!! PostgreSQL is not reachable at $postgres_url: the PostgreSQL run of the"
  echo "!! database suites did NOT run. Start it (bash scripts/install-system-deps.sh)."
  failed_steps+=("integration-postgres (not run)")
fi

if [ -x /usr/bin/chromium ]; then
  vitest_run e2e --project e2e
else
  echo; echo "!! Chromium is missing (/usr/bin/chromium): the browser tests did NOT run."
  echo "!! Install it with: bash scripts/install-system-deps.sh"
  failed_steps+=("e2e (not run: no Chromium)")
fi

node scripts/test-summary.mjs "$reports"/*.json
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed: ${failed_steps[*]}"
  exit 1
fi
