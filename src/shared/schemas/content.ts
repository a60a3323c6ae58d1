import { z } from "zod";

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
