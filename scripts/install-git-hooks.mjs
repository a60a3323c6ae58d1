// `npm install` / `npm ci` (the `prepare` script): points git at the project's hooks (.githooks/pre-commit runs Biome
// on the staged files). Does nothing, and never fails the install, where there is no git or no repository (a CI
// checkout without .git, an unpacked tarball) or when the project is not the repository's top level.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
try {
  const top = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  if (path.resolve(top.trim()) === root) {
    execFileSync("git", ["config", "core.hooksPath", ".githooks"], { cwd: root, stdio: "ignore" });
  }
} catch {
  // No git, or not a repository: nothing to install.
}
