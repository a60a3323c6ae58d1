import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { ensureBuild } from "../support/ensure-build.ts";
import { startServer } from "../support/server-process.ts";

// A built server started three times on one DATA_DIR: what it keeps, and a fresh demo once the folder is gone.
it("restarting keeps the data in DATA_DIR; deleting DATA_DIR gives a fresh demo site", { timeout: 300_000 }, async () => {
  await ensureBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "solar-persist-"));
  const post = (url: string, body: unknown) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  try {
    let server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).toContain("Demo accounts (printed once, on first start");
    // One back-office account per role (decision 035), printed with its role.
    for (const role of ["Sales", "Warehouse", "Accounts", "Content"]) expect(server.output()).toContain(`(back office: ${role})`);
    const account = { fullName: "Kuda Persist", username: "kuda", email: "kuda@example.com", password: "Kept-across-Kariba-restarts-77" };
    expect((await post(`${server.url}/api/auth/register`, account)).status).toBe(201);
    await server.stop();

    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).not.toContain("Demo accounts");
    expect((await post(`${server.url}/api/auth/login`, { user: "kuda", password: account.password })).status).toBe(200);
    await server.stop();

    await rm(dataDir, { recursive: true, force: true });
    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).toContain("Demo accounts (printed once, on first start");
    expect((await post(`${server.url}/api/auth/login`, { user: "kuda", password: account.password })).status).toBe(401);
    const products = await fetch(`${server.url}/api/products/get-product-by-category/1?page=1&pageSize=12`);
    expect(((await products.json()) as { count: number }).count).toBeGreaterThan(0);
    await server.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
