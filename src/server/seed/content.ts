import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_PRODUCT_IMAGE, MEDIA_FOLDERS } from "#shared/media.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "#shared/schemas/catalogue.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import { brands, featuredProducts, products } from "../db/schema/catalogue.ts";
import { contactMessages, quotationProducts, quotations, sales } from "../db/schema/commerce.ts";
import {
  articles,
  awards,
  blogs,
  caseStudies,
  certificates,
  faqs,
  overview,
  positions,
  teamMembers,
  testimonials,
} from "../db/schema/content.ts";
import { dealerDocuments, dealerStatusHistory, dealers, installations } from "../db/schema/dealers.ts";
import { exchangeRates } from "../db/schema/money.ts";
import { hashPassword } from "../modules/accounts/accounts.service.ts";
import { demoAssetsDir } from "../platform/paths.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { badgeSvg, documentSvg, inPool, pdfDocument, portraitSvg } from "./artwork.ts";
import { BRANDS, benefitsOf, PRODUCTS, warrantyOf } from "./demo-catalogue.ts";
import { ARTICLES, AWARDS, BLOGS, CASE_STUDIES, CERTIFICATES, FAQS, OVERVIEW, POSITIONS, TEAM, TESTIMONIALS } from "./demo-content.ts";
import { seedDemoDocumentExpiry } from "./demo-document-expiry.ts";
import { DEMO_HS_CODES, seedDemoOrders } from "./demo-orders.ts";
import { demoRetailPrice, seedDemoPricing } from "./demo-pricing.ts";
import { DEMO_ZWG_RATES } from "./demo-rates.ts";
import { DEMO_OUT_OF_STOCK, SERIALISED_CATEGORY_IDS, seedDemoStock } from "./demo-stock.ts";
import { seedDemoTeam } from "./demo-team.ts";
import type { PictureList } from "./pictures.ts";
import { productArt } from "./product-art.ts";
import { blogArt, caseStudyArt } from "./scene-art.ts";

/** `pictures`: where the demo's pictures are recorded, to be drawn after the site is up (pictures.ts); null: no
 * files at all (the API tests' demo, rows only). */
export type DemoContentOptions = { dealerUserId: number; pictures: PictureList | null };

const COMPANY = "Solar Demo";
const DAY = 86_400_000;

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A small seeded generator so every fresh demo site is the same. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const money = (n: number) => n.toFixed(2);

/** Where each demo Insights article leads: a page of this site (a product, a blog or a page), never another host. */
type ArticlePage = { product: string } | { blog: string } | { path: string };
const ARTICLE_PAGES: Record<(typeof ARTICLES)[number][1], ArticlePage> = {
  "New 600 W bifacial panels arrive in Harare": { product: "Zambezi 600W Bifacial Dual-Glass" },
  "Dealer training day in Bulawayo": { path: "/dealer" },
  "Extended Saturday hours at our showroom": { path: "/contact" },
  "Why LiFePO4 batteries are taking over": { blog: "Lithium or gel: choosing the right battery" },
  "Solar borehole pumps: water without diesel": { blog: "Solar for farms: pumps, barns and cold rooms" },
  "The rise of solar carports": { product: "Granite Carport Structure (12 panels)" },
  "Sizing batteries for load-shedding schedules": { blog: "How to size a solar system for load-shedding" },
  "What makes a good installation": { blog: "Five signs your solar installation needs a check-up" },
  "Grid-tied, hybrid or off-grid?": { path: "/faqs" },
  "Zimbabwe's renewable energy targets for 2030": { blog: "Net metering in Zimbabwe: what homeowners should know" },
  "Duty relief on solar equipment extended": { path: "/products" },
  "Company wins Installer of the Year": { path: "/about" },
};

