import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "../support/server-process.ts";
import { expect, test } from "./fixtures.ts";

test("restarting keeps the data in DATA_DIR; deleting DATA_DIR gives a fresh demo site", async ({ request }) => {
  test.setTimeout(540_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "solar-persist-"));
  try {
    let server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).toContain("Demo accounts (printed once, on first start");
    const account = { fullName: "Kuda Persist", username: "kuda", email: "kuda@example.com", password: "Kept-across-Kariba-restarts-77" };
    const signup = await request.post(`${server.url}/api/auth/register`, { data: account });
    expect(signup.status()).toBe(201);
    await server.stop();

    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).not.toContain("Demo accounts");
    const login = await request.post(`${server.url}/api/auth/login`, { data: { user: "kuda", password: account.password } });
    expect(login.status()).toBe(200);
    await server.stop();

    await rm(dataDir, { recursive: true, force: true });
    server = await startServer({ DATA_DIR: dataDir }, 180_000);
    expect(server.output()).toContain("Demo accounts (printed once, on first start");
    const gone = await request.post(`${server.url}/api/auth/login`, { data: { user: "kuda", password: account.password } });
    expect(gone.status()).toBe(401);
    const products = await request.get(`${server.url}/api/products/get-product-by-category/1?page=1&pageSize=12`);
    expect((await products.json()).count).toBeGreaterThan(0);
    await server.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
