import { MAX_APPLIANCES, type SizingRequest, sizingRequestSchema } from "#shared/schemas/sizing.ts";
import { COMMON_APPLIANCES } from "#shared/sizing.ts";

/**
 * The solar calculator's form (routes/solar-calculator.tsx) as its address carries it: a GET form, so a result is a
 * link one can keep or share. Each appliance row is four fields of the same names, in order (`name`, `watts`,
 * `hours`, `qty`); then `backup` and `sun`. Buttons say what else to do: `intent=add` with `add_what` (a common
 * appliance's name, or "" for an empty row), `remove=<row>`. Read here, the same way, by the loader and its tests.
 */
export type ApplianceRow = { name: string; watts: string; hours: string; qty: string };
export type CalculatorValues = { rows: ApplianceRow[]; backup: string; sun: string };

/** A row's fields by their names in the address. */
export const ROW_FIELDS = ["name", "watts", "hours", "qty"] as const;
export type RowField = (typeof ROW_FIELDS)[number];

/** Where a field's message goes: `appliance-<row>-<field>`, `backup`, `sun`, or `appliances` (the list as a whole). */
export type FieldErrors = Record<string, string>;

export type CalculatorState = {
  values: CalculatorValues;
  /** The request to size, when the visitor asked for a result and it is valid. */
  request: SizingRequest | null;
  errors: FieldErrors;
  /** The row whose name field takes the focus (a row just added). */
  focusRow: number | null;
};

const commonRow = (name: string): ApplianceRow | null => {
  const a = COMMON_APPLIANCES.find((c) => c.name === name);
  return a ? { name: a.name, watts: String(a.watts), hours: String(a.hours_per_day), qty: "1" } : null;
};

/** What the page starts with: a small home's fridge, six lights and a TV, and a night's backup. */
export const STARTING_VALUES: CalculatorValues = {
  rows: [commonRow("Fridge") as ApplianceRow, { ...(commonRow("LED light") as ApplianceRow), qty: "6" }, commonRow("TV") as ApplianceRow],
  backup: "8",
  sun: "",
};

const EMPTY_ROW: ApplianceRow = { name: "", watts: "", hours: "", qty: "1" };

export const fieldId = (row: number, field: RowField) => `appliance-${row}-${field}`;

/** A typed number ("1,5" too); an empty field is left out, for the schema to ask for it. */
function numberOf(text: string): number | undefined {
  const t = text.trim();
  return t === "" ? undefined : Number(t.replace(",", "."));
}

/** A row with nothing typed but the starting quantity is no appliance: left out, not refused. */
const isBlank = (r: ApplianceRow) => r.name.trim() === "" && r.watts.trim() === "" && r.hours.trim() === "";

/** The schema's path ("appliances.2.watts") as the page's field, the row counted among all rows shown. */
function fieldOf(path: readonly PropertyKey[], rowIndex: readonly number[]): string {
  const [top, row, field] = path;
  if (top === "appliances" && typeof row === "number") {
    const shownRow = rowIndex[row] ?? 0;
    const name = { name: "name", watts: "watts", hours_per_day: "hours", quantity: "qty" }[String(field)] as RowField | undefined;
    return name ? fieldId(shownRow, name) : "appliances";
  }
  return top === "sun_hours" ? "sun" : top === "backup_hours" ? "backup" : "appliances";
}

/** The address's query as the form's values, what it asks for, and the request or the messages. */
export function readCalculator(query: URLSearchParams): CalculatorState {
  if (!query.has("name") && !query.has("backup")) return { values: STARTING_VALUES, request: null, errors: {}, focusRow: null };
  const [names, watts, hours, qtys] = ROW_FIELDS.map((f) => query.getAll(f).map((v) => v.slice(0, 200)));
  const count = Math.min(Math.max(names?.length ?? 0, 0), MAX_APPLIANCES);
  let rows: ApplianceRow[] = Array.from({ length: count }, (_, i) => ({
    name: names?.[i] ?? "",
    watts: watts?.[i] ?? "",
    hours: hours?.[i] ?? "",
    qty: qtys?.[i] ?? "",
  }));
  const values = (r: ApplianceRow[]): CalculatorValues => ({
    rows: r.length > 0 ? r : [EMPTY_ROW],
    backup: (query.get("backup") ?? "").slice(0, 20),
    sun: (query.get("sun") ?? "").slice(0, 20),
  });

  const remove = query.get("remove");
  if (remove !== null) {
    const i = Number(remove);
    rows = rows.filter((_, j) => j !== i);
    return { values: values(rows), request: null, errors: {}, focusRow: null };
  }
  if (query.get("intent") === "add") {
    if (rows.length >= MAX_APPLIANCES) {
      return { values: values(rows), request: null, errors: { appliances: `List at most ${MAX_APPLIANCES} appliances.` }, focusRow: null };
    }
    rows = [...rows, commonRow(query.get("add_what") ?? "") ?? EMPTY_ROW];
    return { values: values(rows), request: null, errors: {}, focusRow: rows.length - 1 };
  }

  const rowIndex: number[] = [];
  const appliances = rows.flatMap((r, i) => {
    if (isBlank(r)) return [];
    rowIndex.push(i);
    return [{ name: r.name, watts: numberOf(r.watts), hours_per_day: numberOf(r.hours), quantity: numberOf(r.qty) }];
  });
  const shown = values(rows);
  const parsed = sizingRequestSchema.safeParse({
    appliances,
    backup_hours: numberOf(shown.backup),
    ...(shown.sun.trim() ? { sun_hours: numberOf(shown.sun) } : {}),
  });
  if (parsed.success) return { values: shown, request: parsed.data, errors: {}, focusRow: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path, rowIndex)] ??= issue.message;
  return { values: shown, request: null, errors, focusRow: null };
}