function articlePage(page: ArticlePage, productRows: { id: number; name: string }[], blogRows: { id: number; title: string }[]): string {
  if ("path" in page) return page.path;
  const id = "product" in page ? productRows.find((p) => p.name === page.product)?.id : blogRows.find((b) => b.title === page.blog)?.id;
  if (id === undefined) throw new Error(`the demo article's page ${JSON.stringify(page)} is not in the demo content`);
  return "product" in page ? `/product/${id}` : `/blog/${id}`;
}

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

  // Catalogue
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map((b, i) => ({ name: b.name, website: b.website, sortOrder: i })))
    .returning({ id: brands.id, name: brands.name });
  const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
  image(MEDIA_FOLDERS.products, DEFAULT_PRODUCT_IMAGE, () => productArt({ name: "Image coming soon", category: "" }, 0));

  const productValues = PRODUCTS.map((p) => {
    const slug = slugify(p.name);
    const categoryName = p.category.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
    const images = Array.from({ length: p.images }, (_, v) =>
      image(MEDIA_FOLDERS.products, `${slug}-${v + 1}.webp`, () => productArt(p, v)),
    );
    const datasheet = `${slug}.pdf`;
    pdf(`${MEDIA_FOLDERS.datasheets}/${datasheet}`, () =>
      pdfDocument({
        title: `${p.name} - Datasheet`,
        subtitle: `${p.brand} · ${categoryName}`,
        intro: p.summary,
        rows: p.specs,
        closing: `Warranty: ${warrantyOf(p)}`,
        company: COMPANY,
      }),
    );
    return {
      productName: p.name,
      productDescription: `${p.summary} Supplied and supported by ${COMPANY}, with installation available from our certified dealers across Zimbabwe.`,
      productBenefits: benefitsOf(p),
      productWarranty: warrantyOf(p),
      datasheet,
      images,
      priceUsd: money(p.priceUsd),
      retailPriceUsd: demoRetailPrice(p.priceUsd, p.category),
      // Null: the ZWG price is the USD price at the rate in force; an override is set on purpose.
      priceZwl: p.zwgOverride ?? null,
      // The tariff heading of each kind of goods: lead-acid and lithium batteries differ.
      hsCode: p.name.includes("Gel") ? "85072000" : DEMO_HS_CODES[p.category as CategorySlug],
      vatCategory: "standard" as const,
      sku: p.sku,
      specs: p.values,
      categoryId: CATEGORY_SLUGS[p.category as CategorySlug],
      brandId: brandId.get(p.brand) ?? null,
    };
  });
  const productRows = await db.insert(products).values(productValues).returning({
    id: products.productId,
    name: products.productName,
    categoryId: products.categoryId,
    priceUsd: products.priceUsd,
    retailPriceUsd: products.retailPriceUsd,
    priceZwl: products.priceZwl,
    hsCode: products.hsCode,
    vatCategory: products.vatCategory,
    images: products.images,
  });

  const featuredPicks = [
    "SunVolt 550W Bifacial",
    "SunVolt Hybrid 5kW 48V",
    "SunVolt LiFePO4 5.12kWh Wall",
    "Kariba PowerStack 15kWh",
    "Granite Ground Mount Frame (8 panels)",
    "PV Combiner Box 4-in-1 Out",
  ];
  await db.insert(featuredProducts).values(
    featuredPicks.map((name, i) => {
      const row = productRows.find((p) => p.name === name);
      if (!row) throw new Error(`featured product ${name} is not in the demo catalogue`);
      const seed = PRODUCTS.find((p) => p.name === name);
      // Half of them have artwork of their own; the others show the product's main image.
      const own =
        i % 2 === 0
          ? image(MEDIA_FOLDERS.featured, `featured-${slugify(name)}.webp`, () => productArt(seed ?? { name, category: "" }, 0, "#fde6d2"))
          : null;
      return { productId: row.id, name, image: own, sortOrder: i };
    }),
  );

  // Content
  await db.insert(testimonials).values(
    TESTIMONIALS.map((t, i) => ({
      ...t,
      image: image(MEDIA_FOLDERS.testimonials, `${slugify(t.person)}.webp`, () => portraitSvg(t.person, i)),
      sortOrder: i,
    })),
  );
  const positionRows = await db
    .insert(positions)
    .values(POSITIONS.map((name, i) => ({ name, sortOrder: i })))
    .returning({ id: positions.id, name: positions.name });
  await db.insert(teamMembers).values(
    TEAM.map((m, i) => ({
      ...m,
      positionId: positionRows.find((p) => p.name === m.position)?.id ?? null,
      picture: image(MEDIA_FOLDERS.team, `${slugify(m.name)}.webp`, () => portraitSvg(m.name, i + 1)),
      sortOrder: i,
    })),
  );
  await db
    .insert(awards)
    .values(
      AWARDS.map((a, i) => ({ ...a, image: image(MEDIA_FOLDERS.awards, `${slugify(a.name)}.webp`, () => badgeSvg(a.name, a.year, i)) })),
    );
  await db.insert(certificates).values(
    CERTIFICATES.map((c) => {
      pdf(`${MEDIA_FOLDERS.certificates}/${c.slug}.pdf`, () =>
        pdfDocument({
          title: c.title,
          subtitle: `Issued to ${COMPANY}`,
          intro: `This certifies that ${COMPANY} holds the ${c.title}, valid until 31 December 2027.`,
          rows: [
            ["Certificate number", `DEMO-${c.slug.length * 1379}`],
            ["Holder", COMPANY],
            ["Valid until", "31 December 2027"],
          ],
          closing: "Specimen certificate for the demo site.",
          company: COMPANY,
        }),
      );
      return { title: c.title, path: `${c.slug}.pdf` };
    }),
  );
  const blogRows = await db
    .insert(blogs)
    .values(
      BLOGS.map((b) => {
        const slug = slugify(b.title);
        return {
          title: b.title,
          author: b.author,
          story: b.story,
          images: Array.from({ length: b.images }, (_, v) =>
            image(MEDIA_FOLDERS.blogs, `${slug}-${v + 1}.webp`, () => blogArt(b.title, v)),
          ),
          createdAt: new Date(now - b.daysAgo * DAY),
          updatedAt: new Date(now - b.daysAgo * DAY),
        };
      }),
    )
    .returning({ id: blogs.id, title: blogs.title });
  await db.insert(caseStudies).values(
    CASE_STUDIES.map((c) => {
      const slug = slugify(c.projectName);
      return {
        projectName: c.projectName,
        location: c.location,
        systemCapacity: c.systemCapacity,
        description: c.description,
        video: c.video,
        images: Array.from({ length: c.images }, (_, v) =>
          image(MEDIA_FOLDERS.caseStudies, `${slug}-${v + 1}.webp`, () => caseStudyArt(c.projectName, v)),
        ),
      };
    }),
  );
  await db.insert(articles).values(
    ARTICLES.map(([category, title, description], i) => ({
      category,
      articleTitle: title,
      articleDescription: description,
      articleRef: articlePage(ARTICLE_PAGES[title], productRows, blogRows),
      createdAt: new Date(now - (i + 1) * 3 * DAY),
    })),
  );
  await db.insert(faqs).values(FAQS.map((f, i) => ({ ...f, sortOrder: i })));
  await db.insert(overview).values({ id: 1, ...OVERVIEW, directorPhoto: `${slugify(OVERVIEW.directorName)}.webp` });

  // The demo dealer's approved application, and a pending one from another company for the back office to review.
  await seedDealerApplication(db, pictures, {
    userId: opts.dealerUserId,
    company: "Sunrise Solar Installations (Private) Limited",
    trading: "Sunrise Solar",
    regNumber: "1234/2019",
    vat: "10045678",
    tin: "2001234567",
    address: "45 Lytton Road, Workington, Harare",
    approved: true,
    submittedDaysAgo: 40,
    installations: [
      ["Hybrid backup for a family home in Greendale", "5kW", "moyo.family@example.com", "+263772000001", 90],
      ["Off-grid borehole pump on a Norton smallholding", "3kW", "norton.farm@example.com", "+263772000002", 60],
      ["Rooftop system for a Msasa workshop", "15kW", "msasa.works@example.com", "+263772000003", 30],
    ],
  });
  const applicant = await insertCompanyAccount(db, {
    fullName: "Tatenda Moyo",
    username: "tatenda.moyo",
    email: "tatenda@kopje-energy.example",
    roleId: ROLE_IDS.user,
    verifiedDaysAgo: 8,
  });
  await seedDealerApplication(db, pictures, {
    userId: applicant,
    company: "Kopje Energy (Private) Limited",
    trading: "Kopje Energy",
    regNumber: "5678/2022",
    vat: null,
    tin: "2009876543",
    address: "8 Jason Moyo Avenue, Bulawayo",
    approved: false,
    submittedDaysAgo: 2,
    installations: [
      ["Solar water pumping for a Mazowe orchard", "7.5kW", "mazowe.orchard@example.com", "+263773000001", 120],
      ["Hybrid inverter and batteries for a Kwekwe clinic", "10kW", "kwekwe.clinic@example.com", "+263773000002", 75],
      ["Rooftop panels for a Bulawayo guest house", "6kW", "byo.guesthouse@example.com", "+263773000003", 20],
    ],
  });

  // A second approved dealer, a volume installer in the Gold tier: the demo dealer buys at Silver.
  const goldDealer = await insertCompanyAccount(db, {
    fullName: "Nyasha Zvobgo",
    username: "nyasha.zvobgo",
    email: "nyasha@zambezi-power.example",
    roleId: ROLE_IDS.dealer,
    verifiedDaysAgo: 200,
  });
  await seedDealerApplication(db, pictures, {
    userId: goldDealer,
    company: "Zambezi Power Solutions (Private) Limited",
    trading: "Zambezi Power",
    regNumber: "0917/2014",
    vat: "10023456",
    tin: "2000456789",
    address: "3 Simon Mazorodze Road, Southerton, Harare",
    approved: true,
    submittedDaysAgo: 400,
    installations: [
      ["Grid-tied array for a Ruwa packaging plant", "120kW", "ruwa.plant@example.com", "+263774000101", 200],
      ["Hybrid system for a Marondera school", "30kW", "marondera.school@example.com", "+263774000102", 140],
      ["Solar irrigation for a Chegutu farm", "45kW", "chegutu.farm@example.com", "+263774000103", 50],
    ],
  });
  await seedDemoPricing(db, productRows, { silver: [opts.dealerUserId], gold: [goldDealer] });
  // Documents' expiry dates, a ZERA licence, and a company on hold with its renewal to review.
  await seedDemoDocumentExpiry(db, pictures, {
    dealerUserId: opts.dealerUserId,
    zambeziUserId: goldDealer,
    seedCompany: async ({ fullName, username, email, ...company }) => {
      const userId = await insertCompanyAccount(db, { fullName, username, email, roleId: ROLE_IDS.dealer, verifiedDaysAgo: 300 });
      await seedDealerApplication(db, pictures, { userId, ...company, vat: null, approved: true, submittedDaysAgo: 300 });
      return userId;
    },
  });

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
        amountUsd: money(Number(p.priceUsd) * quantity),
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

