import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { imageVariantName, mediaUrl } from "#shared/media.ts";
import { type Brand, brandCreateSchema, IMAGE_MAX_BYTES, IMAGE_MAX_MB } from "#shared/schemas/catalogue-admin.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { useUploadForm } from "../kit/upload-form.ts";
import { deleteEach, oneImageBody, withParam } from "./catalogue-admin-shared.ts";

const deleteUrl = (id: string | number) => `/api/brands/${id}`;

type ListProps = { rows: readonly Brand[]; count: number; params: ListParams };

/** The brands with their logos, websites and number of products. */
export function BrandList({ rows, count, params }: ListProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const nameOf = (id: string | number) => rows.find((b) => b.id === id)?.name ?? `Brand ${id}`;

  return (
    <>
      <DataTable
        label="Brands"
        rows={rows}
        count={count}
        params={params}
        rowKey={(b) => b.id}
        rowLabel={(b) => b.name}
        search={{ placeholder: "Brand name" }}
        columns={[
          {
            key: "logo",
            header: "Logo",
            className: "w-20",
            cell: (b) =>
              b.logo ? (
                <img
                  src={mediaUrl("brands", imageVariantName(b.logo, 400))}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="h-12 w-16 rounded border border-slate-200 bg-white object-contain"
                />
              ) : (
                <span className="text-slate-500">–</span>
              ),
          },
          { key: "name", header: "Name", sortable: true, cell: (b) => <span className="font-medium text-slate-900">{b.name}</span> },
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
        rowActions={(b) => (
          <>
            <Link to={withParam(location.search, "brand", String(b.id))} className={buttonClass("outline", "px-3")}>
              <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {b.name}</span>
            </Link>
            <button type="button" className={buttonClass("ghost", "px-3 text-red-800")} onClick={() => setDeleting(b)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete<span className="sr-only"> {b.name}</span>
            </button>
          </>
        )}
        bulkDelete={{ noun: "brand", onDelete: (ids) => deleteEach(ids, deleteUrl, nameOf) }}
        toolbar={
          <Link to={withParam(location.search, "brand", "new")} className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" /> Add brand
          </Link>
        }
        empty="No brands yet."
        tour="brand-list"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "this brand"}?`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return null;
          const failure = await deleteEach([deleting.id], deleteUrl, nameOf);
          if (!failure) await revalidator.revalidate();
          return failure;
        }}
      >
        <p>
          {deleting && deleting.product_count > 0
            ? `Its ${deleting.product_count} product${deleting.product_count === 1 ? "" : "s"} stay in the catalogue, without a brand.`
            : "No product has this brand."}
        </p>
      </ConfirmDialog>
    </>
  );
}

type FormProps = { brand: Brand | null; onSaved: (message: string) => void; onCancel: () => void };

/** Adds or changes a brand: its name, website and logo. */
export function BrandForm({ brand, onSaved, onCancel }: FormProps) {
  const f = useUploadForm(
    brandCreateSchema,
    { name: brand?.name ?? "", website: brand?.website ?? "" },
    { fileFields: { logo: "logo" }, onSaved: () => onSaved(brand ? "Brand updated." : "Brand added.") },
  );
  const { form, register, error } = f;
  const initial: ImageItem[] = brand?.logo ? [{ kind: "stored", name: brand.logo }] : [];
  const [logo, setLogo] = useState<ImageItem[]>(initial);
  const dirty = form.formState.isDirty || logo.length !== initial.length || logo[0]?.kind === "new";

  const onSubmit = f.submit(async (values) => {
    const body = oneImageBody(values, "logo", logo, brand?.logo);
    const answer = await sendRequest({
      method: brand ? "PUT" : "POST",
      url: brand ? `/api/brands/${brand.id}` : "/api/brands",
      body,
      onProgress: f.setProgress,
    });
    if (!answer.ok) return f.refuse(answer);
    form.reset(values);
    setLogo([]);
    f.finish(true);
  });

  return (
    <FormShell
      title={brand ? `Edit brand ${brand.name}` : "Add a brand"}
      onSubmit={onSubmit}
      busy={f.busy}
      progress={f.progress}
      error={f.failure}
      submitLabel={brand ? "Save changes" : "Add brand"}
      onCancel={onCancel}
      dirty={dirty && !f.saved}
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
        items={logo}
        onChange={(next) => {
          setLogo(next);
          f.clearFileError("logo");
        }}
        max={1}
        maxBytes={IMAGE_MAX_BYTES}
        hint={`JPG or PNG, at most ${IMAGE_MAX_MB} MB.`}
        error={f.fileErrors.logo}
      />
    </FormShell>
  );
}
