// Interaction figures (issue "Phone first"): from the tap, key press or pointer move to the frame that shows its
// answer, on a cold first visit under Lighthouse's mobile conditions (phone.ts): the cold tap (decision 028), as soon
// as its control can be used, with the page's script file held back until the answer is in, as on a phone whose
// script has not come yet. Median of N cold runs, each in a fresh browser context. One entry of INTERACTIONS is one
// figure; each run says whether the page's script had come by the tap (it should not have).
import type { Browser, Page } from "@playwright/test";
import { CART_STORAGE_KEY } from "#shared/constants.ts";
import type { Catalogue } from "./catalogue.ts";
import { ARMED_KEY, type InPage, type InteractionRecord, RECORD_KEY, watchScript } from "./in-page.ts";
import { newContext, openSession, type Viewport } from "./phone.ts";

export type Interaction = {
  name: string;
  viewport: Viewport;
  path: (c: Catalogue) => string;
  /** Before the first navigation, in the fresh context (the cart put in localStorage, say). */
  setup?: (page: Page, c: Catalogue) => Promise<unknown>;
  act: (page: Page, c: Catalogue) => Promise<void>;
  /** Runs in the page every frame after the tap: true once the answer is visible. Sent as source text (no closure). */
  answer: (page: InPage, c: Catalogue) => boolean;
  /** Read in the page before the act and once the answer is in (or not): reported as "before → after". */
  observe?: (page: InPage) => string;
};

/** An interaction's answer after this long is "no answer", and counts as a missed budget. */
export const NO_ANSWER_MS = 10_000;

export const INTERACTIONS: Interaction[] = [
  {
    name: "product page: Add to Cart → “Product added to cart!”",
    viewport: "phone",
    path: (c) => `/product/${c.product.id}`,
    act: (page) => page.getByRole("button", { name: "Add to Cart" }).tap(),
    answer: (b) => b.visibleText("Product added to cart!"),
    // The header's cart link, by its name ("Cart, 1 item"): the page has scrolled to the button, so not on screen.
    observe: (b) =>
      b
        .byRole("link", /^Cart\b/)
        .filter(b.rendered)
        .map(b.name)[0] ?? "no cart link",
  },
  {
    name: "product page: Request a Quote → the form's Email field",
    viewport: "phone",
    path: (c) => `/product/${c.product.id}`,
    act: (page) => page.getByRole("button", { name: "Request a Quote" }).tap(),
    answer: (b) => b.byRole("textbox", /^e-?mail\b/i).some(b.visible),
  },
  {
    name: "desktop home: first pointer move onto Products → its dropdown's category links",
    viewport: "desktop",
    path: () => "/",
    act: async (page) => {
      // One move, straight from the corner onto the link: its first pointer event is already over it.
      const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products", exact: true });
      const box = await link.boundingBox();
      if (!box) throw new Error("the Products link has no box");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 1 });
    },
    answer: (b, c) => b.byRole("link", c.pagedCategory.name, b.byRole("navigation", "Main")[0] ?? null).some(b.visible),
  },
  {
    // A new page cannot come within 200 ms over a 150 ms round trip: the answer is the page saying, in the next frame,
    // that it is on its way (the bar along the top, decision 013), as INP counts it; or the new page itself.
    name: "category page: Items per page → the page shows the new size is coming (or shows it)",
    viewport: "phone",
    path: (c) => `/category/${c.pagedCategory.slug}`,
    // The choice itself (a phone's picker gives the page no event before it): the tap is its change event.
    act: async (page, c) => void (await page.getByRole("combobox", { name: "Items per page" }).selectOption(String(c.pageSize))),
    answer: (b, c) =>
      document.documentElement.hasAttribute("data-navigating") ||
      (new URLSearchParams(location.search).get("pageSize") === String(c.pageSize) &&
        b.byRole("combobox", "Items per page").some((s) => (s as HTMLSelectElement).value === String(c.pageSize) && b.visible(s))),
  },
  {
    name: "phone header: Menu → the menu's links",
    viewport: "phone",
    path: () => "/",
    act: (page) => page.getByRole("button", { name: "Menu", exact: true }).tap(),
    answer: (b) => b.byRole("link", "About Us", b.byRole("navigation", "Mobile")[0] ?? null).some(b.visible),
  },
  {
    name: "cart with one product: + → quantity 2",
    viewport: "phone",
    path: () => "/cart",
    setup: (page, c) =>
      page.addInitScript(
        ({ key, item }) => {
          if (!localStorage.getItem(key))
            localStorage.setItem(key, JSON.stringify({ items: [{ ...item, quantity: 1 }], expires: Date.now() + 86_400_000 }));
        },
        { key: CART_STORAGE_KEY, item: { productId: c.product.id, productName: c.product.name, image: c.product.image } },
      ),
    act: (page, c) => page.getByRole("button", { name: `Increase quantity of ${c.product.name}` }).tap(),
    answer: (b) => b.byRole("spinbutton", /^Quantity of /).some((q) => (q as HTMLInputElement).value === "2" && b.visible(q)),
  },
];

