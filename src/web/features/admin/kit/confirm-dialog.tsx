import { useState } from "react";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** Runs the action; answers an error message to show, or null when it worked (the dialog then closes). */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  destructive?: boolean;
};

/** "Are you sure?" before a change that cannot be undone, with the action's progress and failure in the dialog. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose, destructive = true }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={title}>
      <div className="space-y-4">
        <div className="text-slate-700">{children}</div>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass("outline")} onClick={close} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            aria-busy={busy || undefined}
            disabled={busy}
            className={destructive ? buttonClass("primary", "bg-red-700 hover:bg-red-800") : buttonClass("primary")}
            onClick={async () => {
              setBusy(true);
              setError(null);
              const failure = await onConfirm();
              setBusy(false);
              if (failure) setError(failure);
              else onClose();
            }}
          >
            {busy ? "Working…" : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
