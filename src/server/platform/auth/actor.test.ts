import { expect, it } from "vitest";
import { actorFrom, requireVerified, VERIFY_FIRST } from "./actor.ts";

it("lets a confirmed account through and stops an unconfirmed one with a message saying what to do", () => {
  const verified = actorFrom({ id: 7, roleId: 1, emailVerifiedAt: new Date() }, "s");
  expect(requireVerified(verified).id).toBe(7);
  const unverified = actorFrom({ id: 8, roleId: 1, emailVerifiedAt: null }, "s");
  expect(() => requireVerified(unverified)).toThrow(VERIFY_FIRST);
  expect(() => requireVerified(null)).toThrow(/log in/i);
});
