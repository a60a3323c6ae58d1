// @module-tag db: runs on PostgreSQL too (decision 022)
import { expect, it } from "vitest";
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from "./errors.ts";

it("finds the Postgres code on the error or on a wrapped cause", () => {
  expect(isUniqueViolation({ code: "23505" })).toBe(true);
  expect(isUniqueViolation(new Error("query failed", { cause: { code: "23505" } }))).toBe(true);
  expect(isUniqueViolation({ code: "23503" })).toBe(false);
  expect(isForeignKeyViolation(new Error("x", { cause: new Error("y", { cause: { code: "23503" } }) }))).toBe(true);
  expect(isForeignKeyViolation(null)).toBe(false);
});

it("tells a database that cannot be reached from other failures", () => {
  expect(isDatabaseUnavailable({ code: "57P01" })).toBe(true);
  expect(isDatabaseUnavailable({ code: "57P03" })).toBe(true);
  expect(isDatabaseUnavailable({ code: "08006" })).toBe(true);
  expect(isDatabaseUnavailable(new Error("Failed query", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  expect(isDatabaseUnavailable(new AggregateError([{ code: "ECONNREFUSED" }]))).toBe(true);
  expect(isDatabaseUnavailable({ code: "23505" })).toBe(false);
  expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
