import type { QuoteRequestInput } from "#shared/schemas/quotations.ts";
import type { FormResult } from "#web/lib/form-action.ts";

/**
 * The quote form's fields (spec §5) as the page posts them: the quote request contract's names (quoteRequestSchema,
 * POST /api/quotations) for one product, the product's quantity as `quantity`. Read the same way by the product
 * page's action (quote-action.server.ts) and by the browser's check before sending (src/web/enhance/form-rules.ts).
 */
export const QUOTE_FIELDS = [
  "customer_name",
  "customer_address",
  "customer_email",
  "customer_phone",
  "quantity",
  "notes",
  // "I also want a certified installer" (a checkbox) and the province.
  "installer",
  "installer_province",
] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

/** A dealer company's contact, which its quote form starts from (the cart's "Request a quote for my cart"). */
export type QuoteContact = { name: string; address: string; email: string; phone: string };

/** What the product page's action answers about a quote request: the success text, or refusals and what was typed. */
export type QuoteResult = FormResult<QuoteField>;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A kit's lines in a quote form (the solar calculator's): hidden `kit_product_id` and `kit_quantity` fields, in pairs. */
export const KIT_FIELDS = { productId: "kit_product_id", quantity: "kit_quantity" } as const;

function kitLines(form: FormData): QuoteRequestInput["products"] {
  const ids = form.getAll(KIT_FIELDS.productId);
  const quantities = form.getAll(KIT_FIELDS.quantity);
  return ids.map((id, i) => ({ product_id: String(id), quantity: String(quantities[i] ?? "") }));
}

/** The installer checkbox, its province (none chosen: absent) and where the form is (hidden `source`). */
function installerInput(form: FormData): Pick<QuoteRequestInput, "installer" | "installer_province" | "source"> {
  const province = text(form, "installer_province");
  const source = text(form, "source");
  return {
    ...(form.get("installer") !== null ? { installer: true } : {}),
    ...(province ? { installer_province: province as QuoteRequestInput["installer_province"] } : {}),
    ...(source === "quote" || source === "cart" || source === "calculator" ? { source } : {}),
  };
}

/**
 * The posted form as the quote request contract's input: for the product the page is about (its quantity typed in
 * `quantity`), or, with no product (`null`), for the kit the form carries (KIT_FIELDS).
 */
export function quoteRequestInput(form: FormData, productId: number | null): QuoteRequestInput {
  return {
    customer_name: text(form, "customer_name"),
    customer_address: text(form, "customer_address"),
    customer_email: text(form, "customer_email"),
    customer_phone: text(form, "customer_phone"),
    notes: text(form, "notes"),
    products: productId === null ? kitLines(form) : [{ product_id: productId, quantity: text(form, "quantity") }],
    ...installerInput(form),
  };
}

/** What was typed, to fill the form again after a refusal. */
export function quoteValues(form: FormData): Record<QuoteField, string> {
  return Object.fromEntries(QUOTE_FIELDS.map((name) => [name, text(form, name)])) as Record<QuoteField, string>;
}

/**
 * The form's field for an issue of the contract ("products.0.quantity", or the API's "body.products.0.quantity"),
 * null for what no field of the form holds (the product itself: said at the head of the form).
 */
export function quoteFieldOf(path: string): QuoteField | null {
  const name = path.replace(/^body\./, "");
  if (/^products(\.\d+\.quantity)?$/.test(name)) return "quantity";
  return (QUOTE_FIELDS as readonly string[]).includes(name) ? (name as QuoteField) : null;
}

/** The first message of each field, and the first message no field holds. */
export function quoteRefusal(issues: readonly { path: string; message: string }[]): Pick<QuoteResult, "fieldErrors" | "formError"> {
  const fieldErrors: Partial<Record<QuoteField, string>> = {};
  let formError: string | undefined;
  for (const { path, message } of issues) {
    const field = quoteFieldOf(path);
    if (field) fieldErrors[field] ??= message;
    else formError ??= message;
  }
  return formError ? { fieldErrors, formError } : { fieldErrors };
}
