import { and, count, desc, eq, inArray } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { quotationValidUntil } from "#shared/quotation-status.ts";
import {
  DEALER_HOME_INVOICES,
  DEALER_HOME_ORDERS,
  DEALER_HOME_QUOTATIONS,
  type DealerHome,
  type DealerHomeOrder,
  type DealerHomeQuotation,
} from "#shared/schemas/dealer-home.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import type { Db } from "../../db/client.ts";
import { orderPaymentProofs, orders, quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { tierOfUser } from "../pricing/index.ts";

const OPEN_ORDER_STATUSES = ["awaiting_payment", "paid", "processing"] as const;

/**
 * The approved dealer's home, in one call keyed by the company (`actor.companyUserId`): its status and
 * tier, open quotations (pending, and approved still within their validity), orders awaiting payment or dispatch,
 * the latest tax invoices. Null for anyone outside a dealer company (visitors, users, applicants, admins): they get
 * the programme's landing page. A technician gets no tier, amounts, quotations or invoices.
 */
export function createDealerHomeService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async home(actor: Actor): Promise<DealerHome | null> {
      if (!actor || !can.enterDealerArea(actor)) return null;
      const company = actor.companyUserId;
      const prices = can.seePrices(actor);
      const at = now();

      const [dealer] = await db
        .select({ company: dealers.registeredCompany, status: dealers.regStatus, province: dealers.addressProvince })
        .from(dealers)
        .where(eq(dealers.userId, company))
        .limit(1);

      const [tier, quotationRows, orderRows, invoiceRows] = await Promise.all([
        prices ? tierOfUser(db, company) : Promise.resolve(null),
        prices
          ? db
              .select()
              .from(quotations)
              .where(and(eq(quotations.userId, company), inArray(quotations.status, ["pending", "approved"])))
              .orderBy(desc(quotations.createdAt), desc(quotations.id))
              .limit(50)
          : Promise.resolve([]),
        db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, company), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(100),
        prices
          ? db
              .select({ doc: taxDocuments, orderCreatedAt: orders.createdAt })
              .from(taxDocuments)
              .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
              .where(and(eq(orders.userId, company), eq(taxDocuments.kind, "invoice")))
              .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id))
              .limit(DEALER_HOME_INVOICES)
          : Promise.resolve([]),
      ]);

      // Approved quotations past their validity are no longer open (they read 'expired').
      const open = quotationRows
        .filter((q) => q.status === "pending" || quotationValidUntil({ createdAt: q.createdAt, validUntil: q.validUntil }) >= at)
        .slice(0, DEALER_HOME_QUOTATIONS);
      const orderIds = orderRows.map((o) => o.id);
      const [lines, proofCounts] = await Promise.all([
        open.length
          ? db
              .select({
                quotationId: quotationProducts.quotationId,
                name: quotationProducts.productName,
                quantity: quotationProducts.quantity,
              })
              .from(quotationProducts)
              .where(
                inArray(
                  quotationProducts.quotationId,
                  open.map((q) => q.id),
                ),
              )
              .orderBy(quotationProducts.id)
          : Promise.resolve([]),
        orderIds.length
          ? db
              .select({ orderId: orderPaymentProofs.orderId, n: count() })
              .from(orderPaymentProofs)
              .where(inArray(orderPaymentProofs.orderId, orderIds))
              .groupBy(orderPaymentProofs.orderId)
          : Promise.resolve([]),
      ]);

      const quotationsShown: DealerHomeQuotation[] = open.map((q) => ({
        id: q.id,
        status: q.status as "pending" | "approved",
        created_at: q.createdAt.toISOString(),
        valid_until:
          q.status === "approved" ? quotationValidUntil({ createdAt: q.createdAt, validUntil: q.validUntil }).toISOString() : null,
        products: lines.filter((l) => l.quotationId === q.id).map((l) => ({ name: l.name, quantity: l.quantity })),
      }));

      const proofs = new Map(proofCounts.map((p) => [p.orderId, p.n]));
      const awaitingPayment = (o: (typeof orderRows)[number]) => (o.status === "awaiting_payment" ? 0 : 1);
      const ordersShown: DealerHomeOrder[] = [...orderRows]
        .sort((a, b) => awaitingPayment(a) - awaitingPayment(b))
        .slice(0, DEALER_HOME_ORDERS)
        .map((o) => ({
          id: o.id,
          reference: orderReference(o.id, o.createdAt),
          status: o.status as DealerHomeOrder["status"],
          created_at: o.createdAt.toISOString(),
          currency: o.currency,
          total: prices ? (o.total ?? o.totalUsd) : null,
          proofs: proofs.get(o.id) ?? 0,
        }));

      return {
        company: dealer?.company ?? null,
        status: dealer?.status ?? null,
        team_role: actor.teamRole,
        sees_prices: prices,
        tier: tier ? { name: tier.name, discount_percent: tier.discount_percent } : null,
        // The parts are saved all four or none (dealers_address_parts_check): the province stands for them.
        address_incomplete: Boolean(dealer?.status) && !dealer?.province,
        quotations: prices ? quotationsShown : null,
        orders: ordersShown,
        invoices: prices
          ? invoiceRows.map(({ doc, orderCreatedAt }) => ({
              id: doc.id,
              number: doc.number,
              issued_at: doc.issuedAt.toISOString(),
              order_id: doc.orderId,
              order_reference: orderReference(doc.orderId, orderCreatedAt),
              currency: doc.currency,
              total: doc.total,
              url: `/api/orders/${doc.orderId}/invoice.pdf`,
            }))
          : null,
      };
    },
  };
}

export type DealerHomeService = ReturnType<typeof createDealerHomeService>;
