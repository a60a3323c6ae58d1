import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { MediaFolder } from "#shared/media.ts";
import {
  type Article,
  type ArticleForm,
  type Award,
  awardFormSchema,
  BLOG_MAX_IMAGES,
  BLOG_TOO_MANY_IMAGES,
  type Blog,
  blogFormSchema,
  CASE_STUDY_MAX_IMAGES,
  CASE_STUDY_TOO_MANY_IMAGES,
  type CaseStudy,
  CERTIFICATE_FILE_REQUIRED,
  type Certificate,
  caseStudyFormSchema,
  certificateFormSchema,
  type Faq,
  type FaqForm,
  type MoveDirection,
  type Moved,
  ONE_IMAGE_ONLY,
  type Overview,
  overviewFormSchema,
  PHOTO_REQUIRED,
  POSITION_UNKNOWN,
  type Position,
  type PositionForm,
  positionInUse,
  TEAM_PHOTO_FIELDS,
  type TeamMember,
  type TeamMemberForm,
  type Testimonial,
  teamMemberFormSchema,
  testimonialFormSchema,
} from "#shared/schemas/content.ts";
import type { Db, Tx } from "../../db/client.ts";
import { overview, positions, teamMembers } from "../../db/schema/content.ts";
import { type Actor, requireStaff, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError } from "../../platform/errors.ts";
import { createResources, quote, type Resource } from "../../platform/resources/resource.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { type FormInput, parseFields } from "../../platform/uploads/form-input.ts";
import { applySingleImage, planImages, planSingleImage, resolvePlan } from "../../platform/uploads/image-plan.ts";
import { type CheckedImage, UploadError, type UploadRules } from "../../platform/uploads/image-upload.ts";
import { createStoredFiles, type FilePut, publicImages } from "../../platform/uploads/stored-files.ts";
import type { AuditChange } from "../audit/audit.service.ts";
import { EMPTY_OVERVIEW, overviewColumns, positionColumns } from "./content.service.ts";
import { contentRules, readContentForm } from "./content-forms.ts";
import {
  articleResource,
  awardResource,
  blogResource,
  caseStudyResource,
  certificateResource,
  faqResource,
  positionResource,
  teamResource,
  testimonialResource,
} from "./content-resources.ts";

export type ContentAdminDeps = {
  db: Db;
  storage: Storage;
  audit: { record(exec: Db | Tx, actor: SignedIn, change: AuditChange): Promise<void> };
  /** Queues the AVIF/JPEG twins of a stored image (platform/images/image-jobs.ts). */
  onImageStored?: (folder: MediaFolder, name: string) => Promise<void>;
};

/** A content form with a list of images: its upload rules, fields and how many images it keeps at most. */
type ImagesForm<S extends z.ZodType> = { rules: UploadRules; schema: S; max: number; tooMany: string };
const BLOG_FORM = {
  rules: contentRules({ images: { images: BLOG_MAX_IMAGES }, tooMany: BLOG_TOO_MANY_IMAGES }),
  schema: blogFormSchema,
  max: BLOG_MAX_IMAGES,
  tooMany: BLOG_TOO_MANY_IMAGES,
};
const CASE_STUDY_FORM = {
  rules: contentRules({ images: { images: CASE_STUDY_MAX_IMAGES }, tooMany: CASE_STUDY_TOO_MANY_IMAGES }),
  schema: caseStudyFormSchema,
  max: CASE_STUDY_MAX_IMAGES,
  tooMany: CASE_STUDY_TOO_MANY_IMAGES,
};
const TEAM_RULES = contentRules({ images: Object.fromEntries(TEAM_PHOTO_FIELDS.map((f) => [f, 1])), tooMany: ONE_IMAGE_ONLY });
const TESTIMONIAL_RULES = contentRules({ images: { image: 1 }, tooMany: ONE_IMAGE_ONLY });
const AWARD_RULES = contentRules({ images: { image: 1 }, tooMany: ONE_IMAGE_ONLY });
const OVERVIEW_RULES = contentRules({ images: { directorPhoto: 1 }, tooMany: ONE_IMAGE_ONLY });
const CERTIFICATE_RULES = contentRules({ pdfs: { file: 1 }, tooMany: "Send one PDF only." });

