import { NavLink } from "react-router";
import { CATEGORIES } from "#shared/categories.ts";

/** Links to the seven categories (spec §2: the category strip of /products). */
export function CategoryStrip() {
  return (
    <nav aria-label="Product categories">
      <ul className="flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <NavLink
              to={`/category/${c.slug}`}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${isActive ? "border-accent-700 bg-accent-700 text-white" : "border-slate-300 text-slate-800 hover:border-accent-700 hover:text-accent-800"}`
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
