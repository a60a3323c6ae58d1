import { Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { imageVariantName, type MediaFolder, mediaUrl } from "#shared/media.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { RowActionButton, RowActionLink } from "#web/components/ui/row-actions.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { DataTable, type DataTableProps } from "../kit/data-table.tsx";
import { deleteEach, withParam } from "./catalogue-admin-shared.ts";

/** A catalogue row's small picture (its 400 px variant; decorative: the row's name says what it is), or `fallback`. */
export function CatalogueThumbnail({
  folder,
  name,
  contain = false,
  fallback = null,
}: {
  folder: MediaFolder;
  name: string | null | undefined;
  /** Shows the whole picture on white (a logo) instead of filling the frame. */
  contain?: boolean;
  fallback?: ReactNode;
}) {
  if (!name) return <>{fallback}</>;
  return (
    <img
      src={mediaUrl(folder, imageVariantName(name, 400))}
      alt=""
      width={64}
      height={48}
      loading="lazy"
      className={`h-12 w-16 rounded border border-slate-200 ${contain ? "bg-white object-contain" : "bg-slate-100 object-cover"}`}
    />
  );
}

type Removal<T> = {
  /** The record's API address for DELETE. */
  url: (id: string | number) => string;
  /** The bulk delete's noun ("brand"). */
  noun: string;
  /** The row's button and the dialog's confirmation ("Delete", "Remove"). */
  label: string;
  /** What a failure calls a record that is not on this page ("Brand" → "Brand 7"). */
  missing: string;
  title: (row: T) => string;
  /** What removing it does. */
  body: (row: T) => ReactNode;
};

type CatalogueTableProps<T> = Omit<DataTableProps<T>, "rowKey" | "rowActions" | "bulkDelete" | "toolbar"> & {
  /** The tab's parameter: `?<param>=<id>` edits a row, `?<param>=new` adds one. */
  param: string;
  id: (row: T) => number;
  /** The Add button's label. */
  add: string;
  /** Row buttons before Edit. */
  actions?: (row: T) => ReactNode;
  remove: Removal<T>;
};

/**
 * A catalogue tab's list: the kit's DataTable with an Add button, each row's Edit link (the tab's form in place of
 * the list) and a Delete button asking first in a dialog of its own words, and bulk delete.
 */
export function CatalogueTable<T>({ param, id, add, actions, remove, ...table }: CatalogueTableProps<T>) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<T | null>(null);
  const nameOf = (key: string | number) => {
    const row = table.rows.find((r) => id(r) === key);
    return row ? table.rowLabel(row) : `${remove.missing} ${key}`;
  };
  return (
    <>
      <DataTable
        {...table}
        rowKey={id}
        rowActions={(row) => (
          <>
            {actions?.(row)}
            <RowActionLink to={withParam(location.search, param, String(id(row)))} icon={Pencil} label="Edit" name={table.rowLabel(row)} />
            <RowActionButton icon={Trash2} tone="danger" label={remove.label} name={table.rowLabel(row)} onClick={() => setDeleting(row)} />
          </>
        )}
        bulkDelete={{ noun: remove.noun, onDelete: (ids) => deleteEach(ids, remove.url, nameOf) }}
        toolbar={
          <Link to={withParam(location.search, param, "new")} className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" /> {add}
          </Link>
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? remove.title(deleting) : ""}
        confirmLabel={remove.label}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return null;
          const failure = await deleteEach([id(deleting)], remove.url, nameOf);
          if (!failure) await revalidator.revalidate();
          return failure;
        }}
      >
        {deleting ? remove.body(deleting) : null}
      </ConfirmDialog>
    </>
  );
}
