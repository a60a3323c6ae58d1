import type { MediaFolder } from "#shared/media.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { createResources } from "../../platform/resources/resource.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { createStoredFiles } from "../../platform/uploads/stored-files.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { createFeaturedAndBrandsAdmin } from "./featured-brands-admin.ts";
import { createProductAdmin } from "./product-admin.ts";

// The catalogue's back office: its products in product-admin.ts, its featured products and brands in
// featured-brands-admin.ts, both written through the same resources made here once.

export type CatalogueAdminDeps = {
  db: Db;
  storage: Storage;
  audit: AuditService;
  /** Queues the AVIF/JPEG twins of a stored image (platform/images/image-jobs.ts). */
  onImageStored?: (folder: MediaFolder, name: string) => Promise<void>;
  /** The seller's VAT number (the site settings): a VAT-registered seller's products need an HS code (decision 016). */
  settings: { get(): Promise<Pick<SiteSettings, "vatNumber">> };
};

export function createCatalogueAdminService({ db, storage, audit, onImageStored, settings }: CatalogueAdminDeps) {
  const files = createStoredFiles(storage, onImageStored);
  const resources = createResources({ db, audit, files });
  return { ...createProductAdmin({ db, audit, resources, settings }), ...createFeaturedAndBrandsAdmin({ db, resources }) };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
