import { and, asc, eq } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import type { CategorySlug } from "#shared/schemas/catalogue.ts";
import { dueDateOf } from "#shared/schemas/credit.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import { orderLines, orderStatusEvents, orders } from "../db/schema/commerce.ts";
import { taxDocuments as taxDocuments_ } from "../db/schema/money.ts";
import { serials } from "../db/schema/stock.ts";
import { createAuditService } from "../modules/audit/audit.service.ts";
import { createCatalogueService } from "../modules/catalogue/catalogue.service.ts";
import { createRatesService } from "../modules/money/rates.service.ts";
import { createTaxDocumentsService } from "../modules/money/tax-documents.service.ts";
import { DELIVERY_LINE, deliveryProduct, figures, priceOrder } from "../modules/orders/order-pricing.ts";
import { createSalesService } from "../modules/sales/sales.service.ts";
import { createStockService } from "../modules/stock/stock.service.ts";
import { dispatchOrderStock, reserve } from "../modules/stock/stock-ledger.ts";
import type { Actor } from "../platform/auth/actor.ts";
import { seedDemoCredit } from "./demo-credit.ts";

/**
 * The demo's HS tariff codes (8 digits, Zimbabwe's customs tariff on the HS 2022 headings): photovoltaic modules
 * 8541.43, static converters 8504.40, lithium-ion accumulators 8507.60 (lead-acid 8507.20, set per product),
 * aluminium structures 7610.90, insulated conductors up to 1 000 V 8544.49, connectors 8536.69, circuit breakers 8536.20.
 */
export const DEMO_HS_CODES: Record<CategorySlug, string> = {
  "solar-panels": "85414300",
  "hybrid-inverters": "85044090",
  "energy-storage": "85076000",
  "mounting-equipment": "76109000",
  cabling: "85444900",
  accessories: "85366900",
  "switch-gear": "85362000",
};

const DAY = 86_400_000;

type DemoProduct = { id: number };

/**
 * The product's own rules at a past moment `at`: the catalogue's dealer prices (the dealer's tier, quantity breaks,
 * the ZWG rate in force that day), the VAT rate of that day, the delivery fee table and the recording of sales, each
 * the service the checkout and the back office use, so the demo's orders cannot drift from what an order costs.
 */
function servicesAt(db: Db, at: Date) {
  const audit = createAuditService(db);
  const rates = createRatesService({ db, audit, now: () => at });
  const catalogue = createCatalogueService(db, { get: async () => DEFAULT_SITE_SETTINGS }, rates);
  return { rates, catalogue, stock: createStockService({ db }), sales: createSalesService({ db, audit, catalogue, now: () => at }) };
}

/**
 * The demo dealer's orders, priced as the orders service prices them: at the demo dealer's tier and breaks, with the
 * delivery fee to Harare as a line of its own, VAT and the ZWG rate of their day, frozen. One paid with its tax
 * invoice, one sent with serial numbers, one awaiting payment, and one paid then cancelled with its invoice and credit
 * note; a partial credit note of the one sent and a debit note of the paid one. The documents are issued by the tax
 * documents service (no e-mails: nobody placed these orders).
 */
