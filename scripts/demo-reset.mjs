// `npm run demo:reset [-- --yes]`: empties DATA_DIR (the embedded database, uploaded files, the e-mail outbox) so that
// the next start makes a fresh demo and prints the demo accounts again. Backups (DATA_DIR/backups) are kept.
// Refused in production and on PostgreSQL (DATABASE_URL): there the data is not the demo's to throw away.
import { existsSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline/promises";

const KEPT = new Set(["backups"]);

/** Why the reset must not run with this environment, or undefined. */
function refusal(env) {
  const mode = env.APP_ENV?.trim() || env.NODE_ENV?.trim();
  if (mode === "production") {
    return "Not resetting: NODE_ENV (or APP_ENV) is production. demo:reset deletes the data directory, which in production holds real orders and accounts.";
  }
  if (env.DATABASE_URL?.trim()) {
    return "Not resetting: DATABASE_URL is set, so the database is PostgreSQL, not the demo's embedded one in DATA_DIR. Drop and create that database yourself if you mean to (the next start seeds an empty one).";
  }
  const dir = path.resolve(env.DATA_DIR?.trim() || "./data");
  const project = path.resolve(import.meta.dirname, "..");
  if (dir === path.parse(dir).root || dir === os.homedir() || dir === project || project.startsWith(`${dir}${path.sep}`)) {
    return `Not resetting: DATA_DIR is ${dir}, which holds more than the site's data.`;
  }
  return undefined;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.some((a) => a !== "--yes" && a !== "-y")) {
    console.error("Usage: npm run demo:reset [-- --yes]");
    process.exit(2);
  }
  const refused = refusal(process.env);
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  const dir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
  const entries = existsSync(dir) ? readdirSync(dir).filter((name) => !KEPT.has(name)) : [];
  if (entries.length === 0) {
    console.log(`Nothing to reset: ${dir} holds no demo data. The next start creates it.`);
    return;
  }
  if (!args.length) {
    const question = `Delete ${entries.join(", ")} in ${dir} (database, uploaded files, e-mail outbox; backups/ is kept)? Stop the server first. [y/N] `;
    if (!process.stdin.isTTY) {
      console.error(`Not resetting without a confirmation: run "npm run demo:reset -- --yes" to delete ${entries.join(", ")} in ${dir}.`);
      process.exit(1);
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(question);
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log("Nothing deleted.");
      return;
    }
  }
  for (const name of entries) rmSync(path.join(dir, name), { recursive: true, force: true });
  console.log(
    `Demo reset: ${dir} emptied${existsSync(path.join(dir, "backups")) ? " (backups/ kept)" : ""}. "npm start" makes a fresh demo and prints the demo accounts.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
