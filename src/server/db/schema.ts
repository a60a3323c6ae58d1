import * as accounts from "./schema/accounts.ts";
import * as audit from "./schema/audit.ts";
import * as branches from "./schema/branches.ts";
import * as catalogue from "./schema/catalogue.ts";
import * as commerce from "./schema/commerce.ts";
import * as content from "./schema/content.ts";
import * as dealerBuying from "./schema/dealer-buying.ts";
import * as dealers from "./schema/dealers.ts";
import * as demoPictures from "./schema/demo-pictures.ts";
import * as fiscal from "./schema/fiscal.ts";
import * as installerNetwork from "./schema/installer-network.ts";
import * as jobs from "./schema/jobs.ts";
import * as pricing from "./schema/pricing.ts";
import * as stock from "./schema/stock.ts";

/** The whole data model, for the Drizzle client (drizzle-kit reads the files directly). */
export const schema = {
  ...accounts,
  ...audit,
  ...branches,
  ...catalogue,
  ...commerce,
  ...content,
  ...dealerBuying,
  ...dealers,
  ...demoPictures,
  ...fiscal,
  ...installerNetwork,
  ...jobs,
  ...pricing,
  ...stock,
};
