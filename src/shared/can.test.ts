import { describe, expect, it } from "vitest";
import { can, type Person } from "./can.ts";

// Company 7's people, an account of no company, the back office and a visitor: every permission asked of each.
const owner: Person = { role: "dealer", teamRole: "owner", companyUserId: 7 };
const buyer: Person = { role: "dealer", teamRole: "buyer", companyUserId: 7 };
const technician: Person = { role: "technician", teamRole: "technician", companyUserId: 7 };
const suspendedOwner: Person = { role: "user", teamRole: "owner", companyUserId: 7, hold: "suspended" };
const expiredBuyer: Person = { role: "dealer", teamRole: "buyer", companyUserId: 7, hold: "documents-expired" };
const member: Person = { role: "user", teamRole: null, companyUserId: 9 };
const admin: Person = { role: "admin", teamRole: null, companyUserId: 3 };
const visitor: Person = null;

describe("the permission vocabulary", () => {
  it("shows today's dealer prices to dealers and the back office in good standing only", () => {
    expect([owner, buyer, admin].map(can.seePrices)).toEqual([true, true, true]);
    expect([technician, suspendedOwner, expiredBuyer, member, visitor].map(can.seePrices)).toEqual([false, false, false, false, false]);
    // The page's user carries the hold as companyHold.
    expect(can.seePrices({ role: "dealer", companyHold: "documents-expired" })).toBe(false);
  });

  it("lets a company's owner and buyers read its past amounts, a technician never, the back office always", () => {
    expect(can.readPastAmounts(owner, 7)).toBe(true);
    expect(can.readPastAmounts(expiredBuyer, 7)).toBe(true);
    expect(can.readPastAmounts(buyer, 8)).toBe(false);
    expect(can.readPastAmounts(technician, 7)).toBe(false);
    expect(can.readPastAmounts({ ...technician, companyUserId: 12 } as Person, 12)).toBe(false);
    expect(can.readPastAmounts(member, 9)).toBe(true);
    expect(can.readPastAmounts(admin, 7)).toBe(true);
    expect(can.readPastAmounts(visitor, 7)).toBe(false);
    expect(can.readPastAmounts(owner, null)).toBe(false);
  });

  it("lets owners and buyers order, and only the owner manage the team", () => {
    expect([owner, buyer, technician, suspendedOwner, member, admin, visitor].map(can.placeOrders)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([owner, buyer, technician, suspendedOwner, member, visitor].map(can.manageTeam)).toEqual([
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
    expect([owner, buyer, technician, suspendedOwner, member, visitor].map(can.seeTeam)).toEqual([true, true, true, true, false, false]);
  });

  it("keeps the company's quotations from its technicians and its application with its owner", () => {
    expect([owner, buyer, technician].map(can.readCompanyQuotations)).toEqual([true, true, false]);
    expect([owner, buyer, technician, member, visitor].map(can.actForApplication)).toEqual([true, false, false, true, false]);
  });

  it("opens the dealer area to a company's people and the back office to admins", () => {
    expect([owner, buyer, technician, member, admin, visitor].map(can.enterDealerArea)).toEqual([true, true, true, false, false, false]);
    expect([owner, technician, admin, { role: "super" } as Person, visitor].map(can.enterBackOffice)).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });
});
