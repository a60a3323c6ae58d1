import type { Db } from "../../db/client.ts";
import type { FormLimits } from "../../platform/form-limits.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { CatalogueService } from "../catalogue/catalogue.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { RatesService } from "../money/rates.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { StockService } from "../stock/stock.service.ts";

/** What the quotations service is given (services.ts). */
export type QuotationsDeps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<AccountsService, "me">;
  catalogue: Pick<CatalogueService, "quotePriceSnapshot" | "secondaryPricing">;
  /** The VAT rate in force when a quotation is approved. */
  rates: Pick<RatesService, "taxRateOn">;
  audit: Pick<AuditService, "record">;
  formLimits: Pick<FormLimits, "admit" | "mayConfirm">;
  /** An approved quotation reserves its lines at a branch until it expires or is rejected. */
  stock: Pick<StockService, "chooseBranch">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
  /** A dealer's accepted quotation becomes an order in the acceptance's transaction. */
  orders?: Pick<OrdersService, "placeFromQuotation">;
  /** A request with "I also want a certified installer" becomes a lead in its transaction. */
  leads?: Pick<LeadsService, "createInTx" | "mailSite">;
};

/** What its parts are given: the same, with the site's address for links resolved. */
export type QuotationPartDeps = Omit<QuotationsDeps, "siteUrl"> & { siteUrl: string };
