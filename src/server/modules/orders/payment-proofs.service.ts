import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { NO_FILES } from "#shared/schemas/documents.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import {
  ONLY_IMAGE_OR_PDF,
  PAYMENT_PROOF_FILE_FIELD,
  PAYMENT_PROOF_FILE_REQUIRED,
  PAYMENT_PROOF_MAX_BYTES,
  PAYMENT_PROOF_NOT_AWAITING,
  PAYMENT_PROOF_REFERENCE_MAX,
  type PaymentProofView,
  paymentProofFileUrl,
  paymentProofReferenceSchema,
} from "#shared/schemas/payment-proofs.ts";
import type { Db, Tx } from "../../db/client.ts";
import { companyNames } from "../../db/dealer-names.ts";
import { users } from "../../db/schema/accounts.ts";
import { orderPaymentProofs, orders } from "../../db/schema/commerce.ts";
import { type Actor, requireRole, requireStaff, requireUser, type SignedIn, staffOf } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { contentDisposition, type IncomingPart, readUploads, type UploadRules } from "../../platform/uploads/image-upload.ts";
import { createStoredFiles } from "../../platform/uploads/stored-files.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { paymentProofToCompany } from "./payment-proof-mail.ts";

type ProofRow = typeof orderPaymentProofs.$inferSelect;

/** One file (image or PDF, by content) and the reference, as text: what a proof's request may carry. */
export const PAYMENT_PROOF_UPLOAD_RULES: UploadRules = {
  maxBytes: PAYMENT_PROOF_MAX_BYTES,
  maxPdfBytes: PAYMENT_PROOF_MAX_BYTES,
  maxPerField: {},
  imageOrPdfFields: { [PAYMENT_PROOF_FILE_FIELD]: 1 },
  onlyImageOrPdf: ONLY_IMAGE_OR_PDF,
  maxFieldBytes: PAYMENT_PROOF_REFERENCE_MAX * 4,
  maxNameLength: 120,
};

const NOT_FOUND = "Order not found.";
const PROOF_NOT_FOUND = "Proof of payment not found.";
/**
 * A technician's answer (403): proofs of payment are the company's finance (bank slips with amounts), and the money
 * rule gives them none. 403 rather than 404: the technician sees the order itself, so a 404 would hide nothing; the
 * refusal comes before any id is read, so it says nothing about whether a proof exists either.
 */
export const PAYMENT_PROOFS_NOT_FOR_TECHNICIANS = "Proofs of payment are for the company's owner and buyers.";

/** Refuses a reader who may see no company's money (a technician), whatever the order. */
function requireMoneyReader(actor: Actor): SignedIn {
  const me = requireUser(actor);
  if (!can.readPastAmounts(me, me.companyUserId)) throw new ForbiddenError(PAYMENT_PROOFS_NOT_FOR_TECHNICIANS);
  return me;
}

const FILE_TYPES: Record<string, "jpeg" | "png" | "pdf"> = { "image/jpeg": "jpeg", "image/png": "png", "application/pdf": "pdf" };

function view(row: ProofRow, by: string | null): PaymentProofView {
  return {
    id: row.id,
    reference: row.reference,
    original_name: row.originalName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    uploaded_at: row.createdAt.toISOString(),
    uploaded_by: by,
    url: paymentProofFileUrl(row.orderId, row.id),
  };
}

/** The proofs of some orders, oldest first, by order id: one query (the order views read it). */
export async function paymentProofsOf(exec: Db | Tx, orderIds: number[]): Promise<Map<number, PaymentProofView[]>> {
  const byOrder = new Map<number, PaymentProofView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await exec
    .select({ proof: orderPaymentProofs, by: users.fullName })
    .from(orderPaymentProofs)
    .leftJoin(users, eq(users.id, orderPaymentProofs.uploadedBy))
    .where(inArray(orderPaymentProofs.orderId, orderIds))
    .orderBy(asc(orderPaymentProofs.createdAt), asc(orderPaymentProofs.id));
  for (const { proof, by } of rows) byOrder.set(proof.orderId, [...(byOrder.get(proof.orderId) ?? []), view(proof, by)]);
  return byOrder;
}

type Deps = {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  audit: Pick<AuditService, "record">;
  siteUrl?: string;
};

/**
 * Whether a proof may be sent for the order: while it awaits payment, or, for an order on the company's account, until
 * it is cancelled (decision 034: the admin records the payment on the account with the proof's reference).
 */
function takesProof(order: { status: string; paymentTerms: string }): boolean {
  return order.status === "awaiting_payment" || (order.paymentTerms === "account" && order.status !== "cancelled");
}

/**
 * Proofs of bank transfer and ZIPIT payments: a dealer company's owner or buyer sends the bank slip or
 * ZIPIT confirmation of one of the company's orders awaiting payment, with its reference; the file is checked like
 * the dealer documents, stored privately, and served to the company and admins only; the sales address is e-mailed.
 */
