import { Link } from "react-router";

/** A tab of a back-office screen with tabs: its own route, the first one the screen's own address. */
export type AdminTab = { readonly id: string; readonly label: string; readonly path: string };

/** The tab a path shows: the first whose address it starts with, past the first (the screen's own), else the first. */
export function tabAt<const T extends readonly [AdminTab, ...AdminTab[]]>(tabs: T, pathname: string): T[number] {
  return tabs.slice(1).find((t) => pathname.startsWith(t.path)) ?? tabs[0];
}

/** A screen's tab bar: links, the current one `aria-current="page"`; it scrolls sideways when the tabs outgrow a phone. */
export function TabBar({
  label,
  tabs,
  current,
  tour,
}: {
  label: string;
  tabs: readonly AdminTab[];
  current: Pick<AdminTab, "id">;
  /** The guided tours' handle on the bar (`data-tour`). */
  tour?: string;
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-200" data-tour={tour}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              to={t.path}
              aria-current={t.id === current.id ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap ${
                t.id === current.id
                  ? "border-accent-700 text-slate-900"
                  : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
