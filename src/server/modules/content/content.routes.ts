import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  articleSchema,
  articlesByCategorySchema,
  awardSchema,
  blogSchema,
  caseStudySchema,
  certificateSchema,
  faqSchema,
  overviewSchema,
  positionSchema,
  teamMemberSchema,
  testimonialSchema,
} from "#shared/schemas/content.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody } from "../../platform/error-bodies.ts";
import { sharePublicReads } from "../../platform/shared-cache.ts";
import type { Services } from "../../services.ts";

/** Public reads of the site's content (spec §7); the admin writes come with the back office. */
export async function contentRoutes(app: FastifyInstance, opts: { services: Services }) {
  // Public reads: what visitors get may be answered from the shared cache.
  sharePublicReads(app);
  const { content } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route here is public: the helpers declare it.
  const byId = <T extends z.ZodType>(tag: string, summary: string, schema: T) => ({
    config: { access: access.public },
    schema: { tags: [tag], summary, params: idParamSchema, response: { 200: schema, 400: messageBody, 404: messageBody } },
  });
  const list = <T extends z.ZodType>(tag: string, summary: string, schema: T) => ({
    config: { access: access.public },
    schema: { tags: [tag], summary, response: { 200: schema } },
  });

  r.get("/testimonials/get-testimonials", list("testimonials", "The testimonials", z.array(testimonialSchema)), async () =>
    content.listTestimonials(),
  );
  r.get("/testimonials/get-testimonial/:id", byId("testimonials", "One testimonial", testimonialSchema), async (request) =>
    content.testimonialById(request.params.id),
  );

  r.get("/team/get-team", list("team", "The team", z.array(teamMemberSchema)), async () => content.listTeam());
  r.get("/awards/", list("awards", "The awards", z.array(awardSchema)), async () => content.listAwards());
  r.get("/certificates", list("certificates", "The certificates (PDF file names)", z.array(certificateSchema)), async () =>
    content.listCertificates(),
  );

  r.get("/blogs/", list("blogs", "The blogs, newest first", z.array(blogSchema)), async () => content.listBlogs());
  r.get("/blogs/:id", byId("blogs", "One blog, as a one-element list", z.array(blogSchema)), async (request) => [
    await content.blogById(request.params.id),
  ]);

  r.get("/case-study", list("case studies", "The case studies", z.array(caseStudySchema)), async () => content.listCaseStudies());
  r.get("/case-study/:id", byId("case studies", "One case study", caseStudySchema), async (request) =>
    content.caseStudyById(request.params.id),
  );

  r.get("/articles", list("articles", "The articles, newest first", z.array(articleSchema)), async () => content.listArticles());
  r.get("/articles/category", list("articles", "The articles in their four groups", articlesByCategorySchema), async () =>
    content.articlesByCategory(),
  );
  r.get("/articles/:id", byId("articles", "One article", articleSchema), async (request) => content.articleById(request.params.id));

  r.get("/faqs", list("faqs", "The FAQs", z.array(faqSchema)), async () => content.listFaqs());
  r.get("/faqs/:id", byId("faqs", "One FAQ", faqSchema), async (request) => content.faqById(request.params.id));

  r.get("/overview", list("overview", "The About page's story, vision, mission, values and director's message", overviewSchema), async () =>
    content.getOverview(),
  );
  r.get("/positions/", list("team", "The team positions", z.array(positionSchema)), async () => content.listPositions());
}
