import { expect, it } from "vitest";
import { isForeignKeyViolation, isUniqueViolation } from "./errors.ts";

it("finds the Postgres code on the error or on a wrapped cause", () => {
  expect(isUniqueViolation({ code: "23505" })).toBe(true);
  expect(isUniqueViolation(new Error("query failed", { cause: { code: "23505" } }))).toBe(true);
  expect(isUniqueViolation({ code: "23503" })).toBe(false);
  expect(isForeignKeyViolation(new Error("x", { cause: new Error("y", { cause: { code: "23503" } }) }))).toBe(true);
  expect(isForeignKeyViolation(null)).toBe(false);
});
