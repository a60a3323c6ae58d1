import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Config, linkOriginOf } from "./config.ts";
import type { Database } from "./db/client.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { buyingRoutes } from "./modules/buying/buying.routes.ts";
import { catalogueRoutes } from "./modules/catalogue/catalogue.routes.ts";
import { catalogueAdminRoutes } from "./modules/catalogue/catalogue-admin.routes.ts";
import { contactRoutes } from "./modules/contact/contact.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { contentAdminRoutes } from "./modules/content/content-admin.routes.ts";
import { settingsRoutes } from "./modules/content/settings.routes.ts";
import { creditRoutes } from "./modules/credit/credit.routes.ts";
import { dealersRoutes } from "./modules/dealers/dealers.routes.ts";
import { documentsRoutes } from "./modules/dealers/documents.routes.ts";
import { teamRoutes } from "./modules/dealers/team.routes.ts";
import { installersRoutes } from "./modules/installers/installers.routes.ts";
import { leadsRoutes } from "./modules/leads/leads.routes.ts";
import { ratesRoutes } from "./modules/money/rates.routes.ts";
import { taxDocumentsRoutes } from "./modules/money/tax-documents.routes.ts";
import { ordersRoutes } from "./modules/orders/orders.routes.ts";
import { paymentsRoutes } from "./modules/payments/payments.routes.ts";
import { priceListRoutes } from "./modules/pricing/price-list.routes.ts";
import { pricingRoutes } from "./modules/pricing/pricing.routes.ts";
import { quotationsRoutes } from "./modules/quotations/quotations.routes.ts";
import { salesRoutes } from "./modules/sales/sales.routes.ts";
import { searchRoutes } from "./modules/search/search.routes.ts";
import { sizingRoutes } from "./modules/sizing/sizing.routes.ts";
import { stockRoutes } from "./modules/stock/stock.routes.ts";
import { stockAdminRoutes } from "./modules/stock/stock-admin.routes.ts";
import { type Access, access, enforceDeclaredAccess } from "./platform/auth/access.ts";
import { authPlugin } from "./platform/auth/plugin.ts";
import { registerErrorHandling } from "./platform/http.ts";
import type { JobWorker } from "./platform/jobs/worker.ts";
import { OneLinePerRequest, readableLogStream } from "./platform/log.ts";
import { errorForLog, redactingStream } from "./platform/log-redaction.ts";
import { createMailer, type Mailer } from "./platform/mailer/mailer.ts";
import { listNullInNullableEnums } from "./platform/openapi.ts";
import { createSharedCache, SAFE_METHODS, sharedCachePlugin } from "./platform/shared-cache.ts";
import { type PendingFiles, withPendingFiles } from "./platform/storage/pending-files.ts";
import { createStorage, type Storage } from "./platform/storage/storage.ts";
import { webPlugin } from "./platform/web/web.ts";
import { healthPlugin } from "./plugins/health.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { personalAnswersPlugin, securityHeadersPlugin } from "./plugins/security.ts";
import { createAppServices, type Services } from "./services.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve the React Router pages too (off in API tests). */
  web?: false | "production" | "development";
  storage?: Storage;
  /** Files made on their first read: the demo's pictures not drawn yet (seed/pictures.ts, decision 027). */
  pendingFiles?: PendingFiles;
  /** The transport the mail jobs send with (default: SMTP_URL or the .eml outbox). */
  mailer?: Mailer;
  /** Where log lines go (default: stdout), after redaction (platform/log-redaction.ts); tests read them. */
  logStream?: { write(line: string): unknown };
  /** The clock of the services that read the day (dated rates); tests set it. */
  now?: () => Date;
};

/**
 * The Swagger UI page at /api/docs (L4): its scripts and stylesheet are files served beside it (no inline script or
 * <style> in its HTML; @fastify/swagger-ui's csp.json lists no hashes), the OpenAPI document is fetched from here.
 * One inline style remains, allowed by its hash alone: Swagger UI's top-bar logo is an SVG with a <style> inside
 * (`.logo_small_svg__cls-2{fill:#fff}…`); without it the logo draws black on the dark bar. A new Swagger UI version
 * with another logo fails tests/e2e/api-docs.spec.ts, which names the new hash.
 */
const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

export type RouteEntry = {
  method: string;
  url: string;
  documented: boolean;
  /** Who may call it (API routes: declared on each route, platform/auth/access.ts). */
  access: Access | undefined;
};

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** The background job worker (platform/jobs): tests call `drain()`. */
    jobs: JobWorker;
    /** Every route registered, as the OpenAPI document and the fuzz tests read them. */
    routeList: RouteEntry[];
  }
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the nearest n senders" (Fastify itself now refuses plain
 * numbers, since a client that reaches the port directly could then name any address: the deployment guide says
 * to use it only when the port is reachable through the proxy alone).
 */
