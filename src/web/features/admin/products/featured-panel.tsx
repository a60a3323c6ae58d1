import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { imageVariantName, mediaUrl } from "#shared/media.ts";
import {
  type AdminFeatured,
  type AdminFeaturedRow,
  featuredCreateSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MB,
} from "#shared/schemas/catalogue-admin.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { fieldsForm, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { useUploadForm } from "../kit/upload-form.ts";
import { deleteEach, oneImageBody, withParam } from "./catalogue-admin-shared.ts";

const deleteUrl = (id: string | number) => `/api/featured/delete-featured/${id}`;

/** The picture a featured card shows: its own artwork, else the product's main image. */
function thumbnail(f: AdminFeatured) {
  const own = f.image;
  const main = f.images.split(",")[0];
  const src = own
    ? mediaUrl("featuredProducts", imageVariantName(own, 400))
    : main
      ? mediaUrl("products", imageVariantName(main, 400))
      : null;
  return src ? (
    <img
      src={src}
      alt=""
      width={64}
      height={48}
      loading="lazy"
      className="h-12 w-16 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  ) : null;
}

type ListProps = {
  /** One page of the featured products, each with its place in the public order (1 first). */
  rows: readonly AdminFeaturedRow[];
  count: number;
  /** How many are featured in all. */
  total: number;
  params: ListParams;
};

/** The featured products in the order the public products page shows them, moved up and down with buttons. */
export function FeaturedList({ rows, count, total, params }: ListProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<AdminFeatured | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const nameOf = (id: string | number) => rows.find((f) => f.id === id)?.name ?? `Featured product ${id}`;

  const move = async (f: AdminFeatured, to: number) => {
    setMoveError(null);
    const answer = await sendRequest({ method: "PUT", url: `/api/featured/update-featured/${f.id}`, body: { sort_order: to } });
    if (!answer.ok) setMoveError(answer.message);
    await revalidator.revalidate();
  };

  return (
    <>
      {moveError ? (
        <p role="alert" className="text-sm text-red-700">
          {moveError}
        </p>
      ) : null}
      <DataTable
        label="Featured products"
        rows={rows}
        count={count}
        params={params}
        rowKey={(f) => f.id}
        rowLabel={(f) => f.name}
        search={{ placeholder: "Name or product" }}
        columns={[
          { key: "position", header: "Position", sortable: true, className: "w-24 tabular-nums", cell: (f) => f.position },
          { key: "image", header: "Image", className: "w-20", cell: thumbnail },
          {
            key: "name",
            header: "Name",
            sortable: true,
            cell: (f) => (
              <>
                <span className="font-medium text-slate-900">{f.name}</span>
                {f.name !== f.product_name ? <span className="block text-slate-600">{f.product_name}</span> : null}
              </>
            ),
          },
        ]}
        rowActions={(f) => {
          const at = f.position - 1;
          return (
            <>
              <button
                type="button"
                className={buttonClass("ghost", "px-3")}
                disabled={at === 0}
                onClick={() => move(f, at - 1)}
                aria-label={`Move ${f.name} up`}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className={buttonClass("ghost", "px-3")}
                disabled={f.position === total}
                onClick={() => move(f, at + 1)}
                aria-label={`Move ${f.name} down`}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </button>
              <Link to={withParam(location.search, "featured", String(f.id))} className={buttonClass("outline", "px-3")}>
                <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {f.name}</span>
              </Link>
              <button type="button" className={buttonClass("ghost", "px-3 text-red-800")} onClick={() => setDeleting(f)}>
                <Trash2 aria-hidden="true" className="size-4" /> Remove<span className="sr-only"> {f.name}</span>
              </button>
            </>
          );
        }}
        bulkDelete={{ noun: "featured product", onDelete: (ids) => deleteEach(ids, deleteUrl, nameOf) }}
        toolbar={
          <Link to={withParam(location.search, "featured", "new")} className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" /> Feature a product
          </Link>
        }
        empty="No featured products yet."
        tour="featured-list"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Stop featuring ${deleting?.name ?? "this product"}?`}
        confirmLabel="Remove"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return null;
          const failure = await deleteEach([deleting.id], deleteUrl, nameOf);
          if (!failure) await revalidator.revalidate();
          return failure;
        }}
      >
        <p>It leaves the products page's featured list; the product itself stays in the catalogue.</p>
      </ConfirmDialog>
    </>
  );
}

type FormProps = {
  featured: AdminFeatured | null;
  choices: readonly { id: number; name: string }[];
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/** Features a product, or changes one: the product, the name on its card and its own artwork (optional). */
export function FeaturedForm({ featured, choices, onSaved, onCancel }: FormProps) {
  const f = useUploadForm(
    featuredCreateSchema,
    { product_id: featured ? String(featured.product_id) : "", name: featured?.name ?? "" },
    { fileFields: { image: "image" }, onSaved: () => onSaved(featured ? "Featured product updated." : "Featured product added.") },
  );
  const { form, register, error } = f;
  const initial: ImageItem[] = featured?.image ? [{ kind: "stored", name: featured.image }] : [];
  const [images, setImages] = useState<ImageItem[]>(initial);
  const imageChanged = images.length !== initial.length || images[0]?.kind === "new";
  const dirty = form.formState.isDirty || imageChanged;

  const onSubmit = f.submit(async (values) => {
    const body = oneImageBody(values, "image", images, featured?.image);
    const answer = await sendRequest({
      method: featured ? "PUT" : "POST",
      url: featured ? `/api/featured/update-featured/${featured.id}` : "/api/featured/add-featured",
      // POST /api/featured/add-featured is multipart (spec §7), with or without a file.
      body: body instanceof FormData || featured ? body : fieldsForm(values),
      onProgress: f.setProgress,
    });
    if (!answer.ok) return f.refuse(answer);
    form.reset(values);
    setImages([]);
    f.finish(true);
  });

  return (
    <FormShell
      title={featured ? `Edit featured product ${featured.name}` : "Feature a product"}
      onSubmit={onSubmit}
      busy={f.busy}
      progress={f.progress}
      error={f.failure}
      submitLabel={featured ? "Save changes" : "Feature product"}
      onCancel={onCancel}
      dirty={dirty && !f.saved}
      watchSearch
      tour="featured-form"
    >
      <SelectField label="Product" {...register("product_id")} error={error("product_id")}>
        <option value="">Choose a product</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Name on the card (optional)"
        hint="The product's name when left empty."
        autoComplete="off"
        maxLength={200}
        {...register("name")}
        error={error("name")}
      />
      <ImageListField
        label="Artwork (optional)"
        folder="featuredProducts"
        items={images}
        onChange={(next) => {
          setImages(next);
          f.clearFileError("image");
        }}
        max={1}
        maxBytes={IMAGE_MAX_BYTES}
        hint={`Without artwork the product's main image is shown. JPG or PNG, at most ${IMAGE_MAX_MB} MB.`}
        error={f.fileErrors.image}
      />
    </FormShell>
  );
}
