import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module (source or bundled) with a package.json. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, "drizzle");
export const buildDir = path.join(projectRoot, "build");
/** Demo media made once by scripts/make-demo-media.ts (the hero film and welcome sound). */
export const demoAssetsDir = path.join(projectRoot, "assets", "demo");
