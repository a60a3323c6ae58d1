import { readFile } from "node:fs/promises";
import path from "node:path";
import { MEDIA_FOLDERS } from "#shared/media.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, quotationProducts, quotations, sales } from "../db/schema/commerce.ts";
import { exchangeRates } from "../db/schema/money.ts";
import { demoAssetsDir } from "../platform/paths.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { inPool } from "./artwork.ts";
import { DAY, type DemoContentOptions, mulberry32 } from "./demo-common.ts";
import { seedDemoCompanies } from "./demo-companies.ts";
import { seedDemoOrders } from "./demo-orders.ts";
import { seedDemoPages } from "./demo-pages.ts";
import { seedDemoProducts } from "./demo-products.ts";
import { DEMO_ZWG_RATES } from "./demo-rates.ts";
import { DEMO_OUT_OF_STOCK, SERIALISED_CATEGORY_IDS, seedDemoStock } from "./demo-stock.ts";
import { seedDemoTeam } from "./demo-team.ts";

// The demo's content is seeded in parts, in this order: the catalogue (demo-products.ts), the site's pages
// (demo-pages.ts), the dealer companies (demo-companies.ts), then the quotations, orders, sales and messages below.
export type { DemoContentOptions } from "./demo-common.ts";
export { slugify } from "./demo-common.ts";

/** Demo catalogue, content, the demo dealer's company, and some quotations, orders, sales and messages. */
export async function seedDemoContent(db: Db, storage: Storage, opts: DemoContentOptions): Promise<void> {
  const { pictures } = opts;
  // PDFs and the site's own files are written with the rows (a few tenths of a second); pictures are drawn later.
  const files: (() => Promise<void>)[] = [];
  const image = (folder: (typeof MEDIA_FOLDERS)[keyof typeof MEDIA_FOLDERS], name: string, svg: () => string) =>
    pictures ? pictures.image(folder, name, svg()) : name;
  const pdf = (key: string, make: () => Promise<Buffer>) => {
    files.push(async () => storage.put("public", key, await make()));
  };
  const now = Date.now();
  const random = mulberry32(2026);

  // The home page's hero film, its still and the welcome sound, under the names the default settings give.
  for (const name of [DEFAULT_SITE_SETTINGS.heroVideo, DEFAULT_SITE_SETTINGS.heroPoster, DEFAULT_SITE_SETTINGS.welcomeAudio]) {
    files.push(async () => storage.put("public", `${MEDIA_FOLDERS.site}/${name}`, await readFile(path.join(demoAssetsDir, name))));
  }

  // The ZWG rate history: secondary prices are the USD price at the rate in force.
  await db
    .insert(exchangeRates)
    .values(DEMO_ZWG_RATES.map((r) => ({ currency: r.currency, rate: r.rate, effectiveDate: r.effective_date, source: r.source })));

  const productRows = await seedDemoProducts(db, { image, pdf });
  await seedDemoPages(db, { image, pdf }, now, productRows);
  await seedDemoCompanies(db, opts, productRows);

  // Quotations, orders, sales and messages, so the dealer area and the back office have something to show.
  const pick = () => productRows[Math.floor(random() * productRows.length)] as (typeof productRows)[number];
  const quoteSpecs = [
    { userId: opts.dealerUserId, status: "pending", name: "Farai Dealer", email: "dealer@solar-demo.example", daysAgo: 3 },
    { userId: opts.dealerUserId, status: "approved", name: "Farai Dealer", email: "dealer@solar-demo.example", daysAgo: 20 },
    { userId: null, status: "pending", name: "Rumbidzai Chari", email: "rumbi@example.com", daysAgo: 1 },
    { userId: null, status: "rejected", name: "Simba Nyoni", email: "simba@example.com", daysAgo: 15 },
    { userId: null, status: "expired", name: "Ruvimbo Mlambo", email: "ruvimbo@example.com", daysAgo: 70 },
  ] as const;
  for (const [i, q] of quoteSpecs.entries()) {
    const [row] = await db
      .insert(quotations)
      .values({
        userId: q.userId,
        status: q.status,
        requesterName: q.name,
        requesterAddress: `${10 + i * 7} Samora Machel Avenue, Harare`,
        requesterPhone: `+26377100${String(100 + i)}`,
        requesterEmail: q.email,
        notes: i % 2 === 0 ? "Please include installation." : "",
        createdAt: new Date(now - q.daysAgo * DAY),
      })
      .returning({ id: quotations.id });
    const lines = [pick(), pick()];
    await db.insert(quotationProducts).values(
      lines.map((p, j) => ({
        quotationId: row?.id as number,
        productId: p.id,
        productName: p.name,
        quantity: 1 + ((i + j) % 4),
        // A visitor's request is made at the retail price, a dealer's at the list.
        priceUsd: q.userId === null ? p.retailPriceUsd : p.priceUsd,
      })),
    );
  }
  // Branches, delivery fees and stock, before the orders that reserve and send it.
  // Its own numbers, so the rest of the demo stays as it was.
  const stockRandom = mulberry32(23);
  const branchIds = await seedDemoStock(db, productRows, stockRandom);
  const serialisedRows = productRows.filter((p) => SERIALISED_CATEGORY_IDS.includes(p.categoryId) && p.name !== DEMO_OUT_OF_STOCK);
  const pickSerialised = () => serialisedRows[Math.floor(stockRandom() * serialisedRows.length)] as (typeof productRows)[number];
  await seedDemoOrders(db, opts.dealerUserId, pick, { ...branchIds, pickSerialised });
  await seedDemoTeam(db, opts.dealerUserId);
  await db.insert(sales).values(
    Array.from({ length: 100 }, () => {
      const p = pick();
      const quantity = 1 + Math.floor(random() * 6);
      return {
        productId: p.id,
        categoryId: p.categoryId,
        quantity,
        amountUsd: centsToDecimal((signedCents(p.priceUsd) ?? 0n) * BigInt(quantity)),
        soldAt: new Date(now - Math.floor(random() * 365) * DAY),
      };
    }),
  );
  await db.insert(contactMessages).values([
    {
      fullName: "Tendai Phiri",
      email: "tendai.phiri@example.com",
      phone: "+263773000111",
      notes: "Do you install in Chinhoyi? I need a 5kW system.",
      requestQuote: true,
    },
    {
      fullName: "Lindiwe Khumalo",
      email: "lindiwe@example.com",
      phone: "",
      notes: "What are your showroom hours on Saturday?",
      requestQuote: false,
    },
    {
      fullName: "Brian Chuma",
      email: "brian.chuma@example.com",
      phone: "+263774000222",
      notes: "My inverter shows error 08 after a storm.",
      requestQuote: false,
      readAt: new Date(now - DAY),
    },
  ]);

  if (pictures) await inPool(files, 4);
}
