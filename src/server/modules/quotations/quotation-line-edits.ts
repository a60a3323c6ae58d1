import { eq, inArray } from "drizzle-orm";
import { DISCOUNT_TOO_LARGE, listPriceIn, quotationNetCents } from "#shared/quotation-totals.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import type { EditQuotationLinesInput, QuotationView } from "#shared/schemas/quotations.ts";
import { users } from "../../db/schema/accounts.ts";
import { quotationCharges, quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";
import type { QuotationRow, QuotationViews } from "./quotation-views.ts";

/** A charge's label when the admin gives none. */
const CHARGE_DEFAULT_LABELS = { delivery: "Delivery", installation: "Installation", discount: "Discount" } as const;

/** The admin revising a quotation before deciding: its lines, their quantities and offered prices, its charges. */
export function createQuotationLineEdits({ db, catalogue, audit }: QuotationPartDeps, { withProducts }: QuotationViews) {
  return {
    /**
     * PUT /api/quotations/{id}/lines: before approving, the admin adds products, removes lines, changes
     * quantities, sets the unit price a line is offered at (the approval form starts from it), and replaces the
     * delivery, installation and discount charges. A pending or rejected quotation only (an approved one is rejected
     * first, which releases its stock). One transaction with the row locked, audited with the lines before and after.
     * A product added is snapshotted like a request's line: the owner's dealer price, anyone else's retail price.
     */
    async editLines(actor: Actor, id: number, input: EditQuotationLinesInput): Promise<QuotationView> {
      const admin = requireStaff(actor, "quotations.decide");
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
  };
}
