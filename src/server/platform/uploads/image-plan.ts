import { ONE_IMAGE_ONLY } from "#shared/schemas/content.ts";
import {
  IMAGE_ORDER_INVALID,
  type ImageOrderEntry,
  imageOrderSchema,
  KEPT_IMAGE_UNKNOWN,
  keptImagesSchema,
  removeFlagSchema,
} from "#shared/schemas/image-order.ts";
import { ConflictError, FieldError } from "../errors.ts";
import { UploadError } from "./image-upload.ts";

/**
 * The one reading of what a form says about a record's images (shared/schemas/image-order.ts), for content and
 * catalogue alike, worked out before any file is stored.
 */

/** One image of a record after a change: one it already has (by name), or the n-th new file of the request. */
export type PlannedImage = ImageOrderEntry;

/**
 * The images a record with several (blog, case study, product) ends up with:
 * - `imageOrder` (the admin form): every image in display order, kept ones by name, new files by position;
 * - else `images` as text: the current images to keep, in order, the new files after them;
 * - else every current image, the new files after them.
 * Throws FieldError for a name the record does not have or an order that leaves out or repeats a new file or
 * repeats a name, and UploadError 413 with `tooMany` when the result has more than `max` images.
 */
export function planImages(opts: {
  current: readonly string[];
  fields: Record<string, unknown>;
  newCount: number;
  max: number;
  tooMany: string | ((count: number) => string);
}): PlannedImage[] {
  const { current, fields, newCount, max, tooMany } = opts;
  const order = imageOrderSchema.safeParse(fields.imageOrder);
  if (!order.success) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  let plan: PlannedImage[];
  let named = "images";
  if (order.data !== undefined) {
    plan = order.data;
    named = "imageOrder";
    const newIndexes = plan.flatMap((p) => (p.kind === "new" ? [p.index] : []));
    const complete = newIndexes.length === newCount && new Set(newIndexes).size === newCount && newIndexes.every((i) => i < newCount);
    const storedNames = plan.flatMap((p) => (p.kind === "stored" ? [p.name] : []));
    if (!complete || new Set(storedNames).size !== storedNames.length) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  } else {
    const kept = keptImagesSchema.safeParse(fields.images);
    const keep = kept.success && kept.data !== undefined ? kept.data : [...current];
    plan = [
      ...keep.map((name) => ({ kind: "stored" as const, name })),
      ...Array.from({ length: newCount }, (_, index) => ({ kind: "new" as const, index })),
    ];
  }
  for (const p of plan) if (p.kind === "stored" && !current.includes(p.name)) throw new FieldError(KEPT_IMAGE_UNKNOWN, named);
  if (plan.length > max) throw new UploadError(413, typeof tooMany === "string" ? tooMany : tooMany(plan.length), "images");
  return plan;
}

/** The planned list with the new files' stored names in place. */
export function resolvePlan(plan: readonly PlannedImage[], newNames: readonly string[]): string[] {
  return plan.map((p) => (p.kind === "stored" ? p.name : (newNames[p.index] as string)));
}

/** The images a plan keeps: they must still be the record's when the change is written. */
export const keptNames = (plan: readonly PlannedImage[]) => plan.flatMap((p) => (p.kind === "stored" ? [p.name] : []));

/**
 * A plan made before the files were stored, checked again on the locked record: 409 when another change removed
 * an image it keeps meanwhile.
 */
export function checkKept(plan: readonly PlannedImage[], images: readonly string[], noun: string): void {
  if (keptNames(plan).some((name) => !images.includes(name))) {
    throw new ConflictError(`This ${noun}'s images were changed meanwhile. Reload the page and try again.`);
  }
}

/** What a change does to a record's one image. */
export type SingleImagePlan = "keep" | "new" | "remove";

/**
 * The one image of a record with one (team member, testimonial, award, director's photo, featured product's
 * artwork, brand's logo) after a change. One protocol, every spelling clients use today:
 * - `imageOrder` (the admin form's image list): `[]` removes it, `["stored:<current>"]` keeps it, `["new:0"]` takes
 *   the new file;
 * - else a new file replaces it; `remove_<field>` true (`remove_image`, `remove_logo`), or the text field named like
 *   the file field sent empty (or null in JSON), removes it; anything else keeps it.
 */
export function planSingleImage(opts: {
  current: string | null;
  fields: Record<string, unknown>;
  field: string;
  newCount: number;
  tooMany?: string;
}): SingleImagePlan {
  const { current, fields, field, newCount } = opts;
  const tooMany = opts.tooMany ?? ONE_IMAGE_ONLY;
  if (newCount > 1) throw new UploadError(413, tooMany, field);
  const order = imageOrderSchema.safeParse(fields.imageOrder);
  if (!order.success) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  if (order.data === undefined) {
    if (newCount === 1) return "new";
    const value = fields[field];
    const flag = removeFlagSchema.safeParse(fields[`remove_${field}`]);
    return value === "" || value === null || (flag.success && flag.data) ? "remove" : "keep";
  }
  const [only, ...rest] = order.data;
  if (rest.length > 0) throw new UploadError(413, tooMany, field);
  if (!only) {
    if (newCount > 0) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
    return "remove";
  }
  if (only.kind === "new") {
    if (only.index !== 0 || newCount !== 1) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
    return "new";
  }
  if (newCount > 0) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  if (only.name !== current) throw new FieldError(KEPT_IMAGE_UNKNOWN, field);
  return "keep";
}

/** The record's one image after a planned change: kept as it is on the locked row, the stored new one, or none. */
export const applySingleImage = (plan: SingleImagePlan, before: string | null, stored: string | null): string | null =>
  plan === "keep" ? before : plan === "new" ? stored : null;