/** Stores a form's one new image, if it has one. */
const storeOne = (put: FilePut, folder: MediaFolder, image: CheckedImage | undefined, stem: string) =>
  image ? put.image(folder, image, stem) : Promise.resolve(null);

/**
 * The back office's changes to the public content (spec §7): blogs, case studies, team, testimonials, awards,
 * certificates, articles, FAQs, positions and the About page's overview. Every call is for admins. The resources
 * are described in content-resources.ts; the transaction, row lock, audit entry and file handling are the generic
 * helpers' (platform/resources/resource.ts): files are checked completely before anything is stored, stored before
 * the transaction (and removed again if it fails), and the files a change replaces or drops are removed only after
 * it commits. What is particular to one resource is written here, beside its methods.
 */
export function createContentAdminService({ db, storage, audit, onImageStored }: ContentAdminDeps) {
  const files = createStoredFiles(storage, onImageStored);
  const { rowOf, create, update, remove, move } = createResources({ db, audit, files });

  /**
   * Create and update of a resource with a list of images (blog, case study): its form read, its images planned
   * against the current ones (kept, dropped, reordered, new ones placed), the new files stored in `folder`.
   */
  function withImages<T extends PgTable, Row extends { images: string[] }, View, S extends z.ZodType>(
    res: Resource<T, Row, View>,
    spec: ImagesForm<S> & { folder: MediaFolder; stem: (input: z.output<S>) => string },
    values: (input: z.output<S>, images: string[]) => T["$inferInsert"],
  ) {
    async function read(body: FormInput, current: readonly string[]) {
      const form = await readContentForm(body, spec.rules);
      const input = parseFields(spec.schema, form.fields);
      const plan = planImages({ current, fields: form.fields, newCount: form.images.length, max: spec.max, tooMany: spec.tooMany });
      const store = (put: FilePut) => put.images(spec.folder, form.images, spec.stem(input));
      return { plan, store, values: (names: string[]) => values(input, resolvePlan(plan, names)) };
    }
    return {
      async create(actor: Actor, body: FormInput): Promise<View> {
        const me = requireStaff(actor, "content.edit");
        const form = await read(body, []);
        return create(me, res, { store: form.store, values: form.values });
      },
      async update(actor: Actor, id: number, body: FormInput): Promise<View> {
        const me = requireStaff(actor, "content.edit");
        const form = await read(body, (await rowOf(db, res, id)).images);
        return update(me, res, id, { keeps: form.plan, store: form.store, set: (_, names) => form.values(names) });
      },
    };
  }
  const blogImages = withImages(blogResource, { ...BLOG_FORM, folder: "blogs", stem: (i) => i.title }, (input, images) => ({
    ...input,
    images,
    updatedAt: new Date(),
  }));
  const caseStudyImages = withImages(
    caseStudyResource,
    { ...CASE_STUDY_FORM, folder: "caseStudyImages", stem: (i) => i.projectName },
    (input, images) => ({ ...input, images, updatedAt: new Date() }),
  );

  /** A form with one image (the field `field`): its fields, and what happens to the record's image. */
  async function readOneImageForm<S extends z.ZodType>(
    body: FormInput,
    rules: UploadRules,
    schema: S,
    field: string,
    current: string | null,
  ) {
    const form = await readContentForm(body, rules);
    const input = parseFields(schema, form.fields);
    const plan = planSingleImage({ current, fields: form.fields, field, newCount: form.images.length });
    return { input, plan, image: plan === "new" ? form.images[0] : undefined };
  }

  async function resolvePosition(exec: Db | Tx, name: string): Promise<{ id: number; name: string }> {
    const [row] = await exec.select(positionColumns).from(positions).where(sql`lower(${positions.name}) = lower(${name})`).limit(1);
    if (!row) throw new FieldError(POSITION_UNKNOWN, "position");
    return row;
  }

  return {
    // ───────────── blogs (spec §7: POST /blogs multipart, PUT and DELETE /blogs/{id}) ─────────────

    createBlog: (actor: Actor, body: FormInput): Promise<Blog> => blogImages.create(actor, body),
    updateBlog: (actor: Actor, id: number, body: FormInput): Promise<Blog> => blogImages.update(actor, id, body),
    deleteBlog: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), blogResource, id),

    // ───────────── case studies (spec §7: POST /case-study, PUT and DELETE /case-study/{id}) ─────────────

    createCaseStudy: (actor: Actor, body: FormInput): Promise<CaseStudy> => caseStudyImages.create(actor, body),
    updateCaseStudy: (actor: Actor, id: number, body: FormInput): Promise<CaseStudy> => caseStudyImages.update(actor, id, body),
    deleteCaseStudy: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), caseStudyResource, id),

    // ───────────── team (spec §7: /team/add-team, update-team/{id}, update-team-member-image/{id}, delete-team/{id}) ─────────────

    /**
     * Name, position (one of the positions, by name; kept on the member by id, the name beside it), bio, and
     * optionally the photo (file field picture or photo). New members go last.
     */
    async addTeamMember(actor: Actor, body: FormInput): Promise<TeamMember> {
      const me = requireStaff(actor, "content.edit");
      const form = await readContentForm(body, TEAM_RULES);
      const input = parseFields(teamMemberFormSchema, form.fields);
      if (form.images.length > 1) throw new UploadError(413, ONE_IMAGE_ONLY, form.images[1]?.field);
      const position = await resolvePosition(db, input.position);
      return create(me, teamResource, {
        store: (put) => storeOne(put, "team", form.images[0], input.name),
        values: async (picture, tx) => {
          const held = await resolvePosition(tx, position.name);
          return { name: input.name, position: held.name, positionId: held.id, bio: input.bio, picture };
        },
      });
    },

    async updateTeamMember(actor: Actor, id: number, input: TeamMemberForm): Promise<TeamMember> {
      const me = requireStaff(actor, "content.edit");
      return update(me, teamResource, id, {
        set: async (_, __, tx) => {
          const held = await resolvePosition(tx, input.position);
          return { name: input.name, position: held.name, positionId: held.id, bio: input.bio };
        },
      });
    },

    /**
     * Replaces the member's photo (one file in picture or photo), or removes it (see planSingleImage: the admin
     * form's image list sent empty, `imageOrder` `[]`); the old photo goes once the change is saved.
     */
    async updateTeamMemberImage(actor: Actor, id: number, body: FormInput): Promise<TeamMember> {
      const me = requireStaff(actor, "content.edit");
      const current = await rowOf(db, teamResource, id);
      const form = await readContentForm(body, TEAM_RULES);
      const field = form.images[0]?.field ?? "picture";
      const plan = planSingleImage({ current: current.picture, fields: form.fields, field, newCount: form.images.length });
      if (plan === "keep") throw new UploadError(400, PHOTO_REQUIRED, "picture");
      return update(me, teamResource, id, {
        store: (put) => storeOne(put, "team", form.images[0], current.name),
        set: (before, stored) => ({ picture: applySingleImage(plan, before.picture, stored) }),
        summary: (m) => `Photo of team member ${quote(m.name)} ${m.picture ? "replaced" : "removed"}`,
      });
    },

    deleteTeamMember: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), teamResource, id),

    /** The About page's order: one place up or down. */
    moveTeamMember: async (actor: Actor, id: number, direction: MoveDirection): Promise<Moved> =>
      move(requireStaff(actor, "content.edit"), teamResource, id, direction),

    // ───────────── testimonials (spec §7, under /testimonials/) ─────────────

    /** person, person_role, message, and optionally an image (file field image). New ones go last. */
    async addTestimonial(actor: Actor, body: FormInput): Promise<Testimonial> {
      const me = requireStaff(actor, "content.edit");
      const { input, image } = await readOneImageForm(body, TESTIMONIAL_RULES, testimonialFormSchema, "image", null);
      return create(me, testimonialResource, {
        store: (put) => storeOne(put, "testimonials", image, input.person),
        values: (stored) => ({ person: input.person, personRole: input.person_role, message: input.message, image: stored }),
      });
    },

    /** The texts, and the image: replaced by a new file, removed, or kept (see planSingleImage). */
    async updateTestimonial(actor: Actor, id: number, body: FormInput): Promise<Testimonial> {
      const me = requireStaff(actor, "content.edit");
      const current = await rowOf(db, testimonialResource, id);
      const { input, plan, image } = await readOneImageForm(body, TESTIMONIAL_RULES, testimonialFormSchema, "image", current.image);
      return update(me, testimonialResource, id, {
        store: (put) => storeOne(put, "testimonials", image, input.person),
        set: (before, stored) => ({
          person: input.person,
          personRole: input.person_role,
          message: input.message,
          image: applySingleImage(plan, before.image, stored),
        }),
      });
    },

    deleteTestimonial: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), testimonialResource, id),

    /** The home page's order: one place up or down. */
    moveTestimonial: async (actor: Actor, id: number, direction: MoveDirection): Promise<Moved> =>
      move(requireStaff(actor, "content.edit"), testimonialResource, id, direction),

    // ───────────── awards (spec §7: POST /awards multipart, PUT and DELETE /awards/{id}) ─────────────

    async createAward(actor: Actor, body: FormInput): Promise<Award> {
      const me = requireStaff(actor, "content.edit");
      const { input, image } = await readOneImageForm(body, AWARD_RULES, awardFormSchema, "image", null);
      return create(me, awardResource, {
        store: (put) => storeOne(put, "awards", image, input.name),
        values: (stored) => ({ name: input.name, year: input.year, image: stored }),
      });
    },

    /** The name and year, and the image: replaced by a new file, removed, or kept (see planSingleImage). */
    async updateAward(actor: Actor, id: number, body: FormInput): Promise<Award> {
      const me = requireStaff(actor, "content.edit");
      const current = await rowOf(db, awardResource, id);
      const { input, plan, image } = await readOneImageForm(body, AWARD_RULES, awardFormSchema, "image", current.image);
      return update(me, awardResource, id, {
        store: (put) => storeOne(put, "awards", image, input.name),
        set: (before, stored) => ({ name: input.name, year: input.year, image: applySingleImage(plan, before.image, stored) }),
      });
    },

    deleteAward: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), awardResource, id),

    // ───────────── certificates (spec §7: POST and PUT multipart, DELETE /certificates/delete/{id}) ─────────────

    /** title and the PDF (file field file), which a certificate cannot be without. */
    async createCertificate(actor: Actor, body: FormInput): Promise<Certificate> {
      const me = requireStaff(actor, "content.edit");
      const form = await readContentForm(body, CERTIFICATE_RULES);
      const input = parseFields(certificateFormSchema, form.fields);
      const pdf = form.pdfs[0];
      if (!pdf) throw new UploadError(400, CERTIFICATE_FILE_REQUIRED, "file");
      return create(me, certificateResource, {
        store: (put) => put.file("certificates", pdf.body, input.title, "pdf"),
        values: (path) => ({ title: input.title, path }),
      });
    },

    /** The title, and a new PDF when one is sent (the old one goes once the change is saved). */
    async updateCertificate(actor: Actor, id: number, body: FormInput): Promise<Certificate> {
      const me = requireStaff(actor, "content.edit");
      await rowOf(db, certificateResource, id);
      const form = await readContentForm(body, CERTIFICATE_RULES);
      const input = parseFields(certificateFormSchema, form.fields);
      const pdf = form.pdfs[0];
      return update(me, certificateResource, id, {
        store: (put) => (pdf ? put.file("certificates", pdf.body, input.title, "pdf") : Promise.resolve(null)),
        set: (_, path) => ({ title: input.title, ...(path ? { path } : {}) }),
      });
    },

    deleteCertificate: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), certificateResource, id),

    // ───────────── articles (spec §7: POST /articles, PUT and DELETE /articles/{id}) ─────────────

    createArticle: async (actor: Actor, input: ArticleForm): Promise<Article> =>
      create(requireStaff(actor, "content.edit"), articleResource, { values: () => articleValues(input) }),

    updateArticle: async (actor: Actor, id: number, input: ArticleForm): Promise<Article> =>
      update(requireStaff(actor, "content.edit"), articleResource, id, { set: () => articleValues(input) }),

    deleteArticle: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), articleResource, id),

    // ───────────── FAQs (spec §7: POST /faqs, PUT and DELETE /faqs/{id}; POST /faqs/{id}/move) ─────────────

    createFaq: async (actor: Actor, input: FaqForm): Promise<Faq> =>
      create(requireStaff(actor, "content.edit"), faqResource, { values: () => input }),

    updateFaq: async (actor: Actor, id: number, input: FaqForm): Promise<Faq> =>
      update(requireStaff(actor, "content.edit"), faqResource, id, { set: () => input }),

    deleteFaq: async (actor: Actor, id: number) => remove(requireStaff(actor, "content.edit"), faqResource, id),

    /** The FAQ page's order: one place up or down. */
    moveFaq: async (actor: Actor, id: number, direction: MoveDirection): Promise<Moved> =>
      move(requireStaff(actor, "content.edit"), faqResource, id, direction),

    // ───────────── positions (our paths: POST /positions, PUT and DELETE /positions/{id}) ─────────────

    /** A position's name is unique (409 otherwise: the descriptor's `unique`). */
    async createPosition(actor: Actor, input: PositionForm): Promise<Position> {
      return create(requireStaff(actor, "content.edit"), positionResource, { values: () => ({ name: input.name }) });
    },

    /** Renaming a position renames it on every team member who holds it, in the same transaction. */
    async updatePosition(actor: Actor, id: number, input: PositionForm): Promise<Position> {
      const me = requireStaff(actor, "content.edit");
      return update(me, positionResource, id, {
        set: async (_, __, tx) => {
          await tx.update(teamMembers).set({ position: input.name }).where(eq(teamMembers.positionId, id));
          return { name: input.name };
        },
        summary: (after, before) => `Position ${quote(before.name)} renamed to ${quote(after.name)}`,
      });
    },

    /** A position someone holds stays: the team page would otherwise show a title the list no longer has. */
    deletePosition: async (actor: Actor, id: number) =>
      remove(requireStaff(actor, "content.edit"), positionResource, id, {
        refuse: async (tx) => {
          const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.positionId, id));
          if ((held?.n ?? 0) > 0) throw new ConflictError(positionInUse(held?.n ?? 0));
        },
      }),

    // ───────────── overview (spec §7: PUT /overview) ─────────────

    /**
     * The About page's texts, and the managing director's photo (file field directorPhoto): replaced, removed or
     * kept (see planSingleImage). One row, made by its first change.
     */
    async updateOverview(actor: Actor, body: FormInput): Promise<Overview> {
      const me = requireStaff(actor, "content.edit");
      const [current] = await db.select(overviewColumns).from(overview).where(eq(overview.id, 1));
      const { input, plan, image } = await readOneImageForm(
        body,
        OVERVIEW_RULES,
        overviewFormSchema,
        "directorPhoto",
        current?.directorPhoto ?? null,
      );
      return files.withStoredFiles(
        (put) => storeOne(put, "team", image, input.directorName || "managing-director"),
        (stored, after) =>
          db.transaction(async (tx) => {
            const [locked] = await tx.select(overviewColumns).from(overview).where(eq(overview.id, 1)).for("update");
            const before = locked ?? EMPTY_OVERVIEW;
            const directorPhoto = applySingleImage(plan, before.directorPhoto, stored);
            const values = { ...input, directorPhoto, updatedAt: new Date() };
            const [row] = await tx
              .insert(overview)
              .values({ id: 1, ...values })
              .onConflictDoUpdate({ target: overview.id, set: values })
              .returning(overviewColumns);
            const changed = row as Overview;
            await audit.record(tx, me, {
              entity: "overview",
              entityId: 1,
              action: "update",
              summary: "About page texts updated",
              before,
              after: changed,
            });
            if (before.directorPhoto !== directorPhoto) after.remove(...publicImages("team", [before.directorPhoto]));
            return changed;
          }),
      );
    },
  };
}

/** An article's form as its columns. */
const articleValues = (input: ArticleForm) => ({
  articleTitle: input.article_title,
  articleDescription: input.article_description,
  articleRef: input.article_ref,
  category: input.category,
});

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
