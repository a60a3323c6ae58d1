import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  articleFormSchema,
  articleSchema,
  awardSchema,
  BLOG_MAX_IMAGES,
  blogSchema,
  CASE_STUDY_MAX_IMAGES,
  CERTIFICATE_MAX_MB,
  CONTENT_IMAGE_MAX_MB,
  caseStudySchema,
  certificateSchema,
  deletedSchema,
  faqFormSchema,
  faqSchema,
  movedSchema,
  moveSchema,
  overviewSchema,
  positionFormSchema,
  positionSchema,
  teamMemberFormSchema,
  teamMemberSchema,
  testimonialSchema,
} from "#shared/schemas/content.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, uploadFailureBody } from "../../platform/error-bodies.ts";
import { formInput } from "../../platform/uploads/form-input.ts";
import type { Services } from "../../services.ts";

const IMAGES_NOTE = `Images: JPG or PNG (decided by their content), at most ${CONTENT_IMAGE_MAX_MB} MB each, re-encoded without metadata and stored as WebP at several widths.`;
const ALL_OR_NOTHING =
  "All or nothing: one refused file (400 empty or unreadable, 413 too large or too many, 415 wrong type) and no record changes and no file is kept. Files a change replaces are removed once it is saved.";
const ORDER_NOTE =
  "On PUT the images kept are named by `imageOrder` (JSON list of `stored:<name>` and `new:<n>`, the admin form's order) or by the text field `images` (names to keep, comma-separated; new files go after them); with neither, every current image stays and new files are added.";

