import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-flags.mjs";
import { TEST_MEDIA_CACHE } from "./media-cache.ts";

export type ServerProcess = { url: string; output: () => string; stop(): Promise<void>; child: ChildProcess };

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the built server (build/app/server.js) on a free port and resolves once it prints its address. */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "build/app/server.js")], {
    cwd: root,
    // Run as npm start runs it.
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_MEDIA_CACHE: TEST_MEDIA_CACHE,
      ...SERVER_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Site ready at (http:\/\/localhost:\d+)\//);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1].replace("localhost", "127.0.0.1"), output: () => out, stop, child });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** `/readyz`'s count of the demo's pictures a first start still has to draw (decision 027); 0 once all are drawn. */
export async function picturesToDraw(url: string): Promise<number> {
  const ready = (await (await fetch(`${url}/readyz`)).json()) as { pictures_to_draw?: number };
  return ready.pictures_to_draw ?? 0;
}

/** Waits until the server has drawn the demo's pictures: what measures or looks at pages (the bench) needs them all. */
export async function picturesDrawn(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await picturesToDraw(url)) > 0) {
    if (Date.now() > deadline) throw new Error(`the demo's pictures were not drawn within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
