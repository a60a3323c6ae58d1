import { useMemo, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { can } from "#shared/can.ts";
import { mediaUrl } from "#shared/media.ts";
import type { Category } from "#shared/schemas/catalogue.ts";
import {
  type AdminProduct,
  DATASHEET_MAX_BYTES,
  DATASHEET_MAX_MB,
  DATASHEET_REQUIRED,
  HS_CODE_REQUIRED_FOR_VAT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MB,
  PRODUCT_IMAGES_REQUIRED,
  PRODUCT_MAX_IMAGES,
  type ProductFieldsInput,
  productFieldsSchema,
} from "#shared/schemas/catalogue-admin.ts";
import { specDefsFor, specsFromForm, specsSchemaFor } from "#shared/specs.ts";
import { formatHsCode, VAT_CATEGORIES, VAT_CATEGORY_LABELS } from "#shared/tax.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { appendImages, fieldsForm, type ImageItem, ImageListField, PdfField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { useUploadForm } from "../kit/upload-form.ts";

type Props = {
  /** The product being edited; null for a new one. */
  product: AdminProduct | null;
  categories: readonly Category[];
  brands: readonly { id: number; name: string }[];
  /** The site setting's label of the secondary currency (ZWL or ZWG). */
  secondaryCurrency: string;
  /** The seller is VAT-registered: the HS code is required (decision 016; the server refuses a product without). */
  hsCodeRequired: boolean;
  /** Called once everything is saved, with the message to show. */
  onSaved: (message: string, product: AdminProduct) => void;
  onCancel: () => void;
};

const namesOf = (images: string) =>
  images
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
const storedItems = (images: string): ImageItem[] => namesOf(images).map((name) => ({ kind: "stored", name }));

type FormInput = Omit<ProductFieldsInput, "specs"> & { specs: Record<string, string> };

/**
 * The form's schema: the product's fields, with its specifications typed as text and checked by the chosen
 * category's schema (#shared/specs.ts, the one the server applies), each issue under its field; sent as numbers and
 * words.
 */
function formSchemaOf(categories: readonly Category[], adding: boolean, hsCodeRequired: boolean) {
  const slugOf = (id: unknown) => categories.find((c) => String(c.id) === String(id))?.slug ?? "";
  const read = (v: { category?: unknown; specs?: unknown }) =>
    specsFromForm(slugOf(v.category), (v.specs ?? {}) as Record<string, string | undefined>);
  const retail = productFieldsSchema.shape.retail_price_usd;
  return productFieldsSchema
    .extend({
      specs: z.record(z.string(), z.string().optional()).optional(),
      // A new product's retail price may be left empty: it is the dealer list price until set.
      retail_price_usd: adding ? z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), retail) : retail.unwrap(),
    })
    .superRefine(
      (v, ctx) => {
        const parsed = specsSchemaFor(slugOf(v.category)).safeParse(read(v));
        if (parsed.success) return;
        for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["specs", ...issue.path], message: issue.message });
      },
      // Checked with the other fields, not only once they are right.
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .superRefine(
      (v, ctx) => {
        if (hsCodeRequired && !v.hs_code) ctx.addIssue({ code: "custom", path: ["hs_code"], message: HS_CODE_REQUIRED_FOR_VAT });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .transform((v) => ({ ...v, specs: read(v) }));
}

function defaultsOf(product: AdminProduct | null): FormInput {
  return {
    product_name: product?.product_name ?? "",
    product_description: product?.product_description ?? "",
    product_benefits: product?.product_benefits ?? "",
    product_warranty: product?.product_warranty ?? "",
    category: product ? String(product.category) : "",
    price_usd: product?.price_usd ?? "",
    retail_price_usd: product?.retail_price_usd ?? "",
    price_zwl: product?.price_zwl ?? "",
    brand_id: product?.brand_id ? String(product.brand_id) : "",
    hs_code: product?.hs_code ? formatHsCode(product.hs_code) : "",
    vat_category: product?.vat_category ?? "standard",
    sku: product?.sku ?? "",
    serialised: product?.serialised ?? false,
    reorder_level: String(product?.reorder_level ?? 0),
    specs: Object.fromEntries(Object.entries(product?.specs ?? {}).map(([key, value]) => [key, String(value)])),
  };
}

/**
 * The product form (spec §5: name, description, category, USD price, images and a datasheet PDF are required; the
 * secondary-currency price is optional). A new product goes up in one request with its files; an edit saves the
 * fields, then new images (placed where the admin put them), then a new datasheet, with upload progress.
 */
export function ProductForm({ product, categories, brands, secondaryCurrency, hsCodeRequired, onSaved, onCancel }: Props) {
  const defaults = useMemo(() => defaultsOf(product), [product]);
  const schema = useMemo(() => formSchemaOf(categories, product === null, hsCodeRequired), [categories, product, hsCodeRequired]);
  const f = useUploadForm(schema, defaults, {
    fileFields: { images: "images", imageOrder: "images", datasheet: "datasheet" },
    filesAreFields: true,
    onSaved: (saved: AdminProduct) => onSaved(product ? "Product updated." : "Product added.", saved),
  });
  const { form, register, error, refuse: refused, setProgress } = f;
  // What is saved on the server so far: the baseline the images are compared with.
  const [savedImages, setSavedImages] = useState<string[]>(() => (product ? namesOf(product.images) : []));
  const [images, setImages] = useState<ImageItem[]>(() => (product ? storedItems(product.images) : []));
  const [datasheet, setDatasheet] = useState<File | null>(null);
  const [current, setCurrent] = useState<AdminProduct | null>(product);
  // A saved product's prices are `prices.edit` (decision 035): shown, not changed, by a catalogue-only role.
  const user = useCurrentUser();
  const pricesLocked = product !== null && !can.do(user, "prices.edit");
  const priceHint = (hint: string) => (pricesLocked ? "Your role does not change prices." : hint);

  const imagesChanged =
    images.some((i) => i.kind === "new") ||
    images.length !== savedImages.length ||
    images.some((i, n) => i.kind === "stored" && i.name !== savedImages[n]);

  /** The form is now what the server holds. */
  const settle = (saved: AdminProduct) => {
    setCurrent(saved);
    setSavedImages(namesOf(saved.images));
    setImages(storedItems(saved.images));
    form.reset(defaultsOf(saved));
  };

  async function create(values: Record<string, unknown>) {
    // The specifications go as one JSON text field, as the API reads them in a multipart form. A retail price left
    // empty is not sent: the server then takes the dealer list price.
    const { retail_price_usd: retail, ...rest } = values;
    const fields = typeof retail === "string" && retail.trim() !== "" ? values : rest;
    const body = fieldsForm({ ...fields, specs: JSON.stringify(values.specs ?? {}) });
    for (const item of images) if (item.kind === "new") body.append("images", item.file, item.file.name);
    if (datasheet) body.append("datasheet", datasheet, datasheet.name);
    const answer = await sendRequest<{ product: AdminProduct }>({
      method: "POST",
      url: "/api/products/add-product",
      body,
      onProgress: setProgress,
    });
    if (!answer.ok || !answer.data) return refused(answer);
    setDatasheet(null);
    settle(answer.data.product);
    f.finish(answer.data.product);
  }

  async function update(id: number, values: Record<string, unknown>) {
    const fresh = images.filter((i) => i.kind === "new");
    const order = images.flatMap((i) => (i.kind === "stored" ? [i.name] : []));
    // Without new files the order (and any removal) goes with the fields; with them, in the upload.
    const patch = fresh.length === 0 && imagesChanged ? { ...values, images: order } : values;
    const saved = await sendRequest<{ product: AdminProduct }>({ method: "PUT", url: `/api/products/update-product/${id}`, body: patch });
    if (!saved.ok || !saved.data) return refused(saved);
    let latest = saved.data.product;
    form.reset(defaultsOf(latest));
    if (fresh.length === 0) setSavedImages(namesOf(latest.images));

    if (fresh.length > 0) {
      const body = new FormData();
      appendImages(body, images);
      setProgress(0);
      const uploaded = await sendRequest<{ product: AdminProduct }>({
        method: "POST",
        url: `/api/products/upload-product-images/${id}`,
        body,
        onProgress: setProgress,
      });
      if (!uploaded.ok || !uploaded.data) return refused(uploaded, "The details were saved, but not the images: ");
      latest = uploaded.data.product;
    }
    if (datasheet) {
      const body = new FormData();
      body.append("datasheet", datasheet, datasheet.name);
      setProgress(0);
      const replaced = await sendRequest<{ product: AdminProduct }>({
        method: "POST",
        url: `/api/products/upload-datasheet/${id}`,
        body,
        onProgress: setProgress,
      });
      if (!replaced.ok || !replaced.data) {
        settle(latest);
        return refused(replaced, "The details and images were saved, but not the datasheet: ");
      }
      latest = replaced.data.product;
      setDatasheet(null);
    }
    settle(latest);
    f.finish(latest);
  }

  const categoryValue = form.watch("category");
  const slugOfCategory = categories.find((c) => String(c.id) === String(categoryValue))?.slug ?? "";

  const onSubmit = f.submit(
    (values) => (current ? update(current.product_id, values) : create(values)),
    () => {
      const problems: Record<string, string> = {};
      if (images.length === 0) problems.images = PRODUCT_IMAGES_REQUIRED;
      if (!current?.datasheet && !datasheet) problems.datasheet = DATASHEET_REQUIRED;
      f.setFileErrors(problems);
      return Object.keys(problems).length === 0;
    },
  );

  return (
    <FormShell
      {...f.shell(imagesChanged || datasheet !== null)}
      title={product ? `Edit ${product.product_name}` : "Add a product"}
      onSubmit={onSubmit}
      submitLabel={product ? "Save changes" : "Add product"}
      onCancel={onCancel}
      watchSearch
      tour="product-form"
    >
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="Product name"
          className="sm:col-span-2"
          autoComplete="off"
          maxLength={200}
          {...register("product_name")}
          error={error("product_name")}
        />
        <TextField
          label="SKU (optional)"
          autoComplete="off"
          maxLength={40}
          hint="Unique, e.g. SV-410M-PERC"
          {...register("sku")}
          error={error("sku")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Category" {...register("category")} error={error("category")}>
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Brand (optional)" {...register("brand_id")} error={error("brand_id")}>
          <option value="">No brand</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2" data-tour="product-price">
        <TextField
          label="Dealer list price (USD, excl. VAT)"
          inputMode="decimal"
          autoComplete="off"
          hint={priceHint("Each tier's discount is taken off it, for example 1450.00")}
          readOnly={pricesLocked}
          {...register("price_usd")}
          error={error("price_usd")}
        />
        <TextField
          label="Retail price (USD, excl. VAT)"
          inputMode="decimal"
          autoComplete="off"
          hint={priceHint(
            product
              ? "The RRP: what a visitor's quotation starts from."
              : "The RRP: what a visitor's quotation starts from. Leave empty to use the dealer list price.",
          )}
          readOnly={pricesLocked}
          {...register("retail_price_usd")}
          error={error("retail_price_usd")}
        />
        <TextField
          label={`Price (${secondaryCurrency}), set by hand`}
          inputMode="decimal"
          autoComplete="off"
          hint={priceHint(
            `Leave empty: the ${secondaryCurrency} price is the USD price at the day's exchange rate. A price here replaces it.`,
          )}
          readOnly={pricesLocked}
          {...register("price_zwl")}
          error={error("price_zwl")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={hsCodeRequired ? "HS code" : "HS code (optional)"}
          required={hsCodeRequired}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          hint={
            hsCodeRequired
              ? "The 8-digit HS tariff code printed on tax invoices, e.g. 8541.43.00. Required: we are VAT-registered, and ZIMRA needs it on every line."
              : "The 8-digit HS tariff code printed on tax invoices, e.g. 8541.43.00."
          }
          {...register("hs_code")}
          error={error("hs_code")}
        />
        <SelectField
          label="VAT category"
          hint="Standard rate: the VAT rate of the order's day. Zero-rated and exempt lines carry no VAT."
          {...register("vat_category")}
          error={error("vat_category")}
        >
          {VAT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {VAT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
      </div>
      <SpecsFieldset slug={slugOfCategory} register={register} error={error} />
      <TextAreaField label="Description" rows={5} {...register("product_description")} error={error("product_description")} />
      <TextAreaField
        label="Benefits (optional)"
        rows={4}
        hint="One benefit per line: each line is a bullet on the product page."
        {...register("product_benefits")}
        error={error("product_benefits")}
      />
      <TextField label="Warranty (optional)" autoComplete="off" {...register("product_warranty")} error={error("product_warranty")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Reorder level"
          hint="Available units (all branches) at or below which the product shows “Low stock” and is listed to reorder; 0 for none."
          inputMode="numeric"
          autoComplete="off"
          {...register("reorder_level")}
          error={error("reorder_level")}
        />
        <div className="flex items-start gap-3 self-center">
          <input id="product-serialised" type="checkbox" className="mt-1 size-5 shrink-0 accent-accent-700" {...register("serialised")} />
          <label htmlFor="product-serialised" className="text-sm text-slate-900">
            <span className="font-semibold">Serialised</span> (serial number per unit at dispatch)
          </label>
        </div>
      </div>
      <ImageListField
        label="Images"
        folder="products"
        items={images}
        onChange={(next) => {
          setImages(next);
          f.clearFileError("images");
        }}
        max={PRODUCT_MAX_IMAGES}
        maxBytes={IMAGE_MAX_BYTES}
        hint={`At least one, up to ${PRODUCT_MAX_IMAGES}; JPG or PNG of at most ${IMAGE_MAX_MB} MB each. The first is the main image: use the arrows to change the order.`}
        error={f.fileErrors.images}
        tour="product-images"
      />
      <PdfField
        label="Datasheet (PDF)"
        current={current?.datasheet ? { name: current.datasheet, href: mediaUrl("datasheets", current.datasheet) } : null}
        file={datasheet}
        onChange={(file) => {
          setDatasheet(file);
          f.clearFileError("datasheet");
        }}
        maxBytes={DATASHEET_MAX_BYTES}
        hint={`One PDF of at most ${DATASHEET_MAX_MB} MB${current?.datasheet ? "; choose a file to replace the current one" : ""}.`}
        error={f.fileErrors.datasheet}
        tour="product-datasheet"
      />
    </FormShell>
  );
}

type FieldKit = {
  register: (name: `specs.${string}`) => UseFormRegisterReturn;
  error: (name: `specs.${string}`) => string | undefined;
};

/** The chosen category's specifications (#shared/specs.ts): numbers with their units, choices as selects. */
function SpecsFieldset({ slug, register, error }: { slug: string } & FieldKit) {
  const defs = specDefsFor(slug);
  if (defs.length === 0) return null;
  return (
    <fieldset className="rounded-md border border-slate-300 p-4" data-specs="">
      <legend className="px-1 font-medium text-slate-900">Specifications (optional)</legend>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {defs.map((def) => {
          const name = `specs.${def.key}` as const;
          const label = def.unit && def.type === "number" ? `${def.label} (${def.unit})` : def.label;
          if (def.type === "choice") {
            return (
              <SelectField key={def.key} label={label} {...register(name)} error={error(name)}>
                <option value="">Not set</option>
                {def.choices?.map((c) => (
                  <option key={c} value={c}>
                    {def.unit ? `${c} ${def.unit}` : c}
                  </option>
                ))}
              </SelectField>
            );
          }
          return def.type === "number" ? (
            <TextField key={def.key} label={label} type="number" step="any" inputMode="decimal" {...register(name)} error={error(name)} />
          ) : (
            <TextField key={def.key} label={label} autoComplete="off" maxLength={200} {...register(name)} error={error(name)} />
          );
        })}
      </div>
    </fieldset>
  );
}
