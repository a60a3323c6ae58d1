import { and, asc, desc, eq, lte, ne } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import {
  type CorrectExchangeRate,
  type CorrectTaxRate,
  type ExchangeRate,
  type NewExchangeRate,
  type NewTaxRate,
  NO_RATE,
  rateJumpWarning,
  TAX_RATE_FROM_TOMORROW,
  TAX_RATE_IN_FORCE,
  type TaxRate,
} from "#shared/schemas/rates.ts";
import type { Db } from "../../db/client.ts";
import { exchangeRates, taxRates } from "../../db/schema/money.ts";
import { type Actor, requireStaff, requireStepUp } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { createResources } from "../../platform/resources/resource.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { exchangeRateResource, taxRateResource } from "./rates-resources.ts";

type Deps = {
  db: Db;
  audit: AuditService;
  /** The clock, so tests can set the day (a rate for a future day takes effect that day). */
  now?: () => Date;
  /**
   * How long this process keeps a day's exchange rate (every dealer's read prices with it): as the site settings'
   * cache, and emptied by this process's own changes at once; 0 (the tests) reads it every time.
   */
  cacheMs?: number;
};

type ExchangeRateRow = typeof exchangeRates.$inferSelect;
type TaxRateRow = typeof taxRates.$inferSelect;

const toExchangeRate = (r: ExchangeRateRow): ExchangeRate => ({
  id: r.id,
  currency: r.currency,
  rate: r.rate,
  effective_date: r.effectiveDate,
  source: r.source,
  created_at: r.createdAt.toISOString(),
});

const toTaxRate = (r: TaxRateRow): TaxRate => ({ id: r.id, rate: r.rate, valid_from: r.validFrom });

/**
 * The dated rates: the secondary currency's official exchange rate and the standard VAT rate, each in force
 * from its day (Africa/Harare) until the next one's. Reads are public (prices and documents name them); admins add
 * rates, each addition in the audit log. A new official rate is a new day's row; only a mistyped one is corrected in
 * place (`correctExchangeRate`, with its reason in the audit log). Documents keep the rate they froze either way.
 */
