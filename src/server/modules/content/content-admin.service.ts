import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
  ONE_IMAGE_ONLY,
  type Overview,
  overviewFormSchema,
  PHOTO_REQUIRED,
  POSITION_TAKEN,
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
import { isUniqueViolation } from "../../db/errors.ts";
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
import { type Actor, requireAdmin, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { removePublicImage, storePublicFile, storePublicImage } from "../../platform/images/public-images.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { type FormInput, parseFields, type ReadForm } from "../../platform/uploads/form-input.ts";
import { planImages, planSingleImage, resolvePlan } from "../../platform/uploads/image-plan.ts";
import { type CheckedImage, UploadError } from "../../platform/uploads/image-upload.ts";
import type { AuditChange } from "../audit/audit.service.ts";
import {
  articleColumns,
  awardColumns,
  blogColumns,
  caseStudyColumns,
  certificateColumns,
  EMPTY_OVERVIEW,
  faqColumns,
  overviewColumns,
  positionColumns,
  teamColumns,
  testimonialColumns,
  toArticle,
  toBlog,
  toCaseStudy,
} from "./content.service.ts";
import { contentRules, readContentForm } from "./content-forms.ts";

export type ContentAdminDeps = {
  db: Db;
  storage: Storage;
  audit: { record(exec: Db | Tx, actor: SignedIn, change: AuditChange): Promise<void> };
  /** Queues the AVIF/JPEG twins of a stored image (platform/images/image-jobs.ts). */
  onImageStored?: (folder: MediaFolder, name: string) => Promise<void>;
};

const BLOG_RULES = contentRules({ images: { images: BLOG_MAX_IMAGES }, tooMany: BLOG_TOO_MANY_IMAGES });
const CASE_STUDY_RULES = contentRules({ images: { images: CASE_STUDY_MAX_IMAGES }, tooMany: CASE_STUDY_TOO_MANY_IMAGES });
const TEAM_RULES = contentRules({ images: Object.fromEntries(TEAM_PHOTO_FIELDS.map((f) => [f, 1])), tooMany: ONE_IMAGE_ONLY });
const TESTIMONIAL_RULES = contentRules({ images: { image: 1 }, tooMany: ONE_IMAGE_ONLY });
const AWARD_RULES = contentRules({ images: { image: 1 }, tooMany: ONE_IMAGE_ONLY });
const OVERVIEW_RULES = contentRules({ images: { directorPhoto: 1 }, tooMany: ONE_IMAGE_ONLY });
const CERTIFICATE_RULES = contentRules({ pdfs: { file: 1 }, tooMany: "Send one PDF only." });

/** Server-made (and seeded) PDF names only: anything else is never passed to the storage's remove. */
const OWN_PDF = /^[a-z0-9-]+\.pdf$/;

/** The next position at the end of a list kept in the admin's order. */
const nextSortOrder = (table: PgTable, column: string) =>
  sql<number>`(select coalesce(max(${sql.identifier(column)}), -1) + 1 from ${table})`;

/** A short quotation of a record's name for the audit summary. */
const quote = (s: string) => `"${s.length > 60 ? `${s.slice(0, 57)}…` : s}"`;

/**
 * The back office's changes to the public content (spec §7): blogs, case studies, team, testimonials, awards,
 * certificates, articles, FAQs, positions and the About page's overview. Every call is for admins; every change
 * is written to the audit log in its own transaction. Files are checked completely before anything is stored, stored
 * before the transaction (and removed again if it fails), and the files a change replaces or drops are removed only
 * after it commits.
 */
export function createContentAdminService({ db, storage, audit, onImageStored }: ContentAdminDeps) {
  const forget = (names: readonly string[], folder: MediaFolder) =>
    Promise.all(names.map((name) => removePublicImage(storage, folder, name).catch(() => {})));
  const forgetPdf = (name: string) =>
    OWN_PDF.test(name) ? storage.remove("public", `certificates/${name}`).catch(() => {}) : Promise.resolve();

  /** Stores the images in order; if one fails, those already stored go again. */
  async function storeImages(folder: MediaFolder, images: readonly CheckedImage[], stem: string): Promise<string[]> {
    const names: string[] = [];
    try {
      for (const image of images) names.push(await storePublicImage(storage, folder, image, stem, onImageStored));
    } catch (err) {
      await forget(names, folder);
      throw err;
    }
    return names;
  }

  /** Runs the change; if it fails, the files stored for it are removed. */
  async function undoOnFailure<T>(undo: () => Promise<unknown>, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (err) {
      await undo();
      throw err;
    }
  }

  /** The one image of a single-image form (null when none was sent). */
  function singleImage(images: readonly CheckedImage[]): CheckedImage | null {
    if (images.length > 1) throw new UploadError(413, ONE_IMAGE_ONLY, images[1]?.field);
    return images[0] ?? null;
  }

  /** A single-image change planned against the record's current image, the new file stored if there is one. */
  async function singleImageChange(current: string | null, form: ReadForm, field: string, folder: MediaFolder, stem: string) {
    const plan = planSingleImage({ current, fields: form.fields, field, newCount: form.images.length });
    const image = plan === "new" ? form.images[0] : undefined;
    const stored = image ? await storeImages(folder, [image], stem) : [];
    /** The record's image after the change, and the one to remove once it is saved. */
    const apply = (before: string | null) => (plan === "keep" ? { image: before, old: null } : { image: stored[0] ?? null, old: before });
    return { plan, stored, apply };
  }

  async function resolvePosition(exec: Db | Tx, name: string): Promise<{ id: number; name: string }> {
    const [row] = await exec.select(positionColumns).from(positions).where(sql`lower(${positions.name}) = lower(${name})`).limit(1);
    if (!row) throw new FieldError(POSITION_UNKNOWN, "position");
    return row;
  }

  async function blogRow(exec: Db | Tx, id: number, lock = false) {
    const query = exec.select(blogColumns).from(blogs).where(eq(blogs.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Blog not found.");
    return row;
  }

  async function caseStudyRow(exec: Db | Tx, id: number, lock = false) {
    const query = exec.select(caseStudyColumns).from(caseStudies).where(eq(caseStudies.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Case study not found.");
    return row;
  }

  async function teamRow(exec: Db | Tx, id: number, lock = false): Promise<TeamMember> {
    const query = exec.select(teamColumns).from(teamMembers).where(eq(teamMembers.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Team member not found.");
    return row;
  }

  async function testimonialRow(exec: Db | Tx, id: number, lock = false): Promise<Testimonial> {
    const query = exec.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Testimonial not found.");
    return row;
  }

  async function awardRow(exec: Db | Tx, id: number, lock = false): Promise<Award> {
    const query = exec.select(awardColumns).from(awards).where(eq(awards.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Award not found.");
    return row;
  }

  async function certificateRow(exec: Db | Tx, id: number, lock = false): Promise<Certificate> {
    const query = exec.select(certificateColumns).from(certificates).where(eq(certificates.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Certificate not found.");
    return row;
  }

  async function articleRow(exec: Db | Tx, id: number, lock = false): Promise<Article> {
    const query = exec.select(articleColumns).from(articles).where(eq(articles.articleId, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Article not found.");
    return toArticle(row);
  }

  async function faqRow(exec: Db | Tx, id: number, lock = false): Promise<Faq> {
    const query = exec.select(faqColumns).from(faqs).where(eq(faqs.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("FAQ not found.");
    return row;
  }

  async function positionRow(exec: Db | Tx, id: number, lock = false): Promise<Position> {
    const query = exec.select(positionColumns).from(positions).where(eq(positions.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError("Position not found.");
    return row;
  }

  return {
    // ───────────── blogs (spec §7: POST /blogs multipart, PUT and DELETE /blogs/{id}) ─────────────

    async createBlog(actor: Actor, body: FormInput): Promise<Blog> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, BLOG_RULES);
      const input = parseFields(blogFormSchema, form.fields);
      const plan = planImages({
        current: [],
        fields: form.fields,
        newCount: form.images.length,
        max: BLOG_MAX_IMAGES,
        tooMany: BLOG_TOO_MANY_IMAGES,
      });
      const stored = await storeImages("blogs", form.images, input.title);
      return undoOnFailure(
        () => forget(stored, "blogs"),
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(blogs)
              .values({ ...input, images: resolvePlan(plan, stored) })
              .returning(blogColumns);
            const blog = toBlog(row as NonNullable<typeof row>);
            await audit.record(tx, me, {
              entity: "blog",
              entityId: blog.id,
              action: "create",
              summary: `Blog ${quote(blog.title)} created`,
              after: blog,
            });
            return blog;
          }),
      );
    },

    async updateBlog(actor: Actor, id: number, body: FormInput): Promise<Blog> {
      const me = requireAdmin(actor);
      const current = await blogRow(db, id);
      const form = await readContentForm(body, BLOG_RULES);
      const input = parseFields(blogFormSchema, form.fields);
      const plan = planImages({
        current: current.images,
        fields: form.fields,
        newCount: form.images.length,
        max: BLOG_MAX_IMAGES,
        tooMany: BLOG_TOO_MANY_IMAGES,
      });
      const stored = await storeImages("blogs", form.images, input.title);
      const { blog, dropped } = await undoOnFailure(
        () => forget(stored, "blogs"),
        () =>
          db.transaction(async (tx) => {
            const before = await blogRow(tx, id, true);
            const images = resolvePlan(plan, stored);
            if (plan.some((p) => p.kind === "stored" && !before.images.includes(p.name))) {
              throw new ConflictError("This blog's images were changed meanwhile. Reload the page and try again.");
            }
            const [row] = await tx
              .update(blogs)
              .set({ ...input, images, updatedAt: new Date() })
              .where(eq(blogs.id, id))
              .returning(blogColumns);
            const blog = toBlog(row as NonNullable<typeof row>);
            await audit.record(tx, me, {
              entity: "blog",
              entityId: id,
              action: "update",
              summary: `Blog ${quote(blog.title)} updated`,
              before: toBlog(before),
              after: blog,
            });
            return { blog, dropped: before.images.filter((name) => !images.includes(name)) };
          }),
      );
      await forget(dropped, "blogs");
      return blog;
    },

    async deleteBlog(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await blogRow(tx, id, true);
        await tx.delete(blogs).where(eq(blogs.id, id));
        await audit.record(tx, me, {
          entity: "blog",
          entityId: id,
          action: "delete",
          summary: `Blog ${quote(before.title)} deleted`,
          before: toBlog(before),
        });
        return before;
      });
      await forget(removed.images, "blogs");
      return { message: "The blog has been deleted." };
    },

    // ───────────── case studies (spec §7: POST /case-study, PUT and DELETE /case-study/{id}) ─────────────

    async createCaseStudy(actor: Actor, body: FormInput): Promise<CaseStudy> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, CASE_STUDY_RULES);
      const input = parseFields(caseStudyFormSchema, form.fields);
      const plan = planImages({
        current: [],
        fields: form.fields,
        newCount: form.images.length,
        max: CASE_STUDY_MAX_IMAGES,
        tooMany: CASE_STUDY_TOO_MANY_IMAGES,
      });
      const stored = await storeImages("caseStudyImages", form.images, input.projectName);
      return undoOnFailure(
        () => forget(stored, "caseStudyImages"),
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(caseStudies)
              .values({ ...input, images: resolvePlan(plan, stored) })
              .returning(caseStudyColumns);
            const caseStudy = toCaseStudy(row as NonNullable<typeof row>);
            await audit.record(tx, me, {
              entity: "case-study",
              entityId: caseStudy.id,
              action: "create",
              summary: `Case study ${quote(caseStudy.projectName)} created`,
              after: caseStudy,
            });
            return caseStudy;
          }),
      );
    },

    async updateCaseStudy(actor: Actor, id: number, body: FormInput): Promise<CaseStudy> {
      const me = requireAdmin(actor);
      const current = await caseStudyRow(db, id);
      const form = await readContentForm(body, CASE_STUDY_RULES);
      const input = parseFields(caseStudyFormSchema, form.fields);
      const plan = planImages({
        current: current.images,
        fields: form.fields,
        newCount: form.images.length,
        max: CASE_STUDY_MAX_IMAGES,
        tooMany: CASE_STUDY_TOO_MANY_IMAGES,
      });
      const stored = await storeImages("caseStudyImages", form.images, input.projectName);
      const { caseStudy, dropped } = await undoOnFailure(
        () => forget(stored, "caseStudyImages"),
        () =>
          db.transaction(async (tx) => {
            const before = await caseStudyRow(tx, id, true);
            const images = resolvePlan(plan, stored);
            if (plan.some((p) => p.kind === "stored" && !before.images.includes(p.name))) {
              throw new ConflictError("This case study's images were changed meanwhile. Reload the page and try again.");
            }
            const [row] = await tx
              .update(caseStudies)
              .set({ ...input, images, updatedAt: new Date() })
              .where(eq(caseStudies.id, id))
              .returning(caseStudyColumns);
            const caseStudy = toCaseStudy(row as NonNullable<typeof row>);
            await audit.record(tx, me, {
              entity: "case-study",
              entityId: id,
              action: "update",
              summary: `Case study ${quote(caseStudy.projectName)} updated`,
              before: toCaseStudy(before),
              after: caseStudy,
            });
            return { caseStudy, dropped: before.images.filter((name) => !images.includes(name)) };
          }),
      );
      await forget(dropped, "caseStudyImages");
      return caseStudy;
    },

    async deleteCaseStudy(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await caseStudyRow(tx, id, true);
        await tx.delete(caseStudies).where(eq(caseStudies.id, id));
        await audit.record(tx, me, {
          entity: "case-study",
          entityId: id,
          action: "delete",
          summary: `Case study ${quote(before.projectName)} deleted`,
          before: toCaseStudy(before),
        });
        return before;
      });
      await forget(removed.images, "caseStudyImages");
      return { message: "The case study has been deleted." };
    },

    // ───────────── team (spec §7: /team/add-team, update-team/{id}, update-team-member-image/{id}, delete-team/{id}) ─────────────

    /** Name, position (one of the positions, by name), bio, and optionally the photo (file field picture or photo). */
    async addTeamMember(actor: Actor, body: FormInput): Promise<TeamMember> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, TEAM_RULES);
      const input = parseFields(teamMemberFormSchema, form.fields);
      const photo = singleImage(form.images);
      const position = await resolvePosition(db, input.position);
      const stored = photo ? await storeImages("team", [photo], input.name) : [];
      return undoOnFailure(
        () => forget(stored, "team"),
        () =>
          db.transaction(async (tx) => {
            const held = await resolvePosition(tx, position.name);
            const [row] = await tx
              .insert(teamMembers)
              .values({
                name: input.name,
                position: held.name,
                positionId: held.id,
                bio: input.bio,
                picture: stored[0] ?? null,
                sortOrder: nextSortOrder(teamMembers, "sort_order"),
              })
              .returning(teamColumns);
            const member = row as TeamMember;
            await audit.record(tx, me, {
              entity: "team",
              entityId: member.id,
              action: "create",
              summary: `Team member ${quote(member.name)} added`,
              after: member,
            });
            return member;
          }),
      );
    },

    async updateTeamMember(actor: Actor, id: number, input: TeamMemberForm): Promise<TeamMember> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const before = await teamRow(tx, id, true);
        const held = await resolvePosition(tx, input.position);
        const [row] = await tx
          .update(teamMembers)
          .set({ name: input.name, position: held.name, positionId: held.id, bio: input.bio })
          .where(eq(teamMembers.id, id))
          .returning(teamColumns);
        const member = row as TeamMember;
        await audit.record(tx, me, {
          entity: "team",
          entityId: id,
          action: "update",
          summary: `Team member ${quote(member.name)} updated`,
          before,
          after: member,
        });
        return member;
      });
    },

    /**
     * Replaces the member's photo (one file in picture or photo), or removes it when the admin form's image list is
     * sent empty (`imageOrder` `[]`); the old photo goes once the change is saved.
     */
    async updateTeamMemberImage(actor: Actor, id: number, body: FormInput): Promise<TeamMember> {
      const me = requireAdmin(actor);
      const current = await teamRow(db, id);
      const form = await readContentForm(body, TEAM_RULES);
      const field = form.images[0]?.field ?? "picture";
      const change = await singleImageChange(current.picture, form, field, "team", current.name);
      if (change.plan === "keep") throw new UploadError(400, PHOTO_REQUIRED, "picture");
      const { member, old } = await undoOnFailure(
        () => forget(change.stored, "team"),
        () =>
          db.transaction(async (tx) => {
            const before = await teamRow(tx, id, true);
            const { image, old } = change.apply(before.picture);
            const [row] = await tx.update(teamMembers).set({ picture: image }).where(eq(teamMembers.id, id)).returning(teamColumns);
            const member = row as TeamMember;
            await audit.record(tx, me, {
              entity: "team",
              entityId: id,
              action: "update",
              summary: `Photo of team member ${quote(member.name)} ${image ? "replaced" : "removed"}`,
              before,
              after: member,
            });
            return { member, old };
          }),
      );
      if (old) await forget([old], "team");
      return member;
    },

    async deleteTeamMember(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await teamRow(tx, id, true);
        await tx.delete(teamMembers).where(eq(teamMembers.id, id));
        await audit.record(tx, me, {
          entity: "team",
          entityId: id,
          action: "delete",
          summary: `Team member ${quote(before.name)} removed`,
          before,
        });
        return before;
      });
      if (removed.picture) await forget([removed.picture], "team");
      return { message: "The team member has been removed." };
    },

    // ───────────── testimonials (spec §7, under /testimonials/) ─────────────

    /** person, person_role, message, and optionally an image (file field image). */
    async addTestimonial(actor: Actor, body: FormInput): Promise<Testimonial> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, TESTIMONIAL_RULES);
      const input = parseFields(testimonialFormSchema, form.fields);
      const image = singleImage(form.images);
      const stored = image ? await storeImages("testimonials", [image], input.person) : [];
      return undoOnFailure(
        () => forget(stored, "testimonials"),
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(testimonials)
              .values({
                person: input.person,
                personRole: input.person_role,
                message: input.message,
                image: stored[0] ?? null,
                sortOrder: nextSortOrder(testimonials, "sort_order"),
              })
              .returning(testimonialColumns);
            const testimonial = row as Testimonial;
            await audit.record(tx, me, {
              entity: "testimonial",
              entityId: testimonial.id,
              action: "create",
              summary: `Testimonial of ${quote(testimonial.person)} added`,
              after: testimonial,
            });
            return testimonial;
          }),
      );
    },

    /** The texts, and the image: replaced by a new file, removed, or kept (see planSingleImage). */
    async updateTestimonial(actor: Actor, id: number, body: FormInput): Promise<Testimonial> {
      const me = requireAdmin(actor);
      const current = await testimonialRow(db, id);
      const form = await readContentForm(body, TESTIMONIAL_RULES);
      const input = parseFields(testimonialFormSchema, form.fields);
      const change = await singleImageChange(current.image, form, "image", "testimonials", input.person);
      const { testimonial, old } = await undoOnFailure(
        () => forget(change.stored, "testimonials"),
        () =>
          db.transaction(async (tx) => {
            const before = await testimonialRow(tx, id, true);
            const { image, old } = change.apply(before.image);
            const [row] = await tx
              .update(testimonials)
              .set({ person: input.person, personRole: input.person_role, message: input.message, image })
              .where(eq(testimonials.id, id))
              .returning(testimonialColumns);
            const testimonial = row as Testimonial;
            await audit.record(tx, me, {
              entity: "testimonial",
              entityId: id,
              action: "update",
              summary: `Testimonial of ${quote(testimonial.person)} updated`,
              before,
              after: testimonial,
            });
            return { testimonial, old };
          }),
      );
      if (old) await forget([old], "testimonials");
      return testimonial;
    },

    async deleteTestimonial(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await testimonialRow(tx, id, true);
        await tx.delete(testimonials).where(eq(testimonials.id, id));
        await audit.record(tx, me, {
          entity: "testimonial",
          entityId: id,
          action: "delete",
          summary: `Testimonial of ${quote(before.person)} deleted`,
          before,
        });
        return before;
      });
      if (removed.image) await forget([removed.image], "testimonials");
      return { message: "The testimonial has been deleted." };
    },

    // ───────────── awards (spec §7: POST /awards multipart, PUT and DELETE /awards/{id}) ─────────────

    async createAward(actor: Actor, body: FormInput): Promise<Award> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, AWARD_RULES);
      const input = parseFields(awardFormSchema, form.fields);
      const image = singleImage(form.images);
      const stored = image ? await storeImages("awards", [image], input.name) : [];
      return undoOnFailure(
        () => forget(stored, "awards"),
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(awards)
              .values({ name: input.name, year: input.year, image: stored[0] ?? null })
              .returning(awardColumns);
            const award = row as Award;
            await audit.record(tx, me, {
              entity: "award",
              entityId: award.id,
              action: "create",
              summary: `Award ${quote(award.name)} added`,
              after: award,
            });
            return award;
          }),
      );
    },

    /** The name and year, and the image: replaced by a new file, removed, or kept (see planSingleImage). */
    async updateAward(actor: Actor, id: number, body: FormInput): Promise<Award> {
      const me = requireAdmin(actor);
      const current = await awardRow(db, id);
      const form = await readContentForm(body, AWARD_RULES);
      const input = parseFields(awardFormSchema, form.fields);
      const change = await singleImageChange(current.image, form, "image", "awards", input.name);
      const { award, old } = await undoOnFailure(
        () => forget(change.stored, "awards"),
        () =>
          db.transaction(async (tx) => {
            const before = await awardRow(tx, id, true);
            const { image, old } = change.apply(before.image);
            const [row] = await tx
              .update(awards)
              .set({ name: input.name, year: input.year, image })
              .where(eq(awards.id, id))
              .returning(awardColumns);
            const award = row as Award;
            await audit.record(tx, me, {
              entity: "award",
              entityId: id,
              action: "update",
              summary: `Award ${quote(award.name)} updated`,
              before,
              after: award,
            });
            return { award, old };
          }),
      );
      if (old) await forget([old], "awards");
      return award;
    },

    async deleteAward(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await awardRow(tx, id, true);
        await tx.delete(awards).where(eq(awards.id, id));
        await audit.record(tx, me, {
          entity: "award",
          entityId: id,
          action: "delete",
          summary: `Award ${quote(before.name)} deleted`,
          before,
        });
        return before;
      });
      if (removed.image) await forget([removed.image], "awards");
      return { message: "The award has been deleted." };
    },

    // ───────────── certificates (spec §7: POST and PUT multipart, DELETE /certificates/delete/{id}) ─────────────

    /** title and the PDF (file field file). */
    async createCertificate(actor: Actor, body: FormInput): Promise<Certificate> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, CERTIFICATE_RULES);
      const input = parseFields(certificateFormSchema, form.fields);
      const pdf = form.pdfs[0];
      if (!pdf) throw new UploadError(400, CERTIFICATE_FILE_REQUIRED, "file");
      const name = await storePublicFile(storage, "certificates", pdf.body, input.title, "pdf");
      return undoOnFailure(
        () => forgetPdf(name),
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx.insert(certificates).values({ title: input.title, path: name }).returning(certificateColumns);
            const certificate = row as Certificate;
            await audit.record(tx, me, {
              entity: "certificate",
              entityId: certificate.id,
              action: "create",
              summary: `Certificate ${quote(certificate.title)} added`,
              after: certificate,
            });
            return certificate;
          }),
      );
    },

    /** The title, and a new PDF when one is sent (the old one goes once the change is saved). */
    async updateCertificate(actor: Actor, id: number, body: FormInput): Promise<Certificate> {
      const me = requireAdmin(actor);
      await certificateRow(db, id);
      const form = await readContentForm(body, CERTIFICATE_RULES);
      const input = parseFields(certificateFormSchema, form.fields);
      const pdf = form.pdfs[0];
      const name = pdf ? await storePublicFile(storage, "certificates", pdf.body, input.title, "pdf") : null;
      const { certificate, old } = await undoOnFailure(
        () => (name ? forgetPdf(name) : Promise.resolve()),
        () =>
          db.transaction(async (tx) => {
            const before = await certificateRow(tx, id, true);
            const [row] = await tx
              .update(certificates)
              .set({ title: input.title, ...(name ? { path: name } : {}) })
              .where(eq(certificates.id, id))
              .returning(certificateColumns);
            const certificate = row as Certificate;
            await audit.record(tx, me, {
              entity: "certificate",
              entityId: id,
              action: "update",
              summary: `Certificate ${quote(certificate.title)} updated`,
              before,
              after: certificate,
            });
            return { certificate, old: name ? before.path : null };
          }),
      );
      if (old) await forgetPdf(old);
      return certificate;
    },

    async deleteCertificate(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      const removed = await db.transaction(async (tx) => {
        const before = await certificateRow(tx, id, true);
        await tx.delete(certificates).where(eq(certificates.id, id));
        await audit.record(tx, me, {
          entity: "certificate",
          entityId: id,
          action: "delete",
          summary: `Certificate ${quote(before.title)} deleted`,
          before,
        });
        return before;
      });
      await forgetPdf(removed.path);
      return { message: "The certificate has been deleted." };
    },

    // ───────────── articles (spec §7: POST /articles, PUT and DELETE /articles/{id}) ─────────────

    async createArticle(actor: Actor, input: ArticleForm): Promise<Article> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(articles)
          .values({
            articleTitle: input.article_title,
            articleDescription: input.article_description,
            articleRef: input.article_ref,
            category: input.category,
          })
          .returning(articleColumns);
        const article = toArticle(row as NonNullable<typeof row>);
        await audit.record(tx, me, {
          entity: "article",
          entityId: article.article_id,
          action: "create",
          summary: `Article ${quote(article.article_title)} added`,
          after: article,
        });
        return article;
      });
    },

    async updateArticle(actor: Actor, id: number, input: ArticleForm): Promise<Article> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const before = await articleRow(tx, id, true);
        const [row] = await tx
          .update(articles)
          .set({
            articleTitle: input.article_title,
            articleDescription: input.article_description,
            articleRef: input.article_ref,
            category: input.category,
          })
          .where(eq(articles.articleId, id))
          .returning(articleColumns);
        const article = toArticle(row as NonNullable<typeof row>);
        await audit.record(tx, me, {
          entity: "article",
          entityId: id,
          action: "update",
          summary: `Article ${quote(article.article_title)} updated`,
          before,
          after: article,
        });
        return article;
      });
    },

    async deleteArticle(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      await db.transaction(async (tx) => {
        const before = await articleRow(tx, id, true);
        await tx.delete(articles).where(eq(articles.articleId, id));
        await audit.record(tx, me, {
          entity: "article",
          entityId: id,
          action: "delete",
          summary: `Article ${quote(before.article_title)} deleted`,
          before,
        });
      });
      return { message: "The article has been deleted." };
    },

    // ───────────── FAQs (spec §7: POST /faqs, PUT and DELETE /faqs/{id}) ─────────────

    async createFaq(actor: Actor, input: FaqForm): Promise<Faq> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(faqs)
          .values({ ...input, sortOrder: nextSortOrder(faqs, "sort_order") })
          .returning(faqColumns);
        const faq = row as Faq;
        await audit.record(tx, me, {
          entity: "faq",
          entityId: faq.id,
          action: "create",
          summary: `FAQ ${quote(faq.question)} added`,
          after: faq,
        });
        return faq;
      });
    },

    async updateFaq(actor: Actor, id: number, input: FaqForm): Promise<Faq> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const before = await faqRow(tx, id, true);
        const [row] = await tx.update(faqs).set(input).where(eq(faqs.id, id)).returning(faqColumns);
        const faq = row as Faq;
        await audit.record(tx, me, {
          entity: "faq",
          entityId: id,
          action: "update",
          summary: `FAQ ${quote(faq.question)} updated`,
          before,
          after: faq,
        });
        return faq;
      });
    },

    async deleteFaq(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      await db.transaction(async (tx) => {
        const before = await faqRow(tx, id, true);
        await tx.delete(faqs).where(eq(faqs.id, id));
        await audit.record(tx, me, {
          entity: "faq",
          entityId: id,
          action: "delete",
          summary: `FAQ ${quote(before.question)} deleted`,
          before,
        });
      });
      return { message: "The FAQ has been deleted." };
    },

    // ───────────── positions (our paths: POST /positions, PUT and DELETE /positions/{id}) ─────────────

    async createPosition(actor: Actor, input: PositionForm): Promise<Position> {
      const me = requireAdmin(actor);
      try {
        return await db.transaction(async (tx) => {
          await refuseTakenName(tx, input.name);
          const [row] = await tx
            .insert(positions)
            .values({ name: input.name, sortOrder: nextSortOrder(positions, "sort_order") })
            .returning(positionColumns);
          const position = row as Position;
          await audit.record(tx, me, {
            entity: "position",
            entityId: position.id,
            action: "create",
            summary: `Position ${quote(position.name)} added`,
            after: position,
          });
          return position;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(POSITION_TAKEN);
        throw err;
      }
    },

    /** Renaming a position renames it on every team member who holds it, in the same transaction. */
    async updatePosition(actor: Actor, id: number, input: PositionForm): Promise<Position> {
      const me = requireAdmin(actor);
      try {
        return await db.transaction(async (tx) => {
          const before = await positionRow(tx, id, true);
          await refuseTakenName(tx, input.name, id);
          const [row] = await tx.update(positions).set({ name: input.name }).where(eq(positions.id, id)).returning(positionColumns);
          const position = row as Position;
          await tx.update(teamMembers).set({ position: position.name }).where(eq(teamMembers.positionId, id));
          await audit.record(tx, me, {
            entity: "position",
            entityId: id,
            action: "update",
            summary: `Position ${quote(before.name)} renamed to ${quote(position.name)}`,
            before,
            after: position,
          });
          return position;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(POSITION_TAKEN);
        throw err;
      }
    },

    /** A position someone holds stays: the team page would otherwise show a title the list no longer has. */
    async deletePosition(actor: Actor, id: number): Promise<{ message: string }> {
      const me = requireAdmin(actor);
      await db.transaction(async (tx) => {
        const before = await positionRow(tx, id, true);
        const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.positionId, id));
        if ((held?.n ?? 0) > 0) throw new ConflictError(positionInUse(held?.n ?? 0));
        await tx.delete(positions).where(eq(positions.id, id));
        await audit.record(tx, me, {
          entity: "position",
          entityId: id,
          action: "delete",
          summary: `Position ${quote(before.name)} deleted`,
          before,
        });
      });
      return { message: "The position has been deleted." };
    },

    // ───────────── overview (spec §7: PUT /overview) ─────────────

    /**
     * The About page's texts, and the managing director's photo (file field directorPhoto): replaced, removed or
     * kept (see planSingleImage).
     */
    async updateOverview(actor: Actor, body: FormInput): Promise<Overview> {
      const me = requireAdmin(actor);
      const form = await readContentForm(body, OVERVIEW_RULES);
      const input = parseFields(overviewFormSchema, form.fields);
      const [current] = await db.select(overviewColumns).from(overview).where(eq(overview.id, 1));
      const change = await singleImageChange(
        current?.directorPhoto ?? null,
        form,
        "directorPhoto",
        "team",
        input.directorName || "managing-director",
      );
      const { after, old } = await undoOnFailure(
        () => forget(change.stored, "team"),
        () =>
          db.transaction(async (tx) => {
            const [locked] = await tx.select(overviewColumns).from(overview).where(eq(overview.id, 1)).for("update");
            const before = locked ?? EMPTY_OVERVIEW;
            const { image, old } = change.apply(before.directorPhoto);
            const values = { ...input, directorPhoto: image, updatedAt: new Date() };
            const [row] = await tx
              .insert(overview)
              .values({ id: 1, ...values })
              .onConflictDoUpdate({ target: overview.id, set: values })
              .returning(overviewColumns);
            const after = row as Overview;
            await audit.record(tx, me, {
              entity: "overview",
              entityId: 1,
              action: "update",
              summary: "About page texts updated",
              before,
              after,
            });
            return { after, old };
          }),
      );
      if (old) await forget([old], "team");
      return after;
    },
  };

  async function refuseTakenName(tx: Tx, name: string, except?: number) {
    const [taken] = await tx.select(positionColumns).from(positions).where(sql`lower(${positions.name}) = lower(${name})`).limit(1);
    if (taken && taken.id !== except) throw new ConflictError(POSITION_TAKEN);
  }
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
