import { and, asc, eq, inArray } from "drizzle-orm";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import { type OrderView, orderReference } from "#shared/schemas/orders.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { taxTotals } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { companyNames } from "../../db/dealer-names.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orderLines, orderStatusEvents, orders } from "../../db/schema/commerce.ts";
import { NotFoundError } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { CreditService } from "../credit/index.ts";
import { placedBy } from "../dealers/index.ts";
import type { RatesService } from "../money/rates.service.ts";
import type { TaxDocumentRow, TaxDocumentsService } from "../money/tax-documents.service.ts";
import type { SalesService } from "../sales/sales.service.ts";
import type { StockService } from "../stock/stock.service.ts";
import { paymentProofsOf } from "./payment-proofs.service.ts";

export type OrderRow = typeof orders.$inferSelect;

export type OrdersDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  catalogue: Pick<CatalogueService, "dealerPriceSnapshot" | "secondaryPricing">;
  /** Back-office changes are written to the audit log in their transaction. */
  audit: Pick<AuditService, "record">;
  /** A paid order's lines become sales (and stop being sales if it is cancelled), in the same transaction. */
  sales?: Pick<SalesService, "recordPaidOrder" | "withdrawOrder">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
  /** The VAT rate in force on the order's day. */
  rates: Pick<RatesService, "taxRateOn">;
  /** A paid order's tax invoice and a cancelled paid order's credit note, issued in the same transaction. */
  taxDocuments: Pick<TaxDocumentsService, "issueInvoice" | "issueCreditNote" | "refsOf">;
  /** The clock: the order's day decides its VAT rate (tests set it). */
  now?: () => Date;
  /** Orders on account: charged to the company's credit when placed, its credit applied when invoiced (decision 034). */
  credit?: Pick<CreditService, "chargeOnAccount" | "applyCredit">;
  /** Branches, delivery fees, reservations and serials. */
  stock: Pick<StockService, "chooseBranch" | "deliveryFeeFor" | "orderStock" | "serialsInUse">;
};

/** What each part of the orders service (orders.service.ts) is given: its dependencies, clock and address settled. */
export type OrdersParts = Omit<OrdersDeps, "now" | "siteUrl"> & { now: () => Date; siteUrl: string };

