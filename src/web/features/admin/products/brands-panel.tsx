import { type Brand, brandCreateSchema, IMAGE_MAX_BYTES, IMAGE_MAX_MB } from "#shared/schemas/catalogue-admin.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { useOneImageForm } from "./catalogue-admin-shared.ts";
import { CatalogueTable, CatalogueThumbnail } from "./catalogue-ui.tsx";

type ListProps = { rows: readonly Brand[]; count: number; params: ListParams };

/** The brands with their logos, websites and number of products. */
export function BrandList({ rows, count, params }: ListProps) {
  return (
    <CatalogueTable
      param="brand"
      label="Brands"
      rows={rows}
      count={count}
      params={params}
      id={(b) => b.id}
      rowLabel={(b) => b.name}
      search={{ placeholder: "Brand name" }}
      columns={[
        {
          key: "logo",
          header: "Logo",
          className: "w-20",
          cell: (b) => <CatalogueThumbnail folder="brands" name={b.logo} contain fallback={<span className="text-slate-500">–</span>} />,
        },
        {
          key: "name",
          header: "Name",
          sortable: true,
          className: NAME_CELL_CLASS,
          cell: (b) => <span className="font-medium text-slate-900">{b.name}</span>,
        },
        {
          key: "website",
          header: "Website",
          cell: (b) =>
            b.website ? (
              <a href={b.website} className="break-all text-accent-800 underline" rel="noreferrer noopener" target="_blank">
                {b.website.replace(/^https?:\/\//, "")}
              </a>
            ) : (
              <span className="text-slate-500">–</span>
            ),
        },
        { key: "products", header: "Products", sortable: true, className: "text-right tabular-nums", cell: (b) => b.product_count },
      ]}
      remove={{
        url: (id) => `/api/brands/${id}`,
        noun: "brand",
        label: "Delete",
        missing: "Brand",
        title: (b) => `Delete ${b.name}?`,
        body: (b) => (
          <p>
            {b.product_count > 0
              ? `Its ${b.product_count} product${b.product_count === 1 ? "" : "s"} stay in the catalogue, without a brand.`
              : "No product has this brand."}
          </p>
        ),
      }}
      add="Add brand"
      empty="No brands yet."
      tour="brand-list"
    />
  );
}

type FormProps = { brand: Brand | null; onSaved: (message: string) => void; onCancel: () => void };

/** Adds or changes a brand: its name, website and logo. */
export function BrandForm({ brand, onSaved, onCancel }: FormProps) {
  const f = useOneImageForm(
    brandCreateSchema,
    { name: brand?.name ?? "", website: brand?.website ?? "" },
    { field: "logo", stored: brand?.logo, onSaved: () => onSaved(brand ? "Brand updated." : "Brand added.") },
  );
  const { register, error } = f;

  return (
    <FormShell
      {...f.shell()}
      title={brand ? `Edit brand ${brand.name}` : "Add a brand"}
      onSubmit={brand ? f.send("PUT", `/api/brands/${brand.id}`) : f.send("POST", "/api/brands")}
      submitLabel={brand ? "Save changes" : "Add brand"}
      onCancel={onCancel}
      watchSearch
      tour="brand-form"
    >
      <TextField label="Brand name" autoComplete="off" maxLength={100} {...register("name")} error={error("name")} />
      <TextField
        label="Website (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        {...register("website")}
        error={error("website")}
      />
      <ImageListField
        label="Logo (optional)"
        folder="brands"
        {...f.image.field}
        max={1}
        maxBytes={IMAGE_MAX_BYTES}
        hint={`JPG or PNG, at most ${IMAGE_MAX_MB} MB.`}
      />
    </FormShell>
  );
}
