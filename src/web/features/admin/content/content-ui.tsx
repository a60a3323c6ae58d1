import { useState } from "react";
import { useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { notify } from "#web/components/ui/toaster.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { sendRequest } from "../kit/send-request.ts";

/**
 * The record being edited lives in the URL (`?edit=<id>`) beside the list's own parameters, so an edit can be
 * linked and Back returns to the list as it was.
 */
export function useEditLinks() {
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
export async function deleteAll(urls: readonly string[]): Promise<string | null> {
  for (const url of urls) {
    const answer = await sendRequest({ method: "DELETE", url });
    if (!answer.ok && answer.status !== 404) return answer.message;
  }
  return null;
}

/** A row's Delete button: asks first, deletes through the API, then reloads the list. */
export function DeleteAction({ url, name, noun, onDeleted }: { url: string; name: string; noun: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <button type="button" className={buttonClass("outline", "text-red-800")} onClick={() => setOpen(true)}>
        Delete<span className="sr-only"> {name}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete this ${noun}?`}
        confirmLabel="Delete"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const answer = await sendRequest<{ message: string }>({ method: "DELETE", url });
          if (!answer.ok) return answer.message;
          notify.success(answer.data?.message ?? "Deleted.");
          onDeleted?.();
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

/** A form's card: its heading (which names what is being edited) and the form. */
export function FormCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} tabIndex={-1} className="mb-4 scroll-mt-24 text-lg font-semibold break-words text-slate-900 focus:outline-none">
        {title}
      </h2>
      {children}
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
