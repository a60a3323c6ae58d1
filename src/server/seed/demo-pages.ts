import { MEDIA_FOLDERS } from "#shared/media.ts";
import type { Db } from "../db/client.ts";
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
import { badgeSvg, pdfDocument, portraitSvg } from "./artwork.ts";
import { COMPANY, DAY, type DemoFiles, slugify } from "./demo-common.ts";
import { ARTICLES, AWARDS, BLOGS, CASE_STUDIES, CERTIFICATES, FAQS, OVERVIEW, POSITIONS, TEAM, TESTIMONIALS } from "./demo-content.ts";
import type { DemoProductRow } from "./demo-products.ts";
import { blogArt, caseStudyArt } from "./scene-art.ts";

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

/** The site's content: testimonials, the team, awards, certificates, blogs, case studies, Insights articles, FAQs and the overview. */
export async function seedDemoPages(db: Db, { image, pdf }: DemoFiles, now: number, productRows: DemoProductRow[]): Promise<void> {
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
}
