// The registry these machines use answers 404 for platform packages of other systems (darwin,
// win32, ...), so `npm install` leaves them out of package-lock.json, and `npm ci` then refuses
// the lock as "Missing: ... from lock file". This records each missing optional dependency with
// its version and `optional: true`: npm ci then skips it on platforms it does not fit (or
// tolerates its failed fetch, as for any optional dependency). Run after changing dependencies:
//   npm install && node scripts/lockfile-add-foreign-optionals.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** Where Node would find `name` from `parentPath`: the nearest node_modules up the tree. */
function resolves(parentPath, name) {
  let base = parentPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf("/node_modules/");
    base = index === -1 ? "" : base.slice(0, index);
  }
}

const PLATFORM = /-(darwin|win32|linux|android|freebsd|openbsd|netbsd|sunos|aix|wasm32|openharmony)-?/;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name) || !PLATFORM.test(name)) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const target = `node_modules/${name}`;
    const at = packages[target] ? `${path}/${target}` : target;
    packages[at] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} optional platform packages the registry does not serve here`);
