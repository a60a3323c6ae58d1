import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { centsToDecimal } from "#shared/money.ts";
// The validity rule is the dealer page's, so the page, the list's filter and the PDF never disagree about an expired quotation.
import { effectiveQuotationStatus, QUOTATION_VALIDITY_DAYS, quotationValidUntil } from "#shared/quotation-status.ts";
import { chargeText, quotationDocumentLines, quotationOtherTotals, toCents } from "#shared/quotation-totals.ts";
import { type RoleName, roleNameOf } from "#shared/roles.ts";
import type { QuotationStatusValue, QuotationView } from "#shared/schemas/quotations.ts";
import { taxTotals, totalsAsText } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { quotationCharges, quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { leads as leadsTable } from "../../db/schema/installer-network.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import type { SecondaryPricing } from "../catalogue/catalogue.service.ts";
import { placedBy, placerNames } from "../dealers/index.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";

export type QuotationRow = typeof quotations.$inferSelect;

/**
 * The last moment an approved quotation holds, in SQL: the admin's date, else the end of the Harare day
 * QUOTATION_VALIDITY_DAYS after the quotation's date (`quotationValidUntil`, the same rule in JS).
 */
export const VALID_UNTIL_SQL = sql`coalesce(${quotations.validUntil}, ((date_trunc('day', (${quotations.createdAt} at time zone 'UTC') + interval '2 hours') + ${sql.raw(`interval '${QUOTATION_VALIDITY_DAYS + 1} days'`)} - interval '2 hours' - interval '1 millisecond') at time zone 'UTC'))`;

/** Rows whose effective status is `status` at `now` (sargable on the status index). */
export function effectiveStatusIs(status: QuotationStatusValue, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === "approved") return and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} >= ${at}`) as SQL;
  if (status === "expired") {
    return or(eq(quotations.status, "expired"), and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} < ${at}`)) as SQL;
  }
  return eq(quotations.status, status);
}

