import { IMAGE_ORDER_INVALID, imageOrderSchema, KEPT_IMAGE_UNKNOWN, keptImagesSchema, ONE_IMAGE_ONLY } from "#shared/schemas/content.ts";
import { FieldError } from "../../platform/errors.ts";
import { UploadError } from "../../platform/uploads/image-upload.ts";

/** One image of a record after a change: one it already has (by name), or the n-th new file of the request. */
export type PlannedImage = { kind: "stored"; name: string } | { kind: "new"; index: number };

/**
 * The images a blog or case study ends up with, worked out before any file is stored:
 * - `imageOrder` (the admin form): every image in display order, kept ones by name, new files by position;
 * - else `images` as text: the current images to keep, in order, the new files after them;
 * - else every current image, the new files after them.
 * Throws FieldError for a name the record does not have or an order that leaves out or repeats a new file, and
 * UploadError 413 with `tooMany` when the result has more than `max` images.
 */
export function planImages(opts: {
  current: readonly string[];
  fields: Record<string, unknown>;
  newCount: number;
  max: number;
  tooMany: string;
}): PlannedImage[] {
  const { current, fields, newCount, max, tooMany } = opts;
  const order = imageOrderSchema.safeParse(fields.imageOrder);
  if (!order.success) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  let plan: PlannedImage[];
  if (order.data !== undefined) {
    plan = order.data;
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
  for (const p of plan) if (p.kind === "stored" && !current.includes(p.name)) throw new FieldError(KEPT_IMAGE_UNKNOWN, "images");
  if (plan.length > max) throw new UploadError(413, tooMany, "images");
  return plan;
}

/** The planned list with the new files' stored names in place. */
export function resolvePlan(plan: readonly PlannedImage[], newNames: readonly string[]): string[] {
  return plan.map((p) => (p.kind === "stored" ? p.name : (newNames[p.index] as string)));
}

/** What a change does to a record's one image. */
export type SingleImagePlan = "keep" | "new" | "remove";

/**
 * The one image of a team member, testimonial, award or the director's photo after a change:
 * - `imageOrder` (the admin form's image list): `[]` removes it, `["stored:<current>"]` keeps it, `["new:0"]` takes
 *   the new file;
 * - else a new file replaces it; the text field named like the file field sent empty (or null in JSON) removes it;
 *   anything else keeps it.
 */
export function planSingleImage(opts: {
  current: string | null;
  fields: Record<string, unknown>;
  field: string;
  newCount: number;
}): SingleImagePlan {
  const { current, fields, field, newCount } = opts;
  if (newCount > 1) throw new UploadError(413, ONE_IMAGE_ONLY, field);
  const order = imageOrderSchema.safeParse(fields.imageOrder);
  if (!order.success) throw new FieldError(IMAGE_ORDER_INVALID, "imageOrder");
  if (order.data === undefined) {
    if (newCount === 1) return "new";
    const value = fields[field];
    return value === "" || value === null ? "remove" : "keep";
  }
  const [only, ...rest] = order.data;
  if (rest.length > 0) throw new UploadError(413, ONE_IMAGE_ONLY, field);
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
