import { execFile } from "node:child_process";
import { chownSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** The newest PostgreSQL server binaries of the Debian packages (/usr/lib/postgresql/<version>/bin), if any. */
export function findPostgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")) && existsSync(path.join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

/** initdb refuses to run as root: as root the cluster is made and run by the `postgres` user. */
function postgresUid(): { uid: number; gid: number } | null {
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("postgres:"));
    if (!line) return null;
    const [, , uid, gid] = line.split(":");
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!findPostgresBin()) return "PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin) are not installed";
  if (process.getuid?.() === 0 && !postgresUid()) return "running as root and there is no `postgres` user to run initdb as";
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type PrivatePostgres = {
  url: string;
  port: number;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: sessions are ended, the server shuts down cleanly. */
  stop(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
};

/**
 * A throwaway PostgreSQL cluster of its own (initdb into a temporary folder, pg_ctl on a free port), so a test may
 * stop and start it without touching the machine's shared server. Trust authentication, 127.0.0.1 only.
 */
export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(privatePostgresUnavailable() ?? "no PostgreSQL binaries");
  const root = await mkdtemp(path.join(os.tmpdir(), "solar-pg-"));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUid() : null;
  if (asRoot && !owner) throw new Error("running as root and there is no postgres user");
  if (owner) chownSync(root, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    return asRoot ? exec("runuser", ["-u", "postgres", "--", file, ...args]) : exec(file, args);
  };
  const dataDir = path.join(root, "data");
  await run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=40`;
  const start = async () => {
    await run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(root, "server.log"), "-w", "-t", "60", "start"]);
  };
  const stop = async () => {
    await run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}
