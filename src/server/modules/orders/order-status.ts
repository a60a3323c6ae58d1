import { asc, eq, inArray } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import {
  type ConfirmPaymentInput,
  canMoveOrder,
  ORDER_STATUS_LABELS,
  type OrderView,
  type SetOrderStatusInput,
} from "#shared/schemas/orders.ts";
import type { DispatchOrderInput } from "#shared/schemas/stock.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orderLines, orderStatusEvents, orders } from "../../db/schema/commerce.ts";
import { serials } from "../../db/schema/stock.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { dispatchOrderStock, type LineRequest, release } from "../stock/index.ts";
import { normaliseSerial } from "../stock/stock.service.ts";
import { orderStatusToDealer } from "./order-mail.ts";
import type { OrderRow, OrdersParts, OrderViews } from "./order-views.ts";

export const CANCEL_REASON_REQUIRED = "Please give the reason for cancelling: the dealer is told it.";

/**
 * The day a transfer reached the account (decision 032): not after today (Harare), not before the order was placed;
 * 400 on `paidOn` otherwise.
 */
function refusePaidOn(paidOn: string, placedAt: Date, at: Date): void {
  if (paidOn > harareDate(at)) throw new FieldError("The date the money arrived cannot be after today.", "paidOn");
  const placed = harareDate(placedAt);
  if (paidOn < placed) {
    throw new FieldError(`The date the money arrived cannot be before the order was placed (${placed}).`, "paidOn");
  }
}

/**
 * The back office moves orders on (a status, a dispatch with serial numbers, a payment seen), and a payment provider
 * marks them paid: each one transaction with its status event, audit entry, sales, tax document and dealer's mail.
 */
export function orderStatusChanges(
  { db, mailer, audit, sales, taxDocuments, stock, credit, now }: OrdersParts,
  { mailSite, one, dealerOf }: OrderViews,
) {
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
    paidOn?: string,
  ): Promise<OrderView> {
    // Decision 035: money moves (paid, cancelled: a refund or a credit note may follow) are orders.payments'; the
    // goods' moves (processing, dispatched, ready, delivered) orders.dispatch's.
    const admin = requireStaff(actor, input.status === "paid" || input.status === "cancelled" ? "orders.payments" : "orders.dispatch");
    if (input.status === "cancelled" && !input.note.trim()) throw new FieldError(CANCEL_REASON_REQUIRED, "note");
    const company = await mailSite();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!row) throw new NotFoundError("Order not found.");
      if (!canMoveOrder(row.status, input.status, row.fulfilment, row.paymentTerms)) {
        throw new ConflictError(
          `An order that is ${ORDER_STATUS_LABELS[row.status].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[input.status].toLowerCase()}.`,
        );
      }
      const at = now();
      if (paidOn !== undefined) refusePaidOn(paidOn, row.createdAt, at);
      // The goods leave the branch with their serial numbers; a cancelled order's reservations go back.
      if (input.status === "dispatched" || input.status === "ready_for_collection") {
        await sendGoods(tx, admin.id, row, dispatch ?? { status: input.status, reference: "", note: input.note, lines: [] }, at, !dispatch);
      } else if (input.status === "cancelled") {
        await release(tx, { orderId: id }, `Order ${id} cancelled`, at, admin.id);
      }
      await tx
        .update(orders)
        .set({ status: input.status, updatedAt: at, ...(paymentReference ? { paymentReference } : {}), ...(paidOn ? { paidOn } : {}) })
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
      const sent = input.status === "dispatched" || input.status === "ready_for_collection";
      if (input.status === "paid" || (sent && row.paymentTerms === "account")) {
        // The delivery fee is no sale of a product. An order on account is a sale, and invoiced, when it leaves: the
        // invoice is its tax point, and money already paid on the account settles it at once (decision 034).
        const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, id))).filter((l) => l.kind === "product");
        await sales?.recordPaidOrder(tx, { orderId: id, paidAt: at, lines });
        await taxDocuments.issueInvoice(tx, id, company, at);
        if (row.paymentTerms === "account") await credit?.applyCredit(tx, row.userId, at);
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
    setStatus,

    /** The back office sends the order out, or readies it for collection, with its serial numbers. */
    async dispatch(actor: Actor, id: number, input: DispatchOrderInput): Promise<OrderView> {
      return setStatus(actor, id, { status: input.status, note: input.note }, undefined, input);
    },

    /** An admin saw the bank transfer or ZIPIT payment arrive: the order is paid. */
    async confirmPayment(actor: Actor, id: number, input: ConfirmPaymentInput = { paymentReference: "" }): Promise<OrderView> {
      const note = input.paymentReference ? `Payment reference: ${input.paymentReference}` : "";
      const paidNote = input.paidOn ? `${note ? `${note}; ` : ""}money arrived on ${input.paidOn}` : note;
      return setStatus(actor, id, { status: "paid", note: paidNote }, input.paymentReference || undefined, undefined, input.paidOn);
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
