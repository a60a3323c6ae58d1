import type { FastifyInstance, FastifyRequest } from "fastify";
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
import { type FormInput, formInput } from "../../platform/uploads/form-input.ts";
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

  // Every route here is the back office's: the helpers declare access.staff("content.edit").
  type Doc = { tag: string; summary: string; description?: string };
  const formSchema = <T extends z.ZodType>(doc: Doc, status: 200 | 201, body: T) => ({
    config: { access: access.staff("content.edit") },
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
    config: { access: access.staff("content.edit") },
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
    config: { access: access.staff("content.edit") },
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      params: idParamSchema,
      response: { 200: deletedSchema, 400: uploadFailureBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
    },
  });

  type Actor = FastifyRequest["actor"];
  type Direction = z.output<typeof moveSchema>["direction"];
  /** A form route's summary, alone or with its own description. */
  type Text = { summary: string; description?: string };
  /** The descriptions of a resource's form routes (multipart or JSON, read by the service), one for both or each its own. */
  type Notes = string | { create: string; update: string };
  /**
   * One content resource's routes, each declared once here: its OpenAPI tag, the record its creates and updates
   * answer with, `notes` (the descriptions of its form routes where a route gives none) and `body`, the JSON body its
   * JSON routes validate. Updates, deletes and moves name the record by its id.
   */
  const resource = <T extends z.ZodType, B extends z.ZodType = z.ZodNever>(
    tag: string,
    record: T,
    { notes, body }: { notes?: Notes; body?: B } = {},
  ) => {
    const answer: z.ZodType = record;
    const json = () => {
      if (!body) throw new Error(`The ${tag} routes take no JSON body.`);
      return body;
    };
    const doc = (text: string | Text, route: "create" | "update") => ({
      tag,
      summary: typeof text === "string" ? text : text.summary,
      description: (typeof text === "string" ? undefined : text.description) ?? (typeof notes === "object" ? notes[route] : notes),
    });
    return {
      create(path: string, run: (actor: Actor, body: FormInput) => Promise<z.output<T>>, text: string | Text) {
        r.post(path, formSchema(doc(text, "create"), 201, answer), async (request, reply) =>
          reply.code(201).send(await run(request.actor, formInput(request))),
        );
      },
      createJson(path: string, run: (actor: Actor, input: z.output<B>) => Promise<z.output<T>>, summary: string) {
        r.post(path, jsonSchema({ tag, summary }, 201, json(), answer), async (request, reply) =>
          reply.code(201).send(await run(request.actor, request.body as z.output<B>)),
        );
      },
      update(path: string, run: (actor: Actor, id: number, body: FormInput) => Promise<z.output<T>>, text: string | Text) {
        r.put(path, byId(formSchema(doc(text, "update"), 200, answer)), async (request) =>
          run(request.actor, request.params.id, formInput(request)),
        );
      },
      updateJson(path: string, run: (actor: Actor, id: number, input: z.output<B>) => Promise<z.output<T>>, summary: string) {
        r.put(path, byId(jsonSchema({ tag, summary }, 200, json(), answer)), async (request) =>
          run(request.actor, request.params.id, request.body as z.output<B>),
        );
      },
      remove(path: string, run: (actor: Actor, id: number) => Promise<z.output<typeof deletedSchema>>, summary: string) {
        r.delete(path, deleteSchema({ tag, summary }), async (request) => run(request.actor, request.params.id));
      },
      move(path: string, run: (actor: Actor, id: number, direction: Direction) => Promise<z.output<typeof movedSchema>>, noun: string) {
        r.post(path, moveRoute(tag, noun), async (request) => run(request.actor, request.params.id, request.body.direction));
      },
    };
  };
  const imagesNote = `${IMAGES_NOTE} ${ALL_OR_NOTHING}`;
  /** A resource with a list of images, at most `max`. */
  const imageListNotes = (max: number) => ({
    create: `At most ${max} images. ${imagesNote}`,
    update: `${ORDER_NOTE} At most ${max} images in all. ${imagesNote}`,
  });

  const blogs = resource("blogs", blogSchema, { notes: imageListNotes(BLOG_MAX_IMAGES) });
  blogs.create("/blogs", contentAdmin.createBlog, "Add a blog (admin; multipart: title, author, story, up to 2 files in images)");
  blogs.update("/blogs/:id", contentAdmin.updateBlog, "Change a blog (admin; multipart or JSON: title, author, story, images)");
  blogs.remove("/blogs/:id", contentAdmin.deleteBlog, "Delete a blog and its images (admin)");

  const caseStudies = resource("case studies", caseStudySchema, { notes: imageListNotes(CASE_STUDY_MAX_IMAGES) });
  const caseStudyFields =
    "projectName, location, systemCapacity, description (optional), video (a YouTube link: watch?v=, youtu.be/, /embed/ or /shorts/; the video id is kept)";
  caseStudies.create("/case-study", contentAdmin.createCaseStudy, {
    summary: `Add a case study (admin; multipart: ${caseStudyFields}, up to 3 files in images)`,
  });
  caseStudies.update("/case-study/:id", contentAdmin.updateCaseStudy, {
    summary: `Change a case study (admin; multipart or JSON: ${caseStudyFields}, images)`,
  });
  caseStudies.remove("/case-study/:id", contentAdmin.deleteCaseStudy, "Delete a case study and its images (admin)");

  const team = resource("team", teamMemberSchema, { notes: imagesNote, body: teamMemberFormSchema });
  team.create("/team/add-team", contentAdmin.addTeamMember, {
    summary: "Add a team member (admin; multipart or JSON: name, position, bio, optional photo in picture)",
    description: `position is the name of one of GET /api/positions/. The photo's file field is picture (or photo). ${imagesNote}`,
  });
  team.updateJson("/team/update-team/:id", contentAdmin.updateTeamMember, "Change a team member's name, position and bio (admin; JSON)");
  team.update("/team/update-team-member-image/:id", contentAdmin.updateTeamMemberImage, {
    summary: "Replace a team member's photo (admin; multipart: one file in picture or photo)",
  });
  team.remove("/team/delete-team/:id", contentAdmin.deleteTeamMember, "Remove a team member and their photo (admin)");
  team.move("/team/:id/move", contentAdmin.moveTeamMember, "a team member");

  const testimonials = resource("testimonials", testimonialSchema, { notes: imagesNote });
  testimonials.create("/testimonials/add-testimonial", contentAdmin.addTestimonial, {
    summary: "Add a testimonial (admin; multipart or JSON: person, person_role, message, optional file in image)",
  });
  testimonials.update("/testimonials/update-testimonial/:id", contentAdmin.updateTestimonial, {
    summary: "Change a testimonial (admin; multipart or JSON: person, person_role, message, optional new image)",
  });
  testimonials.remove("/testimonials/delete-testimonial/:id", contentAdmin.deleteTestimonial, "Delete a testimonial and its image (admin)");
  testimonials.move("/testimonials/:id/move", contentAdmin.moveTestimonial, "a testimonial");

  const awards = resource("awards", awardSchema, { notes: imagesNote });
  awards.create("/awards", contentAdmin.createAward, "Add an award (admin; multipart: name, year (optional), optional file in image)");
  awards.update("/awards/:id", contentAdmin.updateAward, "Change an award (admin; multipart: name, year, optional new image)");
  awards.remove("/awards/:id", contentAdmin.deleteAward, "Delete an award and its image (admin)");

  const pdfNote = `The PDF (file field file) is at most ${CERTIFICATE_MAX_MB} MB, parsed and saved again. ${ALL_OR_NOTHING}`;
  const certificates = resource("certificates", certificateSchema, { notes: pdfNote });
  certificates.create("/certificates", contentAdmin.createCertificate, "Add a certificate (admin; multipart: title and the PDF in file)");
  certificates.update("/certificates/:id", contentAdmin.updateCertificate, {
    summary: "Change a certificate (admin; multipart: title, optional new PDF in file)",
  });
  certificates.remove("/certificates/delete/:id", contentAdmin.deleteCertificate, "Delete a certificate and its PDF (admin)");

  const articles = resource("articles", articleSchema, { body: articleFormSchema });
  articles.createJson("/articles", contentAdmin.createArticle, "Add an article (admin; category Recent, Trending, Expert Opinion or News)");
  articles.updateJson("/articles/:id", contentAdmin.updateArticle, "Change an article (admin)");
  articles.remove("/articles/:id", contentAdmin.deleteArticle, "Delete an article (admin)");

  const faqs = resource("faqs", faqSchema, { body: faqFormSchema });
  faqs.createJson("/faqs", contentAdmin.createFaq, "Add an FAQ (admin)");
  faqs.updateJson("/faqs/:id", contentAdmin.updateFaq, "Change an FAQ (admin)");
  faqs.remove("/faqs/:id", contentAdmin.deleteFaq, "Delete an FAQ (admin)");
  faqs.move("/faqs/:id/move", contentAdmin.moveFaq, "an FAQ");

  // Positions (the spec names only GET /positions/; these follow its style)
  const positions = resource("team", positionSchema, { body: positionFormSchema });
  positions.createJson("/positions", contentAdmin.createPosition, "Add a team position (admin; 409 when the name is taken)");
  positions.updateJson(
    "/positions/:id",
    contentAdmin.updatePosition,
    "Rename a team position (admin); the team members holding it are renamed with it",
  );
  positions.remove("/positions/:id", contentAdmin.deletePosition, "Delete a team position (admin; 409 while a team member holds it)");

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
