import { data } from "react-router";
import type { QuickOrderResult } from "#shared/schemas/buying.ts";
import { formText } from "#web/lib/form-data.ts";
import type { WebContext } from "#web/load-context.ts";

/** The largest CSV the quick-order form reads (the page's body limit is 100 KB). */
const FILE_MAX = 60 * 1024;

export type QuickOrderActionResult =
  | { status: "checked" | "added"; text: string; result: QuickOrderResult; added: number }
  | { status: "error"; text: string; formError: string };

/**
 * Quick order's form, posted with or without the page's script: the pasted text, or an uploaded CSV
 * in its place; "check" matches the lines, "add" also adds every valid line to the company's cart at once.
 */
export async function quickOrderAction(request: Request, context: WebContext) {
  const form = await request.formData();
  let text = formText(form, "text");
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > FILE_MAX) {
      return data(
        { status: "error", text, formError: "The file is too large: at most 60 KB (about 2,000 lines)." } as QuickOrderActionResult,
        {
          status: 400,
        },
      );
    }
    text = await file.text();
  }
  if (text.trim() === "") {
    return data({ status: "error", text, formError: "Type or paste at least one line: SKU, quantity." } as QuickOrderActionResult, {
      status: 400,
    });
  }
  if (formText(form, "intent") === "add") {
    const { result } = await context.services.cart.quickOrderToCart(context.actor, text);
    return { status: "added", text, result, added: result.valid } as QuickOrderActionResult;
  }
  const result = await context.services.cart.quickOrder(context.actor, text);
  return { status: "checked", text, result, added: 0 } as QuickOrderActionResult;
}
