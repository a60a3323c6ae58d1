import type { Db } from "../db/client.ts";
import { categories } from "../db/schema/catalogue.ts";

/** The seven categories with the spec's ids and slugs (§3); accessories is not a home tile (§2). */
export const CATEGORIES = [
  {
    id: 1,
    slug: "solar-panels",
    name: "Solar Panels",
    sortOrder: 1,
    showOnHome: true,
    description: "Monocrystalline and bifacial modules for homes, farms and commercial roofs.",
  },
  {
    id: 7,
    slug: "hybrid-inverters",
    name: "Hybrid Inverters",
    sortOrder: 2,
    showOnHome: true,
    description: "Inverters that run panels, batteries and the grid or a generator together.",
  },
  {
    id: 6,
    slug: "energy-storage",
    name: "Energy Storage",
    sortOrder: 3,
    showOnHome: true,
    description: "Lithium iron phosphate batteries that keep the lights on through load-shedding.",
  },
  {
    id: 8,
    slug: "mounting-equipment",
    name: "Mounting Equipment",
    sortOrder: 4,
    showOnHome: true,
    description: "Rails, clamps and ground-mount frames for every kind of roof and site.",
  },
  {
    id: 4,
    slug: "cabling",
    name: "Cabling",
    sortOrder: 5,
    showOnHome: true,
    description: "Solar DC cable, battery cable and connectors rated for the African sun.",
  },
  {
    id: 9,
    slug: "switch-gear",
    name: "Switch Gear",
    sortOrder: 6,
    showOnHome: true,
    description: "Isolators, breakers, surge protection and combiner boxes.",
  },
  {
    id: 5,
    slug: "accessories",
    name: "Accessories",
    sortOrder: 7,
    showOnHome: false,
    description: "Monitoring dongles, tools and the small parts that finish an installation.",
  },
] as const;

export async function seedCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values([...CATEGORIES])
    .onConflictDoNothing();
}
