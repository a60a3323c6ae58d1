import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ARTICLE_CATEGORIES } from "#shared/schemas/content.ts";

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  person: text("person").notNull(),
  personRole: text("person_role").notNull().default(""),
  message: text("message").notNull(),
  image: text("image"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt,
});

export const positions = pgTable("positions", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const teamMembers = pgTable(
  "team_members",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    positionId: integer("position_id").references(() => positions.id, { onDelete: "set null" }),
    bio: text("bio").notNull().default(""),
    picture: text("picture"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt,
  },
  (t) => [index("team_members_sort_idx").on(t.sortOrder)],
);

export const awards = pgTable("awards", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  image: text("image"),
  year: integer("year"),
  createdAt,
});

export const certificates = pgTable("certificates", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  /** Storage key of the PDF. */
  path: text("path").notNull(),
  createdAt,
});

export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    story: text("story").notNull(),
    /** At most 2 (spec §5). */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    createdAt,
    updatedAt,
  },
  (t) => [index("blogs_created_idx").on(t.createdAt), check("blogs_images_max", sql`cardinality(${t.images}) <= 2`)],
);

export const caseStudies = pgTable(
  "case_studies",
  {
    id: serial("id").primaryKey(),
    projectName: text("project_name").notNull(),
    location: text("location").notNull(),
    systemCapacity: text("system_capacity").notNull(),
    description: text("description").notNull().default(""),
    /** At most 3 (spec §5). */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** The video id; the admin form takes a video-site link and keeps its id. */
    video: text("video"),
    createdAt,
    updatedAt,
  },
  (t) => [check("case_studies_images_max", sql`cardinality(${t.images}) <= 3`)],
);

export const articles = pgTable(
  "articles",
  {
    articleId: serial("article_id").primaryKey(),
    articleTitle: text("article_title").notNull(),
    articleDescription: text("article_description").notNull(),
    articleRef: text("article_ref").notNull(),
    category: text("category", { enum: ARTICLE_CATEGORIES }).notNull(),
    createdAt,
  },
  (t) => [
    index("articles_category_idx").on(t.category, t.createdAt),
    check("articles_category_check", sql`${t.category} in ('Recent', 'Trending', 'Expert Opinion', 'News')`),
  ],
);

export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt,
});

/** One row (id 1): the About page's story, vision, mission, values and the managing director's message. */
export const overview = pgTable("overview", {
  id: integer("id").primaryKey().default(1),
  story: text("story").notNull().default(""),
  vision: text("vision").notNull().default(""),
  mission: text("mission").notNull().default(""),
  values: text("values").array().notNull().default(sql`'{}'::text[]`),
  directorName: text("director_name").notNull().default(""),
  directorMessage: text("director_message").notNull().default(""),
  directorPhoto: text("director_photo"),
  updatedAt,
});

/** Company details admins edit (DESIGN.md §6): one row per key, the value checked by the settings schema. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt,
});
