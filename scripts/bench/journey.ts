// Journey bytes (issue "Phone first"): what a first visit on a phone costs over the network, from the home page to a
// cart with two products, then the same journey again with the HTTP cache warm, then a return visit to the home page.
// Bytes are what Chromium received (CDP Network.loadingFinished's encodedDataLength: headers and the compressed
// body; 0 for what came from the cache, the headers alone for a 304), by resource type.
import type { Browser, CDPSession, Page } from "@playwright/test";
import type { Catalogue } from "./catalogue.ts";
import { newContext, openSession } from "./phone.ts";

export const BYTE_TYPES = ["document", "script", "stylesheet", "image", "font", "other"] as const;
/** One response that cost bytes: where to look when a figure grows. */
export type Transfer = { path: string; type: (typeof BYTE_TYPES)[number]; status: number; bytes: number };
export type Bytes = Record<(typeof BYTE_TYPES)[number] | "total", number> & { requests: number; transfers: Transfer[] };
export type JourneyBytes = { steps: string[]; cold: Bytes; warm: Bytes; returnVisit: Bytes };

/** CDP's resource types, in the report's six ("other": the route data React Router fetches, the manifest, …). */
function kind(cdpType: string | undefined): (typeof BYTE_TYPES)[number] {
  const t = (cdpType ?? "Other").toLowerCase();
  return (BYTE_TYPES as readonly string[]).includes(t) ? (t as (typeof BYTE_TYPES)[number]) : "other";
}

const emptyBytes = (): Bytes => ({
  document: 0,
  script: 0,
  stylesheet: 0,
  image: 0,
  font: 0,
  other: 0,
  total: 0,
  requests: 0,
  transfers: [],
});

/**
 * Counts the page's responses by phase. A request belongs to the phase in which it was sent: one still loading when
 * the next phase begins (an image below the fold, the cart's data) is the earlier phase's cost.
 */
function recordBytes(cdp: CDPSession) {
  const phases = new Map<string, Bytes>();
  const requests = new Map<string, { phase: string; type?: string; url?: string; status?: number }>();
  /** Requests in flight, by the document (loader) that sent them. */
  const inFlight = new Map<string, string>();
  let lastChange = Date.now();
  const done = (id: string) => {
    if (inFlight.delete(id)) lastChange = Date.now();
  };
  let phase = "";
  cdp.on("Network.requestWillBeSent", (e) => {
    // A redirect is sent again under the same id: it stays with its phase.
    if (!requests.has(e.requestId)) requests.set(e.requestId, { phase });
    // A new document: what the last one still had in flight was dropped with it, often without a loadingFailed.
    if (e.type === "Document") for (const [id, loader] of inFlight) if (loader !== e.loaderId) inFlight.delete(id);
    inFlight.set(e.requestId, e.loaderId);
    lastChange = Date.now();
  });
  cdp.on("Network.loadingFailed", (e) => done(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { type: e.type, url: e.response.url, status: e.response.status });
  });
  cdp.on("Network.loadingFinished", (e) => {
    done(e.requestId);
    const r = requests.get(e.requestId);
    const bytes = r && phases.get(r.phase);
    if (!bytes || e.encodedDataLength === 0) return;
    const type = kind(r.type);
    bytes[type] += e.encodedDataLength;
    bytes.total += e.encodedDataLength;
    bytes.requests++;
    const url = new URL(r.url ?? "about:blank");
    bytes.transfers.push({ path: url.pathname + url.search, type, status: r.status ?? 0, bytes: e.encodedDataLength });
  });
  return {
    start(name: string) {
      phase = name;
      phases.set(name, emptyBytes());
    },
    bytes: (name: string) => phases.get(name) ?? emptyBytes(),
    /**
     * Until nothing has been in flight for `quietMs`. Playwright's "networkidle" is the document's and is not waited
     * for again after a client-side navigation, whose data, chunks and images would then leak into the next step.
     */
    async settle(quietMs = 500) {
      const until = Date.now() + 30_000;
      while (Date.now() < until && (inFlight.size > 0 || Date.now() - lastChange < quietMs)) await sleep(50);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The journey's steps (names for the report, and what each does); each ends once the network is quiet. */
function journey(base: string, c: Catalogue, settle: () => Promise<void>): [string, (page: Page) => Promise<void>][] {
  const open = async (page: Page, path: string) => {
    await page.goto(base + path);
    await settle();
  };
  /** Taps a link by its name, or goes to `path` when the page has none visible (the markup moved). */
  const tapLink = async (page: Page, name: string | RegExp, path: string) => {
    const link = page.getByRole("link", { name }).filter({ visible: true }).first();
    if ((await link.count()) > 0) await link.tap();
    else await page.goto(base + path);
    await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
    await settle();
  };
  const addToCart = async (page: Page) => {
    await page.getByRole("button", { name: "Add to Cart" }).tap();
    await page.getByText("Product added to cart!").first().waitFor({ timeout: 30_000 });
    await settle();
  };
  return [
    ["home `/`", (page) => open(page, "/")],
    [
      `tap “${c.pagedCategory.name}” → \`/category/${c.pagedCategory.slug}\``,
      (page) => tapLink(page, c.pagedCategory.name, `/category/${c.pagedCategory.slug}`),
    ],
    [`tap the product → \`/product/${c.product.id}\``, (page) => tapLink(page, c.product.name, `/product/${c.product.id}`)],
    ["Add to Cart", addToCart],
    ["tap Cart → `/cart`", (page) => tapLink(page, /^Cart\b/, "/cart")],
    // From the cart there is no link to another product: it is opened by its address, as from a shared link.
    [`open \`/product/${c.secondProduct.id}\``, (page) => open(page, `/product/${c.secondProduct.id}`)],
    ["Add to Cart", addToCart],
    ["tap Cart → `/cart`", (page) => tapLink(page, /^Cart\b/, "/cart")],
  ];
}

export async function measureJourney(browser: Browser, base: string, c: Catalogue): Promise<JourneyBytes> {
  const context = await newContext(browser, "phone");
  try {
    const page = await context.newPage();
    // No throttling: bytes do not depend on it, and the figure comes sooner.
    const cdp = await openSession(context, page, false);
    const recorder = recordBytes(cdp);
    const steps = journey(base, c, () => recorder.settle());
    for (const phase of ["cold", "warm"]) {
      recorder.start(phase);
      for (const [, step] of steps) await step(page);
    }
    recorder.start("return visit");
    await page.goto(`${base}/`);
    await recorder.settle();
    const [cold, warm, returnVisit] = ["cold", "warm", "return visit"].map(recorder.bytes) as [Bytes, Bytes, Bytes];
    return { steps: steps.map(([name]) => name), cold, warm, returnVisit };
  } finally {
    await context.close();
  }
}
