// Adds lock entries for the other platforms' optional binary packages (esbuild, rollup, Biome, Tailwind's oxide …).
// The npm registry mirror reachable here serves only this platform's builds, so `npm install` leaves the others out
// of package-lock.json, and `npm ci` then refuses the lock as out of sync. The entries written here carry os/cpu/libc
// so npm skips them on every machine they do not fit; nothing is fetched for them.
// Run after `npm install` changes the lock: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** os, cpu and libc read from a platform package's name (e.g. rollup-linux-x64-musl, oxide-win32-arm64-msvc). */
function platformOf(name) {
  const tail = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32", "sunos", "netbsd", "aix", "wasm32"].find(
    (o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`),
  );
  if (!os) return null;
  const after = tail.slice(tail.indexOf(`-${os}`) + os.length + 2).split("-");
  const cpuMap = {
    x64: "x64",
    arm64: "arm64",
    arm: "arm",
    ia32: "ia32",
    loong64: "loong64",
    ppc64: "ppc64",
    riscv64: "riscv64",
    s390x: "s390x",
    wasi: "wasm32",
  };
  const cpu = os === "wasm32" ? "wasm32" : cpuMap[after[0]];
  if (!cpu) return null;
  const entry = { os: [os === "wasm32" ? "!win32" : os], cpu: [cpu] };
  if (os === "wasm32") delete entry.os;
  if (after.includes("musl") || after.includes("musleabihf")) entry.libc = ["musl"];
  else if (os === "linux" && (after.includes("gnu") || after.includes("gnueabihf"))) entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const candidates = [`${path ? `${path}/` : ""}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    packages[candidates[1]] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
