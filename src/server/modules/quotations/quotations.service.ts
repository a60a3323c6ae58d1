import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { centsToDecimal, decimalUnits, RATE_PLACES } from "#shared/money.ts";
// The validity rule is the dealer page's, so the page, the list's filter and the PDF never disagree about an expired quotation.
import {
  addDays,
  canDecideQuotation,
  effectiveQuotationStatus,
  endOfHarareDay,
  harareDate,
  QUOTATION_VALIDITY_DAYS,
  QUOTATION_VALIDITY_MAX_DAYS,
  quotationValidUntil,
} from "#shared/quotation-status.ts";
import {
  chargeText,
  convertAmount,
  DISCOUNT_TOO_LARGE,
  formatMoney,
  isMislabelledPrice,
  listPriceIn,
  QUOTATION_NEEDS_REAPPROVAL,
  type QuotationCurrency,
  quotationDocumentLines,
  quotationNetCents,
  quotationOtherTotals,
  TOTAL_NOT_POSITIVE,
  toCents,
} from "#shared/quotation-totals.ts";
import { isAdminRole, ROLE_IDS, type RoleName, roleNameOf } from "#shared/roles.ts";
import {
  type AcceptQuotationInput,
  type ApproveQuotationInput,
  type EditQuotationLinesInput,
  INSTALLER_NOT_FOR_DEALERS,
  isDealerCompanyRole,
  type QuotationDecision,
  type QuotationListQuery,
  type QuotationStatusValue,
  type QuotationSummary,
  type QuotationView,
  type QuoteRequest,
} from "#shared/schemas/quotations.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { NO_VAT_RATE, taxTotals, totalsAsText, type VatCategory } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { quotationCharges, quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { leads as leadsTable } from "../../db/schema/installer-network.ts";
import {
  type Actor,
  canSeeCompanyMoney,
  requireAdmin,
  requireGoodStanding,
  requireUser,
  requireVerified,
} from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError, ValidationError } from "../../platform/errors.ts";
import { type FormLimits, type FormSender, isOwnConfirmedAddress } from "../../platform/form-limits.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { type CatalogueService, type SecondaryPricing, seesPrices } from "../catalogue/catalogue.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { placedBy, placerNames, quotationOwnerOf } from "../dealers/index.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { RatesService } from "../money/rates.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import { release, releaseExpired, reserve } from "../stock/index.ts";
import type { StockService } from "../stock/stock.service.ts";
import {
  quotationAcceptedToCompanyMail,
  quotationAcceptedToRequesterMail,
  quotationApprovedMail,
  quotationApprovedWithoutPricesMail,
  quotationRejectedMail,
  quotationReminderMail,
  quoteRequestReceiptMail,
  quoteRequestReceivedMail,
  quoteRequestToCompanyMail,
} from "./quotation-mail.ts";
import { quotationPdf } from "./quotation-pdf.ts";

export type QuotationStatus = QuotationStatusValue;

export type { QuotationView };

type QuotationRow = typeof quotations.$inferSelect;

/**
 * The last moment an approved quotation holds, in SQL: the admin's date, else the end of the Harare day
 * QUOTATION_VALIDITY_DAYS after the quotation's date (`quotationValidUntil`, the same rule in JS).
 */
const VALID_UNTIL_SQL = sql`coalesce(${quotations.validUntil}, ((date_trunc('day', (${quotations.createdAt} at time zone 'UTC') + interval '2 hours') + ${sql.raw(`interval '${QUOTATION_VALIDITY_DAYS + 1} days'`)} - interval '2 hours' - interval '1 millisecond') at time zone 'UTC'))`;

/** Rows whose effective status is `status` at `now` (sargable on the status index). */
function effectiveStatusIs(status: QuotationStatusValue, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === "approved") return and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} >= ${at}`) as SQL;
  if (status === "expired") {
    return or(eq(quotations.status, "expired"), and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} < ${at}`)) as SQL;
  }
  return eq(quotations.status, status);
}

