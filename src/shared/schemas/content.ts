import { z } from "zod";

export {
  IMAGE_ORDER_INVALID,
  type ImageOrder,
  imageOrderSchema,
  KEPT_IMAGE_UNKNOWN,
  keptImagesSchema,
} from "./image-order.ts";

/** Public content as the API answers it (spec §3 field names). Images are file names under /media/<folder>/. */

export const testimonialSchema = z.object({
  id: z.number(),
  person: z.string(),
  person_role: z.string(),
  message: z.string(),
  image: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.string(),
  bio: z.string(),
  picture: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const awardSchema = z.object({ id: z.number(), name: z.string(), image: z.string().nullable(), year: z.number().nullable() });
export type Award = z.infer<typeof awardSchema>;

/** `path` is the PDF's file name under /media/certificates/. */
export const certificateSchema = z.object({ id: z.number(), title: z.string(), path: z.string() });
export type Certificate = z.infer<typeof certificateSchema>;

/** `story` holds paragraphs separated by blank lines; `images` is comma-separated (at most 2). */
export const blogSchema = z.object({
  id: z.number(),
  title: z.string(),
  author: z.string(),
  story: z.string(),
  createdAt: z.string(),
  images: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

/** `images` is comma-separated (at most 3); `video` is the video site's id of the project film. */
export const caseStudySchema = z.object({
  id: z.number(),
  projectName: z.string(),
  location: z.string(),
  systemCapacity: z.string(),
  description: z.string(),
  images: z.string(),
  video: z.string().nullable(),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const ARTICLE_CATEGORIES = ["Recent", "Trending", "Expert Opinion", "News"] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const articleSchema = z.object({
  article_id: z.number(),
  article_title: z.string(),
  article_description: z.string(),
  article_ref: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  createdAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /api/articles/category: every group present, newest first inside each. */
export const articlesByCategorySchema = z.object({
  Recent: z.array(articleSchema),
  Trending: z.array(articleSchema),
  "Expert Opinion": z.array(articleSchema),
  News: z.array(articleSchema),
});
export type ArticlesByCategory = z.infer<typeof articlesByCategorySchema>;

export const faqSchema = z.object({ id: z.number(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

/** The About page's texts (the spec does not name these fields). `directorPhoto` is a file under /media/team/. */
export const overviewSchema = z.object({
  story: z.string(),
  vision: z.string(),
  mission: z.string(),
  values: z.array(z.string()),
  directorName: z.string(),
  directorMessage: z.string(),
  directorPhoto: z.string().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const positionSchema = z.object({ id: z.number(), name: z.string() });
export type Position = z.infer<typeof positionSchema>;

// ───────────────────────────── The back office's forms ─────────────────────────────
// One schema per form, used by the admin screens (react-hook-form) and by the API, which checks the same fields
// again. Multipart forms send these as text fields and their files beside them (limits below).

/** A required line of text: trimmed, not empty, at most `max` characters. */
const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max.toLocaleString("en")} characters, please.`);
/** Optional text: trimmed, "" when left out. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max.toLocaleString("en")} characters, please.`)
    .optional()
    .default("");

/** Images of blogs, case studies, team members, testimonials and awards: JPG or PNG, decided by content. */
export const CONTENT_IMAGE_MAX_MB = 10;
export const CONTENT_IMAGE_MAX_BYTES = CONTENT_IMAGE_MAX_MB * 1024 * 1024;
export const CONTENT_IMAGE_TOO_LARGE = `Each image must be ${CONTENT_IMAGE_MAX_MB} MB or smaller.`;
export const CONTENT_IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
export const CONTENT_IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png"] as const;
export const CONTENT_ONLY_IMAGES = "Only JPG and PNG images are accepted.";
export const CONTENT_FILE_EMPTY = "The file is empty.";
/** Certificates: PDF only. */
export const CERTIFICATE_MAX_MB = 10;
export const CERTIFICATE_MAX_BYTES = CERTIFICATE_MAX_MB * 1024 * 1024;
export const CERTIFICATE_ACCEPT = ".pdf,application/pdf";
export const CERTIFICATE_ONLY_PDF = "Only PDF files are accepted.";
export const CERTIFICATE_TOO_LARGE = `Each PDF must be ${CERTIFICATE_MAX_MB} MB or smaller.`;
export const CERTIFICATE_FILE_REQUIRED = "Choose the certificate's PDF file.";

/** Spec §5 and §9: a blog has up to 2 images, a case study up to 3. */
export const BLOG_MAX_IMAGES = 2;
export const CASE_STUDY_MAX_IMAGES = 3;
export const BLOG_TOO_MANY_IMAGES = `A blog can have at most ${BLOG_MAX_IMAGES} images.`;
export const CASE_STUDY_TOO_MANY_IMAGES = `A case study can have at most ${CASE_STUDY_MAX_IMAGES} images.`;
export const ONE_IMAGE_ONLY = "Send one image only.";
export const PHOTO_REQUIRED = "Choose a photo to upload.";

/**
 * What the browser can check about a chosen image before sending it (the server decides by content): its name's
 * extension and its size. Null when it looks acceptable.
 */
export function contentImageProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!CONTENT_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return CONTENT_ONLY_IMAGES;
  if (file.size === 0) return CONTENT_FILE_EMPTY;
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return CONTENT_IMAGE_TOO_LARGE;
  return null;
}

export function certificateFileProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith(".pdf")) return CERTIFICATE_ONLY_PDF;
  if (file.size === 0) return CONTENT_FILE_EMPTY;
  if (file.size > CERTIFICATE_MAX_BYTES) return CERTIFICATE_TOO_LARGE;
  return null;
}

export const blogFormSchema = z.object({
  title: required("Enter the blog's title.", 200),
  author: required("Enter the author's name.", 120),
  story: required("Write the story.", 50_000),
});
export type BlogForm = z.infer<typeof blogFormSchema>;

/** A video id of the video site (11 letters, digits, - or _). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
export const VIDEO_LINK_INVALID =
  "Paste a YouTube video link, such as https://www.youtube.com/watch?v=…, https://youtu.be/…, …/embed/… or …/shorts/….";

/**
 * The video id in a link of the video site: youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID,
 * youtube.com/shorts/ID (www., m. and youtube-nocookie.com too), or a bare id. Null for anything else.
 */
export function youtubeVideoId(input: string): string | null {
  const s = input.trim();
  if (VIDEO_ID.test(s)) return s;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const [first, second] = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = first;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live") id = second;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The link the edit form shows for a stored video id. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The case study form's video field: a link (or nothing) in, the video id (or null) out. */
export const videoLinkSchema = z
  .string()
  .trim()
  .max(300, VIDEO_LINK_INVALID)
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const id = youtubeVideoId(v);
    if (!id) {
      ctx.addIssue({ code: "custom", message: VIDEO_LINK_INVALID });
      return z.NEVER;
    }
    return id;
  });

export const caseStudyFormSchema = z.object({
  projectName: required("Enter the project's name.", 200),
  location: required("Enter where the project is.", 200),
  systemCapacity: required("Enter the system's capacity, for example 10 kW.", 60),
  description: optional(5_000),
  video: videoLinkSchema,
});
export type CaseStudyForm = z.infer<typeof caseStudyFormSchema>;

/** `position` is the name of one of the positions (GET /api/positions/). */
export const teamMemberFormSchema = z.object({
  name: required("Enter the team member's name.", 120),
  position: required("Choose a position.", 120),
  bio: optional(2_000),
});
export type TeamMemberForm = z.infer<typeof teamMemberFormSchema>;
export const POSITION_UNKNOWN = "Choose one of the positions (add it under Site Content → Positions first).";
export const TEAM_PHOTO_FIELDS = ["picture", "photo"] as const;

export const testimonialFormSchema = z.object({
  person: required("Enter the person's name.", 120),
  person_role: optional(160),
  message: required("Enter what they said.", 2_000),
});
export type TestimonialForm = z.infer<typeof testimonialFormSchema>;

const YEAR = "Enter a year such as 2024, or leave it empty.";
export const awardFormSchema = z.object({
  name: required("Enter the award's name.", 200),
  year: z
    .union([
      z.number({ error: YEAR }).int(YEAR).min(1950, YEAR).max(2100, YEAR),
      z
        .string()
        .trim()
        .regex(/^(\d{4})?$/, YEAR)
        .transform((v) => (v === "" ? null : Number(v)))
        .pipe(z.number().min(1950, YEAR).max(2100, YEAR).nullable()),
    ])
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type AwardForm = z.infer<typeof awardFormSchema>;

export const certificateFormSchema = z.object({ title: required("Enter the certificate's title.", 200) });
export type CertificateForm = z.infer<typeof certificateFormSchema>;

const ARTICLE_REF = "Enter the article's web address, starting with https://, or a page of this site, starting with /";

/** A page of this site ("/blog/3"): one slash, then no second slash, space or backslash that could make it another host. */
export const isSitePath = (ref: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(ref);

export const articleFormSchema = z.object({
  article_title: required("Enter the article's title.", 200),
  article_description: required("Enter a short description.", 2_000),
  article_ref: z
    .string({ error: ARTICLE_REF })
    .trim()
    .max(500, ARTICLE_REF)
    .refine((v) => {
      if (isSitePath(v)) return true;
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && Boolean(u.hostname);
      } catch {
        return false;
      }
    }, ARTICLE_REF),
  category: z.enum(ARTICLE_CATEGORIES, { error: "Choose Recent, Trending, Expert Opinion or News." }),
});
export type ArticleForm = z.infer<typeof articleFormSchema>;

export const faqFormSchema = z.object({
  question: required("Enter the question.", 300),
  answer: required("Enter the answer.", 5_000),
});
export type FaqForm = z.infer<typeof faqFormSchema>;

export const positionFormSchema = z.object({ name: required("Enter the position's name.", 120) });
export type PositionForm = z.infer<typeof positionFormSchema>;
export const POSITION_TAKEN = "There is already a position with this name.";
export const positionInUse = (n: number) =>
  `${n === 1 ? "1 team member holds" : `${n} team members hold`} this position: give them another one first.`;

export const OVERVIEW_MAX_VALUES = 12;
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is missing.` })
    .trim()
    .max(max, `At most ${max.toLocaleString("en")} characters, please.`);
/**
 * The About page's texts. Every field is sent (empty is allowed: the page then says "Coming soon."); `values` is a
 * list, or one text with a value per line.
 */
export const overviewFormSchema = z.object({
  story: text(5_000, "The story"),
  vision: text(1_000, "The vision"),
  mission: text(1_000, "The mission"),
  values: z
    .union([z.array(z.string()), z.string()], { error: "The values are missing." })
    .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(80, "Each value: at most 80 characters, please."))
        .max(OVERVIEW_MAX_VALUES, `At most ${OVERVIEW_MAX_VALUES} values, please.`),
    ),
  directorName: text(120, "The managing director's name"),
  directorMessage: text(5_000, "The managing director's message"),
});
export type OverviewForm = z.infer<typeof overviewFormSchema>;

/** A successful delete. */
export const deletedSchema = z.object({ message: z.string() });

/** Moving a record of an ordered list (FAQs, testimonials, team members) one place: POST …/{id}/move. */
export const MOVE_DIRECTIONS = ["up", "down"] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
export const moveSchema = z.object({ direction: z.enum(MOVE_DIRECTIONS, { error: 'Say "up" or "down".' }) });
/** What a move answers: what happened, and the list's ids in their new order (the first moved up stays first). */
export const movedSchema = z.object({ message: z.string(), order: z.array(z.number()) });
export type Moved = z.infer<typeof movedSchema>;
