import { asc, desc, eq, sql } from "drizzle-orm";
import {
  ARTICLE_CATEGORIES,
  type Article,
  type ArticlesByCategory,
  type Award,
  type Blog,
  type CaseStudy,
  type Certificate,
  type Faq,
  type Overview,
  type Position,
  type TeamMember,
  type Testimonial,
} from "#shared/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import {
  articles,
  awards,
  blogs,
  caseStudies,
  certificates,
  faqs,
  overview,
  positions,
  teamMembers,
  testimonials,
} from "../../db/schema/content.ts";
import { NotFoundError } from "../../platform/errors.ts";

export const testimonialColumns = {
  id: testimonials.id,
  person: testimonials.person,
  person_role: testimonials.personRole,
  message: testimonials.message,
  image: testimonials.image,
};

export const blogColumns = {
  id: blogs.id,
  title: blogs.title,
  author: blogs.author,
  story: blogs.story,
  createdAt: blogs.createdAt,
  images: blogs.images,
};

export const caseStudyColumns = {
  id: caseStudies.id,
  projectName: caseStudies.projectName,
  location: caseStudies.location,
  systemCapacity: caseStudies.systemCapacity,
  description: caseStudies.description,
  images: caseStudies.images,
  video: caseStudies.video,
};

export const articleColumns = {
  article_id: articles.articleId,
  article_title: articles.articleTitle,
  article_description: articles.articleDescription,
  article_ref: articles.articleRef,
  category: articles.category,
  createdAt: articles.createdAt,
};

export const faqColumns = { id: faqs.id, question: faqs.question, answer: faqs.answer };
export const teamColumns = {
  id: teamMembers.id,
  name: teamMembers.name,
  position: teamMembers.position,
  bio: teamMembers.bio,
  picture: teamMembers.picture,
};
export const awardColumns = { id: awards.id, name: awards.name, image: awards.image, year: awards.year };
export const certificateColumns = { id: certificates.id, title: certificates.title, path: certificates.path };
export const overviewColumns = {
  story: overview.story,
  vision: overview.vision,
  mission: overview.mission,
  values: overview.values,
  directorName: overview.directorName,
  directorMessage: overview.directorMessage,
  directorPhoto: overview.directorPhoto,
};
export const positionColumns = { id: positions.id, name: positions.name };
export const EMPTY_OVERVIEW: Overview = {
  story: "",
  vision: "",
  mission: "",
  values: [],
  directorName: "",
  directorMessage: "",
  directorPhoto: null,
};

type BlogRow = Omit<Blog, "createdAt" | "images"> & { createdAt: Date; images: string[] };
type CaseStudyRow = Omit<CaseStudy, "images"> & { images: string[] };
type ArticleRow = Omit<Article, "createdAt"> & { createdAt: Date };

export const toBlog = (row: BlogRow): Blog => ({ ...row, createdAt: row.createdAt.toISOString(), images: row.images.join(",") });
export const toCaseStudy = (row: CaseStudyRow): CaseStudy => ({ ...row, images: row.images.join(",") });
export const toArticle = (row: ArticleRow): Article => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The public content of the site (spec §3): read by everyone, so the reads take no acting user; lists come in the
 * admin's order (sortOrder, then id) or newest first for blogs and articles.
 */
export function createContentService(db: Db) {
  const listArticles = async (): Promise<Article[]> => {
    const rows = await db.select(articleColumns).from(articles).orderBy(desc(articles.createdAt), desc(articles.articleId));
    return rows.map(toArticle);
  };

  return {
    async listTestimonials(): Promise<Testimonial[]> {
      return db.select(testimonialColumns).from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
    },

    async testimonialById(id: number): Promise<Testimonial> {
      const [row] = await db.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id)).limit(1);
      if (!row) throw new NotFoundError("Testimonial not found.");
      return row;
    },

    async listTeam(): Promise<TeamMember[]> {
      return db.select(teamColumns).from(teamMembers).orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
    },

    async listAwards(): Promise<Award[]> {
      return db.select(awardColumns).from(awards).orderBy(asc(awards.id));
    },

    async listCertificates(): Promise<Certificate[]> {
      return db.select(certificateColumns).from(certificates).orderBy(asc(certificates.id));
    },

    async listBlogs(): Promise<Blog[]> {
      const rows = await db.select(blogColumns).from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
      return rows.map(toBlog);
    },

    async blogById(id: number): Promise<Blog> {
      const [row] = await db.select(blogColumns).from(blogs).where(eq(blogs.id, id)).limit(1);
      if (!row) throw new NotFoundError("Blog not found.");
      return toBlog(row);
    },

    async listCaseStudies(): Promise<CaseStudy[]> {
      const rows = await db.select(caseStudyColumns).from(caseStudies).orderBy(asc(caseStudies.id));
      return rows.map(toCaseStudy);
    },

    async caseStudyById(id: number): Promise<CaseStudy> {
      const [row] = await db.select(caseStudyColumns).from(caseStudies).where(eq(caseStudies.id, id)).limit(1);
      if (!row) throw new NotFoundError("Case study not found.");
      return toCaseStudy(row);
    },

    listArticles,

    /** Every article in its group (all four groups present), newest first: one query. */
    async articlesByCategory(): Promise<ArticlesByCategory> {
      const groups = Object.fromEntries(ARTICLE_CATEGORIES.map((c) => [c, [] as Article[]])) as ArticlesByCategory;
      for (const article of await listArticles()) groups[article.category].push(article);
      return groups;
    },

    async articleById(id: number): Promise<Article> {
      const [row] = await db.select(articleColumns).from(articles).where(eq(articles.articleId, id)).limit(1);
      if (!row) throw new NotFoundError("Article not found.");
      return toArticle(row);
    },

    async listFaqs(): Promise<Faq[]> {
      return db.select(faqColumns).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
    },

    async faqById(id: number): Promise<Faq> {
      const [row] = await db.select(faqColumns).from(faqs).where(eq(faqs.id, id)).limit(1);
      if (!row) throw new NotFoundError("FAQ not found.");
      return row;
    },

    /** The About page's texts; empty until an admin writes them. */
    async getOverview(): Promise<Overview> {
      const [row] = await db.select(overviewColumns).from(overview).where(eq(overview.id, 1)).limit(1);
      return row ?? EMPTY_OVERVIEW;
    },

    async listPositions(): Promise<Position[]> {
      return db.select(positionColumns).from(positions).orderBy(asc(positions.sortOrder), asc(positions.id));
    },

    /** Every position with how many team members hold it, counted by the position's id (as its delete check does). */
    async listPositionsHeld(): Promise<(Position & { held: number })[]> {
      return db
        .select({ ...positionColumns, held: sql<number>`count(${teamMembers.id})::int` })
        .from(positions)
        .leftJoin(teamMembers, eq(teamMembers.positionId, positions.id))
        .groupBy(positions.id)
        .orderBy(asc(positions.sortOrder), asc(positions.id));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
