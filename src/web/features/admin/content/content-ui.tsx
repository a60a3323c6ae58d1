import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { CONTENT_IMAGE_MAX_BYTES, ONE_IMAGE_ONLY } from "#shared/schemas/content.ts";
import { RowActionButton, RowActionLink } from "#web/components/ui/row-actions.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { DataTable, type DataTableProps } from "../kit/data-table.tsx";
import { FormShell, type FormShellProps } from "../kit/form-kit.tsx";
import { MoveButtons } from "../kit/move-buttons.tsx";
import { sendRequest } from "../kit/send-request.ts";

/** The image field of a record with one image (an award, a testimonial, a team member …). */
export const ONE_CONTENT_IMAGE = { max: 1, maxBytes: CONTENT_IMAGE_MAX_BYTES, tooManyMessage: ONE_IMAGE_ONLY } as const;

/**
 * The record being edited lives in the URL (`?edit=<id>`) beside the list's own parameters, so an edit can be
 * linked and Back returns to the list as it was.
 */
function useEditLinks() {
  const location = useLocation();
  const [search] = useSearchParams();
  const href = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    change(next);
    const query = next.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  return {
    editHref: (id: number) => href((next) => next.set("edit", String(id))),
    closeHref: href((next) => next.delete("edit")),
  };
}

/** The id in `?edit=` of a loader's request, or null. */
export function editParam(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("edit");
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** Deletes the records one after another; answers the first failure, or null. */
async function deleteAll(urls: readonly string[]): Promise<string | null> {
  for (const url of urls) {
    const answer = await sendRequest({ method: "DELETE", url });
    if (!answer.ok && answer.status !== 404) return answer.message;
  }
  return null;
}

/** A row's Delete button: asks first, deletes through the API, then reloads the list. */
function DeleteAction({ url, name, noun }: { url: string; name: string; noun: string }) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <RowActionButton icon={Trash2} tone="danger" label="Delete" name={name} onClick={() => setOpen(true)} />
      <ConfirmDialog
        open={open}
        title={`Delete this ${noun}?`}
        confirmLabel="Delete"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const answer = await sendRequest<{ message: string }>({ method: "DELETE", url });
          if (!answer.ok) return answer.message;
          notify.success(answer.data?.message ?? "Deleted.");
          await revalidator.revalidate();
          return null;
        }}
      >
        <p>
          <strong className="break-words">{name}</strong> will be removed from the site, with its files. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** When a form opens on a record to edit, its heading takes focus (and comes into view). */
function useFocusOnEdit(editing: boolean, headingId: string) {
  useEffect(() => {
    if (!editing) return;
    const heading = document.getElementById(headingId);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({
      block: "start",
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  }, [editing, headingId]);
}

type RecordFormCardProps = Omit<FormShellProps, "busy" | "progress" | "error" | "dirty" | "onCancel" | "tour"> & {
  /** The card's heading, which names what is being edited. */
  heading: string;
  /** A stored record is open: the heading takes focus, and Cancel goes back to the list. */
  editing?: boolean;
  /** The `useContentForm` the card sends. */
  form: { busy: boolean; progress: number | null; formError: string | null; form: { formState: { isDirty: boolean } } };
  /** Unsaved changes besides the fields (images, a file). */
  changed?: boolean;
  /** data-tour of the form; its heading's id is `<tour>-heading`. */
  tour: string;
};

/** A content form's card: its heading (focused when a record opens to edit) over the kit's FormShell. */
export function RecordFormCard({ heading, editing = false, form, changed = false, tour, ...shell }: RecordFormCardProps) {
  const id = `${tour}-heading`;
  const { close } = useAfterSave();
  useFocusOnEdit(editing, id);
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} tabIndex={-1} className="mb-4 scroll-mt-24 text-lg font-semibold break-words text-slate-900 focus:outline-none">
        {heading}
      </h2>
      <FormShell
        {...shell}
        busy={form.busy}
        progress={form.progress}
        error={form.formError}
        onCancel={editing ? close : undefined}
        dirty={form.form.formState.isDirty || changed}
        tour={tour}
      />
    </section>
  );
}

/**
 * What a content form does once saved: an edit goes back to the list (the form then offers a new record), a new
 * record clears the form and the list reloads with it.
 */
export function useAfterSave() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { closeHref } = useEditLinks();
  const close = () => navigate(closeHref, { preventScrollReset: true });
  return {
    close,
    async saved(editing: boolean, message: string, reset: () => void) {
      notify.success(message);
      if (editing) {
        close();
        return;
      }
      reset();
      await revalidator.revalidate();
    },
  };
}

type RecordActions<T> = {
  id: (row: T) => number;
  /** The API address of a record: DELETE removes it (alone or in a bulk delete). */
  url: (id: string | number) => string;
  /** What a record is called in the delete dialog ("award"). */
  noun: string;
  /** What the bulk delete's dialog calls them, when it differs from `noun`. */
  bulkNoun?: string;
  /** The record after Edit and Move for screen readers, and in the delete dialog (default: the table's `rowLabel`). */
  name?: (row: T) => string;
  /** The record in the delete dialog, when it differs from `name`. */
  deleteName?: (row: T) => string;
  /** The edit link's label ("Edit"). */
  editLabel?: string;
  /** For a list kept in the admin's order: the record's place (0 first) and the address of its moves. */
  move?: { order: (row: T) => number; url: (id: number) => string };
};

/**
 * A content list whose records are edited in the form above it: the kit's DataTable with each row's Edit link
 * (`?edit=`), Move up and down for a list kept in order, Delete after asking, and bulk delete.
 */
export function RecordTable<T>({
  record,
  ...table
}: Omit<DataTableProps<T>, "rowKey" | "rowActions" | "bulkDelete"> & { record: RecordActions<T> }) {
  const { editHref } = useEditLinks();
  const nameOf = record.name ?? table.rowLabel;
  return (
    <DataTable
      {...table}
      rowKey={record.id}
      rowActions={(row) => {
        const id = record.id(row);
        return (
          <>
            <RowActionLink to={editHref(id)} preventScrollReset icon={Pencil} label={record.editLabel ?? "Edit"} name={nameOf(row)} />
            {record.move ? (
              <MoveButtons
                url={record.move.url(id)}
                name={nameOf(row)}
                order={record.move.order(row)}
                count={table.count}
                params={table.params}
              />
            ) : null}
            <DeleteAction url={record.url(id)} name={(record.deleteName ?? nameOf)(row)} noun={record.noun} />
          </>
        );
      }}
      bulkDelete={{ noun: record.bulkNoun ?? record.noun, onDelete: (ids) => deleteAll(ids.map(record.url)) }}
    />
  );
}
