// `npm start`: builds the site when the build is missing or older than the sources, then runs it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Node.js 22 LTS is the version the project supports and CI tests (package.json's engines); another one still runs,
// with a line saying so and how to take Node 22 from the npm registry.
const major = process.versions.node.split(".")[0];
if (major !== "22")
  console.log(
    `Node.js ${process.versions.node} here: the supported version is 22 LTS (\`. scripts/use-node22.sh\` takes it from the npm registry).`,
  );
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
  const building = Date.now();
  console.log("Building the site (first start or changed sources)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${Math.round((Date.now() - building) / 1000)} s. Starting…`);
}
// The server runs as a child so that glibc and V8 get their memory settings before it starts (server-flags.mjs).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
  cwd: root,
  stdio: "inherit",
  env: { ...SERVER_ENV, ...process.env },
});
// Ctrl+C reaches the server directly (same process group); a SIGTERM sent to this process is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => server.kill("SIGTERM"));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
