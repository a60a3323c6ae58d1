import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { decimalUnits, RATE_PLACES } from "#shared/money.ts";
import { addDays, canDecideQuotation, endOfHarareDay, harareDate, QUOTATION_VALIDITY_MAX_DAYS } from "#shared/quotation-status.ts";
import {
  convertAmount,
  DISCOUNT_TOO_LARGE,
  formatMoney,
  isMislabelledPrice,
  type QuotationCurrency,
  quotationNetCents,
  TOTAL_NOT_POSITIVE,
  toCents,
} from "#shared/quotation-totals.ts";
import type { ApproveQuotationInput, QuotationDecision, QuotationView } from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { NO_VAT_RATE, type VatCategory } from "#shared/tax.ts";
import type { Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { quotationCharges, quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError, ValidationError } from "../../platform/errors.ts";
import { release, reserve } from "../stock/index.ts";
import { acceptPath, accessTokenHash } from "./quotation-acceptance.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";
import { quotationApprovedMail, quotationApprovedWithoutPricesMail, quotationRejectedMail } from "./quotation-mail.ts";
import { quotationPdf } from "./quotation-pdf.ts";
import { dealerOwned, lineSecondary, type QuotationRow, type QuotationViews, requesterSeesMoney } from "./quotation-views.ts";

const DECISION_VERB = { approved: "approved", rejected: "rejected" } as const;

/** 409 for a decision that makes no sense from the quotation's effective status (`QUOTATION_DECISIONS`). */
function refuseTransition(quotation: QuotationView, to: QuotationDecision["status"], vatFrozen: boolean): void {
  const ref = `Quotation #${quotation.id}`;
  if (to === "pending") throw new ConflictError("A quotation cannot be set back to pending.");
  if (to === "expired") throw new ConflictError("A quotation expires by itself once its validity date has passed.");
  if (canDecideQuotation(quotation.status, to, vatFrozen)) return;
  if (quotation.status === "expired") {
    throw new ConflictError(`${ref} has expired and can no longer be approved or rejected. The requester can send a new request.`);
  }
  if (quotation.status === to) throw new ConflictError(`${ref} is already ${DECISION_VERB[to]}.`);
  throw new ConflictError(`${ref} is ${quotation.status} and cannot be ${DECISION_VERB[to]}.`);
}

function decisionSummary(before: QuotationView, after: QuotationView, action: string): string {
  const who = `${after.requester_name} <${after.requester_email}>`;
  if (action === "reject") {
    return `${before.status === "approved" ? "Withdrew" : "Rejected"} quotation #${after.id} for ${who}: ${after.decision_reason}`;
  }
  return `${action === "reapprove" ? "Reapproved" : "Approved"} quotation #${after.id} for ${who} in ${after.currency}, valid until ${after.valid_until?.slice(0, 10) ?? ""}`;
}

/**
 * Refuses prices in one currency labelled another (`isMislabelledPrice`): for each line whose product has a price in
 * the chosen currency, a unit price equal to its price in the other currency (for USD, the snapshot or the product's
 * price now) and not its price in the chosen one. Every such line is named under its own field.
 */
function refuseMislabelled(
  given: { id: number; price: string }[],
  lines: { id: number; name: string; priceUsd: string | null; productUsd: string | null; productZwl: string | null }[],
  currency: QuotationCurrency,
): void {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const issues: { path: string; message: string }[] = [];
  given.forEach((g, i) => {
    const line = byId.get(g.id);
    if (!line) return;
    const usd = [line.priceUsd, line.productUsd];
    if (!isMislabelledPrice(g.price, currency, { usd, secondary: line.productZwl })) return;
    const other = currency === "USD" ? "secondary-currency" : "USD";
    const own = currency === "USD" ? (toCents(line.priceUsd) ?? toCents(line.productUsd)) : toCents(line.productZwl);
    const hint = own === null ? "" : `: its ${currency} price is ${formatMoney(own)}`;
    issues.push({
      path: `body.lines.${i}.price`,
      message: `Line ${i + 1} (${line.name}): ${g.price} is its ${other} price, not a ${currency} price${hint}.`,
    });
  });
  if (issues.length) throw new ValidationError(issues);
}

/**
 * Refuses a line price that is the figure set by hand in the quotation's old currency, sent unconverted under the new
 * one (USD 290.00 sent as ZWG 290.00): each such line is named under its own field with the converted figure.
 */
function refuseUnconverted(
  given: { id: number; price: string }[],
  lines: { id: number; name: string; quotedPrice: string | null }[],
  from: QuotationCurrency,
  to: QuotationCurrency,
  rate: { rate: string; effective_date: string },
): void {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const issues: { path: string; message: string }[] = [];
  given.forEach((g, i) => {
    const set = byId.get(g.id)?.quotedPrice ?? null;
    if (set === null || toCents(g.price) !== toCents(set)) return;
    const converted = convertAmount(set, from, to, rate.rate);
    if (toCents(converted) === toCents(set)) return;
    issues.push({
      path: `body.lines.${i}.price`,
      message: `Line ${i + 1} (${byId.get(g.id)?.name}): ${g.price} is the ${from} price set under Edit lines, not a ${to} price: at ${rate.rate} per USD (rate of ${rate.effective_date}) it is ${to} ${formatMoney(toCents(converted) ?? 0n)}.`,
    });
  });
  if (issues.length) throw new ValidationError(issues);
}

/** The admin's decision on a quotation: approve (priced, in a currency, until a date), reject or withdraw, reapprove. */
export function createQuotationDecisions(
  { db, mailer, settings, catalogue, rates, audit, stock, siteUrl }: QuotationPartDeps,
  { withProducts }: QuotationViews,
) {
  /**
   * The approval's checks that need the quotation: the currency is offered, the date is ahead, every line priced.
   * Left out (spec §7's `{ status }` alone): USD, the end of the Harare day `quotationValidityDays` ahead, and each
   * line at the list price the request was made at (a line without one keeps no price: "Price on request").
   *
   * A quotation's amounts are in one currency, its own (`quotations.currency`: USD until an approval in another). An
   * approval in another currency converts every amount set by hand at the rate in force, the one the dialog shows and
   * sends (`exchangeRate`, 409 when it has changed): the charges here, the lines' prices in the dialog. A line price
   * equal to the figure set by hand in the old currency is refused under that line, as a mislabelled price is.
   * The lines less the discounts must stay above 0 (no document totals ≤ 0).
   */
  async function checkApproval(
    exec: Tx,
    row: QuotationRow,
    input: ApproveQuotationInput,
    now: Date,
    // Read by the caller before its transaction: a settings read through `db` inside it would wait on PGlite's
    // single connection for the transaction itself.
    company: Pick<SiteSettings, "secondaryCurrency" | "quotationValidityDays">,
  ): Promise<{
    currency: QuotationCurrency;
    validUntil: Date;
    prices: Map<number, string | null>;
    charges: { id: number; amount: string }[];
  }> {
    const currency = input.currency ?? "USD";
    if (currency !== "USD" && currency !== company.secondaryCurrency) {
      throw new FieldError(`Choose USD or ${company.secondaryCurrency}.`, "currency");
    }
    const today = harareDate(now);
    const lastDay = input.validUntil ?? addDays(today, company.quotationValidityDays);
    if (lastDay < today) throw new FieldError("The validity date cannot be in the past.", "validUntil");
    if (lastDay > addDays(today, QUOTATION_VALIDITY_MAX_DAYS)) {
      throw new FieldError("Choose a validity date within a year from today.", "validUntil");
    }
    const pricing = await catalogue.secondaryPricing(true, exec);
    const lines = await exec
      .select({
        id: quotationProducts.id,
        name: quotationProducts.productName,
        quantity: quotationProducts.quantity,
        priceUsd: quotationProducts.priceUsd,
        quotedPrice: quotationProducts.quotedPrice,
        productUsd: products.priceUsd,
        productZwl: products.priceZwl,
      })
      .from(quotationProducts)
      .leftJoin(products, eq(products.productId, quotationProducts.productId))
      .where(eq(quotationProducts.quotationId, row.id))
      .orderBy(quotationProducts.id)
      .then((found) => found.map((l) => ({ ...l, productZwl: lineSecondary(pricing, l.priceUsd, l.productUsd, l.productZwl) })));
    const storedCharges = await exec
      .select()
      .from(quotationCharges)
      .where(eq(quotationCharges.quotationId, row.id))
      .orderBy(quotationCharges.id);

    // Switching currency: every amount set by hand is converted at the rate in force, the one the dialog showed.
    const from = row.currency as QuotationCurrency;
    const switching = from !== currency;
    const handSet = lines.some((l) => l.quotedPrice !== null) || storedCharges.length > 0;
    const rate = pricing.rate;
    if (switching && handSet) {
      if (!rate) {
        throw new ConflictError(
          `There is no exchange rate to convert this quotation's ${from} amounts to ${currency}: approve it in ${from}, or enter its prices and charges again under Edit lines.`,
        );
      }
    }
    if (
      switching &&
      rate &&
      input.exchangeRate !== undefined &&
      decimalUnits(input.exchangeRate, RATE_PLACES) !== decimalUnits(rate.rate, RATE_PLACES)
    ) {
      throw new ConflictError(
        `The exchange rate is now ${rate.rate} ${rate.currency} per USD (from ${rate.effective_date}), not ${input.exchangeRate}: check the converted amounts and approve again.`,
      );
    }
    const charges = storedCharges.map((c) => ({
      id: c.id,
      kind: c.kind,
      amount: switching && rate ? convertAmount(c.amount, from, currency, rate.rate) : c.amount,
    }));

    const prices = new Map<number, string | null>();
    if (!input.lines) {
      if (currency !== "USD") throw new FieldError(`Enter the prices in ${currency}: the list prices are in USD.`, "lines");
      for (const line of lines) prices.set(line.id, line.priceUsd);
    } else {
      const own = new Set(lines.map((l) => l.id));
      input.lines.forEach((line, i) => {
        if (!own.has(line.id)) throw new FieldError(`Line ${line.id} is not a product of quotation #${row.id}.`, `lines.${i}.id`);
        if (prices.has(line.id)) throw new FieldError(`Line ${line.id} is priced twice.`, `lines.${i}.id`);
        prices.set(line.id, line.price);
      });
      if (prices.size !== own.size) throw new FieldError("Enter a price for every product.", "lines");
      refuseMislabelled(input.lines, lines, currency);
      if (switching && rate) refuseUnconverted(input.lines, lines, from, currency, rate);
    }
    const net = quotationNetCents(
      lines.map((l) => ({ unit: prices.get(l.id) ?? null, quantity: l.quantity })),
      charges,
    );
    if (net !== null && net <= 0n) {
      throw new FieldError(charges.some((c) => c.kind === "discount") ? DISCOUNT_TOO_LARGE : TOTAL_NOT_POSITIVE, "lines");
    }
    return { currency, validUntil: endOfHarareDay(lastDay), prices, charges: charges.map(({ id, amount }) => ({ id, amount })) };
  }

  return {
    /**
     * PUT /api/quotations/{id}: approve (a price per line, the currency, the last day it holds), reject (a reason), or
     * reapprove a rejected one; an approved one that still holds may be rejected, which withdraws it. Anything else
     * is 409 (`QUOTATION_DECISIONS`). The status, the prices, who decided and when, and the audit entry are written
     * in one transaction with the quotation locked, and the PDF is made in it too, so a failure leaves nothing
     * changed. The requester is e-mailed after: the prices and the PDF, or the reason.
     */
    async decide(actor: Actor, id: number, input: QuotationDecision): Promise<QuotationView> {
      const admin = requireStaff(actor, "quotations.decide");
      const company = await settings.get();
      const result = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for("update");
        if (!row) throw new NotFoundError("Quotation not found.");
        const now = new Date();
        const [before] = (await withProducts([row], tx, now)) as [QuotationView];
        refuseTransition(before, input.status, row.vatRate !== null);
        const target = input.status as "approved" | "rejected";
        if (input.status === "approved") {
          const { currency, validUntil, prices, charges } = await checkApproval(tx, row, input, now, company);
          // The charges in the approved currency (converted when it changed), so every amount is in one currency.
          for (const c of charges) {
            await tx.update(quotationCharges).set({ amount: c.amount }).where(eq(quotationCharges.id, c.id));
          }
          // The rate in force now, frozen with the quoted prices.
          const { rate } = await catalogue.secondaryPricing(true, tx);
          // The standard VAT rate of the day, frozen too; each line's rate follows its product's VAT category.
          const vat = await rates.taxRateOn(undefined, tx);
          if (!vat) throw new ConflictError(NO_VAT_RATE);
          // Its lines are held at a branch until it expires or is rejected; what is not there is backordered.
          const wanted = before.products.flatMap((l) => (l.product_id === null ? [] : [{ productId: l.product_id, quantity: l.quantity }]));
          const branch = await stock.chooseBranch(tx, wanted, { branchId: input.branchId, collection: false });
          await release(tx, { quotationId: id }, `Quotation ${id} approved again`, now, admin.id);
          await reserve(tx, { quotationId: id }, branch.id, wanted, now, { userId: admin.id, expiresAt: validUntil });
          await tx
            .update(quotations)
            .set({
              status: "approved",
              currency,
              validUntil,
              exchangeRate: rate?.rate ?? null,
              rateDate: rate?.effective_date ?? null,
              vatRate: vat.rate,
              // Approved now: VAT rounded once per rate (decision 031), whatever an earlier approval used.
              vatRounding: "group",
              branchId: branch.id,
              decisionReason: "",
              decidedBy: admin.id,
              decidedAt: now,
              updatedAt: now,
            })
            .where(eq(quotations.id, id));
          // One statement for all the lines.
          const cases = sql.join(
            [...prices].map(([lineId, price]) => sql`when ${lineId} then ${price}::numeric`),
            sql` `,
          );
          await tx
            .update(quotationProducts)
            .set({ quotedPrice: sql`case ${quotationProducts.id} ${cases} end` })
            .where(and(eq(quotationProducts.quotationId, id), inArray(quotationProducts.id, [...prices.keys()])));
          await tx
            .update(quotationProducts)
            .set({ vatCategory: "standard", vatRate: vat.rate })
            .where(eq(quotationProducts.quotationId, id));
          await tx.execute(sql`
            update ${quotationProducts} set
              hs_code = p.hs_code,
              vat_category = p.vat_category,
              vat_rate = case p.vat_category when 'exempt' then null when 'zero_rated' then 0 else ${vat.rate}::numeric end
            from ${products} p
            where p.product_id = ${quotationProducts.productId} and ${quotationProducts.quotationId} = ${id}`);
        } else if (input.status === "rejected") {
          await tx
            .update(quotations)
            .set({ status: "rejected", decisionReason: input.reason ?? "", decidedBy: admin.id, decidedAt: now, updatedAt: now })
            .where(eq(quotations.id, id));
          await release(tx, { quotationId: id }, `Quotation ${id} rejected`, now, admin.id);
        }
        const [updated] = await tx.select().from(quotations).where(eq(quotations.id, id));
        const [after] = (await withProducts([updated as QuotationRow], tx, now)) as [QuotationView];
        const action = target === "approved" ? (before.status === "pending" ? "approve" : "reapprove") : "reject";
        await audit.record(tx, admin, {
          entity: "quotation",
          entityId: id,
          action,
          summary: decisionSummary(before, after, action),
          before,
          after,
        });
        // Made before the commit: a quotation is never approved without its PDF.
        const pdf = target === "approved" ? await quotationPdf(after, company) : null;
        // Accepting: a dealer company accepts on its quotations page; anyone else through a private
        // link, whose token is kept only as its hash (a new one with each approval).
        let acceptUrl: string | null = null;
        if (pdf) {
          if (await dealerOwned(tx, row)) acceptUrl = `${siteUrl}/dealer/quotations`;
          else {
            const token = randomBytes(32).toString("base64url");
            await tx
              .update(quotations)
              .set({ accessTokenHash: accessTokenHash(token) })
              .where(eq(quotations.id, id));
            acceptUrl = `${siteUrl}${acceptPath(id, token)}`;
          }
        }
        // Queued in the transaction (a job, platform/jobs): the requester is told exactly when the decision commits,
        // and a failing SMTP server only delays the mail.
        const site = { ...company, siteUrl };
        // The e-mail carries the amounts (and the PDF) only when its requester may see them (the money rule).
        const mail = !pdf
          ? quotationRejectedMail(after, site, before.status === "approved")
          : (await requesterSeesMoney(tx, row))
            ? quotationApprovedMail(after, site, pdf, acceptUrl)
            : quotationApprovedWithoutPricesMail(after, site, acceptUrl);
        await mailer.send(mail, tx);
        return after;
      });
      return result;
    },

    /**
     * What the approval dialog previews with (admin): the exchange rate in force and its day (the one an approval that
     * switches currency converts at, and sends back), the standard VAT rate of today, and each product's VAT category,
     * so the dialog shows every line, charge, VAT and the total the approval will freeze.
     */
    async approvalContext(
      actor: Actor,
      productIds: number[],
    ): Promise<{
      exchangeRate: { rate: string; effective_date: string } | null;
      vatRate: string | null;
      vatCategories: Record<number, VatCategory>;
    }> {
      requireStaff(actor, "quotations.decide");
      const ids = [...new Set(productIds)].slice(0, 1000);
      const [pricing, vat, rows] = await Promise.all([
        catalogue.secondaryPricing(true),
        rates.taxRateOn(),
        ids.length
          ? db.select({ id: products.productId, category: products.vatCategory }).from(products).where(inArray(products.productId, ids))
          : Promise.resolve([]),
      ]);
      return {
        exchangeRate: pricing.rate ? { rate: pricing.rate.rate, effective_date: pricing.rate.effective_date } : null,
        vatRate: vat?.rate ?? null,
        vatCategories: Object.fromEntries(rows.map((r) => [r.id, r.category])),
      };
    },
  };
}
