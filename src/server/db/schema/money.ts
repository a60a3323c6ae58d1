import { date, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { RATE_CURRENCIES } from "#shared/schemas/rates.ts";
import { users } from "./accounts.ts";

/** The official exchange rate of a currency (units per 1 USD) from a day on (issue 21). */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    currency: text("currency", { enum: RATE_CURRENCIES }).notNull(),
    rate: numeric("rate", { precision: 14, scale: 4 }).notNull(),
    effectiveDate: date("effective_date").notNull(),
    source: text("source").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("exchange_rates_currency_day_key").on(t.currency, t.effectiveDate)],
);

/** The standard VAT rate in percent from a day on (issue 21): 15 %, then 15.5 % from 1 January 2026. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    validFrom: date("valid_from").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tax_rates_valid_from_key").on(t.validFrom)],
);
