import { and, asc, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import { isAdminRole } from "#shared/roles.ts";
import {
  type ConfirmPaymentInput,
  canMoveOrder,
  ORDER_STATUS_LABELS,
  type OrderAnswer,
  type OrderCurrency,
  type OrderPreview,
  type OrderStatus,
  type OrderView,
  orderReference,
  type PlaceOrderInput,
  type SetOrderStatusInput,
} from "#shared/schemas/orders.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { DispatchOrderInput } from "#shared/schemas/stock.ts";
import { NO_VAT_RATE, taxTotals } from "#shared/tax.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { companyNames } from "../../db/dealer-names.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orderLines, orderStatusEvents, orders } from "../../db/schema/commerce.ts";
import { serials } from "../../db/schema/stock.ts";
import { type Actor, requireAdmin, requireGoodStanding, requireRole, requireUser, requireVerified } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { removeOrderedLines } from "../buying/index.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { placedBy } from "../dealers/index.ts";
import type { RatesService } from "../money/rates.service.ts";
import type { TaxDocumentRow, TaxDocumentsService } from "../money/tax-documents.service.ts";
import type { SalesService } from "../sales/sales.service.ts";
import { dispatchOrderStock, type LineRequest, release, reserve } from "../stock/index.ts";
import { type BranchRow, normaliseSerial, type StockService } from "../stock/stock.service.ts";
import { insertOrderFromQuotation, type QuotationOrderInput } from "./order-from-quotation.ts";
import { orderPlacedToCompany, orderPlacedToDealer, orderStatusToDealer } from "./order-mail.ts";
import { DELIVERY_LINE, deliveryProduct, figures, priceOrder } from "./order-pricing.ts";
import { orderForViewer } from "./order-viewer.ts";
import { paymentProofsOf } from "./payment-proofs.service.ts";

type OrderRow = typeof orders.$inferSelect;

export type OrderListQuery = { status?: OrderStatus | undefined; q?: string | undefined; page: number; pageSize: number };

type Deps = {
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
  /** Branches, delivery fees, reservations and serials. */
  stock: Pick<StockService, "chooseBranch" | "deliveryFeeFor" | "orderStock" | "serialsInUse">;
};

export const CANCEL_REASON_REQUIRED = "Please give the reason for cancelling: the dealer is told it.";

