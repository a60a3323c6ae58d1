import { NavLink } from "react-router";
import { CATEGORIES } from "#shared/categories.ts";

/**
 * Links to the seven categories (spec §2: the category strip of /products). On a phone they are one row that scrolls
 * sideways, edge to edge, instead of three rows of chips above the products.
 */
export function CategoryStrip() {
  return (
    <nav aria-label="Product categories" className="-mx-4 sm:mx-0">
      <ul className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] max-sm:snap-x max-sm:scroll-px-4 sm:flex-wrap sm:px-0">
        {CATEGORIES.map((c) => (
          <li key={c.slug} className="shrink-0 snap-start">
            <NavLink
              to={`/category/${c.slug}`}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${isActive ? "border-accent-700 bg-accent-700 text-white" : "border-slate-300 text-slate-800 hover:border-accent-700 hover:text-accent-800"}`
              }
            >
              {c.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