function trustProxyOption(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

/** The whole HTTP application, ready to `inject()` or `listen()`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const stored = opts.storage ?? createStorage(config);
  const storage = opts.pendingFiles ? withPendingFiles(stored, opts.pendingFiles) : stored;
  const secureCookies = config.env === "production";
  // Where links in e-mails and Paynow's return and result addresses point (I1): never the request's Host.
  const linkOrigin = linkOriginOf(config);

  // Development: readable lines, one per request (platform/log.ts); production and tests: pino's JSON, two per request.
  const readableLog = config.env === "development";
  const app = Fastify({
    // Every line passes through the redaction (tokens in page addresses, passwords, keys, URL passwords), and errors
    // are logged without a failed query's parameters (M8, L2, L6).
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            stream: redactingStream(readableLog ? readableLogStream(opts.logStream) : opts.logStream),
            serializers: { err: errorForLog },
          },
    ...(readableLog ? { logController: new OneLinePerRequest() } : {}),
    trustProxy: trustProxyOption(config.trustProxy),
    // The web plugin imports the built pages (several MB) as it registers: on a loaded two-core machine that took
    // more than avvio's default 10 s, and the start failed for it.
    pluginTimeout: 60_000,
    bodyLimit: 1024 * 1024,
  });
  // Services, job worker and derived images, wired once (services.ts); the worker starts when the app is ready and
  // stops (after its running job) on close.
  const { services, jobs, derivedImages } = createAppServices({
    db: database.db,
    config,
    storage,
    transport: opts.mailer ?? createMailer(config),
    log: app.log,
    ...(opts.now ? { now: opts.now } : {}),
  });
  app.decorate("jobs", jobs);
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => {
    await jobs.stop();
    services.fiscal.close();
  });
  app.decorate("services", services);
  const routeList: RouteEntry[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const documented = !(route.schema as { hide?: boolean } | undefined)?.hide;
    for (const method of methods) routeList.push({ method, url: route.url, documented, access: route.config?.access });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(securityHeadersPlugin, { production: config.env === "production" });
  // Visitors' public reads answered from a short-lived copy, ETags on JSON: before compression (its onSend runs later).
  await app.register(sharedCachePlugin, { cache: createSharedCache({ ttlMs: config.publicCacheMs }), apiPrefix: "/api/" });
  // Pages and JSON compressed as they are sent (Brotli at a quick level, else gzip); the built assets are
  // compressed once at build time and served as they are (platform/web/web.ts), images are left alone.
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // The catalogue's shared data (decision 033) is emptied by every successful change, whoever makes it (an order
  // reserves stock, an admin edits), before its answer leaves: the next read anyone makes sees the change.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) services.catalogueData.clear();
    return payload;
  });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { accounts: services.accounts, siteUrl: config.siteUrl, secureCookies });
  await app.register(personalAnswersPlugin, { accounts: services.accounts });

  await app.register(healthPlugin, { database, ...(opts.pendingFiles ? { pendingFiles: opts.pendingFiles } : {}) });

  await app.register(mediaPlugin, { storage, derivedImages, ...(opts.pendingFiles ? { pendingFiles: opts.pendingFiles } : {}) });

  await app.register(async (api) => {
    await api.register(fastifySwagger, {
      openapi: {
        info: {
          title: "Solar website API",
          version: "1.0.0",
          description: "The REST API of the public site, the dealer area and the back office.",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" }, cookie: { type: "apiKey", in: "cookie", name: "sid" } },
        },
      },
      transform: jsonSchemaTransform,
      // OpenAPI 3.0.3 wants null listed in a nullable enum (platform/openapi.ts).
      transformObject: (document) =>
        "openapiObject" in document ? listNullInNullableEnums(structuredClone(document.openapiObject)) : document.swaggerObject,
    });
    await api.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: API_DOCS_CSP });
    await api.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
    await api.register(
      async (routes) => {
        // Every API route declares who may call it, checked before its body is read.
        enforceDeclaredAccess(routes);
        await routes.register(accountsRoutes, { services, secureCookies, siteUrl: linkOrigin });
        await routes.register(catalogueRoutes, { services });
        await routes.register(catalogueAdminRoutes, { services });
        await routes.register(quotationsRoutes, { services });
        await routes.register(ordersRoutes, { services });
        await routes.register(buyingRoutes, { services });
        await routes.register(paymentsRoutes, { services, siteUrl: linkOrigin });
        await routes.register(contactRoutes, { services });
        await routes.register(contentRoutes, { services });
        await routes.register(searchRoutes, { services });
        await routes.register(installersRoutes, { services });
        await routes.register(sizingRoutes, { services });
        await routes.register(stockRoutes, { services });
        await routes.register(stockAdminRoutes, { services });
        await routes.register(pricingRoutes, { services });
        await routes.register(priceListRoutes, { services });
        await routes.register(contentAdminRoutes, { services });
        await routes.register(teamRoutes, { services });
        await routes.register(leadsRoutes, { services });
        await routes.register(dealersRoutes, { services });
        await routes.register(documentsRoutes, { services });
        await routes.register(auditRoutes, { services });
        await routes.register(salesRoutes, { services });
        await routes.register(settingsRoutes, { services });
        await routes.register(ratesRoutes, { services });
        await routes.register(taxDocumentsRoutes, { services });
        await routes.register(creditRoutes, { services });
        routes.all("/*", { schema: { hide: true }, config: { access: access.public } }, async (_request, reply) =>
          reply.code(404).send({ message: "Not found." }),
        );
      },
      { prefix: "/api" },
    );
  });

  // Anything no route answers, and the misses of @fastify/static under /media (its callNotFound), get the API's own
  // 404 rather than Fastify's default body; pages are all routed to the web entry, whose catch-all page says 404.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not found." }));
  if (opts.web) {
    await app.register(webPlugin, {
      services,
      mode: opts.web,
      secureCookies,
      siteUrl: linkOrigin,
      sharedCache: app.sharedCache,
      databaseReady: () => database.ping(),
    });
  }
  return app;
}
