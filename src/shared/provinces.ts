/**
 * Zimbabwe's ten provinces: the installer directory's filter, a dealer's home and served provinces, and an
 * enquiry's province. The slug is what addresses and the API carry (`?province=harare`); the name is what people read.
 */
export const PROVINCES = [
  { slug: "bulawayo", name: "Bulawayo" },
  { slug: "harare", name: "Harare" },
  { slug: "manicaland", name: "Manicaland" },
  { slug: "mashonaland-central", name: "Mashonaland Central" },
  { slug: "mashonaland-east", name: "Mashonaland East" },
  { slug: "mashonaland-west", name: "Mashonaland West" },
  { slug: "masvingo", name: "Masvingo" },
  { slug: "matabeleland-north", name: "Matabeleland North" },
  { slug: "matabeleland-south", name: "Matabeleland South" },
  { slug: "midlands", name: "Midlands" },
] as const;

export type ProvinceSlug = (typeof PROVINCES)[number]["slug"];
export const PROVINCE_SLUGS = PROVINCES.map((p) => p.slug) as unknown as readonly [ProvinceSlug, ...ProvinceSlug[]];

const NAMES = new Map<string, string>(PROVINCES.map((p) => [p.slug, p.name]));

export function isProvinceSlug(value: unknown): value is ProvinceSlug {
  return typeof value === "string" && NAMES.has(value);
}

/** The province's name, or the slug itself when it is not one (never thrown: old rows keep reading). */
export function provinceName(slug: string): string {
  return NAMES.get(slug) ?? slug;
}
