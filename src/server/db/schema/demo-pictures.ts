import { sql } from "drizzle-orm";
import { boolean, check, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The demo's pictures still to be drawn (decision 027). The first start writes every row of the demo and one row here
 * per picture (its SVG and where it goes); the site then answers at once, and `seed/pictures.ts` draws them in the
 * background, one at a time, deleting each row once its files are stored (or at once when a request asks for one). An
 * empty table is the normal state: every picture drawn.
 */
export const demoPictures = pgTable(
  "demo_pictures",
  {
    /** The storage key of the picture: `products/<name>.webp` (public), `dealer-documents/<id>/<uuid>.webp` (private). */
    key: text("key").primaryKey(),
    visibility: text("visibility", { enum: ["public", "private"] }).notNull(),
    /** Stored at every width of IMAGE_WIDTHS besides the plain name (seed/artwork.ts `storeImage`); else one WebP. */
    widths: boolean("widths").notNull(),
    svg: text("svg").notNull(),
    /** The drawing order: the seed's, pages' pictures before private documents (a table of a few hundred rows at most). */
    seq: serial("seq").notNull(),
    /** A process is drawing it until then; past it (the process died), another takes it over. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [check("demo_pictures_visibility_check", sql`${t.visibility} in ('public', 'private')`)],
);
