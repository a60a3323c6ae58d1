import { z } from "zod";

/**
 * The admin kit's image list as a form sends it (kit `appendImages`), for every record with images: content
 * (blogs, case studies, one-image records) and the catalogue (products, featured products, brands).
 */

export const IMAGE_ORDER_INVALID = "The order of the images could not be read. Reload the page and try again.";
export const KEPT_IMAGE_UNKNOWN = "An image to keep is not one of this record's images. Reload the page and try again.";
/** The most entries an order may name (a product's 8 images and as many new files, with room to spare). */
export const IMAGE_ORDER_MAX = 20;

export type ImageOrderEntry = { kind: "stored"; name: string } | { kind: "new"; index: number };

/**
 * `imageOrder`: every image in display order, `stored:<name>` for one kept and `new:<n>` for the n-th new file of
 * the request. Sent as JSON text in multipart forms, or as a list in JSON. `[]` removes every image.
 */
export const imageOrderSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    let list: unknown = raw;
    if (typeof raw === "string") {
      try {
        list = JSON.parse(raw);
      } catch {
        list = null;
      }
    }
    const tokens = Array.isArray(list) ? list : null;
    const parsed = tokens?.map((t): ImageOrderEntry | null => {
      const m = typeof t === "string" && t.length <= 220 ? /^(?:stored:(.+)|new:(\d{1,3}))$/.exec(t) : null;
      if (!m) return null;
      return m[1] !== undefined ? { kind: "stored", name: m[1] } : { kind: "new", index: Number(m[2]) };
    });
    if (!parsed || parsed.some((p) => p === null) || parsed.length > IMAGE_ORDER_MAX) {
      ctx.addIssue({ code: "custom", message: IMAGE_ORDER_INVALID });
      return z.NEVER;
    }
    return parsed as ImageOrderEntry[];
  });
export type ImageOrder = NonNullable<z.infer<typeof imageOrderSchema>>;

/**
 * The images an edit keeps, in order (text field `images` on PUT, beside any new image files; comma-separated as
 * the API answers them, or repeated). Left out: every current image is kept. Empty: none is.
 */
export const keptImagesSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : [
          ...new Set(
            (Array.isArray(v) ? v : [v])
              .flatMap((s) => s.split(","))
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ],
  );

/**
 * Removing a record's one image, however the client says it: the admin kit's `imageOrder` `[]`, the text field
 * named like the file field sent empty (or null in JSON), or `remove_<field>` (`remove_image`, `remove_logo`) true.
 * Read by the server's one planner (platform/uploads/image-plan.ts); this is what a `remove_<field>` flag accepts.
 */
export const removeFlagSchema = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "1", "on"].includes(v.toLowerCase()) : v),
  z.boolean(),
);