export function createOrdersService({
  db,
  mailer,
  settings,
  catalogue,
  audit,
  sales,
  rates,
  taxDocuments,
  stock,
  now = () => new Date(),
  siteUrl = DEFAULT_LINK_ORIGIN,
}: Deps) {
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
      const products = mine
        .filter((l) => l.kind === "product")
        .map((l) => {
          const unit = l.unitPrice ?? l.unitPriceUsd;
          const [taxed] = taxTotals([{ unit, quantity: l.quantity, vatRate: l.vatRate }]).lines;
          return {
            product_id: l.productId,
            product_name: l.productName,
            quantity: l.quantity,
            unit_price: unit,
            unit_price_usd: l.unitPriceUsd,
            unit_price_secondary: l.unitPriceSecondary,
            line_total: centsToDecimal((signedCents(unit) ?? 0n) * BigInt(l.quantity)),
            line_vat: centsToDecimal(taxed?.vat ?? 0n),
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
        bankDetails: o.status === "awaiting_payment" ? company.bankDetails : null,
        created_At: o.createdAt.toISOString(),
        updated_At: o.updatedAt.toISOString(),
        products,
        history,
        invoice: ref(docs?.invoice),
        credit_note: ref(docs?.credit_note),
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

  /**
   * Moves an order on (admins): only along the allowed transitions, recorded with who and when, and e-mailed
   * to the dealer. A move that is not allowed from the current status is refused with 409.
   */
  async function setStatus(
    actor: Actor,
    id: number,
    input: SetOrderStatusInput,
    paymentReference?: string,
    dispatch?: DispatchOrderInput,
  ): Promise<OrderView> {
    const admin = requireAdmin(actor);
    if (input.status === "cancelled" && !input.note.trim()) throw new FieldError(CANCEL_REASON_REQUIRED, "note");
    const company = await mailSite();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!row) throw new NotFoundError("Order not found.");
      if (!canMoveOrder(row.status, input.status, row.fulfilment)) {
        throw new ConflictError(
          `An order that is ${ORDER_STATUS_LABELS[row.status].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[input.status].toLowerCase()}.`,
        );
      }
      const at = now();
      // The goods leave the branch with their serial numbers; a cancelled order's reservations go back.
      if (input.status === "dispatched" || input.status === "ready_for_collection") {
        await sendGoods(tx, admin.id, row, dispatch ?? { status: input.status, reference: "", note: input.note, lines: [] }, at, !dispatch);
      } else if (input.status === "cancelled") {
        await release(tx, { orderId: id }, `Order ${id} cancelled`, at, admin.id);
      }
      await tx
        .update(orders)
        .set({ status: input.status, updatedAt: at, ...(paymentReference ? { paymentReference } : {}) })
        .where(eq(orders.id, id));
      await tx
        .insert(orderStatusEvents)
        .values({ orderId: id, status: input.status, changedBy: admin.id, note: input.note, createdAt: at });
      await audit.record(tx, admin, {
        entity: "order",
        entityId: id,
        action: input.status === "paid" ? "confirm-payment" : input.status === "cancelled" ? "cancel" : "status",
        summary: `Order ${id}: ${ORDER_STATUS_LABELS[row.status]} → ${ORDER_STATUS_LABELS[input.status]}${input.note ? ` (${input.note})` : ""}`,
        before: { status: row.status, paymentReference: row.paymentReference },
        after: { status: input.status, paymentReference: paymentReference ?? row.paymentReference, note: input.note },
      });
      if (input.status === "paid") {
        // The delivery fee is no sale of a product.
        const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, id))).filter((l) => l.kind === "product");
        await sales?.recordPaidOrder(tx, { orderId: id, paidAt: at, lines });
        await taxDocuments.issueInvoice(tx, id, company, at);
      } else if (input.status === "cancelled" && row.status !== "awaiting_payment") {
        await sales?.withdrawOrder(tx, id);
        await taxDocuments.issueCreditNote(tx, id, input.note, at);
      }
      // The dealer's mail is queued in the transaction: a committed change always has it.
      const order = await one(id, tx, company);
      const owner = await dealerOf(order.user_id, tx);
      if (owner) await queueMails(mailer, tx, [orderStatusToDealer(order, owner, company)]);
      return order;
    });
  }

  /**
   * What leaves the branch: each serialised product's line needs one serial number per unit, unique
   * across the catalogue (any case); the units come out of on hand and out of the order's reservation; the serials
   * and the waybill or collection reference are kept with the order. Inside setStatus's transaction.
   */
  async function sendGoods(tx: Tx, adminId: number, row: OrderRow, input: DispatchOrderInput, at: Date, statusOnly = false): Promise<void> {
    const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id))).filter(
      (l) => l.kind === "product" && l.productId !== null,
    );
    const productIds = lines.map((l) => l.productId as number);
    const flags = productIds.length
      ? await tx
          .select({ id: products.productId, serialised: products.serialised })
          .from(products)
          .where(inArray(products.productId, productIds))
      : [];
    const serialised = new Set(flags.filter((f) => f.serialised).map((f) => f.id));
    const given = new Map<number, string[]>();
    input.lines.forEach((l, i) => {
      if (!productIds.includes(l.product_id)) throw new FieldError("This product is not on the order.", `lines.${i}.product_id`);
      given.set(l.product_id, [...(given.get(l.product_id) ?? []), ...l.serials.map((x) => x.trim())]);
    });
    const fieldOf = (productId: number) =>
      `lines.${Math.max(
        0,
        input.lines.findIndex((l) => l.product_id === productId),
      )}.serials`;
    const seen = new Set<string>();
    const toRecord: { line: (typeof lines)[number]; serial: string }[] = [];
    for (const line of lines) {
      const productId = line.productId as number;
      const entered = given.get(productId) ?? [];
      // A plain status change (PUT …/status) cannot carry serial numbers: say where they go.
      if (statusOnly && serialised.has(productId)) {
        throw new FieldError(
          `${line.productName} needs a serial number per unit: send the order with the dispatch form (POST /api/orders/${row.id}/dispatch).`,
          "status",
        );
      }
      if (serialised.has(productId) && entered.length !== line.quantity) {
        throw new FieldError(
          `Enter ${line.quantity} serial number${line.quantity === 1 ? "" : "s"} for ${line.productName} (${entered.length} entered).`,
          fieldOf(productId),
        );
      }
      if (!serialised.has(productId) && entered.length > 0) {
        throw new FieldError(`${line.productName} is not a serialised product.`, fieldOf(productId));
      }
      for (const serial of entered) {
        const key = normaliseSerial(serial);
        if (seen.has(key)) throw new FieldError(`Serial number ${serial} is entered twice.`, fieldOf(productId));
        seen.add(key);
        toRecord.push({ line, serial });
      }
    }
    if (toRecord.length && !input.reference.trim()) throw new FieldError("Enter the waybill or collection reference.", "reference");
    const used = await stock.serialsInUse(
      tx,
      toRecord.map((r) => r.serial),
    );
    if (used.length) {
      const first = toRecord.find((r) => normaliseSerial(r.serial) === normaliseSerial(used[0] as string));
      throw new FieldError(`Serial number ${used[0]} already went out with another order.`, fieldOf(first?.line.productId ?? 0));
    }
    if (row.branchId !== null) {
      const wanted: LineRequest[] = lines.map((l) => ({ productId: l.productId as number, quantity: l.quantity }));
      await dispatchOrderStock(tx, row.id, row.branchId, wanted, at, adminId);
    }
    if (toRecord.length) {
      try {
        await tx.insert(serials).values(
          toRecord.map((r) => ({
            serial: r.serial,
            productId: r.line.productId,
            orderId: row.id,
            orderLineId: r.line.id,
            branchId: row.branchId,
            recordedBy: adminId,
            createdAt: at,
          })),
        );
      } catch (err) {
        // Another dispatch recorded one of them a moment ago.
        if (isUniqueViolation(err))
          throw new ConflictError("One of these serial numbers went out with another order just now: check them again.");
        throw err;
      }
    }
    await tx
      .update(orders)
      .set({ dispatchReference: input.reference.trim() || null })
      .where(eq(orders.id, row.id));
  }

  return {
    /**
     * A dealer's cart becomes an order at today's dealer prices (read from the catalogue, never from the request),
     * in USD or the site's secondary currency, in one transaction. The same idempotency key from the same dealer
     * answers the order it already made (`created: false`), so a retried submit never makes a second one.
     */
    async placeOrder(actor: Actor, input: PlaceOrderInput): Promise<{ order: OrderView; created: boolean }> {
      const dealer = requireGoodStanding(requireVerified(requireRole(actor, "dealer")));
      // The company's order: kept under its owner's account, placed by whoever is signed in.
      const companyId = dealer.companyUserId;
      const existing = await byKey(companyId, input.idempotencyKey);
      if (existing) return { order: existing, created: false };

      const company = await mailSite();
      const currency: OrderCurrency = input.currency;
      if (currency !== "USD" && currency !== company.secondaryCurrency) {
        throw new FieldError(`Choose USD or ${company.secondaryCurrency}.`, "currency");
      }
      // One line per product, quantities added up, in the order the cart has them.
      const merged = new Map<number, { quantity: number; index: number }>();
      input.products.forEach((line, index) => {
        const seen = merged.get(line.product_id);
        merged.set(line.product_id, { quantity: (seen?.quantity ?? 0) + line.quantity, index: seen?.index ?? index });
      });

      try {
        const order = await db.transaction(async (tx) => {
          // The rate the secondary prices are made at, read once and frozen with the order.
          const pricing = await catalogue.secondaryPricing(true, tx);
          // Each line at the dealer's price for its quantity.
          const quantities = new Map([...merged.entries()].map(([id, l]) => [id, l.quantity]));
          const found = await catalogue.dealerPriceSnapshot(companyId, quantities, tx, pricing);
          const at = now();
          const vat = await rates.taxRateOn(harareDate(at), tx);
          if (!vat) throw new ConflictError(NO_VAT_RATE);
          const byId = new Map(found.map((p) => [p.id, p]));
          const items = [...merged.entries()].map(([productId, { quantity, index }]) => {
            const product = byId.get(productId);
            // A cart kept in the browser may name a product removed since: say so, not just "not found".
            if (!product) {
              throw new FieldError(
                `Product ${productId} is no longer available: remove it from your cart and try again.`,
                `products.${index}.product_id`,
              );
            }
            return { product, quantity, index };
          });
          // The branch that serves it, and the delivery fee as a line of its own.
          const wanted: LineRequest[] = items.map((i) => ({ productId: i.product.id, quantity: i.quantity }));
          const delivery = input.fulfilment === "delivery";
          const branch: BranchRow = await stock.chooseBranch(tx, wanted, { branchId: input.branchId, collection: !delivery });
          const fee = delivery ? await stock.deliveryFeeFor(tx, input.deliveryCity, input.deliveryAddress) : null;
          const feeLine = fee ? [{ product: deliveryProduct(fee, pricing.priceOf(fee.feeUsd, null)), quantity: 1, index: -1 }] : [];
          const amounts = priceOrder([...items, ...feeLine], vat.rate);
          amounts.lines.forEach((l, i) => {
            if (currency !== "USD" && l.unitSecondary === null) {
              throw new FieldError(
                `${l.product.name} has no ${currency} price: order it in USD.`,
                items[i] ? `products.${items[i]?.index}.product_id` : "deliveryCity",
              );
            }
          });
          const usd = figures(amounts.usd);
          const secondary = figures(amounts.secondary);
          const own = currency === "USD" ? usd : secondary;
          const [order] = await tx
            .insert(orders)
            .values({
              userId: companyId,
              placedBy: dealer.id,
              status: "awaiting_payment",
              currency,
              vatRate: vat.rate,
              subtotalUsd: usd.subtotal,
              vatUsd: usd.vat,
              totalUsd: usd.total as string,
              subtotal: own.subtotal,
              vat: own.vat,
              total: own.total,
              secondaryCurrency: pricing.rate || amounts.secondary ? company.secondaryCurrency : null,
              subtotalSecondary: secondary.subtotal,
              vatSecondary: secondary.vat,
              totalSecondary: secondary.total,
              exchangeRate: pricing.rate?.rate ?? null,
              rateDate: pricing.rate?.effective_date ?? null,
              fulfilment: input.fulfilment,
              contactName: input.contactName,
              contactPhone: input.contactPhone,
              deliveryAddress: delivery ? input.deliveryAddress : "",
              deliveryCity: delivery ? (fee?.city ?? (input.deliveryCity || null)) : null,
              branchId: branch.id,
              notes: input.notes,
              idempotencyKey: input.idempotencyKey,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: orders.id });
          if (!order) throw new Error("order insert returned nothing");
          await tx.insert(orderLines).values(
            amounts.lines.map((l) => ({
              orderId: order.id,
              kind: l.product.id === DELIVERY_LINE ? ("delivery" as const) : ("product" as const),
              productId: l.product.id === DELIVERY_LINE ? null : l.product.id,
              productName: l.product.name,
              quantity: l.quantity,
              unitPriceUsd: l.unitUsd,
              unitPrice: currency === "USD" ? l.unitUsd : l.unitSecondary,
              unitPriceSecondary: l.unitSecondary,
              hsCode: l.product.hsCode,
              vatCategory: l.product.vatCategory,
              vatRate: l.vatRate,
            })),
          );
          await tx.insert(orderStatusEvents).values({ orderId: order.id, status: "awaiting_payment", changedBy: dealer.id, createdAt: at });
          // Its lines are reserved at the branch; what is not there is backordered.
          await reserve(tx, { orderId: order.id }, branch.id, wanted, at, { userId: dealer.id });
          // What the order holds leaves the company's cart; what a teammate added meanwhile stays.
          await removeOrderedLines(tx, dealer.companyUserId, quantities);
          // The mails are queued in the transaction: a committed order always has them.
          const view = await one(order.id, tx, company);
          const owner = await dealerOf(companyId, tx);
          if (owner) await queueMails(mailer, tx, [orderPlacedToDealer(view, owner, company), orderPlacedToCompany(view, owner, company)]);
          return view;
        });
        return { order, created: true };
      } catch (err) {
        // The same key sent twice at once: the other request made the order.
        if (isUniqueViolation(err)) {
          const raced = await byKey(companyId, input.idempotencyKey);
          if (raced) return { order: raced, created: false };
        }
        throw err;
      }
    },

    /**
     * The checkout page's summary of a cart at today's dealer prices, in USD and in the secondary currency (null
     * when a product has no such price). Unknown products are listed in `missing`, not refused: the cart may be old.
     */
    async previewOrder(actor: Actor, lines: { product_id: number; quantity: number }[], city = ""): Promise<OrderPreview> {
      const dealer = requireGoodStanding(requireRole(actor, "dealer"));
      const merged = new Map<number, number>();
      for (const l of lines) merged.set(l.product_id, (merged.get(l.product_id) ?? 0) + l.quantity);
      const [pricing, vat] = await Promise.all([catalogue.secondaryPricing(true), rates.taxRateOn(harareDate(now()))]);
      const found = await catalogue.dealerPriceSnapshot(dealer.companyUserId, merged, db, pricing);
      const byId = new Map(found.map((p) => [p.id, p]));
      const missing = [...merged.keys()].filter((id) => !byId.has(id));
      const items = [...merged.entries()].flatMap(([id, quantity]) => {
        const product = byId.get(id);
        return product ? [{ product, quantity }] : [];
      });
      const fee = city ? await stock.deliveryFeeFor(db, city).catch(() => null) : null;
      const feeProduct = fee ? deliveryProduct(fee, pricing.priceOf(fee.feeUsd, null)) : null;
      const amounts = priceOrder([...items, ...(feeProduct ? [{ product: feeProduct, quantity: 1 }] : [])], vat?.rate ?? "0.00");
      const productLines = amounts.lines.filter((l) => l.product.id !== DELIVERY_LINE);
      const usd = figures(amounts.usd);
      const secondary = figures(items.length ? amounts.secondary : null);
      const company = await mailSite();
      return {
        lines: productLines.map((l, i) => ({
          product_id: l.product.id,
          product_name: l.product.name,
          quantity: l.quantity,
          unit_price_usd: l.unitUsd,
          unit_price_secondary: l.unitSecondary,
          line_total_usd: centsToDecimal(amounts.usd.lines[i]?.net ?? 0n),
          // Unit × quantity, whether or not every line has a secondary price (the totals need them all).
          line_total_secondary: l.unitSecondary === null ? null : centsToDecimal((signedCents(l.unitSecondary) ?? 0n) * BigInt(l.quantity)),
          vat_rate: l.vatRate,
          price_breaks: l.product.breaks,
        })),
        missing,
        delivery: feeProduct ? { city: fee?.city ?? city, fee_usd: feeProduct.priceUsd, fee_secondary: feeProduct.priceZwl } : null,
        vat_rate: vat?.rate ?? null,
        subtotal_usd: usd.subtotal as string,
        vat_usd: usd.vat as string,
        total_usd: usd.total as string,
        subtotal_secondary: secondary.subtotal,
        vat_secondary: secondary.vat,
        total_secondary: secondary.total,
        secondary_currency: company.secondaryCurrency,
        exchange_rate: pricing.rate?.rate ?? null,
        rate_date: pricing.rate?.effective_date ?? null,
      };
    },

    /**
     * The signed-in account's company's orders (its own, or its company's for a team member), newest
     * first; without prices for a technician.
     */
    async myOrders(actor: Actor): Promise<OrderAnswer[]> {
      const user = requireUser(actor);
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, user.companyUserId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(200);
      return (await views(rows)).map((v) => orderForViewer(user, v));
    },

    /**
     * One order, for its company (owner and team) or an admin; anyone else gets 404, so an id says nothing about
     * whether it exists.
     */
    async orderById(actor: Actor, id: number): Promise<OrderView> {
      const user = requireUser(actor);
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      if (!row || (row.userId !== user.companyUserId && !isAdminRole(user.role))) throw new NotFoundError("Order not found.");
      const [view] = await views([row]);
      return view as OrderView;
    },

    /** One order as the API answers it to its reader: without prices for a technician. */
    async orderFor(actor: Actor, id: number): Promise<OrderAnswer> {
      return orderForViewer(requireUser(actor), await this.orderById(actor, id));
    },

    /**
     * The back office's list, newest first, optionally of one status, searched by reference (ORD-2026-000123 or
     * the number), the dealer's name or e-mail, or the contact name.
     */
    async list(actor: Actor, query: OrderListQuery): Promise<{ rows: OrderView[]; count: number }> {
      requireAdmin(actor);
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(orders.status, query.status));
      const q = query.q?.trim();
      if (q) {
        const number = /^(?:ORD-\d{4}-)?0*(\d{1,9})$/i.exec(q)?.[1];
        const dealersMatching = db
          .select({ id: users.id })
          .from(users)
          .where(or(containsText(users.fullName, q), containsText(users.email, q)));
        conditions.push(
          or(
            ...(number ? [eq(orders.id, Number(number))] : []),
            inArray(orders.userId, dealersMatching),
            containsText(orders.contactName, q),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows: await views(rows), count: total?.n ?? 0 };
    },

    setStatus,

    /**
     * An accepted quotation becomes an order at its quoted prices (`order-from-quotation.ts`), in the
     * quotations service's transaction (the quotation row locked there), with the placed mails to the company's owner
     * and the sales address queued in it. The settings are read by the caller before its transaction.
     */
    async placeFromQuotation(tx: Tx, input: Omit<QuotationOrderInput, "secondaryCurrency">, settingsRead: SiteSettings): Promise<number> {
      const company = { ...settingsRead, siteUrl };
      const orderId = await insertOrderFromQuotation(tx, { stock }, { ...input, secondaryCurrency: company.secondaryCurrency });
      const view = await one(orderId, tx, company);
      const owner = await dealerOf(view.user_id, tx);
      if (owner) await queueMails(mailer, tx, [orderPlacedToDealer(view, owner, company), orderPlacedToCompany(view, owner, company)]);
      return orderId;
    },

    /** The back office sends the order out, or readies it for collection, with its serial numbers. */
    async dispatch(actor: Actor, id: number, input: DispatchOrderInput): Promise<OrderView> {
      return setStatus(actor, id, { status: input.status, note: input.note }, undefined, input);
    },

    /** An order's serial numbers as CSV rows, for its owner or an admin (404 for anyone else). */
    async serialRows(actor: Actor, id: number): Promise<{ reference: string; rows: string[][] }> {
      const order = await this.orderById(actor, id);
      const rows = order.products.flatMap((p) =>
        p.serials.map((serial) => [order.reference, p.product_name, serial, order.dispatch_reference ?? ""]),
      );
      return { reference: order.reference, rows };
    },

    /** An admin saw the bank transfer or ZIPIT payment arrive: the order is paid. */
    async confirmPayment(actor: Actor, id: number, input: ConfirmPaymentInput = { paymentReference: "" }): Promise<OrderView> {
      const note = input.paymentReference ? `Payment reference: ${input.paymentReference}` : "";
      return setStatus(actor, id, { status: "paid", note }, input.paymentReference || undefined);
    },

    /**
     * A payment provider says the order is paid (the payments module, after verifying Paynow's signed message). The
     * same status event and e-mail as an admin's confirmation, with no one as the changer. Exactly once: the order
     * row is locked and only an order still awaiting payment moves, so a repeated callback or a poll racing it
     * answers `changed: false` and sends nothing. An order an admin has cancelled meanwhile stays cancelled.
     */
    async markPaidByProvider(
      id: number,
      payment: { paymentReference: string; note: string },
    ): Promise<{ changed: boolean; order: OrderView }> {
      const company = await mailSite();
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!row) throw new NotFoundError("Order not found.");
        if (row.status !== "awaiting_payment") return false;
        const at = now();
        await tx.update(orders).set({ status: "paid", updatedAt: at, paymentReference: payment.paymentReference }).where(eq(orders.id, id));
        await tx.insert(orderStatusEvents).values({ orderId: id, status: "paid", changedBy: null, note: payment.note, createdAt: at });
        // The delivery fee is no sale of a product.
        const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, id))).filter((l) => l.kind === "product");
        await sales?.recordPaidOrder(tx, { orderId: id, paidAt: at, lines });
        await taxDocuments.issueInvoice(tx, id, company, at);
        // The dealer's mail is queued in the transaction: a committed payment always has it.
        const order = await one(id, tx, company);
        const owner = await dealerOf(order.user_id, tx);
        if (owner) await queueMails(mailer, tx, [orderStatusToDealer(order, owner, company)]);
        return true;
      });
      const order = await one(id);
      return { changed, order };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
