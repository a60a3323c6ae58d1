import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createCatalogueService } from "./modules/catalogue/catalogue.service.ts";
import { createSettingsService } from "./modules/content/settings.service.ts";
import type { Mailer } from "./platform/mailer/mailer.ts";
import type { Storage } from "./platform/storage/storage.ts";

export type Deps = { db: Db; config: Config; storage: Storage; mailer: Mailer };

/** Every domain service, wired once per process; routes and page loaders call these. */
export function createServices(deps: Deps) {
  return {
    accounts: createAccountsService(deps.db),
    catalogue: createCatalogueService(deps.db),
    settings: createSettingsService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;