export function createRatesService({ db, audit, now = () => new Date(), cacheMs = 0 }: Deps) {
  const today = () => harareDate(now());
  /** The rate in force, by currency and day, when read outside a transaction. */
  const kept = new Map<string, { value: ExchangeRate | null; at: number }>();
  const readRate = async (currency: ExchangeRate["currency"], day: string, exec: Pick<Db, "select">) => {
    const [row] = await exec
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.effectiveDate, day)))
      .orderBy(desc(exchangeRates.effectiveDate))
      .limit(1);
    return row ? toExchangeRate(row) : null;
  };
  const { create, update } = createResources({ db, audit });

  /**
   * A rate more than RATE_JUMP_PERCENT % from the last one before its day (2650 typed for 26.50) is refused under
   * `rate` unless the admin confirms it: documents freeze the rate, so a slip would be priced into them.
   */
  async function refuseJump(
    exec: Pick<Db, "select">,
    input: { currency: ExchangeRate["currency"]; rate: string; day: string; confirm?: boolean | undefined },
    except?: number,
  ): Promise<void> {
    if (input.confirm === true) return;
    const [last] = await exec
      .select()
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.currency, input.currency),
          lte(exchangeRates.effectiveDate, input.day),
          ...(except === undefined ? [] : [ne(exchangeRates.id, except)]),
        ),
      )
      .orderBy(desc(exchangeRates.effectiveDate))
      .limit(1);
    const warning = rateJumpWarning(input.rate, last ? { rate: last.rate, effective_date: last.effectiveDate } : null);
    if (warning) throw new FieldError(`${input.currency} ${warning}`, "rate");
  }

  return {
    today,

    /** The rate in force on `day` (default today): the latest whose effective date is not after it; null before any. */
    async exchangeRateOn(currency: ExchangeRate["currency"], day = today(), exec: Pick<Db, "select"> = db): Promise<ExchangeRate | null> {
      // A transaction reads its own (what it freezes in a document is what it sees).
      if (cacheMs <= 0 || exec !== db) return readRate(currency, day, exec);
      const key = `${currency} ${day}`;
      const hit = kept.get(key);
      if (hit && Date.now() - hit.at < cacheMs) return hit.value;
      const value = await readRate(currency, day, exec);
      kept.set(key, { value, at: Date.now() });
      return value;
    },

    /** GET /api/exchange-rates/current: as exchangeRateOn, a 404 with NO_RATE before the first rate. */
    async currentExchangeRate(currency: ExchangeRate["currency"]): Promise<ExchangeRate> {
      const rate = await this.exchangeRateOn(currency);
      if (!rate) throw new NotFoundError(NO_RATE);
      return rate;
    },

    /** Every rate of a currency, newest effective date first (future ones included: they are announced). */
    async exchangeRateHistory(currency: ExchangeRate["currency"]): Promise<ExchangeRate[]> {
      const rows = await db
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.currency, currency))
        .orderBy(desc(exchangeRates.effectiveDate));
      return rows.map(toExchangeRate);
    },

    async addExchangeRate(actor: Actor, input: NewExchangeRate): Promise<ExchangeRate> {
      // Decision 035: a rate changes every price shown and every document issued, so it needs rates.edit and a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "rates.edit"));
      try {
        return await create(admin, exchangeRateResource, {
          values: async (_, tx) => {
            await refuseJump(tx, { currency: input.currency, rate: input.rate, day: input.effective_date, confirm: input.confirm });
            return {
              currency: input.currency,
              rate: input.rate,
              effectiveDate: input.effective_date,
              source: input.source,
              createdBy: admin.id,
            };
          },
        });
      } finally {
        // After the change is in: a read made meanwhile may have kept the rate it replaced.
        kept.clear();
      }
    },

    /**
     * PATCH /api/exchange-rates/{id}: a mistyped rate (or its source) corrected in place, before and after and the
     * reason in the audit log. Orders and quotations already issued keep their frozen copy; prices computed from now on
     * use the corrected rate. Its day stays: a rate for another day is a new rate.
     */
    async correctExchangeRate(actor: Actor, id: number, input: CorrectExchangeRate): Promise<ExchangeRate> {
      // Decision 035: a rate changes every price shown and every document issued, so it needs rates.edit and a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "rates.edit"));
      try {
        return await update(admin, exchangeRateResource, id, {
          set: async (old, _, tx) => {
            await refuseJump(tx, { currency: old.currency, rate: input.rate, day: old.effective_date, confirm: input.confirm }, old.id);
            return { rate: input.rate, source: input.source };
          },
          action: "correct",
          summary: (row, old) =>
            `${row.currency} from ${row.effective_date} corrected from ${old.rate} to ${row.rate} per USD: ${input.reason}`,
          note: { reason: input.reason },
        });
      } finally {
        kept.clear();
      }
    },

    /** The standard VAT rate in force on `day` (default today); null before the first. */
    async taxRateOn(day = today(), exec: Pick<Db, "select"> = db): Promise<TaxRate | null> {
      const [row] = await exec.select().from(taxRates).where(lte(taxRates.validFrom, day)).orderBy(desc(taxRates.validFrom)).limit(1);
      return row ? toTaxRate(row) : null;
    },

    /** GET /api/tax-rates: every VAT rate, oldest first. */
    async taxRates(): Promise<TaxRate[]> {
      return (await db.select().from(taxRates).orderBy(asc(taxRates.validFrom))).map(toTaxRate);
    },

    /**
     * A new standard VAT rate from a day after today (decision 015): documents already issued, today's included,
     * froze the rate then in force, so a rate taking effect at once or back-dated would make the table disagree with
     * them. 400 on `valid_from` otherwise.
     */
    async addTaxRate(actor: Actor, input: NewTaxRate): Promise<TaxRate> {
      // Decision 035: a rate changes every price shown and every document issued, so it needs rates.edit and a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "rates.edit"));
      if (input.valid_from <= today()) throw new FieldError(TAX_RATE_FROM_TOMORROW, "valid_from");
      return create(admin, taxRateResource, {
        values: () => ({ rate: input.rate, validFrom: input.valid_from, createdBy: admin.id }),
      });
    },

    /**
     * PATCH /api/tax-rates/{id}: a VAT rate not yet in force corrected in place, its rate or its day (still after
     * today), the reason in the audit log (`correct`, before and after) as for an exchange rate. One in force or past
     * is 409: documents have used it and freeze it.
     */
    async correctTaxRate(actor: Actor, id: number, input: CorrectTaxRate): Promise<TaxRate> {
      // Decision 035: a rate changes every price shown and every document issued, so it needs rates.edit and a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "rates.edit"));
      const day = today();
      if (input.valid_from <= day) throw new FieldError(TAX_RATE_FROM_TOMORROW, "valid_from");
      return update(admin, taxRateResource, id, {
        set: (old) => {
          if (old.valid_from <= day) throw new ConflictError(TAX_RATE_IN_FORCE);
          return { rate: input.rate, validFrom: input.valid_from };
        },
        action: "correct",
        summary: (row, old) =>
          `VAT ${old.rate} % from ${old.valid_from} corrected to ${row.rate} % from ${row.valid_from}: ${input.reason}`,
        note: { reason: input.reason },
      });
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
