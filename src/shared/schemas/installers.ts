import { z } from "zod";
import { INSTALLER_SERVICE_SLUGS, ZERA_LICENCE_CLASSES } from "../installer-network.ts";
import { PROVINCE_SLUGS, provinceName } from "../provinces.ts";
import { removeFlagSchema } from "./image-order.ts";

/**
 * The certified installer directory: the public listing of verified dealers who opted in, and the
 * dealer's own public profile. Never an end customer's contact: an installation shows its system, size, town and
 * photos only.
 */

export const INSTALLER_DESCRIPTION_MAX = 600;
export const INSTALLATION_PHOTOS_MAX = 4;
export const UNKNOWN_PROVINCE = "Choose one of Zimbabwe's ten provinces.";
export const PUBLIC_PROFILE_NEEDS_APPROVAL = "Your public profile opens once your dealer application is approved.";
export const PUBLIC_PROFILE_NEEDS_PROVINCE = "Choose your home province before publishing your profile.";
export const PUBLIC_PROFILE_SAVED = "Your public profile is saved.";
export const INSTALLATION_SAVED = "The installation is saved.";
export const TOO_MANY_PHOTOS = `An installation shows ${INSTALLATION_PHOTOS_MAX} photos at most.`;

const provinceSchema = z.enum(PROVINCE_SLUGS, { error: UNKNOWN_PROVINCE });
const serviceSchema = z.enum(INSTALLER_SERVICE_SLUGS);
/** A form's repeated field (checkboxes): none, one value or several. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/** `GET /api/installers?province=&service=`: the province matches the home province or a served one. */
export const installersQuerySchema = z.object({
  province: provinceSchema.optional(),
  service: serviceSchema.optional(),
});
export type InstallersQuery = { province?: string | undefined; services?: readonly string[] };

export const publicInstallationSchema = z.object({
  description: z.string(),
  size: z.string(),
  town: z.string().nullable(),
  /** Each photo's public address (its largest WebP; the variants sit beside it). */
  photos: z.array(z.string()),
  /** The photos' storage names, for `<picture>` variants. */
  photo_names: z.array(z.string()),
});
export type PublicInstallation = z.infer<typeof publicInstallationSchema>;

export const installerSchema = z.object({
  slug: z.string(),
  trading_name: z.string(),
  city: z.string(),
  province: z.string(),
  provinces_served: z.array(z.string()),
  licence_class: z.enum(ZERA_LICENCE_CLASSES).nullable(),
  services: z.array(z.string()),
  description: z.string(),
  /** The logo's storage name (installers folder), or null. */
  logo: z.string().nullable(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  installations: z.array(publicInstallationSchema),
});
export type Installer = z.infer<typeof installerSchema>;
export const installersSchema = z.array(installerSchema);
export const installerSlugParams = z.object({ slug: z.string().min(1).max(120) });

/** The dealer's own view of the profile, with each installation's choices (never its customer's contact). */
export const myPublicProfileSchema = z.object({
  approved: z.boolean(),
  published: z.boolean(),
  /** Listed now: published, approved and no document expired. */
  listed: z.boolean(),
  slug: z.string().nullable(),
  trading_name: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  city: z.string(),
  province: z.string().nullable(),
  provinces_served: z.array(z.string()),
  services: z.array(z.string()),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  licence_class: z.enum(ZERA_LICENCE_CLASSES).nullable(),
  installations: z.array(
    z.object({
      id: z.number(),
      description: z.string(),
      size: z.string(),
      town: z.string().nullable(),
      show_public: z.boolean(),
      photos: z.array(z.string()),
    }),
  ),
});
export type MyPublicProfile = z.infer<typeof myPublicProfileSchema>;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const checkbox = z.preprocess((v) => (Array.isArray(v) ? v.at(-1) : (v ?? false)), removeFlagSchema);

/** `PUT /api/dealer/public-profile` (multipart with an optional `logo` file, or JSON). */
export const publicProfileUpdateSchema = z.object({
  published: checkbox,
  description: text(INSTALLER_DESCRIPTION_MAX).default(""),
  city: text(80).default(""),
  province: z.preprocess((v) => (v === "" ? null : v), provinceSchema.nullable()).default(null),
  provinces_served: many(provinceSchema).default([]),
  services: many(serviceSchema).default([]),
  phone: text(40)
    .regex(/^[\d +()-]*$/, "Use digits, spaces and + ( ) - only.")
    .default(""),
  whatsapp: text(40)
    .regex(/^[\d +()-]*$/, "Use digits, spaces and + ( ) - only.")
    .default(""),
  email: z.union([z.literal(""), z.email("Enter a valid e-mail address.").max(200)]).default(""),
  remove_logo: removeFlagSchema.optional(),
});
export type PublicProfileUpdate = z.infer<typeof publicProfileUpdateSchema>;

/** `PUT /api/dealer/installations/{id}/public` (multipart with up to four `photos`, or JSON). */
export const installationPublicSchema = z.object({
  show_public: checkbox,
  town: text(80).default(""),
  /** Stored photos to drop (their names). */
  remove_photos: many(z.string().max(200)).default([]),
});
export const installationIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A company's initials (at most two), drawn where it has no logo. */
export function installerInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
}

/** Where a company is based: "Mutare, Manicaland", or "Harare" alone where the city names its province. */
export function installerPlace(i: { city: string; province: string }): string {
  const province = provinceName(i.province);
  return i.city && i.city !== province ? `${i.city}, ${province}` : province;
}
