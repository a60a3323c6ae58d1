import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import {
  INSTALLER_NOT_FOR_DEALERS,
  type QuotationListQuery,
  type QuotationStatusValue,
  type QuotationSummary,
  type QuotationView,
  type QuoteRequest,
} from "#shared/schemas/quotations.ts";
import { paged } from "../../db/paging.ts";
import { quotationProducts, quotations } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff, requireUser, staffOf } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { type FormSender, isOwnConfirmedAddress } from "../../platform/form-limits.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { quotationOwnerOf } from "../dealers/index.ts";
import type { QuotationPartDeps } from "./quotation-deps.ts";
import { quoteRequestReceiptMail, quoteRequestReceivedMail, quoteRequestToCompanyMail } from "./quotation-mail.ts";
import { quotationPdf } from "./quotation-pdf.ts";
import { effectiveStatusIs, pricesForReader, type QuotationViews, searchOf, VALID_UNTIL_SQL } from "./quotation-views.ts";

/** The answer to a technician asking for a quotation's PDF: the PDF is its prices. */
export const QUOTATION_PRICES_NOT_FOR_TECHNICIANS =
  "A quotation's prices are for the company's owner and buyers: a technician's account cannot download it.";

/** A visitor's, user's or dealer's request: made, then listed and read (and downloaded once approved). */
export function createQuotationRequests(
  { db, mailer, settings, accounts, catalogue, formLimits, siteUrl, leads }: QuotationPartDeps,
  { withProducts }: QuotationViews,
) {
  function listWhere(query: Pick<QuotationListQuery, "status" | "q">, now: Date): SQL | undefined {
    const conditions = [query.status ? effectiveStatusIs(query.status, now) : undefined, searchOf(query.q)].filter(
      (c): c is SQL => c !== undefined,
    );
    return conditions.length ? and(...conditions) : undefined;
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
      if (input.installer === true && can.enterDealerArea(actor)) throw new FieldError(INSTALLER_NOT_FOR_DEALERS, "installer");
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
      // Decision 035: another account's quotations are the back office's with quotations.decide.
      const staff = staffOf(signedIn) !== null;
      if (staff && (query.id !== undefined || query.email !== undefined)) requireStaff(signedIn, "quotations.decide");
      const admin = staff;
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
      const money = can.readPastAmounts(signedIn, owner);
      return (await withProducts(rows)).map((q) => pricesForReader(actor, q, money));
    },

    /**
     * The back office's list, newest first, optionally of one effective status (an approved quotation past its
     * validity is listed as expired, in SQL) and matching a search by name, e-mail address or id.
     */
    async list(actor: Actor, query: QuotationListQuery): Promise<{ rows: QuotationView[]; count: number }> {
      requireStaff(actor, "quotations.decide");
      const now = new Date();
      const where = listWhere(query, now);
      const { limit, offset, envelope } = paged(query);
      const [rows, [total]] = await Promise.all([
        db.select().from(quotations).where(where).orderBy(desc(quotations.createdAt), desc(quotations.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(quotations).where(where),
      ]);
      return envelope(await withProducts(rows, db, now), total);
    },

    /** The overview cards: quotations (matching the search) per effective status, counted in one query. */
    async summary(actor: Actor, query: Pick<QuotationListQuery, "q">): Promise<QuotationSummary> {
      requireStaff(actor, "quotations.decide");
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
     * An approved quotation as a PDF, for its owner (made under their account or with their e-mail address, as
     * `listForUser` reads it) or an admin. Anyone else gets 404, so an id says nothing about whether it exists; its
     * owner who may see no prices (a technician) 403: they know it exists, the refusal is their role's.
     * An approved quotation past its validity is expired, like the dealer's page shows it: 409 as for any other.
     */
    async pdfFor(actor: Actor, quotationId: number): Promise<Uint8Array> {
      const signedIn = requireUser(actor);
      // Decision 035: the back office reads any quotation with quotations.decide (403 without it, before the id).
      const staff = staffOf(signedIn) !== null;
      if (staff) requireStaff(signedIn, "quotations.decide");
      const [row] = await db.select().from(quotations).where(eq(quotations.id, quotationId)).limit(1);
      let allowed = Boolean(row) && (staff || row?.userId === quotationOwnerOf(signedIn));
      if (row && !allowed) {
        const me = await accounts.me(signedIn);
        allowed = me.emailVerified && me.email.toLowerCase() === row.requesterEmail.toLowerCase();
      }
      if (!row || !allowed) throw new NotFoundError("Quotation not found.");
      // The PDF is the quotation's prices: the reader's own record under the money rule (a technician never).
      if (!can.readPastAmounts(signedIn, quotationOwnerOf(signedIn))) throw new ForbiddenError(QUOTATION_PRICES_NOT_FOR_TECHNICIANS);
      const [view] = (await withProducts([row])) as [QuotationView];
      // An accepted quotation keeps its PDF: it is what the requester agreed to.
      if (view.status !== "approved" && view.status !== "accepted") {
        throw new ConflictError("Only approved or accepted quotations can be downloaded.");
      }
      return quotationPdf(view, await settings.get());
    },
  };
}