/** The back office's content changes (spec §7): blogs, case studies, team, testimonials, awards, certificates, articles, FAQs, positions, overview. */
export async function contentAdminRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { contentAdmin } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every route here is the back office's: the helpers declare access.admin.
  type Doc = { tag: string; summary: string; description?: string };
  const formSchema = <T extends z.ZodType>(doc: Doc, status: 200 | 201, body: T) => ({
    config: { access: access.admin },
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      consumes: ["multipart/form-data", "application/json"],
      response: {
        [status]: body,
        400: uploadFailureBody,
        401: messageBody,
        403: messageBody,
        404: messageBody,
        409: messageBody,
        413: uploadFailureBody,
        415: uploadFailureBody,
      },
    },
  });
  const jsonSchema = <B extends z.ZodType, T extends z.ZodType>(doc: Doc, status: 200 | 201, input: B, body: T) => ({
    config: { access: access.admin },
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      body: input,
      response: { [status]: body, 400: uploadFailureBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
    },
  });
  /** The same, for a record named by its id in the path. */
  const byId = <R extends { schema: object }>(route: R): R & { schema: R["schema"] & { params: typeof idParamSchema } } => ({
    ...route,
    schema: { ...route.schema, params: idParamSchema },
  });
  /** POST …/{id}/move: one place up or down in the list's order (the first moved up stays first, nothing written). */
  const moveRoute = (tag: string, noun: string) =>
    byId(
      jsonSchema(
        { tag, summary: `Move ${noun} one place up or down in the public order (admin; JSON: direction up or down)` },
        200,
        moveSchema,
        movedSchema,
      ),
    );
  const deleteSchema = (doc: Doc) => ({
    config: { access: access.admin },
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      params: idParamSchema,
      response: { 200: deletedSchema, 400: uploadFailureBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
    },
  });

  // Blogs
  r.post(
    "/blogs",
    formSchema(
      {
        tag: "blogs",
        summary: "Add a blog (admin; multipart: title, author, story, up to 2 files in images)",
        description: `At most ${BLOG_MAX_IMAGES} images. ${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
      },
      201,
      blogSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createBlog(request.actor, formInput(request))),
  );
  r.put(
    "/blogs/:id",
    byId(
      formSchema(
        {
          tag: "blogs",
          summary: "Change a blog (admin; multipart or JSON: title, author, story, images)",
          description: `${ORDER_NOTE} At most ${BLOG_MAX_IMAGES} images in all. ${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
        },
        200,
        blogSchema,
      ),
    ),
    async (request) => contentAdmin.updateBlog(request.actor, request.params.id, formInput(request)),
  );
  r.delete("/blogs/:id", deleteSchema({ tag: "blogs", summary: "Delete a blog and its images (admin)" }), async (request) =>
    contentAdmin.deleteBlog(request.actor, request.params.id),
  );

  // Case studies
  const caseStudyFields =
    "projectName, location, systemCapacity, description (optional), video (a YouTube link: watch?v=, youtu.be/, /embed/ or /shorts/; the video id is kept)";
  r.post(
    "/case-study",
    formSchema(
      {
        tag: "case studies",
        summary: `Add a case study (admin; multipart: ${caseStudyFields}, up to 3 files in images)`,
        description: `At most ${CASE_STUDY_MAX_IMAGES} images. ${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
      },
      201,
      caseStudySchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createCaseStudy(request.actor, formInput(request))),
  );
  r.put(
    "/case-study/:id",
    byId(
      formSchema(
        {
          tag: "case studies",
          summary: `Change a case study (admin; multipart or JSON: ${caseStudyFields}, images)`,
          description: `${ORDER_NOTE} At most ${CASE_STUDY_MAX_IMAGES} images in all. ${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
        },
        200,
        caseStudySchema,
      ),
    ),
    async (request) => contentAdmin.updateCaseStudy(request.actor, request.params.id, formInput(request)),
  );
  r.delete(
    "/case-study/:id",
    deleteSchema({ tag: "case studies", summary: "Delete a case study and its images (admin)" }),
    async (request) => contentAdmin.deleteCaseStudy(request.actor, request.params.id),
  );

  // Team
  r.post(
    "/team/add-team",
    formSchema(
      {
        tag: "team",
        summary: "Add a team member (admin; multipart or JSON: name, position, bio, optional photo in picture)",
        description: `position is the name of one of GET /api/positions/. The photo's file field is picture (or photo). ${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
      },
      201,
      teamMemberSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.addTeamMember(request.actor, formInput(request))),
  );
  r.put(
    "/team/update-team/:id",
    byId(
      jsonSchema(
        { tag: "team", summary: "Change a team member's name, position and bio (admin; JSON)" },
        200,
        teamMemberFormSchema,
        teamMemberSchema,
      ),
    ),
    async (request) => contentAdmin.updateTeamMember(request.actor, request.params.id, request.body),
  );
  r.put(
    "/team/update-team-member-image/:id",
    byId(
      formSchema(
        {
          tag: "team",
          summary: "Replace a team member's photo (admin; multipart: one file in picture or photo)",
          description: `${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
        },
        200,
        teamMemberSchema,
      ),
    ),
    async (request) => contentAdmin.updateTeamMemberImage(request.actor, request.params.id, formInput(request)),
  );
  r.delete(
    "/team/delete-team/:id",
    deleteSchema({ tag: "team", summary: "Remove a team member and their photo (admin)" }),
    async (request) => contentAdmin.deleteTeamMember(request.actor, request.params.id),
  );
  r.post("/team/:id/move", moveRoute("team", "a team member"), async (request) =>
    contentAdmin.moveTeamMember(request.actor, request.params.id, request.body.direction),
  );

  // Testimonials
  r.post(
    "/testimonials/add-testimonial",
    formSchema(
      {
        tag: "testimonials",
        summary: "Add a testimonial (admin; multipart or JSON: person, person_role, message, optional file in image)",
        description: `${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
      },
      201,
      testimonialSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.addTestimonial(request.actor, formInput(request))),
  );
  r.put(
    "/testimonials/update-testimonial/:id",
    byId(
      formSchema(
        {
          tag: "testimonials",
          summary: "Change a testimonial (admin; multipart or JSON: person, person_role, message, optional new image)",
          description: `${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
        },
        200,
        testimonialSchema,
      ),
    ),
    async (request) => contentAdmin.updateTestimonial(request.actor, request.params.id, formInput(request)),
  );
  r.delete(
    "/testimonials/delete-testimonial/:id",
    deleteSchema({ tag: "testimonials", summary: "Delete a testimonial and its image (admin)" }),
    async (request) => contentAdmin.deleteTestimonial(request.actor, request.params.id),
  );
  r.post("/testimonials/:id/move", moveRoute("testimonials", "a testimonial"), async (request) =>
    contentAdmin.moveTestimonial(request.actor, request.params.id, request.body.direction),
  );

  // Awards
  r.post(
    "/awards",
    formSchema(
      {
        tag: "awards",
        summary: "Add an award (admin; multipart: name, year (optional), optional file in image)",
        description: `${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
      },
      201,
      awardSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createAward(request.actor, formInput(request))),
  );
  r.put(
    "/awards/:id",
    byId(
      formSchema(
        {
          tag: "awards",
          summary: "Change an award (admin; multipart: name, year, optional new image)",
          description: `${IMAGES_NOTE} ${ALL_OR_NOTHING}`,
        },
        200,
        awardSchema,
      ),
    ),
    async (request) => contentAdmin.updateAward(request.actor, request.params.id, formInput(request)),
  );
  r.delete("/awards/:id", deleteSchema({ tag: "awards", summary: "Delete an award and its image (admin)" }), async (request) =>
    contentAdmin.deleteAward(request.actor, request.params.id),
  );

  // Certificates
  const pdfNote = `The PDF (file field file) is at most ${CERTIFICATE_MAX_MB} MB, parsed and saved again. ${ALL_OR_NOTHING}`;
  r.post(
    "/certificates",
    formSchema(
      { tag: "certificates", summary: "Add a certificate (admin; multipart: title and the PDF in file)", description: pdfNote },
      201,
      certificateSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createCertificate(request.actor, formInput(request))),
  );
  r.put(
    "/certificates/:id",
    byId(
      formSchema(
        { tag: "certificates", summary: "Change a certificate (admin; multipart: title, optional new PDF in file)", description: pdfNote },
        200,
        certificateSchema,
      ),
    ),
    async (request) => contentAdmin.updateCertificate(request.actor, request.params.id, formInput(request)),
  );
  r.delete(
    "/certificates/delete/:id",
    deleteSchema({ tag: "certificates", summary: "Delete a certificate and its PDF (admin)" }),
    async (request) => contentAdmin.deleteCertificate(request.actor, request.params.id),
  );

  // Articles
  r.post(
    "/articles",
    jsonSchema(
      { tag: "articles", summary: "Add an article (admin; category Recent, Trending, Expert Opinion or News)" },
      201,
      articleFormSchema,
      articleSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createArticle(request.actor, request.body)),
  );
  r.put(
    "/articles/:id",
    byId(jsonSchema({ tag: "articles", summary: "Change an article (admin)" }, 200, articleFormSchema, articleSchema)),
    async (request) => contentAdmin.updateArticle(request.actor, request.params.id, request.body),
  );
  r.delete("/articles/:id", deleteSchema({ tag: "articles", summary: "Delete an article (admin)" }), async (request) =>
    contentAdmin.deleteArticle(request.actor, request.params.id),
  );

  // FAQs
  r.post("/faqs", jsonSchema({ tag: "faqs", summary: "Add an FAQ (admin)" }, 201, faqFormSchema, faqSchema), async (request, reply) =>
    reply.code(201).send(await contentAdmin.createFaq(request.actor, request.body)),
  );
  r.put("/faqs/:id", byId(jsonSchema({ tag: "faqs", summary: "Change an FAQ (admin)" }, 200, faqFormSchema, faqSchema)), async (request) =>
    contentAdmin.updateFaq(request.actor, request.params.id, request.body),
  );
  r.delete("/faqs/:id", deleteSchema({ tag: "faqs", summary: "Delete an FAQ (admin)" }), async (request) =>
    contentAdmin.deleteFaq(request.actor, request.params.id),
  );
  r.post("/faqs/:id/move", moveRoute("faqs", "an FAQ"), async (request) =>
    contentAdmin.moveFaq(request.actor, request.params.id, request.body.direction),
  );

  // Positions (the spec names only GET /positions/; these follow its style)
  r.post(
    "/positions",
    jsonSchema(
      { tag: "team", summary: "Add a team position (admin; 409 when the name is taken)" },
      201,
      positionFormSchema,
      positionSchema,
    ),
    async (request, reply) => reply.code(201).send(await contentAdmin.createPosition(request.actor, request.body)),
  );
  r.put(
    "/positions/:id",
    byId(
      jsonSchema(
        { tag: "team", summary: "Rename a team position (admin); the team members holding it are renamed with it" },
        200,
        positionFormSchema,
        positionSchema,
      ),
    ),
    async (request) => contentAdmin.updatePosition(request.actor, request.params.id, request.body),
  );
  r.delete(
    "/positions/:id",
    deleteSchema({ tag: "team", summary: "Delete a team position (admin; 409 while a team member holds it)" }),
    async (request) => contentAdmin.deletePosition(request.actor, request.params.id),
  );

  // Overview
  r.put(
    "/overview",
    formSchema(
      {
        tag: "overview",
        summary:
          "Change the About page's texts (admin; multipart or JSON: story, vision, mission, values, directorName, directorMessage, optional directorPhoto file)",
        description: `Every text is sent (empty is allowed); values is a list, repeated fields, or one text with a value per line. ${IMAGES_NOTE}`,
      },
      200,
      overviewSchema,
    ),
    async (request) => contentAdmin.updateOverview(request.actor, formInput(request)),
  );
}
