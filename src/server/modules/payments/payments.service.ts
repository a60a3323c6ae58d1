import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { decimalUnits } from "#shared/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import {
  PAYMENT_PAID,
  PAYMENT_PENDING,
  PAYNOW_METHOD_LABELS,
  PAYNOW_NOT_AWAITING,
  PAYNOW_UNAVAILABLE,
  PAYNOW_UNREACHABLE,
  type PaymentStatus,
  type PaymentView,
  type PaynowState,
  paynowCurrencyOnly,
  type StartPaynowInput,
} from "#shared/schemas/payments.ts";
import type { PaynowConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { orderPayments } from "../../db/schema/commerce.ts";
import { type Actor, requireGoodStanding, requireRole, requireVerified } from "../../platform/auth/actor.ts";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../../platform/errors.ts";
import { type Log, silentLog } from "../../platform/log.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import { createPaynowClient, type PaynowClient, PaynowError, type PaynowStatusMessage, paymentStatusOf } from "./paynow.ts";

type PaymentRow = typeof orderPayments.$inferSelect;

/** Paynow could not be reached, or answered something we cannot believe: 502, and the order is unchanged. */
export class PaymentProviderError extends AppError {
  constructor(message = PAYNOW_UNREACHABLE) {
    super(502, message);
  }
}

/** Where the payments' warnings go: the app's logger (services.ts), never given the integration key or a whole message. */
export type PaymentLog = Pick<Log, "warn" | "error">;

type Deps = {
  db: Db;
  orders: Pick<OrdersService, "orderById" | "markPaidByProvider">;
  accounts: Pick<AccountsService, "me">;
  /** Unset: Paynow is not offered. */
  paynow: PaynowConfig | undefined;
  /** Tests may pass their own; by default one made from `paynow`. */
  client?: PaynowClient;
  log?: PaymentLog;
  /** How often the dealer's page may make us ask Paynow about one payment. */
  pollEveryMs?: number;
};

function view(p: PaymentRow): PaymentView {
  const open = PAYMENT_PENDING.includes(p.status);
  return {
    id: p.id,
    order_id: p.orderId,
    method: p.method,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    reference: p.reference,
    paynowReference: p.providerReference,
    browserUrl: open ? p.browserUrl : null,
    instructions: p.instructions,
    created_At: p.createdAt.toISOString(),
    updated_At: p.updatedAt.toISOString(),
  };
}

/**
 * Whether Paynow's word may move a payment on: never back to "started" once further, and a payment Paynow has
 * the money for is not cancelled or failed afterwards (only disputed or refunded, which admins handle).
 */
function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (PAYMENT_PENDING.includes(to)) return from === "created" && to === "sent";
  if (PAYMENT_PAID.includes(from)) return PAYMENT_PAID.includes(to) || to === "disputed" || to === "refunded";
  return true;
}

/**
 * Paynow payments of dealer orders. A verified dealer starts one for their own order awaiting payment;
 * the amount is the order's total in its currency, read here, never from the request. Paynow's signed result
 * callback or a poll of the transaction that says it is paid marks the order paid through the orders service
 * (its status event and e-mail, exactly once). Cancelled or failed payments leave the order awaiting payment, so
 * the dealer can try again or pay by bank transfer.
 */
