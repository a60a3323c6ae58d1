// Decision 035: the back office's roles, made and given by the owner, each change after a fresh code and audited.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { STEP_UP_REQUIRED } from "#server/platform/auth/actor.ts";
import { BUILT_IN_ROLE_FIXED, LAST_OWNER, OWN_ROLE_FIXED } from "#shared/schemas/staff.ts";
import { BUILT_IN_ROLE_IDS, BUILT_IN_ROLE_SETS, PERMISSIONS } from "#shared/staff.ts";
import { buildStaff, type Staff, signInStaff, stepUpStaff } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let owner: Staff;
let sales: Staff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildStaff(t, "roles-owner", "owner");
  sales = await buildStaff(t, "roles-sales", "sales");
});
afterAll(() => t.close());

describe("the roles", () => {
  it("lists the six built-in roles with the code's permissions; Owner is everything, Manager all but staff and rates", async () => {
    const res = await t.inject({ method: "GET", url: "/api/staff/roles", headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const roles = res.json() as { key: string; name: string; builtIn: boolean; permissions: string[]; members: number }[];
    expect(roles.slice(0, 6).map((r) => r.key)).toEqual(["owner", "manager", "sales", "warehouse", "accounts", "content"]);
    expect(roles[0]?.permissions).toEqual([...PERMISSIONS]);
    expect(roles[1]?.permissions).not.toContain("staff.manage");
    expect(roles[1]?.permissions).not.toContain("rates.edit");
    expect(roles.find((r) => r.key === "sales")?.permissions).toEqual([...BUILT_IN_ROLE_SETS.sales.permissions]);
    // The demo's back office holds them: super an Owner, admin a Manager, one account per other role, and this test's.
    expect(roles.find((r) => r.key === "sales")?.members).toBeGreaterThanOrEqual(2);
  });

  it("only staff.manage reads them: a sales desk gets 403 naming what is missing", async () => {
    const res = await t.inject({ method: "GET", url: "/api/staff/roles", headers: sales.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Your role (Sales) does not allow this: invite staff and manage roles.");
  });

  it("a custom role needs a fresh code; made, it works: a quotations-only clerk reads quotations and nothing else", async () => {
    const payload = { name: "Quotations clerk", description: "Prices quotations.", permissions: ["quotations.decide"] };
    const refused = await t.inject({ method: "POST", url: "/api/staff/roles", headers: owner.headers, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STEP_UP_REQUIRED);

    await stepUpStaff(t, owner);
    const made = await t.inject({ method: "POST", url: "/api/staff/roles", headers: owner.headers, payload });
    expect(made.statusCode).toBe(201);
    const role = made.json();
    expect(role).toMatchObject({ name: "Quotations clerk", builtIn: false, permissions: ["quotations.decide"], members: 0 });
    expect(role.key).toBe(`custom-${role.id}`);

    const clerk = await buildStaff(t, "roles-clerk", role.id);
    expect((await t.inject({ method: "GET", url: "/api/quotations", headers: clerk.headers })).statusCode).toBe(200);
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: clerk.headers })).json();
    expect(me).toMatchObject({
      role: "admin",
      role_id: 3,
      staffRole: { id: role.id, name: "Quotations clerk" },
      permissions: ["quotations.decide"],
    });
    for (const url of ["/api/dealer", "/api/audit", "/api/staff/roles"]) {
      expect((await t.inject({ method: "GET", url, headers: clerk.headers })).statusCode, url).toBe(403);
    }

    // Changed, it holds at once for every session of its people: the role is read with the session.
    const changed = await t.inject({
      method: "PUT",
      url: `/api/staff/roles/${role.id}`,
      headers: owner.headers,
      payload: { ...payload, permissions: ["quotations.decide", "audit.read"] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().members).toBe(1);
    expect((await t.inject({ method: "GET", url: "/api/audit", headers: clerk.headers })).statusCode).toBe(200);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "staff-role"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "update", actorId: owner.id, actorStaffRole: "Owner" });
  });

  it("refuses a role with no permission, an unknown permission, a taken name, and a change of a built-in role", async () => {
    await stepUpStaff(t, owner);
    const post = (payload: Record<string, unknown>) =>
      t.inject({ method: "POST", url: "/api/staff/roles", headers: owner.headers, payload });
    expect((await post({ name: "Nothing", permissions: [] })).statusCode).toBe(400);
    expect((await post({ name: "Made up", permissions: ["orders.everything"] })).statusCode).toBe(400);
    expect((await post({ name: "sales", permissions: ["orders.read"] })).statusCode).toBe(409);
    const builtIn = await t.inject({
      method: "PUT",
      url: `/api/staff/roles/${BUILT_IN_ROLE_IDS.sales}`,
      headers: owner.headers,
      payload: { name: "Sales", permissions: ["staff.manage"] },
    });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().message).toBe(BUILT_IN_ROLE_FIXED);
  });
});

describe("who works under which role", () => {
  it("an invitation names the role; the spec's role alone still works (admin → Manager, super → Owner)", async () => {
    await stepUpStaff(t, owner);
    const invite = (payload: Record<string, unknown>) =>
      t.inject({ method: "POST", url: "/api/auth/admin", headers: owner.headers, payload });
    const warehouse = await invite({
      fullName: "Invited Warehouse",
      username: "invited-warehouse",
      email: "invited-warehouse@example.com",
      staffRoleId: BUILT_IN_ROLE_IDS.warehouse,
    });
    expect(warehouse.statusCode).toBe(201);
    expect(warehouse.json()).toMatchObject({ role: "admin", role_id: 3, staffRole: { key: "warehouse", name: "Warehouse" } });
    const spec = await invite({ fullName: "Invited Owner", username: "invited-owner", email: "invited-owner@example.com", role: "super" });
    expect(spec.statusCode).toBe(201);
    expect(spec.json()).toMatchObject({ role: "super", role_id: 4, staffRole: { key: "owner" } });

    const list = (await t.inject({ method: "GET", url: "/api/auth/admins", headers: sales.headers })).json() as {
      username: string;
      staffRole?: { name: string };
    }[];
    expect(list.find((u) => u.username === "invited-warehouse")?.staffRole?.name).toBe("Warehouse");
    expect(list.find((u) => u.username === "admin")?.staffRole?.name).toBe("Manager");
  });

  it("the owner gives another role (Owner makes a super); not one's own; never away from the last owner", async () => {
    const someone = await buildStaff(t, "roles-someone", "content");
    const setRole = (who: Staff, id: number, staffRoleId: number) =>
      t.inject({ method: "PUT", url: `/api/staff/users/${id}/role`, headers: who.headers, payload: { staffRoleId } });

    // A session of its own that has not stepped up: the change is refused until it does.
    const fresh = await signInStaff(t, owner);
    expect((await setRole(fresh, someone.id, BUILT_IN_ROLE_IDS.accounts)).json().message).toBe(STEP_UP_REQUIRED);
    await stepUpStaff(t, owner);
    const given = await setRole(owner, someone.id, BUILT_IN_ROLE_IDS.accounts);
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toBe("Test roles-someone now works as Accounts.");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: someone.headers })).json();
    expect(me.staffRole.name).toBe("Accounts");
    expect(me.permissions).toContain("money.documents");

    expect((await setRole(owner, owner.id, BUILT_IN_ROLE_IDS.sales)).json().message).toBe(OWN_ROLE_FIXED);

    // Made an owner, the account is a super as the spec's clients read it.
    expect((await setRole(owner, someone.id, BUILT_IN_ROLE_IDS.owner)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, someone.id));
    expect(row?.roleId).toBe(4);
  });

  it("the last owner keeps the role, whoever holds staff.manage", async () => {
    // A custom role with staff.manage is an admin (role_id 3), so it can face the last owner (a super).
    await stepUpStaff(t, owner);
    const made = await t.inject({
      method: "POST",
      url: "/api/staff/roles",
      headers: owner.headers,
      payload: { name: "Staff officer", permissions: ["staff.manage"] },
    });
    const officer = await buildStaff(t, "roles-officer", made.json().id);
    // This file's database keeps one owner: every other super becomes a manager, by the table (the rule is what is tested).
    await t.database.db.update(users).set({ roleId: 3, staffRoleId: BUILT_IN_ROLE_IDS.manager }).where(eq(users.roleId, 4));
    await t.database.db.update(users).set({ roleId: 4, staffRoleId: BUILT_IN_ROLE_IDS.owner }).where(eq(users.id, owner.id));
    await stepUpStaff(t, officer);
    const refused = await t.inject({
      method: "PUT",
      url: `/api/staff/users/${owner.id}/role`,
      headers: officer.headers,
      payload: { staffRoleId: BUILT_IN_ROLE_IDS.manager },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_OWNER);
    // With a second owner, the first may become a manager.
    const second = await buildStaff(t, "roles-second-owner", "owner");
    expect(second.id).toBeGreaterThan(0);
    const allowed = await t.inject({
      method: "PUT",
      url: `/api/staff/users/${owner.id}/role`,
      headers: officer.headers,
      payload: { staffRoleId: BUILT_IN_ROLE_IDS.manager },
    });
    expect(allowed.statusCode).toBe(200);
  });
});