export async function seedDemoOrders(
  db: Db,
  dealerUserId: number,
  pick: () => DemoProduct,
  /** The branches, and a pick of serialised goods for the order sent with its serial numbers. */
  stock: { harare: number; bulawayo: number; pickSerialised: () => DemoProduct },
): Promise<void> {
  const now = Date.now();
  const taxDocuments = createTaxDocumentsService({
    db,
    mailer: { send: async () => {} },
    settings: { get: async () => DEFAULT_SITE_SETTINGS },
    siteUrl: "",
  });
  const specs: readonly {
    status: "cancelled" | "paid" | "dispatched" | "completed" | "awaiting_payment";
    daysAgo: number;
    reference: string;
    /** On the company's account (decision 034): released when placed, invoiced when sent, due 30 days after. */
    account?: true;
  }[] = [
    // Oldest first, so the invoice numbers follow the days they were issued.
    { status: "completed", daysAgo: 42, reference: "", account: true },
    { status: "cancelled", daysAgo: 25, reference: "CBZ-ZIPIT-220961" },
    { status: "paid", daysAgo: 10, reference: "FBC-TT-884213" },
    { status: "dispatched", daysAgo: 8, reference: "", account: true },
    { status: "dispatched", daysAgo: 6, reference: "STANBIC-RTGS-553017" },
    { status: "awaiting_payment", daysAgo: 2, reference: "" },
  ];
  for (const [i, spec] of specs.entries()) {
    const at = new Date(now - spec.daysAgo * DAY);
    const services = servicesAt(db, at);
    const dispatched = spec.status === "dispatched" || spec.status === "completed";
    const dueOn = spec.account ? dueDateOf("net30", harareDate(at)) : null;
    const chosen = dispatched ? [stock.pickSerialised(), stock.pickSerialised()] : [pick(), pick(), pick()];
    const quantities = new Map([...new Set(chosen.map((p) => p.id))].map((id, j) => [id, 1 + ((i + j) % 3)]));
    const pricing = await services.catalogue.secondaryPricing(true);
    const priced = new Map((await services.catalogue.dealerPriceSnapshot(dealerUserId, quantities, db, pricing)).map((p) => [p.id, p]));
    const items = [...quantities.entries()].map(([id, quantity]) => ({
      product: priced.get(id) as NonNullable<ReturnType<typeof priced.get>>,
      quantity,
    }));
    const fee = await services.stock.deliveryFeeFor(db, "Harare");
    const feeLine = fee ? [{ product: deliveryProduct(fee, pricing.priceOf(fee.feeUsd, null)), quantity: 1 }] : [];
    const vat = await services.rates.taxRateOn(harareDate(at));
    if (!vat) throw new Error(`the demo has no VAT rate on ${harareDate(at)}`);
    const vatRate = vat.rate;
    const amounts = priceOrder([...items, ...feeLine], vatRate);
    const usd = figures(amounts.usd);
    const zwg = figures(amounts.secondary);
    const rate = pricing.rate;
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: dealerUserId,
          status: spec.status,
          currency: "USD",
          vatRate,
          subtotalUsd: usd.subtotal,
          vatUsd: usd.vat,
          totalUsd: usd.total as string,
          subtotal: usd.subtotal,
          vat: usd.vat,
          total: usd.total,
          secondaryCurrency: pricing.currency,
          subtotalSecondary: zwg.subtotal,
          vatSecondary: zwg.vat,
          totalSecondary: zwg.total,
          exchangeRate: rate?.rate ?? null,
          rateDate: rate?.effective_date ?? null,
          fulfilment: "delivery",
          deliveryAddress: "45 Lytton Road, Workington, Harare",
          contactName: "Farai Dealer",
          contactPhone: "+263 77 234 5678",
          paymentReference: spec.reference || null,
          paymentTerms: spec.account ? "account" : "cash",
          dueOn,
          branchId: stock.harare,
          deliveryCity: fee?.city ?? null,
          dispatchReference: dispatched ? "Swift waybill SWT-4471902" : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: orders.id });
      const orderId = order?.id as number;
      await tx.insert(orderLines).values(
        amounts.lines.map((l) => ({
          orderId,
          kind: l.product.id === DELIVERY_LINE ? ("delivery" as const) : ("product" as const),
          productId: l.product.id === DELIVERY_LINE ? null : l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          unitPriceUsd: l.unitUsd,
          unitPrice: l.unitUsd,
          unitPriceSecondary: l.unitSecondary,
          hsCode: l.product.hsCode,
          vatCategory: l.product.vatCategory,
          vatRate: l.vatRate,
        })),
      );
      await tx.insert(orderStatusEvents).values({
        orderId,
        status: spec.account ? "processing" : "awaiting_payment",
        changedBy: dealerUserId,
        note: spec.account ? `On account, due ${dueOn}` : "",
        createdAt: at,
      });
      const wanted = items.map((l) => ({ productId: l.product.id, quantity: l.quantity }));
      const productLines = async () =>
        (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id))).filter(
          (l) => l.kind === "product",
        );
      // Placed orders hold their goods at the branch, as the orders service reserves them.
      if (spec.status !== "cancelled") await reserve(tx, { orderId }, stock.harare, wanted, at, { userId: dealerUserId });
      if (spec.status === "awaiting_payment") return;
      const paidAt = new Date(at.getTime() + DAY / 4);
      // An order on account is invoiced when it is sent; a cash order when its payment is confirmed.
      if (!spec.account) {
        await tx
          .insert(orderStatusEvents)
          .values({ orderId, status: "paid", note: `Payment reference: ${spec.reference}`, createdAt: paidAt });
        await taxDocuments.issueInvoice(tx, orderId, DEFAULT_SITE_SETTINGS, paidAt, { mail: false });
      }
      if (dispatched) {
        const sentAt = new Date(paidAt.getTime() + DAY);
        if (!spec.account) {
          await tx.insert(orderStatusEvents).values({ orderId, status: "processing", createdAt: new Date(paidAt.getTime() + DAY / 2) });
        }
        await dispatchOrderStock(tx, orderId, stock.harare, wanted, sentAt, null);
        const lines = await productLines();
        await tx.insert(serials).values(
          lines.flatMap((line, k) =>
            Array.from({ length: line.quantity }, (_, u) => ({
              serial: `${["SV", "KP", "HE"][k % 3]}${harareDate(sentAt).replaceAll("-", "").slice(2)}-${String(4100 + orderId * 10 + k * 3 + u).padStart(6, "0")}`,
              productId: line.productId,
              orderId,
              orderLineId: line.id,
              branchId: stock.harare,
              createdAt: sentAt,
            })),
          ),
        );
        await tx.insert(orderStatusEvents).values({ orderId, status: "dispatched", note: "Sent with Swift Transport", createdAt: sentAt });
        if (spec.account) await taxDocuments.issueInvoice(tx, orderId, DEFAULT_SITE_SETTINGS, sentAt, { mail: false });
        const doneAt = new Date(sentAt.getTime() + 2 * DAY);
        if (spec.status === "completed") {
          await tx.insert(orderStatusEvents).values({ orderId, status: "completed", note: "Delivered and signed for", createdAt: doneAt });
        }
        await tx
          .update(orders)
          .set({ updatedAt: spec.status === "completed" ? doneAt : sentAt })
          .where(eq(orders.id, orderId));
      }
      if (spec.status === "paid" || dispatched) {
        // A paid order's lines are sales, recorded as the orders service records them when a payment is confirmed.
        await services.sales.recordPaidOrder(tx, { orderId, paidAt, lines: await productLines() });
        return;
      }
      const cancelledAt = new Date(paidAt.getTime() + 2 * DAY);
      const reason = "The customer's roof survey failed; the dealer asked to cancel and was refunded.";
      await tx.insert(orderStatusEvents).values({ orderId, status: "cancelled", note: reason, createdAt: cancelledAt });
      await tx.update(orders).set({ updatedAt: cancelledAt }).where(eq(orders.id, orderId));
      await taxDocuments.issueCreditNote(tx, orderId, reason, cancelledAt, { mail: false });
    });
  }
  await seedDemoNotes(db, taxDocuments);
  await seedDemoCredit(db, dealerUserId, now);
}

