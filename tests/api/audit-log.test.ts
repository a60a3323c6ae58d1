import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFrom } from "#server/platform/auth/actor.ts";
import { type AuditEntryView, auditActorLabel } from "#shared/schemas/audit.ts";
import { buildAccount } from "../support/builders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The audit log names who acted by account id and role beside the display name, which every account chooses itself.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/audit", () => {
  it("gives each entry's account id and role beside the name, so a dealer calling itself an admin's name is told apart", async () => {
    const admin = await t.loginAs("admin");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: admin })).json();
    // A dealer who chose the admin's own display name.
    const dealer = await buildAccount(t.database.db, { role: "dealer", username: "audit-lookalike", fullName: me.fullName });
    const row = { id: dealer.id, roleId: 2, emailVerifiedAt: new Date() };
    await t.app.services.audit.record(t.database.db, actorFrom(row, "test"), {
      entity: "audit-test",
      entityId: 1,
      action: "create",
      summary: "A change by the look-alike",
    });
    await t.app.services.audit.record(t.database.db, actorFrom({ id: me.id, roleId: 3, emailVerifiedAt: new Date() }, "test"), {
      entity: "audit-test",
      entityId: 2,
      action: "create",
      summary: "A change by the admin",
    });
    const list = await t.inject({ method: "GET", url: "/api/audit?entity=audit-test", headers: admin });
    expect(list.statusCode).toBe(200);
    const rows = list.json().rows as AuditEntryView[];
    expect(rows.map((r) => [r.summary, r.actorName, r.actorRole, r.actorId])).toEqual([
      ["A change by the admin", me.fullName, "admin", me.id],
      ["A change by the look-alike", me.fullName, "dealer", dealer.id],
    ]);
    // A back-office entry names the role it was made under (decision 035): the demo admin is a Manager.
    expect(rows.map(auditActorLabel)).toEqual([
      `${me.fullName} (Manager, account #${me.id})`,
      `${me.fullName} (dealer, account #${dealer.id})`,
    ]);

    const csv = await t.inject({ method: "GET", url: "/api/audit/export.csv?entity=audit-test", headers: admin });
    expect(csv.statusCode).toBe(200);
    const [head, ...lines] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(head).toContain("Who,Account id,Role");
    expect(lines.some((l) => l.includes(`,${dealer.id},dealer,`))).toBe(true);
  });
});