export function createPaymentsService({ db, orders, accounts, paynow, client, log = silentLog, pollEveryMs = 3000 }: Deps) {
  const paynowClient = client ?? (paynow ? createPaynowClient(paynow) : undefined);
  /** When each payment was last polled: the page's refreshes are not each a request to Paynow. */
  const lastPolled = new Map<number, number>();

  function configured(): { cfg: PaynowConfig; client: PaynowClient } {
    if (!paynow || !paynowClient) throw new ConflictError(PAYNOW_UNAVAILABLE);
    return { cfg: paynow, client: paynowClient };
  }

  /** Why Paynow cannot take this order's payment now; null when it can. */
  function unavailableReason(order: OrderView): string | null {
    if (!paynow) return PAYNOW_UNAVAILABLE;
    if (order.status !== "awaiting_payment") return PAYNOW_NOT_AWAITING;
    if (order.currency !== paynow.currency) return paynowCurrencyOnly(paynow.currency);
    return null;
  }

  /** The dealer's own order (anyone else's is 404, like the orders API). */
  async function dealersOrder(actor: Actor, orderId: number): Promise<OrderView> {
    const dealer = requireVerified(requireRole(actor, "dealer"));
    const order = await orders.orderById(actor, orderId);
    if (order.user_id !== dealer.companyUserId) throw new NotFoundError("Order not found.");
    return order;
  }

  async function latestOf(orderId: number): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(desc(orderPayments.createdAt), desc(orderPayments.id))
      .limit(1);
    return row;
  }

  /**
   * What Paynow said about a payment, already verified: the payment's status moves on (under a row lock, so a
   * callback and a poll at the same time apply in turn), and when Paynow has the money the order is marked paid.
   * The orders service moves an order only while it awaits payment, so the status event and the e-mail happen
   * once however often this runs; running it again after a crash between the two steps completes the second.
   */
  async function apply(payment: PaymentRow, message: PaynowStatusMessage, source: "callback" | "poll"): Promise<PaymentRow> {
    const status = paymentStatusOf(message.status);
    if (!status) {
      log.warn({ paymentId: payment.id, source, status: message.status.slice(0, 40) }, "paynow: unknown status ignored");
      return payment;
    }
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orderPayments).where(eq(orderPayments.id, payment.id)).for("update");
      if (!row) throw new NotFoundError("Payment not found.");
      if (!canMove(row.status, status)) {
        if (!row.providerReference && message.paynowReference) {
          await tx.update(orderPayments).set({ providerReference: message.paynowReference }).where(eq(orderPayments.id, row.id));
          return { ...row, providerReference: message.paynowReference };
        }
        return row;
      }
      const [next] = await tx
        .update(orderPayments)
        .set({ status, providerReference: message.paynowReference || row.providerReference, updatedAt: new Date() })
        .where(eq(orderPayments.id, row.id))
        .returning();
      return next ?? row;
    });
    if (PAYMENT_PAID.includes(updated.status)) {
      const paynowRef = updated.providerReference ?? updated.reference;
      const { changed, order } = await orders.markPaidByProvider(updated.orderId, {
        paymentReference: `Paynow ${paynowRef}`,
        note: `Paid with Paynow (${updated.method === "web" ? "card or Paynow" : PAYNOW_METHOD_LABELS[updated.method]}), Paynow reference ${paynowRef}.`,
      });
      if (!changed && order.status !== "paid" && order.status !== "awaiting_payment") {
        // Paid after an admin moved the order on (cancelled it, say): the money needs a person's attention.
        log.warn(
          { paymentId: updated.id, orderId: updated.orderId, orderStatus: order.status },
          "paynow: payment for an order no longer awaiting it",
        );
      }
    }
    return updated;
  }

  /** Asks Paynow about a payment still open; what it says is applied. Failures are logged and leave it as it was. */
  async function refresh(payment: PaymentRow, force = false): Promise<PaymentRow> {
    if (!paynowClient || !payment.pollUrl || !PAYMENT_PENDING.includes(payment.status)) return payment;
    const now = Date.now();
    if (!force && now - (lastPolled.get(payment.id) ?? 0) < pollEveryMs) return payment;
    lastPolled.set(payment.id, now);
    try {
      const message = await paynowClient.poll(payment.pollUrl);
      if (message.reference !== payment.reference || decimalUnits(message.amount, 2) !== decimalUnits(payment.amount, 2)) {
        log.warn({ paymentId: payment.id }, "paynow: poll answer for another reference or amount ignored");
        return payment;
      }
      return await apply(payment, message, "poll");
    } catch (err) {
      if (!(err instanceof PaynowError)) throw err;
      log.warn({ paymentId: payment.id, kind: err.kind, err: err.message }, "paynow: poll failed");
      return payment;
    }
  }

  return {
    /** Whether Paynow is offered at all, in which currency, and its address (the pages' form-action allows it). */
    availability(): { enabled: boolean; currency: string | null; origin: string | null } {
      return paynow
        ? { enabled: true, currency: paynow.currency, origin: new URL(paynow.url).origin }
        : { enabled: false, currency: null, origin: null };
    },

    /**
     * Starts a Paynow payment of the dealer's own order awaiting payment. `origin` is the site's public address
     * (Paynow posts the result to it and sends the payer back to it). Web payments answer Paynow's page to send
     * the browser to; EcoCash and OneMoney answer the instructions to approve on the phone. Payments still open
     * are asked about first, so an order paid a moment ago is not paid twice.
     */
    async start(actor: Actor, orderId: number, input: StartPaynowInput, origin: string): Promise<PaymentView> {
      requireGoodStanding(actor);
      const order = await dealersOrder(actor, orderId);
      const { cfg, client: paynowApi } = configured();
      const reason = unavailableReason(order);
      if (reason) throw new ConflictError(reason);

      const open = await db
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, order.id), inArray(orderPayments.status, [...PAYMENT_PENDING])))
        .orderBy(desc(orderPayments.createdAt))
        .limit(3);
      for (const p of open) {
        const now = await refresh(p, true);
        if (PAYMENT_PAID.includes(now.status)) throw new ConflictError("This order has just been paid.");
      }

      const me = await accounts.me(actor);
      const reference = `${order.reference}-${randomBytes(3).toString("hex").toUpperCase()}`;
      const [payment] = await db
        .insert(orderPayments)
        .values({ orderId: order.id, method: input.method, status: "created", amount: order.total, currency: order.currency, reference })
        .returning();
      if (!payment) throw new Error("payment insert returned nothing");

      const request = {
        reference,
        amount: order.total,
        additionalInfo: `Order ${order.reference}`,
        returnUrl: `${origin}/dealer/orders?paynow=${order.id}#order-${order.id}`,
        resultUrl: `${origin}/api/payments/paynow/result`,
        authEmail: cfg.authEmail ?? me.email,
      };
      try {
        const started =
          input.method === "web"
            ? await paynowApi.initiate(request)
            : await paynowApi.initiateMobile({ ...request, phone: input.phone, method: input.method });
        const instructions =
          input.method === "web"
            ? ""
            : started.instructions ||
              `Approve the payment of ${order.currency} ${order.total} on the phone ${input.phone}: enter your ${PAYNOW_METHOD_LABELS[input.method]} PIN when asked.`;
        const [sent] = await db
          .update(orderPayments)
          .set({
            status: "sent",
            pollUrl: started.pollUrl,
            browserUrl: started.browserUrl,
            instructions,
            providerReference: started.paynowReference,
            updatedAt: new Date(),
          })
          .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, "created")))
          .returning();
        // A result that arrived before this update has already moved the payment on: keep what it said.
        return view(sent ?? ((await latestOf(order.id)) as PaymentRow));
      } catch (err) {
        await db
          .update(orderPayments)
          .set({ status: "failed", updatedAt: new Date() })
          .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, "created")));
        if (!(err instanceof PaynowError)) throw err;
        log.warn({ paymentId: payment.id, orderId: order.id, kind: err.kind, err: err.message }, "paynow: payment not started");
        if (err.kind === "refused") throw new BadRequestError(`Paynow could not start the payment: ${err.message}`);
        throw new PaymentProviderError();
      }
    },

    /**
     * The dealer's page asks how the order's Paynow payment is going: an open payment is polled (at most every few
     * seconds), so a page the dealer returns to from Paynow shows the result even before the callback arrives.
     */
    async state(actor: Actor, orderId: number): Promise<PaynowState> {
      let order = await dealersOrder(actor, orderId);
      let latest = await latestOf(order.id);
      if (latest && PAYMENT_PENDING.includes(latest.status)) {
        const before = latest.status;
        latest = await refresh(latest);
        if (latest.status !== before) order = await dealersOrder(actor, orderId);
      }
      const reason = unavailableReason(order);
      return {
        available: reason === null,
        reason,
        order_status: order.status,
        currency: order.currency,
        payment: latest ? view(latest) : null,
      };
    },

    /** The latest Paynow payment of each of the dealer's own orders, as listed by the orders service (the orders page). */
    async latestForOrders(actor: Actor, list: Pick<OrderView, "id" | "user_id">[]): Promise<Record<number, PaymentView>> {
      const dealer = requireRole(actor, "dealer");
      const ids = list.filter((o) => o.user_id === dealer.companyUserId).map((o) => o.id);
      if (ids.length === 0) return {};
      const rows = await db
        .select()
        .from(orderPayments)
        .where(inArray(orderPayments.orderId, ids))
        .orderBy(desc(orderPayments.createdAt), desc(orderPayments.id));
      const out: Record<number, PaymentView> = {};
      for (const row of rows) out[row.orderId] ??= view(row);
      return out;
    },

    /**
     * Paynow's result callback (server to server). Believed only when its hash is ours, its reference is one of our
     * payments and its amount is that payment's; anything else is refused (400/404) and changes nothing.
     */
    async handleResult(body: string): Promise<{ status: PaymentStatus }> {
      const { client: paynowApi } = configured();
      let message: PaynowStatusMessage;
      try {
        message = paynowApi.parseResult(body);
      } catch (err) {
        if (!(err instanceof PaynowError)) throw err;
        log.warn({ bytes: body.length }, "paynow: result with a bad hash refused");
        throw new BadRequestError("The message's hash does not match.");
      }
      const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.reference, message.reference)).limit(1);
      if (!payment) {
        log.warn({ reference: message.reference.slice(0, 60) }, "paynow: result for an unknown reference refused");
        throw new NotFoundError("Unknown payment reference.");
      }
      if (decimalUnits(message.amount, 2) === null || decimalUnits(message.amount, 2) !== decimalUnits(payment.amount, 2)) {
        log.warn({ paymentId: payment.id, amount: message.amount.slice(0, 20) }, "paynow: result with another amount refused");
        throw new BadRequestError("The amount does not match the payment.");
      }
      const updated = await apply(payment, message, "callback");
      return { status: updated.status };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