/** The reads every part of the orders service builds on: orders as the API shows them, and who to mail. */
export function orderViews({ db, settings, taxDocuments, stock, siteUrl }: OrdersParts) {
  /** What the e-mails name: the site settings and the site's address (read before a transaction, see views). */
  const mailSite = async () => ({ ...(await settings.get()), siteUrl });
  /** Orders with their lines, timelines and dealers' names: four queries whatever the number of orders. */
  /**
   * Orders as the API shows them. Inside a transaction (`exec` its handle) only with `settings` read before it: they
   * are read through their own connection, which PGlite's single connection would wait for until the transaction
   * ends (a deadlock).
   */
  async function views(rows: OrderRow[], exec: Db | Tx = db, settingsRead?: SiteSettings): Promise<OrderView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const proofs = await paymentProofsOf(exec, ids);
    const [lines, events, owners, companies, company, documents, held] = await Promise.all([
      exec
        .select({ line: orderLines, serialised: products.serialised })
        .from(orderLines)
        .leftJoin(products, eq(products.productId, orderLines.productId))
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id)),
      exec
        .select({ e: orderStatusEvents, by: users.fullName })
        .from(orderStatusEvents)
        .leftJoin(users, eq(users.id, orderStatusEvents.changedBy))
        .where(inArray(orderStatusEvents.orderId, ids))
        .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id)),
      exec
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, [...rows.map((r) => r.userId), ...rows.flatMap((r) => (r.placedBy === null ? [] : [r.placedBy]))])),
      companyNames(
        exec,
        rows.map((r) => r.userId),
      ),
      settingsRead ?? settings.get(),
      taxDocuments.refsOf(exec, ids),
      stock.orderStock(exec, ids),
    ]);
    const names = new Map(owners.map((o) => [o.id, o.fullName]));
    return rows.map((o) => {
      const mine = lines.filter((l) => l.line.orderId === o.id).map((l) => ({ ...l.line, serialised: l.serialised === true }));
      const deliveryLine = mine.find((l) => l.kind === "delivery");
      const waiting = held.backorders.get(o.id);
      const sent = held.serials.get(o.id);
      const branch = o.branchId === null ? undefined : held.branches.get(o.branchId);
      // Each line's VAT as the order's totals were made (decision 031): its share of its rate's VAT on the order.
      const taxed = taxTotals(
        mine.map((l) => ({ unit: l.unitPrice ?? l.unitPriceUsd, quantity: l.quantity, vatRate: l.vatRate })),
        o.vatRounding,
      ).lines;
      const products = mine
        .map((l, i) => ({ l, vat: taxed[i]?.vat ?? 0n }))
        .filter(({ l }) => l.kind === "product")
        .map(({ l, vat }) => {
          const unit = l.unitPrice ?? l.unitPriceUsd;
          return {
            product_id: l.productId,
            product_name: l.productName,
            quantity: l.quantity,
            unit_price: unit,
            unit_price_usd: l.unitPriceUsd,
            unit_price_secondary: l.unitPriceSecondary,
            line_total: centsToDecimal((signedCents(unit) ?? 0n) * BigInt(l.quantity)),
            line_vat: centsToDecimal(vat),
            hs_code: l.hsCode,
            vat_category: l.vatCategory,
            vat_rate: l.vatRate,
            serialised: l.serialised,
            serials: sent?.get(l.id) ?? [],
            backordered: (l.productId !== null && waiting?.get(l.productId)?.quantity) || 0,
            expected: (l.productId !== null && waiting?.get(l.productId)?.expected) || null,
          };
        });
      let history = events
        .filter((x) => x.e.orderId === o.id)
        .map((x) => ({ status: x.e.status, note: x.e.note, changed_by: x.by ?? null, created_At: x.e.createdAt.toISOString() }));
      // Orders from before the timeline existed: placed when made, and the current status as of the last change.
      if (history.length === 0) {
        history = [{ status: "awaiting_payment", note: "", changed_by: null, created_At: o.createdAt.toISOString() }];
        if (o.status !== "awaiting_payment") {
          history.push({ status: o.status, note: "", changed_by: null, created_At: o.updatedAt.toISOString() });
        }
      }
      const docs = documents.get(o.id);
      const ref = (d: TaxDocumentRow | undefined) =>
        d ? { id: d.id, number: d.number, issued_at: d.issuedAt.toISOString(), fiscal_status: d.fiscalStatus } : null;
      const total = o.total ?? o.totalUsd;
      return {
        id: o.id,
        reference: orderReference(o.id, o.createdAt),
        user_id: o.userId,
        dealer_name: names.get(o.userId) ?? "",
        dealer_company: companies.get(o.userId) ?? null,
        placed_by: placedBy(o.placedBy ?? o.userId, names),
        status: o.status,
        currency: o.currency,
        vat_rate: o.vatRate,
        subtotal: o.subtotal ?? total,
        vat: o.vat ?? "0.00",
        total,
        subtotal_usd: o.subtotalUsd ?? o.totalUsd,
        vat_usd: o.vatUsd ?? "0.00",
        total_usd: o.totalUsd,
        secondary_currency: o.secondaryCurrency,
        subtotal_secondary: o.subtotalSecondary,
        vat_secondary: o.vatSecondary,
        total_secondary: o.totalSecondary,
        exchange_rate: o.exchangeRate,
        rate_date: o.rateDate,
        fulfilment: o.fulfilment,
        contactName: o.contactName,
        contactPhone: o.contactPhone,
        deliveryAddress: o.deliveryAddress,
        delivery_city: o.deliveryCity,
        delivery_fee: deliveryLine ? (deliveryLine.unitPrice ?? deliveryLine.unitPriceUsd) : null,
        charges: mine.flatMap((l) =>
          l.kind === "installation" || l.kind === "discount"
            ? [
                {
                  kind: l.kind,
                  label: l.productName,
                  amount: centsToDecimal((signedCents(l.unitPrice ?? l.unitPriceUsd) ?? 0n) * BigInt(l.quantity)),
                },
              ]
            : [],
        ),
        branch: branch
          ? {
              id: branch.id,
              name: branch.name,
              city: branch.city,
              address: branch.address,
              phone: branch.phone,
              opening_hours: branch.openingHours,
            }
          : null,
        dispatch_reference: o.dispatchReference,
        notes: o.notes,
        paymentReference: o.paymentReference,
        payment_terms: o.paymentTerms,
        due_on: o.dueOn,
        bankDetails: o.status === "awaiting_payment" ? company.bankDetails : null,
        created_At: o.createdAt.toISOString(),
        updated_At: o.updatedAt.toISOString(),
        products,
        history,
        invoice: ref(docs?.invoice),
        credit_note: ref(docs?.credit_note),
        documents: (docs?.all ?? []).map((d) => ({
          ...(ref(d) as NonNullable<ReturnType<typeof ref>>),
          kind: d.kind,
          corrected: d.correctedAt !== null,
        })),
        payment_proofs: proofs.get(o.id) ?? [],
      };
    });
  }

  async function one(id: number, exec: Db | Tx = db, settingsRead?: SiteSettings): Promise<OrderView> {
    const [row] = await exec.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row) throw new NotFoundError("Order not found.");
    const [view] = await views([row], exec, settingsRead);
    return view as OrderView;
  }

  async function byKey(userId: number, key: string): Promise<OrderView | null> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    if (!row) return null;
    const [view] = await views([row]);
    return view ?? null;
  }

  async function dealerOf(userId: number, exec: Db | Tx = db): Promise<{ email: string; fullName: string } | null> {
    const [row] = await exec.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  return { mailSite, views, one, byKey, dealerOf };
}

export type OrderViews = ReturnType<typeof orderViews>;
