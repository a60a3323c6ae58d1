import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { ZERA_LICENCE_CLASSES, type ZeraLicenceClass } from "#shared/installer-network.ts";
import type { MediaFolder } from "#shared/media.ts";
import { MEDIA_FOLDERS, mediaUrl } from "#shared/media.ts";
import { PROVINCES, type ProvinceSlug } from "#shared/provinces.ts";
import { FORM_FIELD_MAX_BYTES, IMAGE_MAX_BYTES } from "#shared/schemas/catalogue-admin.ts";
import {
  INSTALLATION_PHOTOS_MAX,
  type Installer,
  type InstallersQuery,
  installationPublicSchema,
  type MyPublicProfile,
  PUBLIC_PROFILE_NEEDS_APPROVAL,
  PUBLIC_PROFILE_NEEDS_PROVINCE,
  publicProfileUpdateSchema,
  TOO_MANY_PHOTOS,
} from "#shared/schemas/installers.ts";
import type { Db, Tx } from "../../db/client.ts";
import { dealerDocuments, dealers, installations } from "../../db/schema/dealers.ts";
import { dealerProfiles } from "../../db/schema/installer-network.ts";
import { type Actor, requireCompanyOwner, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { type FormInput, parseFields, readForm } from "../../platform/uploads/form-input.ts";
import { applySingleImage, planSingleImage } from "../../platform/uploads/image-plan.ts";
import { UploadError } from "../../platform/uploads/image-upload.ts";
import { createStoredFiles, publicImages } from "../../platform/uploads/stored-files.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { freeSlug, slugOf } from "./profile-slug.ts";
import { verifiedDealer } from "./verified.ts";

export type InstallersDeps = {
  db: Db;
  storage: Storage;
  audit: Pick<AuditService, "record">;
  onImageStored?: (folder: MediaFolder, name: string) => Promise<void>;
};

const FOLDER = MEDIA_FOLDERS.installers;

/** Today in Harare (YYYY-MM-DD): a document is valid through its expiry day. */
const harareToday = sql`(now() at time zone 'Africa/Harare')::date`;

/**
 * The certified installer network's public side: the directory of verified dealers who opted in, each
 * profile, the map's counts, and the owner's editing of the company's public profile and shown installations.
 */
export function createInstallersService(deps: InstallersDeps) {
  const { db } = deps;
  const files = createStoredFiles(deps.storage, deps.onImageStored);

  /** The class of the company's newest approved, unexpired ZERA licence, for each company asked. */
  async function licenceClasses(dealerIds: number[]): Promise<Map<number, ZeraLicenceClass>> {
    if (dealerIds.length === 0) return new Map();
    const rows = await db
      .select({ dealerId: dealerDocuments.dealerId, licenceClass: dealerDocuments.licenceClass })
      .from(dealerDocuments)
      .where(
        and(
          inArray(dealerDocuments.dealerId, dealerIds),
          eq(dealerDocuments.kind, "zera_licence"),
          eq(dealerDocuments.reviewStatus, "approved"),
          or(isNull(dealerDocuments.expiresOn), sql`${dealerDocuments.expiresOn} >= ${harareToday}`),
        ),
      )
      .orderBy(desc(dealerDocuments.id));
    const out = new Map<number, ZeraLicenceClass>();
    for (const r of rows) {
      const c = ZERA_LICENCE_CLASSES.find((k) => k === r.licenceClass);
      if (c && !out.has(r.dealerId)) out.set(r.dealerId, c);
    }
    return out;
  }

  /** The listed companies (verified, published, with a home province), in name order. */
  async function listed(where: SQL | undefined): Promise<Installer[]> {
    const rows = await db
      .select({ dealer: dealers, profile: dealerProfiles })
      .from(dealerProfiles)
      .innerJoin(dealers, eq(dealers.id, dealerProfiles.dealerId))
      .where(and(verifiedDealer(), eq(dealerProfiles.published, true), sql`${dealerProfiles.province} is not null`, where))
      .orderBy(asc(sql`lower(coalesce(${dealers.tradingName}, ${dealers.registeredCompany}, ''))`), asc(dealers.id));
    const ids = rows.map((r) => r.dealer.id);
    if (ids.length === 0) return [];
    const [classes, shown] = await Promise.all([
      licenceClasses(ids),
      db
        .select({
          dealerId: installations.dealerId,
          description: installations.systemDescription,
          size: installations.sizeOfSystem,
          town: installations.town,
          photos: installations.photos,
        })
        .from(installations)
        .where(and(inArray(installations.dealerId, ids), eq(installations.showPublic, true)))
        .orderBy(asc(installations.id)),
    ]);
    return rows.map(({ dealer, profile }) => ({
      slug: profile.slug,
      trading_name: dealer.tradingName || dealer.registeredCompany || "",
      city: profile.city,
      province: profile.province ?? "",
      provinces_served: profile.provincesServed,
      licence_class: classes.get(dealer.id) ?? null,
      services: profile.services,
      description: profile.description,
      logo: profile.logo,
      phone: profile.phone,
      whatsapp: profile.whatsapp,
      email: profile.email,
      // Only what the system is and where: never the end customer's e-mail or phone (they are not even read).
      installations: shown
        .filter((i) => i.dealerId === dealer.id)
        .map((i) => ({
          description: i.description,
          size: i.size,
          town: i.town,
          photos: i.photos.map((p) => mediaUrl(FOLDER, p)),
          photo_names: i.photos,
        })),
    }));
  }

  const servesProvince = (province: string) =>
    or(eq(dealerProfiles.province, province), sql`${province} = any(${dealerProfiles.provincesServed})`);

  /** The owner's company row; 404 without an application. */
  async function companyOf(me: SignedIn, exec: Db | Tx = db) {
    const [row] = await exec.select().from(dealers).where(eq(dealers.userId, me.companyUserId)).limit(1);
    if (!row) throw new NotFoundError("You have no dealer application yet.");
    return row;
  }

  async function profileOf(dealerId: number, exec: Db | Tx = db) {
    const [row] = await exec.select().from(dealerProfiles).where(eq(dealerProfiles.dealerId, dealerId)).limit(1);
    return row ?? null;
  }

  async function myProfile(actor: Actor): Promise<MyPublicProfile> {
    const me = requireCompanyOwner(actor);
    const company = await companyOf(me);
    const [profile, classes, rows] = await Promise.all([
      profileOf(company.id),
      licenceClasses([company.id]),
      db.select().from(installations).where(eq(installations.dealerId, company.id)).orderBy(asc(installations.id)),
    ]);
    const approved = company.regStatus === "Approved";
    const published = profile?.published ?? false;
    return {
      approved,
      published,
      listed: published && approved && company.documentsExpiredAt === null && Boolean(profile?.province),
      slug: profile?.slug ?? null,
      trading_name: company.tradingName || company.registeredCompany || "",
      logo: profile?.logo ?? null,
      description: profile?.description ?? "",
      city: profile?.city ?? "",
      province: profile?.province ?? null,
      provinces_served: profile?.provincesServed ?? [],
      services: profile?.services ?? [],
      phone: profile?.phone ?? "",
      whatsapp: profile?.whatsapp ?? "",
      email: profile?.email ?? "",
      licence_class: classes.get(company.id) ?? null,
      installations: rows.map((i) => ({
        id: i.id,
        description: i.systemDescription,
        size: i.sizeOfSystem,
        town: i.town,
        show_public: i.showPublic,
        photos: i.photos,
      })),
    };
  }

  return {
    /** `GET /api/installers`: verified, opted-in companies; the province matches the home one or a served one. */
    async list(query: InstallersQuery = {}): Promise<Installer[]> {
      const conditions: SQL[] = [];
      if (query.province) conditions.push(servesProvince(query.province) as SQL);
      for (const s of query.services ?? []) conditions.push(sql`${s} = any(${dealerProfiles.services})`);
      return listed(conditions.length > 0 ? and(...conditions) : undefined);
    },

    /** One listed company's profile; 404 when it is not listed (unpublished, unverified or unknown). */
    async bySlug(slug: string): Promise<Installer> {
      const [one] = await listed(eq(dealerProfiles.slug, slug));
      if (!one) throw new NotFoundError("No verified installer has this address.");
      return one;
    },

    /** The map's numbers: for each province, the listed companies at home or serving there (with the services asked). */
    async provinceCounts(query: Pick<InstallersQuery, "services"> = {}): Promise<Record<ProvinceSlug, number>> {
      const all = await this.list({ services: query.services ?? [] });
      const counts = Object.fromEntries(PROVINCES.map((p) => [p.slug, 0])) as Record<ProvinceSlug, number>;
      for (const i of all) {
        for (const p of new Set([i.province, ...i.provinces_served])) if (p in counts) counts[p as ProvinceSlug]++;
      }
      return counts;
    },

    myProfile,

    /**
     * The owner saves the public profile (an approved company only): the fields, a new logo or its removal. The slug
     * is made from the trading name the first time and kept. Audited.
     */
    async updateProfile(actor: Actor, input: FormInput): Promise<MyPublicProfile> {
      const me = requireCompanyOwner(actor);
      const company = await companyOf(me);
      if (company.regStatus !== "Approved") throw new ConflictError(PUBLIC_PROFILE_NEEDS_APPROVAL);
      const form = await readForm(input, {
        maxBytes: IMAGE_MAX_BYTES,
        maxPerField: { logo: 1 },
        maxFieldBytes: FORM_FIELD_MAX_BYTES,
        messages: { tooMany: () => "Send one logo only." },
      });
      const fields = parseFields(publicProfileUpdateSchema, form.fields);
      if (fields.published && !fields.province) throw new FieldError(PUBLIC_PROFILE_NEEDS_PROVINCE, "province");
      const logo = form.images.find((i) => i.field === "logo");
      const before = await profileOf(company.id);
      const plan = planSingleImage({ current: before?.logo ?? null, fields: form.fields, field: "logo", newCount: form.images.length });
      const name = company.tradingName || company.registeredCompany || "installer";
      await files.withStoredFiles(
        async (put) => (logo ? put.image(FOLDER, logo, `${slugOf(name)}-logo`) : null),
        async (stored, after) =>
          db.transaction(async (tx) => {
            const current = await profileOf(company.id, tx);
            const values = {
              published: fields.published,
              description: fields.description,
              city: fields.city,
              province: fields.province,
              provincesServed: [...new Set(fields.provinces_served)],
              services: [...new Set(fields.services)],
              phone: fields.phone,
              whatsapp: fields.whatsapp,
              email: fields.email,
              logo: plan === "keep" ? (current?.logo ?? null) : applySingleImage(plan, current?.logo ?? null, stored),
              updatedAt: new Date(),
            };
            if (current) await tx.update(dealerProfiles).set(values).where(eq(dealerProfiles.dealerId, company.id));
            else await tx.insert(dealerProfiles).values({ dealerId: company.id, slug: await freeSlug(tx, name), ...values });
            if (current?.logo && current.logo !== values.logo) after.remove(...publicImages(FOLDER, [current.logo]));
            const { updatedAt: _, ...shown } = values;
            await deps.audit.record(tx, me, {
              entity: "dealer_profile",
              entityId: company.id,
              action: current ? "update" : "create",
              summary: `${name}: public profile ${fields.published ? "published" : "not published"}`,
              before: current ? { ...current, createdAt: undefined, updatedAt: undefined, lastOfferedAt: undefined } : null,
              after: shown,
            });
          }),
      );
      return myProfile(actor);
    },

    /** The owner chooses whether an installation shows on the profile, its town and up to four photos. Audited. */
    async updateInstallation(actor: Actor, id: number, input: FormInput): Promise<MyPublicProfile> {
      const me = requireCompanyOwner(actor);
      const company = await companyOf(me);
      if (company.regStatus !== "Approved") throw new ConflictError(PUBLIC_PROFILE_NEEDS_APPROVAL);
      const [row] = await db
        .select()
        .from(installations)
        .where(and(eq(installations.id, id), eq(installations.dealerId, company.id)))
        .limit(1);
      if (!row) throw new NotFoundError("Installation not found.");
      const form = await readForm(input, {
        maxBytes: IMAGE_MAX_BYTES,
        maxPerField: { photos: INSTALLATION_PHOTOS_MAX },
        maxFieldBytes: FORM_FIELD_MAX_BYTES,
        messages: { tooMany: () => TOO_MANY_PHOTOS },
      });
      const fields = parseFields(installationPublicSchema, form.fields);
      const kept = row.photos.filter((p) => !fields.remove_photos.includes(p));
      if (kept.length + form.images.length > INSTALLATION_PHOTOS_MAX) throw new UploadError(413, TOO_MANY_PHOTOS, "photos");
      await files.withStoredFiles(
        async (put) => put.images(FOLDER, form.images, `${slugOf(company.tradingName || "installer")}-installation`),
        async (stored, after) =>
          db.transaction(async (tx) => {
            const photos = [...kept, ...stored];
            const town = fields.town || null;
            await tx.update(installations).set({ showPublic: fields.show_public, town, photos }).where(eq(installations.id, id));
            after.remove(
              ...publicImages(
                FOLDER,
                row.photos.filter((p) => !kept.includes(p)),
              ),
            );
            await deps.audit.record(tx, me, {
              entity: "installation",
              entityId: id,
              action: "update",
              summary: `Installation ${row.systemDescription}: ${fields.show_public ? "shown" : "not shown"} on the public profile`,
              before: { showPublic: row.showPublic, town: row.town, photos: row.photos },
              after: { showPublic: fields.show_public, town, photos },
            });
          }),
      );
      return myProfile(actor);
    },
  };
}

export type InstallersService = ReturnType<typeof createInstallersService>;
