import { harareDate } from "#shared/dates.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import type { OrderCurrency, OrderPreview, OrderView, PlaceOrderInput } from "#shared/schemas/orders.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { NO_VAT_RATE } from "#shared/tax.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { orderLines, orderStatusEvents, orders } from "../../db/schema/commerce.ts";
import { type Actor, requireGoodStanding, requireRole, requireVerified } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { removeOrderedLines } from "../buying/index.ts";
import { type CreditService, orderUsdCents } from "../credit/index.ts";
import { type LineRequest, reserve } from "../stock/index.ts";
import type { BranchRow } from "../stock/stock.service.ts";
import { insertOrderFromQuotation, type QuotationOrderInput } from "./order-from-quotation.ts";
import { orderPlacedToCompany, orderPlacedToDealer } from "./order-mail.ts";
import { DELIVERY_LINE, deliveryProduct, figures, priceOrder } from "./order-pricing.ts";
import type { OrdersParts, OrderViews } from "./order-views.ts";

/** Without the credit service (a test's orders alone), no order goes on account. */
const noCredit: Pick<CreditService, "chargeOnAccount"> = {
  chargeOnAccount: () => {
    throw new FieldError("Orders on account are not available: pay for the order before dispatch.", "paymentTerms");
  },
};

/** A dealer's cart priced for checkout and placed as an order, and an accepted quotation placed as one. */
export function orderPlacing(
  { db, mailer, catalogue, rates, stock, credit, now, siteUrl }: OrdersParts,
  { mailSite, byKey, one, dealerOf }: OrderViews,
) {
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
          // On account: charged to the company's credit under its lock, due on the day its terms give (decision 034).
          const account =
            input.paymentTerms === "account"
              ? await (credit ?? noCredit).chargeOnAccount(
                  tx,
                  companyId,
                  orderUsdCents({ currency, total: own.total, totalUsd: usd.total as string, exchangeRate: pricing.rate?.rate ?? null }),
                  harareDate(at),
                )
              : null;
          const status = account ? ("processing" as const) : ("awaiting_payment" as const);
          const [order] = await tx
            .insert(orders)
            .values({
              userId: companyId,
              placedBy: dealer.id,
              status,
              paymentTerms: account ? "account" : "cash",
              dueOn: account?.dueOn ?? null,
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
          await tx.insert(orderStatusEvents).values({
            orderId: order.id,
            status,
            changedBy: dealer.id,
            note: account ? `On account, due ${account.dueOn}` : "",
            createdAt: at,
          });
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
  };
}
