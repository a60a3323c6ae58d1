// @module-tag db: runs on PostgreSQL too (decision 022)
import { PgDialect, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { containsText } from "./contains-text.ts";

const things = pgTable("things", { name: text("name") });
const query = (sql: ReturnType<typeof containsText>) => new PgDialect().sqlToQuery(sql);

describe("containsText", () => {
  it("is an ILIKE on the text anywhere in the column", () => {
    expect(query(containsText(things.name, "Solar"))).toMatchObject({ sql: '"things"."name" ilike $1', params: ["%Solar%"] });
  });

  it("takes LIKE's wildcards and escape character literally", () => {
    expect(query(containsText(things.name, "50%_off\\")).params).toEqual(["%50\\%\\_off\\\\%"]);
  });
});
