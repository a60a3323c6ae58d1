import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  type AdminFeatured,
  type AdminFeaturedRow,
  featuredCreateSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MB,
} from "#shared/schemas/catalogue-admin.ts";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { useOneImageForm } from "./catalogue-admin-shared.ts";
import { CatalogueTable, CatalogueThumbnail } from "./catalogue-ui.tsx";

/** The picture a featured card shows: its own artwork, else the product's main image. */
function thumbnail(f: AdminFeatured) {
  return f.image ? (
    <CatalogueThumbnail folder="featuredProducts" name={f.image} />
  ) : (
    <CatalogueThumbnail folder="products" name={f.images.split(",")[0]} />
  );
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
  const revalidator = useRevalidator();
  const [moveError, setMoveError] = useState<string | null>(null);

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
      <CatalogueTable
        param="featured"
        label="Featured products"
        rows={rows}
        count={count}
        params={params}
        id={(f) => f.id}
        rowLabel={(f) => f.name}
        search={{ placeholder: "Name or product" }}
        columns={[
          { key: "position", header: "Position", sortable: true, className: "w-24 tabular-nums", cell: (f) => f.position },
          { key: "image", header: "Image", className: "w-20", cell: thumbnail },
          {
            key: "name",
            header: "Name",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (f) => (
              <>
                <span className="font-medium text-slate-900">{f.name}</span>
                {f.name !== f.product_name ? <span className="block text-slate-600">{f.product_name}</span> : null}
              </>
            ),
          },
        ]}
        actions={(f) => {
          const at = f.position - 1;
          return (
            <>
              <RowActionButton
                icon={ArrowUp}
                iconOnly
                label="Move up"
                aria-label={`Move ${f.name} up`}
                disabled={at === 0}
                onClick={() => move(f, at - 1)}
              />
              <RowActionButton
                icon={ArrowDown}
                iconOnly
                label="Move down"
                aria-label={`Move ${f.name} down`}
                disabled={f.position === total}
                onClick={() => move(f, at + 1)}
              />
            </>
          );
        }}
        remove={{
          url: (id) => `/api/featured/delete-featured/${id}`,
          noun: "featured product",
          label: "Remove",
          missing: "Featured product",
          title: (f) => `Stop featuring ${f.name}?`,
          body: () => <p>It leaves the products page's featured list; the product itself stays in the catalogue.</p>,
        }}
        add="Feature a product"
        empty="No featured products yet."
        tour="featured-list"
      />
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
  const f = useOneImageForm(
    featuredCreateSchema,
    { product_id: featured ? String(featured.product_id) : "", name: featured?.name ?? "" },
    { field: "image", stored: featured?.image, onSaved: () => onSaved(featured ? "Featured product updated." : "Featured product added.") },
  );
  const { register, error } = f;
  // POST /api/featured/add-featured is multipart (spec §7), with or without a file.
  const onSubmit = featured
    ? f.send("PUT", `/api/featured/update-featured/${featured.id}`)
    : f.send("POST", "/api/featured/add-featured", true);

  return (
    <FormShell
      {...f.shell()}
      title={featured ? `Edit featured product ${featured.name}` : "Feature a product"}
      // POST /api/featured/add-featured is multipart (spec §7), with or without a file.
      onSubmit={onSubmit}
      submitLabel={featured ? "Save changes" : "Feature product"}
      onCancel={onCancel}
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
        {...f.image.field}
        max={1}
        maxBytes={IMAGE_MAX_BYTES}
        hint={`Without artwork the product's main image is shown. JPG or PNG, at most ${IMAGE_MAX_MB} MB.`}
      />
    </FormShell>
  );
}
