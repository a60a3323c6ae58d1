// `npm start`: builds the site when the build is missing or older than the sources, then runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const entry = path.join(root, "build", "app", "server.js");
const inputs = ["src", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

const sourcesTime = Math.max(
  ...inputs
    .map((p) => path.join(root, p))
    .filter(existsSync)
    .map(newestMtime),
);
if (!existsSync(entry) || statSync(entry).mtimeMs < sourcesTime) {
  console.log("Building the site (first start or changed sources)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(entry);