export function createPaymentProofsService({ db, storage, mailer, settings, audit, siteUrl = DEFAULT_LINK_ORIGIN }: Deps) {
  const { withStoredFiles } = createStoredFiles(storage);

  /** The company's own order (anyone else's is 404, whether or not it exists). */
  async function companyOrder(exec: Db | Tx, companyUserId: number, orderId: number, lock = false) {
    const query = exec
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, companyUserId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  return {
    /**
     * Stores one proof for the company's order awaiting payment. The files are read only once the order is known
     * to be the company's and awaiting payment; the reference is checked before anything is stored.
     */
    async upload(actor: Actor, orderId: number, parts: AsyncIterable<IncomingPart>): Promise<PaymentProofView[]> {
      const me = requireRole(actor, "dealer");
      if (!me.emailVerified)
        throw new ForbiddenError("Please confirm your e-mail address first: open the link we sent you, or ask for a new one.");
      const order = await companyOrder(db, me.companyUserId, orderId);
      if (!takesProof(order)) throw new ConflictError(PAYMENT_PROOF_NOT_AWAITING);

      const read = await readUploads(parts, PAYMENT_PROOF_UPLOAD_RULES);
      const rawReference = read.fields.reference;
      const reference = paymentProofReferenceSchema.safeParse(Array.isArray(rawReference) ? rawReference[0] : (rawReference ?? ""));
      if (!reference.success) throw new FieldError(reference.error.issues[0]?.message ?? "Invalid reference.", "reference");
      const image = read.images[0];
      const pdf = read.pdfs[0];
      if (!image && !pdf) throw new FieldError(PAYMENT_PROOF_FILE_REQUIRED || NO_FILES, PAYMENT_PROOF_FILE_FIELD);
      const file = image
        ? { body: image.body, name: image.name, mimeType: image.mimeType, extension: image.extension }
        : {
            body: (pdf as NonNullable<typeof pdf>).body,
            name: (pdf as NonNullable<typeof pdf>).name,
            mimeType: "application/pdf",
            extension: "pdf",
          };
      const key = `payment-proofs/${order.id}/${randomUUID()}.${file.extension}`;

      const company = { ...(await settings.get()), siteUrl };
      await withStoredFiles(
        (put) => put.private(key, file.body),
        () =>
          db.transaction(async (tx) => {
            // Locked, and checked again: an admin may have confirmed or cancelled it meanwhile.
            const locked = await companyOrder(tx, me.companyUserId, orderId, true);
            if (!takesProof(locked)) throw new ConflictError(PAYMENT_PROOF_NOT_AWAITING);
            const [row] = await tx
              .insert(orderPaymentProofs)
              .values({
                orderId,
                reference: reference.data,
                storageKey: key,
                originalName: file.name,
                mimeType: file.mimeType,
                sizeBytes: file.body.length,
                uploadedBy: me.id,
              })
              .returning();
            if (!row) throw new Error("payment proof not stored");
            const [who] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, me.id));
            const companyName = (await companyNames(tx, [locked.userId])).get(locked.userId) ?? null;
            const reference_ = orderReference(locked.id, locked.createdAt);
            await audit.record(tx, me, {
              entity: "order",
              entityId: orderId,
              action: "payment_proof",
              summary: `Sent a proof of payment for order ${reference_} (reference ${row.reference})`,
              after: view(row, who?.fullName ?? null),
            });
            await queueMails(mailer, tx, [
              paymentProofToCompany(
                {
                  orderId,
                  orderReference: reference_,
                  currency: locked.currency,
                  total: locked.total ?? locked.totalUsd,
                  paymentReference: row.reference,
                  fileName: row.originalName,
                },
                { fullName: who?.fullName ?? "", email: who?.email ?? "", company: companyName },
                company,
              ),
            ]);
          }),
      );
      return (await paymentProofsOf(db, [orderId])).get(orderId) ?? [];
    },

    /** The proofs of one of the company's orders (or any order, for admins); a technician 403. */
    async list(actor: Actor, orderId: number): Promise<PaymentProofView[]> {
      const me = requireMoneyReader(actor);
      // Decision 035: the back office reads an order's proofs as it reads the order, with orders.read.
      if (staffOf(me)) requireStaff(me, "orders.read");
      if (!staffOf(me)) await companyOrder(db, me.companyUserId, orderId);
      else {
        const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
        if (!row) throw new NotFoundError(NOT_FOUND);
      }
      return (await paymentProofsOf(db, [orderId])).get(orderId) ?? [];
    },

    /**
     * A proof's file, for the order's company (its owner and buyers: the money rule) and admins; a technician 403,
     * anyone else is told it does not exist.
     */
    async file(actor: Actor, orderId: number, proofId: number): Promise<{ body: Readable; contentType: string; disposition: string }> {
      const me = requireMoneyReader(actor);
      if (staffOf(me)) requireStaff(me, "orders.read");
      const [row] = await db
        .select({ proof: orderPaymentProofs, ownerId: orders.userId })
        .from(orderPaymentProofs)
        .innerJoin(orders, eq(orders.id, orderPaymentProofs.orderId))
        .where(and(eq(orderPaymentProofs.id, proofId), eq(orderPaymentProofs.orderId, orderId)));
      if (!row || !can.readPastAmounts(me, row.ownerId)) throw new NotFoundError(PROOF_NOT_FOUND);
      const body = await storage.get("private", row.proof.storageKey).catch(() => null);
      if (!body) throw new NotFoundError(PROOF_NOT_FOUND);
      const type = row.proof.mimeType;
      const known = Object.hasOwn(FILE_TYPES, type);
      return {
        body,
        contentType: known ? type : "application/octet-stream",
        disposition: contentDisposition(row.proof.originalName, known ? (FILE_TYPES[type] ?? null) : null, known ? "inline" : "attachment"),
      };
    },
  };
}

export type PaymentProofsService = ReturnType<typeof createPaymentProofsService>;
