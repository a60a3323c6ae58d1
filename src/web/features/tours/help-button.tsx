/**
 * The floating Help and Tours button (spec §2, §4, §9): 60 px, 30 px from the bottom and right, accent colour (on
 * phones at the end of the page instead, where it covers nothing). It
 * opens a panel listing the tours of the user's role; choosing one closes the panel and starts it. Part of the lazy
 * tour chunk: only dealers, admins and supers get it.
 */
import { CircleHelp, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { hasTours, type TourRole } from "./tour-engine.ts";
import { useTourLauncher } from "./tour-launcher.ts";
import type { TourDefinition } from "./tour-types.ts";

export type HelpButtonProps = {
  userRole: TourRole | null;
  /** toursFor from the catalogue. */
  toursFor: (role: TourRole | null) => TourDefinition[];
};

export function HelpButton({ userRole, toursFor }: HelpButtonProps) {
  const [open, setOpen] = useState(false);
  const tour = useTourLauncher();
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const tours = hasTours(userRole) ? toursFor(userRole) : [];

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  if (tours.length === 0) return null;

  const choose = (item: TourDefinition) => {
    close(true);
    void tour?.startTourByType(item.type);
  };

  // Classes, not style attributes (decision 011): TOUR_LOOK's 60 px button 30 px from the corner in the accent
  // (#de7a37, accent-500), and the panel 12 px above it (30 + 60 + 12 = 102 px). Below md (phones) the button is not
  // floating: it ends the page, 30 px from its right and bottom edges, so it covers none of the page's controls
  // (floating, it hid the Search button of /admin/quotations).
  return (
    <div data-help-tours="" className="print:hidden max-md:flex max-md:justify-end max-md:px-[30px] max-md:pt-4 max-md:pb-[30px]">
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-labelledby={headingId}
          className="fixed right-[30px] bottom-[102px] z-50 flex max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              Help and Tours
            </h2>
            <button
              type="button"
              aria-label="Close Help and Tours"
              onClick={() => close(true)}
              className="-m-2 inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <ul className="divide-y divide-slate-200 overflow-y-auto">
            {tours.map((item) => (
              <li key={item.type} className="flex items-start justify-between gap-3 px-4 py-3" data-help-tour={item.type}>
                <div>
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  <p className="text-sm text-slate-600">{item.summary}</p>
                </div>
                <button
                  type="button"
                  onClick={() => choose(item)}
                  title={`Start ${item.type} tour`}
                  className="inline-flex min-h-11 shrink-0 items-center rounded-md bg-accent-700 px-3 text-sm font-semibold text-white hover:bg-accent-800 focus-visible:outline-2 focus-visible:outline-offset-2"
                >
                  Start<span className="sr-only"> {item.title} tour</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Help and Tours"
        title="Help and Tours"
        onClick={() => setOpen((v) => !v)}
        className="fixed right-[30px] bottom-[30px] z-50 inline-flex size-[60px] items-center justify-center rounded-full border-2 border-accent-700 bg-accent-500 text-slate-950 shadow-lg hover:brightness-95 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-slate-900 max-md:static"
      >
        {open ? <X aria-hidden="true" className="size-7" /> : <CircleHelp aria-hidden="true" className="size-7" />}
      </button>
    </div>
  );
}
