import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { SettingsService } from "../content/settings.service.ts";

export type DealersDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: AccountsService;
};

/**
 * The dealer programme (issue 5): a user's company application, installations, the reg_status lifecycle and the
 * review of each document. Filled in by the dealer-application work.
 */
export function createDealersService(_deps: DealersDeps) {
  return {};
}

export type DealersService = ReturnType<typeof createDealersService>;
