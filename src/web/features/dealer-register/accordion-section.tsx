import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";

type Props = {
  id: string;
  title: string;
  step: number;
  open: boolean;
  complete: boolean;
  /** What the dealer must do in this section (a rejected document), shown in its heading instead of "Completed". */
  attention?: string | null;
  /** Why the section cannot open yet (the previous one is not complete), or null when it can. */
  lockedReason: string | null;
  onToggle: () => void;
  /** The section to go on to, offered once this one is complete. */
  next?: { title: string; open: () => void } | null;
  children: ReactNode;
};

/** One accordion section: a heading whose button opens or closes the panel below it (spec §2). */
export function AccordionSection({ id, title, step, open, complete, attention = null, lockedReason, onToggle, next, children }: Props) {
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const noteId = `${id}-locked`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm" data-section={id} data-tour={id}>
      <h2 className="text-lg font-semibold text-slate-900">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-disabled={lockedReason ? true : undefined}
          aria-describedby={lockedReason ? noteId : undefined}
          onClick={() => {
            if (!lockedReason) onToggle();
          }}
          className="flex min-h-14 w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 sm:px-6"
        >
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              attention ? "bg-red-700 text-white" : complete ? "bg-green-700 text-white" : "bg-slate-200 text-slate-700"
            }`}
          >
            {attention ? "!" : complete ? "✓" : step}
          </span>
          <span className="flex-1">
            {title}
            {attention ? (
              <span
                className="mt-1 block w-fit rounded-md bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900"
                data-testid={`${id}-attention`}
              >
                {attention}
              </span>
            ) : null}
          </span>
          {complete && !attention ? <span className="text-sm font-medium text-green-800">Completed</span> : null}
          <span aria-hidden="true" className={`text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h2>
      {lockedReason ? (
        <p id={noteId} className="px-4 pb-3 text-sm text-slate-600 sm:px-6">
          {lockedReason}
        </p>
      ) : null}
      <section id={panelId} aria-labelledby={buttonId} hidden={!open} className="border-t border-slate-200 px-4 py-5 sm:px-6">
        {children}
        {next ? (
          <button type="button" onClick={next.open} className={buttonClass("secondary", "mt-5 w-full sm:w-auto")}>
            Continue to {next.title}
          </button>
        ) : null}
      </section>
    </div>
  );
}
