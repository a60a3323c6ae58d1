import { count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
// The validity rule is the dealer page's, so the page and the PDF never disagree about an expired quotation.
import { effectiveQuotationStatus, quotationValidUntil } from "#shared/quotation-status.ts";
import { isAdminRole } from "#shared/roles.ts";
import { QUOTE_SUCCESS, type QuoteRequest } from "#shared/schemas/quotations.ts";
import type { Db } from "../../db/client.ts";
import { quotationProducts, quotationStatuses, quotations } from "../../db/schema/commerce.ts";
import { type Actor, requireAdmin, requireUser } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { composeMail, consoleMailLog, type MailLog, sendAll } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { quotationPdf } from "./quotation-pdf.ts";

export type QuotationStatus = (typeof quotationStatuses)[number];

/** A quotation as the API answers it (spec §3 field names). */
export type QuotationView = {
  id: number;
  user_id: number | null;
  status: QuotationStatus;
  requester_name: string;
  requester_address: string;
  requester_phone: string;
  requester_email: string;
  notes: string;
  created_At: string;
  products: { product_id: number | null; product_name: string; quantity: number; price: string | null }[];
};

export type QuotationListQuery = { status?: QuotationStatus | undefined; page: number; pageSize: number };

type Deps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<AccountsService, "me">;
  catalogue: Pick<CatalogueService, "priceSnapshot">;
  log?: MailLog;
};