/** A search by requester name or e-mail address (part of either), or by id ("42" or "#42"). */
function searchOf(q: string | undefined): SQL | undefined {
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
function lineSecondary(
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
 * (`canSeeCompanyMoney`): without it (a technician, or the e-mails and private link of a technician's quotation) the
 * lines come without any amount and the charges, amounts themselves, are left out. A dealer's request is made at their
 * own price, which the catalogue shows them, so the snapshot is theirs to see; a visitor's or user's quotation carries
 * no price until an admin approves it, and then the quoted prices only. The product's RRP and list price are for
 * admins alone.
 */
function pricesForReader(actor: Actor, quotation: QuotationView, money: boolean): QuotationView {
  if (isAdminRole(actor?.role)) return quotation;
  // The product's RRP and dealer list price are for the admin approving it, never its owner.
  const own = { ...quotation, products: quotation.products.map((p) => ({ ...p, retail_price_usd: null, list_price_usd: null })) };
  const quoted = quotation.status === "approved" || quotation.status === "expired" || quotation.status === "accepted";
  if (money && seesPrices(actor)) return own;
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

/** The answer to a technician asking for a quotation's PDF: the PDF is its prices. */
export const QUOTATION_PRICES_NOT_FOR_TECHNICIANS =
  "A quotation's prices are for the company's owner and buyers: a technician's account cannot download it.";

const DECISION_VERB = { approved: "approved", rejected: "rejected" } as const;

/** A charge's label when the admin gives none. */
const CHARGE_DEFAULT_LABELS = { delivery: "Delivery", installation: "Installation", discount: "Discount" } as const;

type Deps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<AccountsService, "me">;
  catalogue: Pick<CatalogueService, "quotePriceSnapshot" | "secondaryPricing">;
  /** The VAT rate in force when a quotation is approved. */
  rates: Pick<RatesService, "taxRateOn">;
  audit: Pick<AuditService, "record">;
  formLimits: Pick<FormLimits, "admit" | "mayConfirm">;
  /** An approved quotation reserves its lines at a branch until it expires or is rejected. */
  stock: Pick<StockService, "chooseBranch">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
  /** A dealer's accepted quotation becomes an order in the acceptance's transaction. */
  orders?: Pick<OrdersService, "placeFromQuotation">;
  /** A request with "I also want a certified installer" becomes a lead in its transaction. */
  leads?: Pick<LeadsService, "createInTx" | "mailSite">;
};

/** How many days before a quotation expires its requester is reminded. */
export const REMINDER_DAYS = 3;

/** The private link's token as stored: its SHA-256 (hex). */
export function accessTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The visitor's page for accepting an approved quotation through the private link. */
export function acceptPath(id: number, token: string): string {
  return `/quotations/${id}/accept?token=${encodeURIComponent(token)}`;
}

function tokenMatches(row: QuotationRow, token: string | undefined): boolean {
  if (!token || !row.accessTokenHash) return false;
  const given = Buffer.from(accessTokenHash(token), "hex");
  const stored = Buffer.from(row.accessTokenHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

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

export function createQuotationsService({
  db,
  mailer,
  settings,
  accounts,
  catalogue,
  rates,
  audit,
  formLimits,
  stock,
  siteUrl = DEFAULT_LINK_ORIGIN,
  orders,
  leads,
}: Deps) {
  /** The role of the account a quotation belongs to; null for a visitor's (or a removed account's). */
  async function ownerRole(exec: Db | Tx, row: QuotationRow): Promise<RoleName | null> {
    if (row.userId === null) return null;
    const [owner] = await exec.select({ roleId: users.roleId }).from(users).where(eq(users.id, row.userId)).limit(1);
    return owner ? roleNameOf(owner.roleId) : null;
  }

  /** Whether the quotation belongs to a dealer company (its owner's account is a dealer's): accepting it places an order. */
  async function dealerOwned(exec: Db | Tx, row: QuotationRow): Promise<boolean> {
    return (await ownerRole(exec, row)) === "dealer";
  }

  /**
   * Whether the quotation's requester may see its amounts where no one is signed in: its e-mails (and their PDF) and
   * its private link stand for the account it belongs to, read under the money rule (a technician's own request gets
   * none); a visitor's request is the visitor's own.
   */
  async function requesterSeesMoney(exec: Db | Tx, row: QuotationRow): Promise<boolean> {
    const role = await ownerRole(exec, row);
    if (row.userId === null || role === null) return true;
    return canSeeCompanyMoney({ role, companyUserId: row.userId }, row.userId);
  }

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
      const taxed = documentLines ? totalsAsText(taxTotals(documentLines)) : null;
      // The same totals in the other currency at the frozen rate, as the order and its invoice will carry them.
      const other = documentLines ? quotationOtherTotals(documentLines, q.currency, q.exchangeRate) : null;
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

  function listWhere(query: Pick<QuotationListQuery, "status" | "q">, now: Date): SQL | undefined {
    const conditions = [query.status ? effectiveStatusIs(query.status, now) : undefined, searchOf(query.q)].filter(
      (c): c is SQL => c !== undefined,
    );
    return conditions.length ? and(...conditions) : undefined;
  }

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

  /** `accept`'s transaction: the quotation locked, who may accept it, the order or the sales mail. */
  async function acceptIn(
    actor: Actor,
    id: number,
    input: AcceptQuotationInput,
    company: SiteSettings,
  ): Promise<{ order_id: number | null }> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for("update");
      if (!row) throw new NotFoundError("Quotation not found.");
      // The company's quotation becomes an order: not a technician's to accept.
      if (actor?.role === "technician" && row.userId === actor.companyUserId) {
        throw new ForbiddenError("Technicians cannot accept quotations or place orders.");
      }
      const asCompany = actor?.role === "dealer" && row.userId !== null && row.userId === actor.companyUserId;
      const asOwner = !asCompany && actor !== null && row.userId !== null && row.userId === actor.id;
      if (!asCompany && !asOwner && !tokenMatches(row, input.token)) throw new NotFoundError("Quotation not found.");
      if (row.status === "accepted") return { order_id: row.orderId };
      const now = new Date();
      const status = effectiveQuotationStatus(row.status, { createdAt: row.createdAt, validUntil: row.validUntil }, now);
      if (status === "expired") {
        throw new ConflictError(`Quotation #${id} has expired and can no longer be accepted. Please ask us for a new quotation.`);
      }
      if (status !== "approved") throw new ConflictError(`Quotation #${id} is ${status}: only an approved quotation can be accepted.`);
      // Accepting re-prices nothing the approval froze, and nothing without its VAT is accepted (decision 017).
      if (row.vatRate === null) throw new ConflictError(QUOTATION_NEEDS_REAPPROVAL(id));
      let orderId: number | null = null;
      if (asCompany || (await dealerOwned(tx, row))) {
        // A dealer company's quotation becomes an order, placed by a signed-in owner or buyer only.
        if (!asCompany) throw new ConflictError("Sign in to the dealer area to accept this quotation: it becomes an order there.");
        const buyer = requireVerified(actor);
        if (!orders) throw new Error("quotations: the orders service is not wired");
        orderId = await orders.placeFromQuotation(tx, { quotation: row, placedBy: buyer.id, at: now }, company);
      }
      await tx
        .update(quotations)
        .set({ status: "accepted", acceptedAt: now, acceptedBy: actor?.id ?? null, orderId, updatedAt: now })
        .where(eq(quotations.id, id));
      if (orderId === null) {
        const [view] = (await withProducts([{ ...row, status: "accepted", acceptedAt: now }], tx, now)) as [QuotationView];
        const site = { ...company, siteUrl };
        await queueMails(mailer, tx, [quotationAcceptedToCompanyMail(view, site), quotationAcceptedToRequesterMail(view, site)]);
      }
      return { order_id: orderId };
    });
  }

  return {
    /**
     * Stores a quote request with its lines (names and current USD prices kept as they are now), then tells the
     * requester and the company. The quotation belongs to the signed-in actor, never to a `userId` in the body.
     * Requests per client and per e-mail address are limited, and the requester is mailed at most once an hour
     * (`FormLimits`): the form must not carry anyone's text to strangers.
     */
    async submit(actor: Actor, input: QuoteRequest, sender: FormSender = {}): Promise<{ id: number }> {
      // A dealer's request is for their own customer: never offered to competing installers (a lead).
      if (input.installer === true && isDealerCompanyRole(actor?.role)) throw new FieldError(INSTALLER_NOT_FOR_DEALERS, "installer");
      await formLimits.admit("quote", sender, input.customer_email);
      // Read before the transaction: a read through `db` inside it would wait on PGlite's single connection for it.
      const company = { ...(await settings.get()), siteUrl };
      const wantsInstaller = input.installer === true && input.installer_province !== undefined ? input.installer_province : null;
      const leadSite = wantsInstaller && leads ? await leads.mailSite() : null;
      return db.transaction(async (tx) => {
        const quantities = new Map<number, number>();
        for (const p of input.products) quantities.set(p.product_id, (quantities.get(p.product_id) ?? 0) + p.quantity);
        // Read in the transaction, so the snapshot is of the products the lines point at: a dealer's own price at
        // the quantity, anyone else's the retail price, which an approval starts from.
        const found = await catalogue.quotePriceSnapshot(actor, quantities, tx);
        const byId = new Map(found.map((p) => [p.id, p]));
        input.products.forEach((line, i) => {
          if (!byId.has(line.product_id)) {
            throw new FieldError(`Product ${line.product_id} is no longer available.`, `products.${i}.product_id`);
          }
        });
        const [quotation] = await tx
          .insert(quotations)
          .values({
            userId: actor ? quotationOwnerOf(actor) : null,
            placedBy: actor?.id ?? null,
            status: "pending",
            requesterName: input.customer_name,
            requesterAddress: input.customer_address,
            requesterPhone: input.customer_phone,
            requesterEmail: input.customer_email,
            notes: input.notes,
          })
          .returning();
        if (!quotation) throw new Error("quotation insert returned nothing");
        const lines = input.products.map((line) => {
          const product = byId.get(line.product_id) as NonNullable<ReturnType<typeof byId.get>>;
          return {
            quotationId: quotation.id,
            productId: product.id,
            productName: product.name,
            quantity: line.quantity,
            priceUsd: product.priceUsd,
          };
        });
        await tx.insert(quotationProducts).values(lines);
        // Queued in the transaction: a stored request always has its mails.
        const request = { ...quotation, lines };
        const confirm = await formLimits.mayConfirm(quotation.requesterEmail, tx);
        // The request is repeated only to the requester's own confirmed address; any other gets a fixed text.
        const own = confirm && (await isOwnConfirmedAddress(tx, actor, quotation.requesterEmail));
        await queueMails(mailer, tx, [
          ...(confirm ? [own ? quoteRequestReceivedMail(request, company) : quoteRequestReceiptMail(request, company)] : []),
          quoteRequestToCompanyMail(request, actor ? { id: actor.id, role: actor.role } : null, company),
        ]);
        if (wantsInstaller && leads && leadSite) {
          await leads.createInTx(
            tx,
            { quotationId: quotation.id, province: wantsInstaller, source: input.source ?? "quote" },
            new Date(),
            leadSite,
          );
        }
        return { id: quotation.id };
      });
    },

    /**
     * A signed-in user's own quotations: those made under their account or, once the address is confirmed, with
     * their e-mail address (anyone can sign up with any address). Asking for another user's id or e-mail is refused
     * unless the actor is an admin.
     */
    async listForUser(actor: Actor, query: { id?: number | undefined; email?: string | undefined }): Promise<QuotationView[]> {
      const signedIn = requireUser(actor);
      const admin = isAdminRole(signedIn.role);
      const me = await accounts.me(signedIn);
      const ownEmail = me.email.toLowerCase();
      const askedEmail = query.email?.trim().toLowerCase() || undefined;
      const owner = quotationOwnerOf(signedIn);
      if (!admin && query.id !== undefined && query.id !== signedIn.id && query.id !== owner) throw new ForbiddenError();
      if (!admin && askedEmail !== undefined && askedEmail !== ownEmail) throw new ForbiddenError();
      const conditions: SQL[] = [];
      if (admin && (query.id !== undefined || askedEmail !== undefined)) {
        if (query.id !== undefined) conditions.push(eq(quotations.userId, query.id));
        if (askedEmail !== undefined) conditions.push(eq(sql`lower(${quotations.requesterEmail})`, askedEmail));
      } else {
        conditions.push(eq(quotations.userId, owner));
        if (me.emailVerified) conditions.push(eq(sql`lower(${quotations.requesterEmail})`, ownEmail));
      }
      const rows = await db
        .select()
        .from(quotations)
        .where(or(...conditions))
        .orderBy(desc(quotations.createdAt), desc(quotations.id))
        .limit(500);
      // Every quotation listed is the reader's own: the money rule for their own records.
      const money = canSeeCompanyMoney(signedIn, owner);
      return (await withProducts(rows)).map((q) => pricesForReader(actor, q, money));
    },

    /**
     * The back office's list, newest first, optionally of one effective status (an approved quotation past its
     * validity is listed as expired, in SQL) and matching a search by name, e-mail address or id.
     */
    async list(actor: Actor, query: QuotationListQuery): Promise<{ rows: QuotationView[]; count: number }> {
      requireAdmin(actor);
      const now = new Date();
      const where = listWhere(query, now);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(quotations)
          .where(where)
          .orderBy(desc(quotations.createdAt), desc(quotations.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(quotations).where(where),
      ]);
      return { rows: await withProducts(rows, db, now), count: total?.n ?? 0 };
    },

    /** The overview cards: quotations (matching the search) per effective status, counted in one query. */
    async summary(actor: Actor, query: Pick<QuotationListQuery, "q">): Promise<QuotationSummary> {
      requireAdmin(actor);
      const at = sql`${new Date().toISOString()}::timestamptz`;
      const effective = sql<string>`case when ${quotations.status} = 'approved' and ${VALID_UNTIL_SQL} < ${at} then 'expired' else ${quotations.status} end`;
      const rows = await db
        .select({ status: effective, n: count() })
        .from(quotations)
        .where(searchOf(query.q))
        // By position: the expression's timestamp is a bound parameter, which Postgres would not match twice.
        .groupBy(sql`1`);
      const summary: QuotationSummary = { pending: 0, approved: 0, rejected: 0, expired: 0, accepted: 0, total: 0 };
      for (const r of rows) {
        if (r.status in summary && r.status !== "total") summary[r.status as QuotationStatusValue] = r.n;
        summary.total += r.n;
      }
      return summary;
    },

    /**
     * PUT /api/quotations/{id}: approve (a price per line, the currency, the last day it holds), reject (a reason), or
     * reapprove a rejected one; an approved one that still holds may be rejected, which withdraws it. Anything else
     * is 409 (`QUOTATION_DECISIONS`). The status, the prices, who decided and when, and the audit entry are written
     * in one transaction with the quotation locked, and the PDF is made in it too, so a failure leaves nothing
     * changed. The requester is e-mailed after: the prices and the PDF, or the reason.
     */
    async decide(actor: Actor, id: number, input: QuotationDecision): Promise<QuotationView> {
      const admin = requireAdmin(actor);
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
     * PUT /api/quotations/{id}/lines: before approving, the admin adds products, removes lines, changes
     * quantities, sets the unit price a line is offered at (the approval form starts from it), and replaces the
     * delivery, installation and discount charges. A pending or rejected quotation only (an approved one is rejected
     * first, which releases its stock). One transaction with the row locked, audited with the lines before and after.
     * A product added is snapshotted like a request's line: the owner's dealer price, anyone else's retail price.
     */
    async editLines(actor: Actor, id: number, input: EditQuotationLinesInput): Promise<QuotationView> {
      const admin = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for("update");
        if (!row) throw new NotFoundError("Quotation not found.");
        const now = new Date();
        const [before] = (await withProducts([row], tx, now)) as [QuotationView];
        if (before.status !== "pending" && before.status !== "rejected") {
          throw new ConflictError(`Quotation #${id} is ${before.status}: only a pending or rejected quotation's lines can be changed.`);
        }
        const own = new Map(before.lines.map((l) => [l.id, l]));
        const seen = new Set<number>();
        const products_ = new Set<number>();
        input.lines.forEach((l, i) => {
          if (l.id !== undefined) {
            const line = own.get(l.id);
            if (!line) throw new FieldError(`Line ${l.id} is not a product of quotation #${id}.`, `lines.${i}.id`);
            if (seen.has(l.id)) throw new FieldError(`Line ${l.id} is listed twice.`, `lines.${i}.id`);
            seen.add(l.id);
            if (line.product_id !== null) products_.add(line.product_id);
          }
        });
        const added = input.lines.flatMap((l, i) => (l.product_id === undefined ? [] : [{ ...l, product_id: l.product_id, index: i }]));
        for (const l of added) {
          if (products_.has(l.product_id)) {
            throw new FieldError("This product is already on the quotation: change its quantity instead.", `lines.${l.index}.product_id`);
          }
          products_.add(l.product_id);
        }
        // The owner's prices, as a request of theirs would have them.
        const [owner] =
          row.userId === null
            ? []
            : await tx.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.id, row.userId)).limit(1);
        const ownerActor: Actor = owner
          ? {
              id: owner.id,
              roleId: owner.roleId,
              role: owner.roleId === ROLE_IDS.dealer ? "dealer" : "user",
              sessionId: "",
              emailVerified: true,
              companyUserId: owner.id,
              teamRole: null,
            }
          : null;
        const snapshot = await catalogue.quotePriceSnapshot(ownerActor, new Map(added.map((l) => [l.product_id, l.quantity])), tx);
        const found = new Map(snapshot.map((p) => [p.id, p]));
        for (const l of added) {
          if (!found.has(l.product_id))
            throw new FieldError(`Product ${l.product_id} is not in the catalogue.`, `lines.${l.index}.product_id`);
        }
        // A discount never brings the quotation to nothing or below (no document totals ≤ 0): each line at its price in
        // the quotation's currency (the one given, the one set before, else its list price), the charges as given.
        const discountAt = input.charges.findIndex((c) => c.kind === "discount");
        if (discountAt >= 0) {
          const beforeLines = new Map(before.products.map((p) => [p.id, p]));
          const net = quotationNetCents(
            input.lines.map((l) => {
              if (l.id === undefined) {
                return {
                  unit: l.price ?? (row.currency === "USD" ? (found.get(l.product_id as number)?.priceUsd ?? null) : null),
                  quantity: l.quantity,
                };
              }
              const line = beforeLines.get(l.id);
              return { unit: l.price ?? line?.quoted_price ?? (line ? listPriceIn(line, row.currency) : null), quantity: l.quantity };
            }),
            input.charges,
          );
          if (net !== null && net <= 0n) throw new FieldError(DISCOUNT_TOO_LARGE, `charges.${discountAt}.amount`);
        }
        const removed = before.lines.filter((l) => !seen.has(l.id)).map((l) => l.id);
        if (removed.length) await tx.delete(quotationProducts).where(inArray(quotationProducts.id, removed));
        for (const l of input.lines) {
          if (l.id === undefined) continue;
          await tx
            .update(quotationProducts)
            .set({ quantity: l.quantity, ...(l.price !== undefined ? { quotedPrice: l.price } : {}) })
            .where(eq(quotationProducts.id, l.id));
        }
        if (added.length) {
          await tx.insert(quotationProducts).values(
            added.map((l) => {
              const p = found.get(l.product_id) as NonNullable<ReturnType<typeof found.get>>;
              return {
                quotationId: id,
                productId: p.id,
                productName: p.name,
                quantity: l.quantity,
                priceUsd: p.priceUsd,
                quotedPrice: l.price ?? null,
                addedByAdmin: true,
              };
            }),
          );
        }
        await tx.delete(quotationCharges).where(eq(quotationCharges.quotationId, id));
        if (input.charges.length) {
          await tx.insert(quotationCharges).values(
            input.charges.map((c) => ({
              quotationId: id,
              kind: c.kind,
              label: c.label || CHARGE_DEFAULT_LABELS[c.kind],
              amount: c.amount,
              createdAt: now,
            })),
          );
        }
        await tx.update(quotations).set({ updatedAt: now }).where(eq(quotations.id, id));
        const [updated] = await tx.select().from(quotations).where(eq(quotations.id, id));
        const [after] = (await withProducts([updated as QuotationRow], tx, now)) as [QuotationView];
        const parts = [
          added.length ? `${added.length} added` : "",
          removed.length ? `${removed.length} removed` : "",
          `${after.lines.length} line${after.lines.length === 1 ? "" : "s"}`,
          `${after.charges.length} charge${after.charges.length === 1 ? "" : "s"}`,
        ].filter(Boolean);
        await audit.record(tx, admin, {
          entity: "quotation",
          entityId: id,
          action: "edit-lines",
          summary: `Changed the lines of quotation #${id} for ${after.requester_name}: ${parts.join(", ")}`,
          before: { lines: before.lines, charges: before.charges },
          after: { lines: after.lines, charges: after.charges },
        });
        return after;
      });
    },

    /**
     * POST /api/quotations/{id}/accept: the requester accepts an approved quotation before it expires.
     * A dealer company's owner or buyer (the quotation is the company's: `user_id` is `actor.companyUserId`) places an
     * order at the quoted prices (`orders.placeFromQuotation`); anyone else accepts as the owning account or through
     * the private link's token, and sales is told (no order). Idempotent: accepting again answers the same order, and
     * two acceptances at once make one (the row is locked, and `orders.quotation_id` is unique). 409 when it is
     * expired or not approved; a technician 403; anyone else 404, so an id says nothing about whether it exists.
     */
    async accept(actor: Actor, id: number, input: AcceptQuotationInput = {}): Promise<{ order_id: number | null }> {
      // Decision 023: a company on hold (suspended, or its documents expired) places no order, from a quotation either.
      if (actor?.hold) requireGoodStanding(actor);
      const company = await settings.get();
      try {
        return await acceptIn(actor, id, input, company);
      } catch (err) {
        // Two acceptances at once on separate connections: the other one placed the order.
        if (isUniqueViolation(err)) {
          const [row] = await db.select({ orderId: quotations.orderId }).from(quotations).where(eq(quotations.id, id));
          if (row?.orderId) return { order_id: row.orderId };
        }
        throw err;
      }
    },

    /**
     * The private link's page: the approved quotation its token opens, as its requester sees it. A token
     * that does not match is 404, whatever the id.
     */
    async viewByToken(id: number, token: string): Promise<{ quotation: QuotationView; prices: boolean }> {
      const [row] = await db.select().from(quotations).where(eq(quotations.id, id)).limit(1);
      if (!row || !tokenMatches(row, token)) throw new NotFoundError("Quotation not found.");
      const [view] = (await withProducts([row])) as [QuotationView];
      // The link stands for the quotation's requester: no amounts for a technician's own request (the money rule).
      const prices = await requesterSeesMoney(db, row);
      return { quotation: pricesForReader(null, view, prices), prices };
    },

    /**
     * The reminder (the hourly "quotations.remind" job): each approved quotation that expires within
     * REMINDER_DAYS days and was not reminded yet is mailed once to its requester. Claimed by one UPDATE … RETURNING,
     * so two processes never remind twice. The number reminded.
     */
    async remindExpiring(now: Date = new Date()): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const until = sql`${new Date(now.getTime() + REMINDER_DAYS * 86_400_000).toISOString()}::timestamptz`;
      const company = { ...(await settings.get()), siteUrl };
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(quotations)
          .set({ reminderSentAt: now })
          .where(
            and(
              eq(quotations.status, "approved"),
              isNull(quotations.reminderSentAt),
              sql`${VALID_UNTIL_SQL} >= ${at}`,
              sql`${VALID_UNTIL_SQL} <= ${until}`,
            ),
          )
          .returning();
        if (rows.length === 0) return 0;
        const views = await withProducts(rows, tx, now);
        const mails = [];
        for (const [i, view] of views.entries()) {
          const row = rows[i] as QuotationRow;
          const dealer = await dealerOwned(tx, row);
          // Its total only when the requester may see it (the money rule).
          const seen = (await requesterSeesMoney(tx, row)) ? view : pricesForReader(null, view, false);
          mails.push(quotationReminderMail(seen, company, dealer ? `${siteUrl}/dealer/quotations` : null));
        }
        await queueMails(mailer, tx, mails);
        return rows.length;
      });
    },

    /**
     * Writes 'expired' on approved quotations past their validity (the periodic "quotations.expire" job, decision 007).
     * Reads already show them expired (decision 006); this keeps the stored status in step for reports and exports.
     * No actor, no audit entry and no e-mail: nothing was decided, the date passed. The number of rows changed.
     */
    async expireLapsed(now: Date = new Date()): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(quotations)
          .set({ status: "expired", updatedAt: now })
          .where(and(eq(quotations.status, "approved"), sql`${VALID_UNTIL_SQL} < ${at}`))
          .returning({ id: quotations.id });
        // What they held goes back to stock.
        for (const { id } of rows) await release(tx, { quotationId: id }, `Quotation ${id} expired`, now);
        await releaseExpired(tx, now);
        return rows.length;
      });
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
      requireAdmin(actor);
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

    /**
     * An approved quotation as a PDF, for its owner (made under their account or with their e-mail address, as
     * `listForUser` reads it) or an admin. Anyone else gets 404, so an id says nothing about whether it exists; its
     * owner who may see no prices (a technician) 403: they know it exists, the refusal is their role's.
     * An approved quotation past its validity is expired, like the dealer's page shows it: 409 as for any other.
     */
    async pdfFor(actor: Actor, quotationId: number): Promise<Uint8Array> {
      const signedIn = requireUser(actor);
      const [row] = await db.select().from(quotations).where(eq(quotations.id, quotationId)).limit(1);
      let allowed = Boolean(row) && (isAdminRole(signedIn.role) || row?.userId === quotationOwnerOf(signedIn));
      if (row && !allowed) {
        const me = await accounts.me(signedIn);
        allowed = me.emailVerified && me.email.toLowerCase() === row.requesterEmail.toLowerCase();
      }
      if (!row || !allowed) throw new NotFoundError("Quotation not found.");
      // The PDF is the quotation's prices: the reader's own record under the money rule (a technician never).
      if (!canSeeCompanyMoney(signedIn, quotationOwnerOf(signedIn))) throw new ForbiddenError(QUOTATION_PRICES_NOT_FOR_TECHNICIANS);
      const [view] = (await withProducts([row])) as [QuotationView];
      // An accepted quotation keeps its PDF: it is what the requester agreed to.
      if (view.status !== "approved" && view.status !== "accepted") {
        throw new ConflictError("Only approved or accepted quotations can be downloaded.");
      }
      return quotationPdf(view, await settings.get());
    },
  };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
