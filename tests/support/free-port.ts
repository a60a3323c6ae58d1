import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 now (for an app that must listen on a known port, as SITE_URL names it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