export function createQuotationsService({ db, mailer, settings, accounts, catalogue, log = consoleMailLog }: Deps) {
  /** The quotations with their lines, two queries whatever the page size. */
  async function withProducts(rows: (typeof quotations.$inferSelect)[]): Promise<QuotationView[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(quotationProducts)
      .where(
        inArray(
          quotationProducts.quotationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(quotationProducts.id);
    const byQuotation = new Map<number, QuotationView["products"]>();
    for (const l of lines) {
      const list = byQuotation.get(l.quotationId) ?? [];
      list.push({ product_id: l.productId, product_name: l.productName, quantity: l.quantity, price: l.priceUsd });
      byQuotation.set(l.quotationId, list);
    }
    return rows.map((q) => ({
      id: q.id,
      user_id: q.userId,
      status: q.status,
      requester_name: q.requesterName,
      requester_address: q.requesterAddress,
      requester_phone: q.requesterPhone,
      requester_email: q.requesterEmail,
      notes: q.notes,
      created_At: q.createdAt.toISOString(),
      products: byQuotation.get(q.id) ?? [],
    }));
  }

  return {
    /**
     * Stores a quote request with its lines (names and current USD prices kept as they are now), then tells the
     * requester and the company. The quotation belongs to the signed-in actor, never to a `userId` in the body.
     */
    async submit(actor: Actor, input: QuoteRequest): Promise<{ id: number }> {
      const stored = await db.transaction(async (tx) => {
        const ids = [...new Set(input.products.map((p) => p.product_id))];
        // Read in the transaction, so the snapshot is of the products the lines point at.
        const found = await catalogue.priceSnapshot(ids, tx);
        const byId = new Map(found.map((p) => [p.id, p]));
        input.products.forEach((line, i) => {
          if (!byId.has(line.product_id)) {
            throw new FieldError(`Product ${line.product_id} not found.`, `products.${i}.product_id`);
          }
        });
        const [quotation] = await tx
          .insert(quotations)
          .values({
            userId: actor?.id ?? null,
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
        return { quotation, lines };
      });

      const { quotation, lines } = stored;
      const company = await settings.get();
      const table = {
        kind: "table" as const,
        head: ["Product", "Quantity"],
        rows: lines.map((l) => [l.productName, String(l.quantity)]),
      };
      const requester: [string, string][] = [
        ["Name", quotation.requesterName],
        ["Address", quotation.requesterAddress],
        ["Email", quotation.requesterEmail],
        ["Phone", quotation.requesterPhone],
        ["Notes", quotation.notes],
      ];
      const footer = `${company.companyName} · ${company.phone} · ${company.salesEmail}`;
      await sendAll(
        mailer,
        [
          composeMail({
            to: quotation.requesterEmail,
            replyTo: company.salesEmail,
            subject: `Your quote request #${quotation.id} - ${company.companyName}`,
            heading: QUOTE_SUCCESS,
            blocks: [
              { kind: "paragraph", text: `Dear ${quotation.requesterName},` },
              {
                kind: "paragraph",
                text: `Thank you for your quote request (reference #${quotation.id}). Our sales team will prepare your quotation and get back to you soon.`,
              },
              table,
              { kind: "fields", rows: requester },
              { kind: "paragraph", text: `Questions? Call ${company.phone} or reply to this e-mail.` },
            ],
            footer,
          }),
          composeMail({
            to: company.salesEmail,
            replyTo: quotation.requesterEmail,
            subject: `New quote request #${quotation.id} from ${quotation.requesterName}`,
            heading: `New quote request #${quotation.id}`,
            blocks: [
              {
                kind: "paragraph",
                text: actor ? `Sent by signed-in account #${actor.id} (${actor.role}).` : "Sent by a visitor without an account.",
              },
              { kind: "fields", rows: requester },
              {
                kind: "table",
                head: ["Product id", "Product", "Quantity", "Price USD (now)"],
                rows: lines.map((l) => [String(l.productId), l.productName, String(l.quantity), l.priceUsd ?? "-"]),
              },
            ],
            footer,
          }),
        ],
        log,
        { quotationId: quotation.id },
      );
      return { id: quotation.id };
    },

    /**
     * A signed-in user's own quotations: those made under their account or, once the address is confirmed, with
     * their e-mail address (anyone can sign up with any address). Asking for another user's id or e-mail is refused
     * unless the actor is an admin.
     */
    async listForUser(actor: Actor, query: { id?: number | undefined; email?: string | undefined }): Promise<QuotationView[]> {
      const signedIn = requireUser(actor);
      const admin = isAdminRole(signedIn.role);
      const me = await accounts.me(signedIn);
      const ownEmail = me.email.toLowerCase();
      const askedEmail = query.email?.trim().toLowerCase() || undefined;
      if (!admin && query.id !== undefined && query.id !== signedIn.id) throw new ForbiddenError();
      if (!admin && askedEmail !== undefined && askedEmail !== ownEmail) throw new ForbiddenError();
      const conditions: SQL[] = [];
      if (admin && (query.id !== undefined || askedEmail !== undefined)) {
        if (query.id !== undefined) conditions.push(eq(quotations.userId, query.id));
        if (askedEmail !== undefined) conditions.push(eq(sql`lower(${quotations.requesterEmail})`, askedEmail));
      } else {
        conditions.push(eq(quotations.userId, signedIn.id));
        if (me.emailVerified) conditions.push(eq(sql`lower(${quotations.requesterEmail})`, ownEmail));
      }
      const rows = await db
        .select()
        .from(quotations)
        .where(or(...conditions))
        .orderBy(desc(quotations.createdAt), desc(quotations.id))
        .limit(500);
      return withProducts(rows);
    },

    /** The back office's list, newest first, optionally of one status. */
    async list(actor: Actor, query: QuotationListQuery): Promise<{ rows: QuotationView[]; count: number }> {
      requireAdmin(actor);
      const where = query.status ? eq(quotations.status, query.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(quotations)
          .where(where)
          .orderBy(desc(quotations.createdAt), desc(quotations.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(quotations).where(where),
      ]);
      return { rows: await withProducts(rows), count: total?.n ?? 0 };
    },

    /**
     * An approved quotation as a PDF, for its owner (made under their account or with their e-mail address, as
     * `listForUser` reads it) or an admin. Anyone else gets 404, so an id says nothing about whether it exists.
     * An approved quotation past its validity is expired, like the dealer's page shows it: 409 as for any other.
     */
    async pdfFor(actor: Actor, quotationId: number): Promise<Uint8Array> {
      const signedIn = requireUser(actor);
      const [row] = await db.select().from(quotations).where(eq(quotations.id, quotationId)).limit(1);
      let allowed = Boolean(row) && (isAdminRole(signedIn.role) || row?.userId === signedIn.id);
      if (row && !allowed) {
        const me = await accounts.me(signedIn);
        allowed = me.emailVerified && me.email.toLowerCase() === row.requesterEmail.toLowerCase();
      }
      if (!row || !allowed) throw new NotFoundError("Quotation not found.");
      if (effectiveQuotationStatus(row.status, row.createdAt, new Date()) !== "approved") {
        throw new ConflictError("Only approved quotations can be downloaded.");
      }
      const [view] = await withProducts([row]);
      return quotationPdf(view as QuotationView, await settings.get(), quotationValidUntil(row.createdAt));
    },
  };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
export const QUOTATION_STATUSES = quotationStatuses;
