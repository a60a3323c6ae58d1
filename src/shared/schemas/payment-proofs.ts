import { z } from "zod";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB, FILE_EMPTY, ONLY_IMAGE_OR_PDF } from "./documents.ts";

/**
 * A dealer's proof of a bank transfer or ZIPIT payment: the bank slip or ZIPIT confirmation, an image
 * or a PDF checked like the dealer programme's documents (type by content, size, re-encoded or rewritten), with the
 * payment's reference.
 */
export const PAYMENT_PROOF_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const PAYMENT_PROOF_MAX_MB = DOCUMENT_MAX_MB;
export const PAYMENT_PROOF_EXTENSIONS = [".jpg", ".jpeg", ".png", ".pdf"] as const;
/** The file input's `accept` attribute. */
export const PAYMENT_PROOF_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
/** The multipart fields: the file and the reference. */
export const PAYMENT_PROOF_FILE_FIELD = "file";
export const PAYMENT_PROOF_REFERENCE_MAX = 120;

export { ONLY_IMAGE_OR_PDF };
export const PAYMENT_PROOF_TOO_LARGE = `The file must be ${PAYMENT_PROOF_MAX_MB} MB or smaller.`;
export const PAYMENT_PROOF_FILE_REQUIRED = "Choose the bank slip or ZIPIT confirmation to upload.";
export const PAYMENT_PROOF_REFERENCE_REQUIRED = "Enter the payment's reference, as your bank or ZIPIT shows it.";
export const PAYMENT_PROOF_SENT = "Thank you: your proof of payment has been sent. We will confirm the payment once it reaches us.";
export const PAYMENT_PROOF_NOT_AWAITING = "Proof of payment can only be sent while the order is awaiting payment.";

export const PAYMENT_REFERENCE_CONTROL_CHARACTERS = "Enter the reference on one line, without tabs or control characters.";

/**
 * Control characters (C0, DEL and C1: line breaks and tabs too): a payment reference is one line as the bank prints
 * it, and it is shown in the back office, the order's timeline and the sales e-mail, where a line break or an escape
 * would forge or hide text. The multipart form the proof comes in escapes the API's own control-character check.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this expression's purpose.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** A payment's reference as typed, one line: the proof's (the server and the form use the same rule) and the admin's. */
export const paymentReferenceSchema = (required: boolean) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, PAYMENT_PROOF_REFERENCE_REQUIRED)
    .max(PAYMENT_PROOF_REFERENCE_MAX, `At most ${PAYMENT_PROOF_REFERENCE_MAX} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), PAYMENT_REFERENCE_CONTROL_CHARACTERS);

/** The reference of a proof of payment as typed (the server and the form use the same rule). */
export const paymentProofReferenceSchema = paymentReferenceSchema(true);

/** What the browser can check before sending: the name's extension and the size (the server decides by content). */
export function paymentProofFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!PAYMENT_PROOF_EXTENSIONS.some((ext) => name.endsWith(ext))) return ONLY_IMAGE_OR_PDF;
  if (file.size === 0) return FILE_EMPTY;
  if (file.size > PAYMENT_PROOF_MAX_BYTES) return PAYMENT_PROOF_TOO_LARGE;
  return null;
}

/** The private address of a proof's file (the company and admins only). */
export const paymentProofFileUrl = (orderId: number, proofId: number) => `/api/orders/${orderId}/payment-proofs/${proofId}/file`;

export const paymentProofViewSchema = z.object({
  id: z.number(),
  reference: z.string(),
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable().describe("The full name of who sent it"),
  url: z.string().describe("The file's private address"),
});
export type PaymentProofView = z.infer<typeof paymentProofViewSchema>;

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const paymentProofParamsSchema = z.object({ id: idParam, proofId: idParam });
