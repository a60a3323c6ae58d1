import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";

/** The screen's three parts, chosen with `?tab=`. */
export const CATALOGUE_TABS = [
  { id: "products", label: "Products" },
  { id: "featured", label: "Featured products" },
  { id: "brands", label: "Brands" },
] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number]["id"];

export function tabOf(value: string | null): CatalogueTab {
  return CATALOGUE_TABS.find((t) => t.id === value)?.id ?? "products";
}

/** Where a form opened by `?<param>=` goes back to: the same list, with its search, sort and page. */
export function withParam(search: string, name: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

const moneyFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1450.00" → "1,450.00"; empty for none. */
export function money(value: string | null): string {
  if (value === null || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? moneyFormat.format(n) : value;
}

/** Deletes records one after the other; answers the first failure's message (naming its record), or null. */
export async function deleteEach(
  ids: readonly (string | number)[],
  url: (id: string | number) => string,
  name: (id: string | number) => string,
): Promise<string | null> {
  for (const id of ids) {
    const answer: ApiAnswer = await sendRequest({ method: "DELETE", url: url(id) });
    if (!answer.ok) return `${name(id)}: ${answer.message ?? "Deleting failed."}`;
  }
  return null;
}

/** A form's text fields as multipart fields (null and undefined become empty: "none"). */
export function appendFields(form: FormData, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    form.append(name, value === null || value === undefined ? "" : String(value));
  }
}
