import { BatteryCharging, Cable, type LucideIcon, Package, SunMedium, ToggleRight, Wrench, Zap } from "lucide-react";
import { Link } from "react-router";
import type { Category } from "#shared/schemas/catalogue.ts";

const ICONS: Record<string, LucideIcon> = {
  "solar-panels": SunMedium,
  "hybrid-inverters": Zap,
  "energy-storage": BatteryCharging,
  "mounting-equipment": Wrench,
  cabling: Cable,
  "switch-gear": ToggleRight,
};

/** Spec §2: the home page's category tiles, each linking to /category/{slug}. */
export function CategoryTiles({ categories }: { categories: Pick<Category, "slug" | "name" | "description">[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((c) => {
        const Icon = ICONS[c.slug] ?? Package;
        return (
          <li key={c.slug}>
            <Link
              to={`/category/${c.slug}`}
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-accent-500 hover:bg-accent-50"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent-100 text-accent-800 group-hover:bg-accent-200">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span>
                <span className="block text-lg font-semibold text-slate-900 group-hover:text-accent-800">{c.name}</span>
                {c.description ? <span className="mt-1 block text-sm text-slate-700">{c.description}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