/** Another company's account, verified `verifiedDaysAgo`; nobody signs in as it: the password is random and never shown. */
export async function insertCompanyAccount(
  db: Db,
  a: { fullName: string; username: string; email: string; roleId: number; verifiedDaysAgo: number },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      fullName: a.fullName,
      username: a.username,
      email: a.email,
      passwordHash: await hashPassword(randomUUID()),
      roleId: a.roleId,
      emailVerifiedAt: new Date(Date.now() - a.verifiedDaysAgo * DAY),
    })
    .returning({ id: users.id });
  return row?.id as number;
}

type DealerApplicationSeed = {
  userId: number;
  company: string;
  trading: string;
  regNumber: string;
  vat: string | null;
  tin: string | null;
  address: string;
  /** Approved with every document approved, or submitted (Pending) with every document awaiting review. */
  approved: boolean;
  submittedDaysAgo: number;
  /** description, size, customer e-mail, phone, days ago */
  installations: [string, string, string, string, number][];
};

/**
 * A complete dealer application with its installations, status history and (private, SPECIMEN) documents, whose
 * pictures are recorded in `pictures` (their rows' size is written once drawn).
 */
export async function seedDealerApplication(db: Db, pictures: PictureList | null, a: DealerApplicationSeed) {
  const now = Date.now();
  const [dealer] = await db
    .insert(dealers)
    .values({
      userId: a.userId,
      registeredCompany: a.company,
      tradingName: a.trading,
      companyRegNumber: a.regNumber,
      vatNumber: a.vat,
      tin: a.tin,
      address: a.address,
      regStatus: a.approved ? "Approved" : "Pending",
      submittedAt: new Date(now - a.submittedDaysAgo * DAY),
    })
    .returning({ id: dealers.id });
  const dealerId = dealer?.id as number;
  await db.insert(dealerStatusHistory).values([
    {
      dealerId,
      fromStatus: null,
      toStatus: "Pending",
      reason: "Application submitted",
      createdAt: new Date(now - a.submittedDaysAgo * DAY),
    },
    ...(a.approved
      ? [
          {
            dealerId,
            fromStatus: "Pending" as const,
            toStatus: "Approved" as const,
            reason: "Documents verified",
            createdAt: new Date(now - (a.submittedDaysAgo - 5) * DAY),
          },
        ]
      : []),
  ]);
  await db.insert(installations).values(
    a.installations.map(([systemDescription, sizeOfSystem, email, phoneNumber, daysAgo]) => ({
      dealerId,
      clientId: String(now - daysAgo * DAY),
      systemDescription,
      sizeOfSystem,
      email,
      phoneNumber,
    })),
  );
  const documents = [
    { kind: "tax_clearance" as const, title: "Tax Clearance Certificate (ITF263)" },
    { kind: "certificate_of_incorporation" as const, title: "Certificate of Incorporation" },
    { kind: "director_id" as const, title: "National ID - Director 1" },
    { kind: "director_id" as const, title: "National ID - Director 2" },
  ];
  const documentRows = [];
  for (const d of documents) {
    const key = `dealer-documents/${dealerId}/${randomUUID()}.webp`;
    pictures?.document(key, documentSvg(d.title, a.company));
    documentRows.push({
      dealerId,
      kind: d.kind,
      storageKey: key,
      originalName: `${slugify(d.title)}.png`,
      mimeType: "image/webp",
      sizeBytes: 0,
      reviewStatus: a.approved ? ("approved" as const) : ("pending" as const),
    });
  }
  await db.insert(dealerDocuments).values(documentRows);
}
