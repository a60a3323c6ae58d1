import { Link } from "react-router";
import type { Person } from "#shared/can.ts";
import { screensFor } from "../admin-sidebar.tsx";

/**
 * The dashboard of a role with no figures or counts to show (decision 035): its screens, so the page is a way in
 * rather than an empty page.
 */
export function YourScreens({ person }: { person: Person }) {
  const screens = screensFor(person).filter((s) => s.to !== "/admin");
  return (
    <section aria-labelledby="your-screens-heading" className="rounded-lg border border-slate-200 bg-white p-5" data-testid="your-screens">
      <h2 id="your-screens-heading" className="text-lg font-semibold text-slate-900">
        Your screens
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {screens.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 font-medium text-accent-800 hover:border-slate-300 hover:underline"
            >
              <Icon aria-hidden="true" className="size-4" /> {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
