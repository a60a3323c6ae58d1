import type { OrderView } from "#shared/schemas/orders.ts";
import { type DispatchOrderInput, type SerialView, serialSchema } from "#shared/schemas/stock.ts";

/**
 * The dispatch form's rules, kept apart from React: which lines take serial numbers, what each field
 * says as it is typed (the `serialSchema` rules, a serial entered twice, one that already went out), a pasted list
 * spread over the following fields, the request's body, and the server's refusals put back under their fields.
 */

/** A serialised line of the order: one serial field per unit. */
export type SerialLine = { productId: number; name: string; quantity: number };

export function serialLines(order: Pick<OrderView, "products">): SerialLine[] {
  const byProduct = new Map<number, SerialLine>();
  for (const l of order.products) {
    if (!l.serialised || l.product_id === null) continue;
    const seen = byProduct.get(l.product_id);
    if (seen) seen.quantity += l.quantity;
    else byProduct.set(l.product_id, { productId: l.product_id, name: l.product_name, quantity: l.quantity });
  }
  return [...byProduct.values()];
}

/** "Serial 2 of 4 for SunVolt 550 W": each field's accessible name. */
export const serialLabel = (line: SerialLine, unit: number) => `Serial ${unit + 1} of ${line.quantity} for ${line.name}`;

/** A serial field's key: its line (among the serialised ones) and unit. */
export const fieldKey = (line: number, unit: number) => `${line}.${unit}`;

/** Serials are compared as the server compares them: trimmed, without regard to case. */
export const serialKey = (value: string) => value.trim().toUpperCase();

/** What the server said of a serial as it was typed: free (404), taken (200, where it went), or not known. */
export type SerialCheck = { state: "checking" } | { state: "free" } | { state: "taken"; view: SerialView } | { state: "unknown" };

/** Where a serial already went, as the field says it. */
export function takenMessage(view: SerialView): string {
  const dealer = view.dealer_company ? `${view.dealer_company} (${view.dealer_name})` : view.dealer_name;
  return `Already sent with ${view.order_reference} to ${dealer}.`;
}

/** A field's state as typed: an error to show, or a quiet hint (checking, not sent before). */
export type FieldState = { error?: string; hint?: string; checkable?: string };

/**
 * What each field says: nothing while empty (unless the form was submitted), the schema's message once the field is
 * left (`settled`: blurred or Enter pressed; a half-typed serial is not wrong yet), "entered twice" at once for a later
 * field repeating an earlier one (the first keeps its value quietly), the server's answer when known. `checkable` is
 * the key to ask the server about.
 */
export function fieldStates(
  values: string[][],
  lines: SerialLine[],
  checks: Map<string, SerialCheck>,
  submitted: boolean,
  settled: ReadonlySet<string> = new Set(),
): FieldState[][] {
  const firstAt = new Map<string, string>();
  return lines.map((line, i) =>
    Array.from({ length: line.quantity }, (_, u): FieldState => {
      const raw = values[i]?.[u] ?? "";
      if (!raw.trim()) return submitted ? { error: `Enter serial ${u + 1} of ${line.quantity}.` } : {};
      const parsed = serialSchema.safeParse(raw);
      if (!parsed.success) {
        return submitted || settled.has(fieldKey(i, u)) ? { error: parsed.error.issues[0]?.message ?? "This is not a serial number." } : {};
      }
      const key = serialKey(parsed.data);
      const earlier = firstAt.get(key);
      if (earlier) return { error: `Entered twice: also ${earlier}.` };
      firstAt.set(key, serialLabel(line, u));
      const check = checks.get(key);
      if (check?.state === "taken") return { error: takenMessage(check.view) };
      if (check?.state === "free") return { hint: "Not sent before.", checkable: key };
      if (check?.state === "checking") return { hint: "Checking…", checkable: key };
      return { checkable: key };
    }),
  );
}

/** A pasted text as serials: one per line (or separated by tabs, commas, semicolons or spaces, as scanners and sheets give them). */
export function splitPasted(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A paste of several serials into field `unit` of a line: they fill it and the following fields of the same line
 * (another product's fields are never filled by it). Answers the new values and how many did not fit.
 */
export function pasteInto(current: string[], unit: number, pasted: string[]): { values: string[]; left: number; last: number } {
  const values = [...current];
  let u = unit;
  for (const serial of pasted) {
    if (u >= values.length) break;
    values[u] = serial;
    u += 1;
  }
  return { values, left: Math.max(0, pasted.length - (values.length - unit)), last: u - 1 };
}

/** The request's body: each serialised line with its serials, trimmed. */
export function dispatchRequest(
  status: DispatchOrderInput["status"],
  lines: SerialLine[],
  values: string[][],
  reference: string,
  note: string,
): DispatchOrderInput {
  return {
    status,
    reference: reference.trim(),
    note: note.trim(),
    lines: lines.map((line, i) => ({ product_id: line.productId, serials: (values[i] ?? []).map((v) => v.trim()) })),
  };
}

/** The server's refusal placed on the form: a serial field, a whole line, the reference, the note, or the form. */
export type PlacedIssues = {
  fields: Map<string, string>;
  lines: Map<number, string>;
  reference?: string;
  note?: string;
  form?: string;
};

/** `body.lines.1.serials.3` → field 1.3; `body.lines.1.serials` → line 1; `body.reference`, `body.note`; anything else: the form. */
export function placeIssues(issues: { path: string; message: string }[], message: string | null): PlacedIssues {
  const placed: PlacedIssues = { fields: new Map(), lines: new Map() };
  for (const issue of issues) {
    const path = issue.path.replace(/^body\./, "");
    const serial = /^lines\.(\d+)\.serials\.(\d+)$/.exec(path);
    const line = /^lines\.(\d+)(?:\.|$)/.exec(path);
    if (serial) placed.fields.set(fieldKey(Number(serial[1]), Number(serial[2])), issue.message);
    else if (line) placed.lines.set(Number(line[1]), issue.message);
    else if (path === "reference") placed.reference = issue.message;
    else if (path === "note") placed.note = issue.message;
    else placed.form = issue.message;
  }
  if (issues.length === 0) placed.form = message ?? "The order could not be sent.";
  return placed;
}
