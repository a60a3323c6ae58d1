import type { MediaFolder } from "#shared/media.ts";
import { type Config, linkOriginOf } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createAppJobWorker, registerJobHandlers } from "./jobs.ts";
import { createAccountsService } from "./modules/accounts/accounts.service.ts";
import { createSecurityEvents } from "./modules/accounts/security-events.ts";
import { createAuditService } from "./modules/audit/audit.service.ts";
import { createCartService } from "./modules/buying/cart.service.ts";
import { createKitsService } from "./modules/buying/kits.service.ts";
import { createCatalogueService } from "./modules/catalogue/catalogue.service.ts";
import { createCatalogueAdminService } from "./modules/catalogue/catalogue-admin.service.ts";
import { createContactService } from "./modules/contact/contact.service.ts";
import { createContentService } from "./modules/content/content.service.ts";
import { createContentAdminService } from "./modules/content/content-admin.service.ts";
import { createSettingsService } from "./modules/content/settings.service.ts";
import { createCreditService } from "./modules/credit/credit.service.ts";
import { createDealerHomeService } from "./modules/dealers/dealer-home.ts";
import { createDealersService } from "./modules/dealers/dealers.service.ts";
import { createDocumentExpiry } from "./modules/dealers/document-expiry.ts";
import { createDocumentsService } from "./modules/dealers/documents.service.ts";
import { manualPdf, renderManualText } from "./modules/dealers/manual-files.ts";
import { createTeamService } from "./modules/dealers/team.service.ts";
import { createFiscalService } from "./modules/fiscal/fiscal.service.ts";
import { createInstallersService } from "./modules/installers/installers.service.ts";
import { createLeadsService } from "./modules/leads/leads.service.ts";
import { createRatesService } from "./modules/money/rates.service.ts";
import { createTaxDocumentsService } from "./modules/money/tax-documents.service.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { createPaymentProofsService } from "./modules/orders/payment-proofs.service.ts";
import { createPaymentsService } from "./modules/payments/payments.service.ts";
import { createPriceListService } from "./modules/pricing/price-list.ts";
import { createPricingService } from "./modules/pricing/pricing.service.ts";
import { createQuotationsService } from "./modules/quotations/quotations.service.ts";
import { createSalesService } from "./modules/sales/sales.service.ts";
import { createSearchService } from "./modules/search/search.service.ts";
import { createSizingService } from "./modules/sizing/sizing.service.ts";
import { createStockService } from "./modules/stock/stock.service.ts";
import { createStockAdminService } from "./modules/stock/stock-admin.service.ts";
import { createFormLimits } from "./platform/form-limits.ts";
import { createDerivedImages } from "./platform/images/derived.ts";
import { queueImageVariants } from "./platform/images/image-jobs.ts";
import type { Log } from "./platform/log.ts";
import { createQueuedMailer } from "./platform/mailer/mail-queue.ts";
import type { Mailer } from "./platform/mailer/mailer.ts";
import { createReadCache } from "./platform/read-cache.ts";
import type { Storage } from "./platform/storage/storage.ts";
import { createStoredFiles } from "./platform/uploads/stored-files.ts";
import { DEMO_LOGINS } from "./seed/accounts.ts";

export type Deps = {
  db: Db;
  config: Config;
  storage: Storage;
  /** In the app, the queuing mailer (platform/mailer/mail-queue.ts): a mail is a job. */
  mailer: Mailer;
  /** Queues a stored public image's AVIF/JPEG twins (platform/images/image-jobs.ts). */
  onImageStored?: (folder: MediaFolder, name: string) => Promise<void>;
  /** Wakes the job worker after a service queued a job itself (a password reset's look-up). */
  onJobQueued?: () => void;
  /** The server's logger (platform/log.ts): security events, Paynow's refusals and failures. */
  log: Log;
  /** The clock of the services that read the day (dated rates); tests set it. */
  now?: () => Date;
  /** Called once FDMS has fiscalised a tax document (the document is e-mailed then); tests pass their own. */
  onFiscalised?: (documentId: number) => Promise<void> | void;
};

