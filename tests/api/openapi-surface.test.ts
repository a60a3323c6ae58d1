import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The API's public surface ("the OpenAPI document lists the same paths, methods and statuses as before"):
 * every path, method and documented status of the OpenAPI document, compared with `openapi-surface.json`, taken
 * before the back office's mechanisms were rewritten. A change of the surface is a change of the contract: update the
 * file on purpose (`UPDATE_OPENAPI_SURFACE=1`) and say why in the commit.
 */
const SNAPSHOT = path.join(import.meta.dirname, "__snapshots__", "openapi-surface.json");

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

function surfaceOf(doc: Doc): string[] {
  const lines: string[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const statuses = Object.keys(op.responses ?? {}).sort();
      lines.push(`${method.toUpperCase()} ${route} ${statuses.join(",")}`);
    }
  }
  return lines.sort();
}

describe("the OpenAPI document's surface", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it("lists the same paths, methods and statuses as the snapshot", async () => {
    const doc = (await t.inject({ method: "GET", url: "/api/docs/json" })).json() as Doc;
    const surface = surfaceOf(doc);
    if (process.env.UPDATE_OPENAPI_SURFACE) await writeFile(SNAPSHOT, `${JSON.stringify(surface, null, 2)}\n`);
    const expected = JSON.parse(await readFile(SNAPSHOT, "utf8")) as string[];
    expect(surface).toEqual(expected);
    expect(surface.length).toBeGreaterThan(100);
  });
});