/**
 * A partial credit note and a debit note, as an admin issues them from an order's page (decision 016): one unit of the
 * dispatched order came back damaged, and the paid order's delivery was under-charged. Issued by the demo's admin now.
 */
async function seedDemoNotes(db: Db, taxDocuments: ReturnType<typeof createTaxDocumentsService>): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  if (!admin) return;
  const actor: Actor = {
    id: admin.id,
    roleId: ROLE_IDS.admin,
    role: "admin",
    sessionId: "seed",
    emailVerified: true,
    companyUserId: admin.id,
    teamRole: null,
    // A credit note needs a fresh second factor (decision 035): the seed stands for an admin who just gave one.
    steppedUpAt: new Date(),
  };
  const invoiceOf = async (status: "dispatched" | "paid") => {
    const [row] = await db
      .select({ id: taxDocuments_.id })
      .from(taxDocuments_)
      .innerJoin(orders, eq(orders.id, taxDocuments_.orderId))
      .where(and(eq(orders.status, status), eq(orders.paymentTerms, "cash"), eq(taxDocuments_.kind, "invoice")));
    return row ? taxDocuments.noteOptions(actor, row.id) : null;
  };
  const dispatched = await invoiceOf("dispatched");
  const goods = dispatched?.lines.find((l) => !l.name.startsWith("Delivery"));
  if (dispatched && goods) {
    await taxDocuments.issuePartialCreditNote(
      actor,
      dispatched.invoice.id,
      {
        reason: "One unit arrived with a cracked frame and was returned to the Harare branch.",
        lines: [{ line: goods.line, quantity: 1 }],
      },
      { mail: false },
    );
  }
  const paid = await invoiceOf("paid");
  const delivery = paid?.lines.find((l) => l.name.startsWith("Delivery"));
  if (paid && delivery) {
    await taxDocuments.issueDebitNote(
      actor,
      paid.invoice.id,
      {
        reason: "Delivery to Harare was charged at the old fee; the fee from 1 November is USD 25.00.",
        lines: [{ line: delivery.line, amount: "10.00" }],
        charges: [],
      },
      { mail: false },
    );
  }
}