/** Every domain service, wired once per process; routes and page loaders call these. */
export function createServices(deps: Deps) {
  // One instance each, shared with the services that call them.
  /** Every back-office change is written here, in the transaction that makes it. */
  const audit = createAuditService(deps.db);
  /** The site's address that links in e-mails start with (SITE_URL, else this process's local address). */
  const siteUrl = linkOriginOf(deps.config);
  const settings = createSettingsService(deps.db, audit, deps.config.settingsCacheMs);
  const accounts = createAccountsService({
    db: deps.db,
    mailer: deps.mailer,
    settings,
    audit,
    signupsPerHour: deps.config.signupsPerHour,
    events: createSecurityEvents(deps.db, deps.log),
    ...(deps.onJobQueued ? { onJobQueued: deps.onJobQueued } : {}),
    demoPasswords: DEMO_LOGINS.map((a) => a.password),
    production: deps.config.env === "production",
    // Decision 023: choosing the password of an account a team invitation made is the consent to join. The team
    // service needs the accounts service, so it is made below and reached when a password is chosen.
    onInviteLinkUsed: (tx, userId, at) => team.joinThroughPasswordLink(tx, userId, at),
  });
  /** The dated exchange and VAT rates. */
  const rates = createRatesService({
    db: deps.db,
    audit,
    cacheMs: deps.config.settingsCacheMs,
    ...(deps.now ? { now: deps.now } : {}),
  });
  /** The catalogue's shared data (decision 033): emptied by the app on every successful change request. */
  const catalogueData = createReadCache({ ttlMs: deps.config.publicCacheMs });
  const catalogue = createCatalogueService(deps.db, settings, rates, catalogueData);
  /** Sales and the dashboard's statistics; paid orders become sales through the orders service. */
  const sales = createSalesService({ db: deps.db, audit, catalogue });
  /** Enquiries for a certified installer offered to verified dealers; a company put on hold loses its offers. */
  const leads = createLeadsService({ db: deps.db, mailer: deps.mailer, settings, audit, siteUrl });
  const dealers = createDealersService({ db: deps.db, mailer: deps.mailer, settings, accounts, audit, siteUrl, leads });
  const documents = createDocumentsService({
    db: deps.db,
    storage: deps.storage,
    // A change of documents may complete (or un-complete) the application.
    // Replaced rejected documents are announced to the back office.
    onDocumentsChanged: (dealerId, replacedRejected, renewals) => dealers.documentsChanged(dealerId, replacedRejected, renewals),
  });
  /** Contact messages and quote requests mail an address anyone can type: limited per sender and recipient. */
  const formLimits = createFormLimits(deps.db, deps.config.formsPerHour);
  /**
   * Fiscalisation through ZIMRA's FDMS (decision 016); off unless FDMS_* is set. The tax documents service
   * queues each document it issues in its transaction; once FDMS accepted one, it is e-mailed to the dealer.
   */
  const fiscal = createFiscalService({
    db: deps.db,
    fdms: deps.config.fdms,
    log: deps.log,
    audit,
    ...(deps.now ? { now: deps.now } : {}),
    onFiscalised: async (documentId: number) => {
      await taxDocuments.fiscalised(documentId);
      await deps.onFiscalised?.(documentId);
    },
    ...(deps.onJobQueued ? { onJobQueued: deps.onJobQueued } : {}),
  });
  /** Tax invoices and credit notes, issued by the orders service in its payment and cancel transactions; notes by admins. */
  const taxDocuments = createTaxDocumentsService({
    db: deps.db,
    mailer: deps.mailer,
    settings,
    siteUrl,
    audit,
    ...(deps.now ? { now: deps.now } : {}),
    fiscal: {
      enabled: fiscal.enabled,
      enqueue: async (tx, documentId) => {
        await fiscal.enqueueFiscalisation(tx, documentId);
      },
      // The invoice's seller as FDMS knows it (decision 016, "The seller").
      seller: (tx) => fiscal.sellerAsFdmsKnowsIt(tx),
    },
  });
  /** Branches, availability, delivery fees and serial numbers; the ledger moves inside orders' and quotations' transactions. */
  const stock = createStockService({ db: deps.db });
  /** Dealers who buy on account: terms, limits, payments and their allocation, statements, ageing (decision 034). */
  const credit = createCreditService({
    db: deps.db,
    mailer: deps.mailer,
    siteUrl,
    settings,
    rates,
    audit,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const orders = createOrdersService({
    db: deps.db,
    mailer: deps.mailer,
    settings,
    catalogue,
    audit,
    sales,
    rates,
    taxDocuments,
    stock,
    credit,
    siteUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  /** A dealer company's cart on the server, quick order, reorder and kits. */
  const cart = createCartService({ db: deps.db, catalogue, stock, ...(deps.now ? { now: deps.now } : {}) });
  /** A dealer company's team: buyers and technicians the owner invites and who accept (decision 023). */
  const team = createTeamService({ db: deps.db, mailer: deps.mailer, settings, accounts, audit, siteUrl });
  const kits = createKitsService({ db: deps.db, catalogue, cart, ...(deps.now ? { now: deps.now } : {}) });
  return {
    audit,
    credit,
    cart,
    kits,
    leads,
    dealers,
    documents,
    /** Dealer documents that expire: reminders, the company's hold, the dashboard's list. */
    documentExpiry: createDocumentExpiry({ db: deps.db, mailer: deps.mailer, settings, siteUrl, leads }),
    team,
    /** The dealer manual as PDF and text, with the site's support contacts (spec §2 /dealer/manual). */
    manual: {
      pdf: async () => manualPdf(await settings.get()),
      text: async () => renderManualText(await settings.get()),
    },
    accounts,
    catalogue,
    /** The catalogue's shared data (decision 033); the app empties it on every successful change request. */
    catalogueData,
    /** Products, featured products and brands in the back office. */
    catalogueAdmin: createCatalogueAdminService({
      db: deps.db,
      storage: deps.storage,
      audit,
      onImageStored: deps.onImageStored,
      settings,
    }),
    content: createContentService(deps.db),
    /** The certified installer directory and dealers' public profiles. */
    installers: createInstallersService({ db: deps.db, storage: deps.storage, audit, onImageStored: deps.onImageStored }),
    /** The site search over products and content. */
    search: createSearchService(deps.db),
    /** The solar calculator's sizing from the catalogue's panels, inverters and batteries. */
    sizing: createSizingService(deps.db, settings),
    contentAdmin: createContentAdminService({ db: deps.db, storage: deps.storage, audit, onImageStored: deps.onImageStored }),
    settings,
    quotations: createQuotationsService({
      db: deps.db,
      mailer: deps.mailer,
      settings,
      accounts,
      catalogue,
      rates,
      audit,
      formLimits,
      stock,
      siteUrl,
      orders,
      leads,
    }),
    contact: createContactService({ db: deps.db, mailer: deps.mailer, settings, audit, formLimits, siteUrl }),
    orders,
    /** Dealers' proofs of bank transfer and ZIPIT payments, seen by the back office. */
    paymentProofs: createPaymentProofsService({ db: deps.db, storage: deps.storage, mailer: deps.mailer, settings, audit, siteUrl }),
    /** The approved dealer's home at /dealer, in one read. */
    dealerHome: createDealerHomeService({ db: deps.db, ...(deps.now ? { now: deps.now } : {}) }),
    /** Paynow payments of dealer orders; offered only when PAYNOW_* is set. */
    payments: createPaymentsService({
      db: deps.db,
      orders,
      accounts,
      paynow: deps.config.paynow,
      log: deps.log,
    }),
    sales,
    rates,
    taxDocuments,
    fiscal,
    stock,
    /** The stock back office: branches, delivery fees, levels, adjustments, shipments, the ledger, counts. */
    /** Dealer tiers, a dealer's tier, products' quantity breaks and tier prices. */
    pricing: createPricingService({ db: deps.db, audit, files: createStoredFiles(deps.storage) }),
    /** A dealer's price list at their tier, as JSON, CSV and PDF. */
    priceList: createPriceListService({ db: deps.db, catalogue, settings, ...(deps.now ? { now: deps.now } : {}) }),
    stockAdmin: createStockAdminService({ db: deps.db, storage: deps.storage, audit, ...(deps.now ? { now: deps.now } : {}) }),
  };
}

export type Services = ReturnType<typeof createServices>;

export type AppDeps = {
  db: Db;
  config: Config;
  storage: Storage;
  /** The transport the mail jobs send with (SMTP or the .eml outbox; tests pass their own). */
  transport: Mailer;
  log: Log;
  now?: () => Date;
};

/**
 * The process's composition root: the job worker (decision 007), the queuing mailer and the image-variant queue the
 * services are given, the services, the derived images, and the job handlers that call them. app.ts serves them.
 */
export function createAppServices({ db, config, storage, transport, log, now }: AppDeps) {
  // Background jobs: services queue mail and image variants; the worker sends and encodes them with retries, polling
  // every JOBS_POLL_MS and woken at once by an enqueue.
  const jobs = createAppJobWorker(db, config, log);
  const mailer = createQueuedMailer({ db, onQueued: jobs.wake });
  const onImageStored = async (folder: MediaFolder, name: string) => {
    await queueImageVariants(db, folder, name);
    jobs.wake();
  };
  const services = createServices({ db, config, storage, mailer, onImageStored, onJobQueued: jobs.wake, log, ...(now ? { now } : {}) });
  // AVIF and JPEG twins of the stored WebP images: made by a job after an upload, or on first request (derived.ts).
  const derivedImages = createDerivedImages(storage);
  registerJobHandlers(jobs, { db, transport, services, derivedImages }, config);
  return { services, jobs, derivedImages };
}
