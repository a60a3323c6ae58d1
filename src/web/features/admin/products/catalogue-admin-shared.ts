import { useCallback } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import { redirect, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { formatCents, signedCents } from "#shared/money.ts";
import { fieldsForm, type ImageItem } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import { type ListParamOptions, type ListParams, readListParams } from "../kit/list-params.ts";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";
import { useUploadForm } from "../kit/upload-form.ts";

/**
 * The screen's three parts, each a route under /admin/products, and the parameter that opens a
 * part's form (`?product=new`, `?featured=<id>` …) with the form's headings and the way back to the list.
 */
export const CATALOGUE_TABS = [
  {
    id: "products",
    label: "Products",
    path: "/admin/products",
    param: "product",
    add: "Add a product",
    edit: "Edit product",
    back: "All products",
  },
  {
    id: "featured",
    label: "Featured products",
    path: "/admin/products/featured",
    param: "featured",
    add: "Feature a product",
    edit: "Edit featured product",
    back: "Featured products",
  },
  { id: "brands", label: "Brands", path: "/admin/products/brands", param: "brand", add: "Add a brand", edit: "Edit brand", back: "Brands" },
] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

/** The parts used to be chosen with `?tab=featured` / `?tab=brands`: such a link goes to the part's own address. */
export function redirectOldTab(url: URL): void {
  const tab = CATALOGUE_TABS.find((t) => t.id !== "products" && t.id === url.searchParams.get("tab"));
  if (!tab) return;
  const rest = new URLSearchParams(url.search);
  rest.delete("tab");
  const query = rest.toString();
  throw redirect(query ? `${tab.path}?${query}` : tab.path);
}

/** A record's id in the URL, or null. */
export function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The record a form is opened for: `new`, an id, or nothing. */
export function formTarget(value: string | null): "new" | number | null {
  return value === "new" ? "new" : positiveId(value);
}

/** A loader's list: the URL's search, sort and page, and the page of rows the service answers for them. */
export async function listOf<Sort extends string, Page extends object>(
  url: URL,
  options: ListParamOptions<Sort>,
  load: (params: ListParams<Sort>) => Promise<Page>,
): Promise<Page & { params: ListParams<Sort> }> {
  const params = readListParams(url, options);
  return { ...(await load(params)), params };
}

/**
 * A tab's loader answer: the form `?<param>=new` / `?<param>=<id>` opens (`form` loads what it needs), or else the
 * list (`list`); the other one null, so the page shows one of them.
 */
export async function listOrForm<List, Form>(
  url: URL,
  param: string,
  load: { list: () => Promise<List>; form: (target: "new" | number) => Promise<Form> },
): Promise<{ form: null; list: List } | { form: Form; list: null }> {
  const target = formTarget(url.searchParams.get(param));
  return target === null ? { form: null, list: await load.list() } : { form: await load.form(target), list: null };
}

/** Back to the list a form was opened from (same search, sort and page), with a message for the screen to show. */
export function useCloseForm(param: string) {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (message?: string) =>
      navigate(withParam(location.search, param, null), { state: message ? { flash: message } : null, preventScrollReset: false }),
    [navigate, location.search, param],
  );
}

/** Where a form opened by `?<param>=` goes back to: the same list, with its search, sort and page. */
export function withParam(search: string, name: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** "1450.00" → "1,450.00" (money.ts's printed form, exact); empty for none, malformed text as it is. */
export function money(value: string | null): string {
  if (value === null || value === "") return "";
  const cents = signedCents(value);
  return cents === null ? value : formatCents(cents);
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

/**
 * The body of a form with at most one image (a brand's logo, a featured product's artwork): multipart with a new
 * file, `remove_<field>` when the stored one was taken away, else the fields alone (JSON).
 */
export function oneImageBody(
  values: Record<string, unknown>,
  field: "logo" | "image",
  items: readonly ImageItem[],
  stored: string | null | undefined,
): FormData | Record<string, unknown> {
  const fresh = items[0]?.kind === "new" ? items[0].file : null;
  if (fresh) {
    const multipart = fieldsForm(values);
    multipart.append(field, fresh, fresh.name);
    return multipart;
  }
  return stored && items.length === 0 ? { ...values, [`remove_${field}`]: true } : { ...values };
}

/**
 * A form with at most one image (a brand's logo, a featured product's artwork): the kit's upload form, the image's
 * state (`image`), its FormShell state (`shell()`), and `send(method, url)`, the submit handler that sends the fields
 * with the image (`oneImageBody`; always multipart with `multipart`) and reports the form saved, or puts the
 * refusal under its fields.
 */
export function useOneImageForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  { field, stored, onSaved }: { field: "logo" | "image"; stored: string | null | undefined; onSaved: () => void },
) {
  const f = useUploadForm(schema, defaultValues, { fileFields: { [field]: field }, onSaved });
  const image = useImageItems([stored], f, field);
  const send = (method: "POST" | "PUT", url: string, multipart = false) =>
    f.submit(async (values) => {
      const body = oneImageBody(values, field, image.items, stored);
      const answer = await sendRequest({
        method,
        url,
        body: multipart && !(body instanceof FormData) ? fieldsForm(values) : body,
        onProgress: f.setProgress,
      });
      if (!answer.ok) return f.refuse(answer);
      // What was saved is the form's new starting point (cast: the schema is generic here).
      f.form.reset(values as z.input<Schema>);
      image.setItems([]);
      f.finish(true);
    });
  return { ...f, image, shell: () => f.shell(image.changed), send };
}