export type InteractionRun = {
  ms: number | null;
  event: string | null;
  /** Whether the page's script (enhance/ or React) had started when the act came. */
  scripted?: boolean;
  observed?: string;
  error?: string;
};
export type InteractionFigure = { name: string; viewport: Viewport; path: string; medianMs: number | null; runs: InteractionRun[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `fn` run in the page, given its InPage helpers (and `c`); sent as source text, as the init script is. */
async function inPage<T>(page: Page, fn: (b: InPage, c: Catalogue) => T, c?: Catalogue): Promise<T> {
  return page.evaluate(
    `(() => { const __name = (f) => f; return (${fn.toString()})(window.__bench, ${JSON.stringify(c)}); })()`,
  ) as Promise<T>;
}

/** The page's record, read until it holds a figure; a navigation in between (the answer a new document) is waited out. */
async function waitForRecord(page: Page): Promise<InteractionRecord | null> {
  const until = Date.now() + NO_ANSWER_MS + 5000;
  while (Date.now() < until) {
    const record = await page
      .evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null") as InteractionRecord | null, RECORD_KEY)
      .catch(() => null);
    if (record && record.ms !== undefined) return record;
    await sleep(100);
  }
  return null;
}

async function runOnce(browser: Browser, base: string, it: Interaction, c: Catalogue): Promise<InteractionRun> {
  const context = await newContext(browser, it.viewport);
  try {
    const page = await context.newPage();
    // The page's script comes only once the answer is in: what is measured is the page before it (decision 028).
    let letScriptCome = () => {};
    const answered = new Promise<void>((done) => {
      letScriptCome = done;
    });
    await page.route("**/assets/enhance-*.js", async (route) => {
      await answered;
      await route.continue().catch(() => {});
    });
    await page.addInitScript(watchScript(it.answer, c, NO_ANSWER_MS));
    await it.setup?.(page, c);
    await openSession(context, page, true);
    // The cold tap: the act comes as soon as the page has begun to arrive and its control can be used (Playwright's
    // actionability wait), whether or not the page's script has come.
    await page.goto(base + it.path(c), { waitUntil: "commit", timeout: 60_000 });
    // Drawn first: a visitor taps what they see, and the page is drawn once its stylesheet has come.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
      timeout: 60_000,
      polling: 16,
    });
    await page.evaluate((key) => sessionStorage.setItem(key, "1"), ARMED_KEY);
    const before = it.observe ? await inPage(page, it.observe).catch(() => "?") : undefined;
    await it.act(page, c);
    const record = await waitForRecord(page);
    letScriptCome();
    if (!record) return { ms: null, event: null, error: "no input reached the page" };
    let observed: string | undefined;
    if (it.observe) {
      // The header's count may follow the answer by a frame or two.
      await sleep(500);
      observed = `${before} → ${await inPage(page, it.observe).catch(() => "?")}`;
    }
    return {
      ms: record.ms == null ? null : Math.round(record.ms),
      event: record.event,
      ...(record.scripted === undefined ? {} : { scripted: record.scripted }),
      ...(observed ? { observed } : {}),
    };
  } catch (err) {
    return { ms: null, event: null, error: (err as Error).message.split("\n")[0] };
  } finally {
    await context.close();
  }
}

/** The median of the runs; a run without an answer counts as slower than any answered one. */
export function median(runs: (number | null)[]): number | null {
  const sorted = [...runs].sort((a, b) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY));
  return sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null);
}

export async function measureInteractions(browser: Browser, base: string, c: Catalogue, runs: number): Promise<InteractionFigure[]> {
  const out: InteractionFigure[] = [];
  for (const it of INTERACTIONS) {
    const all: InteractionRun[] = [];
    for (let i = 0; i < runs; i++) all.push(await runOnce(browser, base, it, c));
    const figure = { name: it.name, viewport: it.viewport, path: it.path(c), medianMs: median(all.map((r) => r.ms)), runs: all };
    console.error(`${it.name}: ${figure.medianMs ?? "no answer"} (${all.map((r) => r.ms ?? r.error ?? "no answer").join(", ")})`);
    out.push(figure);
  }
  return out;
}
