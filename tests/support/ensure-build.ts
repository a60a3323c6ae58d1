import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const serverJs = path.join(root, "build/app/server.js");
const webEntry = path.join(root, "build/server/index.js");
/** What the build reads: a change to any of these makes build/ stale. */
const sources = ["src", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "scripts/build-server.mjs"];
const lockDir = path.join(os.tmpdir(), `build-lock-${createHash("sha256").update(root).digest("hex").slice(0, 12)}`);

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(entry: string): number {
  let s: ReturnType<typeof statSync>;
  try {
    s = statSync(entry);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, name)));
  return max;
}

function isFresh(): boolean {
  const built = Math.min(mtime(serverJs), mtime(webEntry));
  if (built === 0) return false;
  return sources.every((s) => newest(path.join(root, s)) <= built);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Built as `npm run build` builds, whatever the test runner set: Vitest's NODE_ENV=test would bundle React's
    // development build, and a browser suite run after it would test that instead of the site.
    const { NODE_ENV: _runner, ...env } = process.env;
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${code}):\n${out}`))));
  });
}

/**
 * Makes sure build/ (the server bundle and the web build) is there and newer than the sources, running
 * `npm run build` when it is not. Test files running in parallel share one build: a lock folder in the temporary directory
 * makes the others wait (a lock older than 10 minutes is taken to be left by a killed run).
 */
export async function ensureBuild(): Promise<void> {
  if (isFresh()) return;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      if (Date.now() - mtime(lockDir) > 10 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (!isFresh()) await run("npm", ["run", "build"]);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