/** A search by requester name or e-mail address (part of either), or by id ("42" or "#42"). */
export function searchOf(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const id = text.match(/^#?(\d{1,9})$/)?.[1];
  return or(
    containsText(quotations.requesterName, text),
    containsText(quotations.requesterEmail, text),
    ...(id ? [eq(quotations.id, Number(id))] : []),
  );
}

/**
 * A line's price in the secondary currency now, what an approval in that currency starts from: the product's own
 * secondary list price when the line was made at its list price, else the line's USD price (the retail price of a
 * visitor's request, a dealer's tier price) at today's rate. Null for a product since removed.
 */
export function lineSecondary(
  pricing: SecondaryPricing,
  snapshot: string | null,
  listUsd: string | null,
  listSecondary: string | null,
): string | null {
  if (listUsd === null) return null;
  return snapshot === null || snapshot === listUsd ? pricing.priceOf(listUsd, listSecondary) : pricing.priceOf(snapshot, null);
}

/**
 * What a quotation's reader may see of its prices. `money` is the money rule's answer for the reader
 * (`can.readPastAmounts`): without it (a technician, or the e-mails and private link of a technician's quotation) the
 * lines come without any amount and the charges, amounts themselves, are left out. A dealer's request is made at their
 * own price, which the catalogue shows them, so the snapshot is theirs to see; a visitor's or user's quotation carries
 * no price until an admin approves it, and then the quoted prices only. The product's RRP and list price are for
 * admins alone.
 */
export function pricesForReader(actor: Actor, quotation: QuotationView, money: boolean): QuotationView {
  // Decision 035: the whole quotation is for whoever prices and decides it.
  if (can.do(actor, "quotations.decide")) return quotation;
  // The product's RRP and dealer list price are for the admin approving it, never its owner.
  const own = { ...quotation, products: quotation.products.map((p) => ({ ...p, retail_price_usd: null, list_price_usd: null })) };
  const quoted = quotation.status === "approved" || quotation.status === "expired" || quotation.status === "accepted";
  if (money && can.seePrices(actor)) return own;
  if (money && quoted) return { ...own, products: own.products.map((p) => ({ ...p, price: null, price_zwl: null })) };
  return {
    ...own,
    subtotal: null,
    vat: null,
    total: null,
    other_currency: null,
    other_subtotal: null,
    other_vat: null,
    other_total: null,
    charges: [],
    lines: own.lines.map((l) => ({ ...l, quoted_price: null, line_total: null })),
    products: own.products.map((p) => ({ ...p, price: null, price_zwl: null, quoted_price: null })),
  };
}

/** The role of the account a quotation belongs to; null for a visitor's (or a removed account's). */
export async function ownerRole(exec: Db | Tx, row: QuotationRow): Promise<RoleName | null> {
  if (row.userId === null) return null;
  const [owner] = await exec.select({ roleId: users.roleId }).from(users).where(eq(users.id, row.userId)).limit(1);
  return owner ? roleNameOf(owner.roleId) : null;
}

/** Whether the quotation belongs to a dealer company (its owner's account is a dealer's): accepting it places an order. */
export async function dealerOwned(exec: Db | Tx, row: QuotationRow): Promise<boolean> {
  return (await ownerRole(exec, row)) === "dealer";
}

/**
 * Whether the quotation's requester may see its amounts where no one is signed in: its e-mails (and their PDF) and
 * its private link stand for the account it belongs to, read under the money rule (a technician's own request gets
 * none); a visitor's request is the visitor's own.
 */
export async function requesterSeesMoney(exec: Db | Tx, row: QuotationRow): Promise<boolean> {
  const role = await ownerRole(exec, row);
  if (row.userId === null || role === null) return true;
  return can.readPastAmounts({ role, companyUserId: row.userId }, row.userId);
}

/** How the service's parts read quotations: the rows as views, with their lines, charges and placers. */
export function createQuotationViews({ db, catalogue }: Pick<QuotationPartDeps, "db" | "catalogue">) {
  /**
   * The quotations with their lines, two queries whatever the page size. `status` is the effective one at `now`
   * (an approved quotation past its validity reads 'expired').
   */
  async function withProducts(rows: QuotationRow[], exec: Db | Tx = db, now = new Date()): Promise<QuotationView[]> {
    if (rows.length === 0) return [];
    const lines = await exec
      .select({
        id: quotationProducts.id,
        quotationId: quotationProducts.quotationId,
        productId: quotationProducts.productId,
        productName: quotationProducts.productName,
        quantity: quotationProducts.quantity,
        priceUsd: quotationProducts.priceUsd,
        quotedPrice: quotationProducts.quotedPrice,
        vatRate: quotationProducts.vatRate,
        addedByAdmin: quotationProducts.addedByAdmin,
        // The product's secondary price now (its override, else its USD price at today's rate): what an approval in
        // that currency starts from.
        productUsd: products.priceUsd,
        priceZwl: products.priceZwl,
        retailUsd: products.retailPriceUsd,
      })
      .from(quotationProducts)
      .leftJoin(products, eq(products.productId, quotationProducts.productId))
      .where(
        inArray(
          quotationProducts.quotationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(quotationProducts.id);
    const chargeRows = await exec
      .select()
      .from(quotationCharges)
      .where(
        inArray(
          quotationCharges.quotationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(quotationCharges.id);
    // The requests that asked for a certified installer, and for which province (one lead each).
    const leadRows = await exec
      .select({ quotationId: leadsTable.quotationId, province: leadsTable.province })
      .from(leadsTable)
      .where(
        inArray(
          leadsTable.quotationId,
          rows.map((r) => r.id),
        ),
      );
    const installerProvince = new Map(leadRows.map((l) => [l.quotationId, l.province]));
    const pricing = await catalogue.secondaryPricing(true, exec);
    const names = await placerNames(exec, rows);
    const added = new Set(lines.filter((l) => l.addedByAdmin).map((l) => l.id));
    const byQuotation = new Map<number, QuotationView["products"]>();
    for (const l of lines) {
      const list = byQuotation.get(l.quotationId) ?? [];
      list.push({
        id: l.id,
        product_id: l.productId,
        product_name: l.productName,
        quantity: l.quantity,
        price: l.priceUsd,
        price_zwl: lineSecondary(pricing, l.priceUsd, l.productUsd, l.priceZwl),
        quoted_price: l.quotedPrice,
        vat_rate: l.vatRate,
        retail_price_usd: l.retailUsd ?? null,
        list_price_usd: l.productUsd ?? null,
      });
      byQuotation.set(l.quotationId, list);
    }
    return rows.map((q) => {
      const validity = { createdAt: q.createdAt, validUntil: q.validUntil };
      // Stored 'expired' rows were approved once; they keep the date they lapsed on.
      const held = q.status === "approved" || q.status === "expired";
      const lines = byQuotation.get(q.id) ?? [];
      const charges = chargeRows
        .filter((c) => c.quotationId === q.id)
        .map((c) => ({ id: c.id, kind: c.kind, label: c.label, amount: c.amount, signed_amount: chargeText(c) }));
      // Stored 'accepted' rows were approved and held their prices when accepted.
      const priced = held || q.status === "accepted";
      // VAT on the quoted prices and the charges at the rates frozen on approval (decision 017: one signed figure per
      // line, a discount negative); none before approval, nor for an approval from before VAT was frozen.
      const documentLines = priced ? quotationDocumentLines({ lines, charges, vat_rate: q.vatRate }) : null;
      const taxed = documentLines ? totalsAsText(taxTotals(documentLines, q.vatRounding)) : null;
      // The same totals in the other currency at the frozen rate, as the order and its invoice will carry them.
      const other = documentLines ? quotationOtherTotals(documentLines, q.currency, q.exchangeRate, q.vatRounding) : null;
      return {
        id: q.id,
        user_id: q.userId,
        placed_by: placedBy(q.placedBy ?? q.userId ?? 0, names),
        installer_province: installerProvince.get(q.id) ?? null,
        status: effectiveQuotationStatus(q.status, validity, now) as QuotationStatusValue,
        requester_name: q.requesterName,
        requester_address: q.requesterAddress,
        requester_phone: q.requesterPhone,
        requester_email: q.requesterEmail,
        notes: q.notes,
        created_At: q.createdAt.toISOString(),
        currency: q.currency,
        valid_until: priced ? quotationValidUntil(validity).toISOString() : null,
        exchange_rate: priced ? q.exchangeRate : null,
        rate_date: priced ? q.rateDate : null,
        vat_rate: priced ? q.vatRate : null,
        subtotal: taxed?.subtotal ?? null,
        vat: taxed?.vat ?? null,
        total: taxed?.total ?? null,
        other_currency: other ? (q.currency === "USD" ? pricing.currency : "USD") : null,
        other_subtotal: other?.subtotal ?? null,
        other_vat: other?.vat ?? null,
        other_total: other?.total ?? null,
        decision_reason: q.decisionReason,
        decided_At: q.decidedAt?.toISOString() ?? null,
        branch_id: q.branchId,
        accepted_At: q.acceptedAt?.toISOString() ?? null,
        order_id: q.orderId,
        lines: lines.map((l) => {
          const unit = toCents(l.quoted_price);
          return {
            id: l.id,
            product_id: l.product_id,
            product_name: l.product_name,
            quantity: l.quantity,
            quoted_price: l.quoted_price,
            line_total: unit === null ? null : centsToDecimal(unit * BigInt(l.quantity)),
            vat_rate: priced ? l.vat_rate : null,
            added_by_admin: added.has(l.id),
          };
        }),
        charges,
        products: priced ? lines : lines.map((l) => ({ ...l, vat_rate: null })),
      };
    });
  }

  return { withProducts };
}

export type QuotationViews = ReturnType<typeof createQuotationViews>;
