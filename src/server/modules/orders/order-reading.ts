import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { OrderAnswer, OrderStatus, OrderView } from "#shared/schemas/orders.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { users } from "../../db/schema/accounts.ts";
import { orders } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff, requireUser, staffOf } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";
import { orderForViewer } from "./order-viewer.ts";
import type { OrdersParts, OrderViews } from "./order-views.ts";

export type OrderListQuery = { status?: OrderStatus | undefined; q?: string | undefined; page: number; pageSize: number };

/** The orders as their company and the back office read them: one, the company's list, the admin's list, serials. */
export function orderReading({ db }: OrdersParts, { views }: OrderViews) {
  return {
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
      // Decision 035: the back office reads any order with orders.read (403 without it, before the id is looked up).
      const staff = staffOf(user) !== null;
      if (staff) requireStaff(user, "orders.read");
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      if (!row || (row.userId !== user.companyUserId && !staff)) throw new NotFoundError("Order not found.");
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
      requireStaff(actor, "orders.read");
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
      const { limit, offset, envelope } = paged(query);
      const [rows, [total]] = await Promise.all([
        db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return envelope(await views(rows), total);
    },

    /** An order's serial numbers as CSV rows, for its owner or an admin (404 for anyone else). */
    async serialRows(actor: Actor, id: number): Promise<{ reference: string; rows: string[][] }> {
      const order = await this.orderById(actor, id);
      const rows = order.products.flatMap((p) =>
        p.serials.map((serial) => [order.reference, p.product_name, serial, order.dispatch_reference ?? ""]),
      );
      return { reference: order.reference, rows };
    },
  };
}
