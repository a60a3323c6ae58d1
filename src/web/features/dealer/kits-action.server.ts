import { data } from "react-router";
import { type AddReport, kitNameSchema } from "#shared/schemas/buying.ts";
import { formText } from "#web/lib/form-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { WebContext } from "#web/load-context.ts";

export type KitsActionResult =
  | { status: "saved" | "renamed" | "deleted"; kitId: number; name: string }
  | { status: "added"; kitId: number; name: string; report: AddReport }
  | { status: "error"; intent: string; kitId: number; field: "name" | null; message: string; values: { name: string } };

/** The kits page's forms: save the cart as a kit, rename, delete, add to the cart. */
export async function kitsAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const kitId = Number(formText(form, "kitId")) || 0;
  const rawName = formText(form, "name");
  const fail = (message: string, field: "name" | null, status = 400) =>
    data({ status: "error", intent, kitId, field, message, values: { name: rawName } } as KitsActionResult, { status });
  const { kits } = context.services;
  try {
    if (intent === "save" || intent === "rename") {
      const name = kitNameSchema.safeParse(rawName);
      if (!name.success) return fail(name.error.issues[0]?.message ?? "Give the kit a name.", "name");
      if (intent === "save") {
        const kit = await kits.create(context.actor, { name: name.data });
        return { status: "saved", kitId: kit.id, name: kit.name } as KitsActionResult;
      }
      const kit = await kits.update(context.actor, kitId, { name: name.data });
      return { status: "renamed", kitId: kit.id, name: kit.name } as KitsActionResult;
    }
    if (intent === "delete") {
      await kits.remove(context.actor, kitId);
      return { status: "deleted", kitId, name: rawName } as KitsActionResult;
    }
    if (intent === "add") {
      const report = await kits.addToCart(context.actor, kitId);
      return { status: "added", kitId, name: rawName, report } as KitsActionResult;
    }
    return fail("Unknown action.", null);
  } catch (err) {
    const refused = knownFailure(err);
    if (!refused) throw err;
    return fail(refused.message, refused.field === "name" ? "name" : null, refused.statusCode);
  }
}
