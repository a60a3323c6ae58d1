import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, featuredProducts, products } from "#server/db/schema/catalogue.ts";
import { contactMessages, orderPaymentProofs, orders, quotations } from "#server/db/schema/commerce.ts";
import { articles, blogs, caseStudies, faqs, testimonials } from "#server/db/schema/content.ts";
import { dealerDocuments, dealers } from "#server/db/schema/dealers.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { serials, shipments } from "#server/db/schema/stock.ts";
import { type Access, checkAccess } from "#server/platform/auth/access.ts";
import type { Actor } from "#server/platform/auth/actor.ts";
import { BUILT_IN_ROLE_SETS } from "#shared/staff.ts";
import { ACTOR_NAMES, type ActorName, type Actors, createActors, isStaffActor, STAFF_ROLE_OF } from "../support/actors.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The OpenAPI document true to every answer: every GET route the document lists (read from the
 * document itself, so a new route is covered without a change here) is called as every actor its declared access
 * lets in (platform/auth/access.ts), with real ids from the demo data (or made here), and each answer is checked
 * against the document: its status is documented, its media type is one the document names for that status, and a
 * JSON (or text) body validates with ajv against the documented schema. A route no actor got a 2xx answer from
 * fails the test: every documented GET is called for real.
 *
 * The document is OpenAPI 3.0, whose schemas are not quite JSON Schema: `nullable: true` adds null to `type` only
 * (an `enum` must list null itself, as OpenAPI 3.0.3 says), and `exclusiveMinimum: true` is draft-04's boolean
 * form. `toJsonSchema` converts them for ajv.
 */

type Json = Record<string, unknown>;
type MediaTypes = Record<string, { schema?: Json }>;
type Operation = { responses?: Record<string, { content?: MediaTypes }> };
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "not", "propertyNames", "contains"]);

/** An OpenAPI 3.0 Schema Object as JSON Schema (draft-07) for ajv. */
function toJsonSchema(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (SCHEMA_MAPS.has(key) && typeof value === "object" && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, s]) => [name, toJsonSchema(s)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map(toJsonSchema);
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = Array.isArray(value) ? value.map(toJsonSchema) : toJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (out[exclusive] === true) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else if (out[exclusive] === false) {
      delete out[exclusive];
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (out.type === undefined) return { anyOf: [out, { type: "null" }] };
  }
  delete out.nullable;
  return out;
}

/** The signed-in actors as services see them (their roles, company and whether the e-mail address is confirmed). */
function actorOf(name: ActorName, actors: Actors): Actor {
  if (name === "anonymous") return null;
  const roles = {
    user: "user",
    unverified: "user",
    dealer: "dealer",
    buyer: "dealer",
    technician: "technician",
    otherDealer: "dealer",
    admin: "admin",
    super: "super",
    sales: "admin",
    warehouse: "admin",
    accounts: "admin",
    content: "admin",
  } as const;
  const id = actors.identity[name].id;
  // Decision 035: a back-office actor carries its role's permissions, as the session reads them.
  const role = isStaffActor(name) ? BUILT_IN_ROLE_SETS[STAFF_ROLE_OF[name]] : null;
  const member = name === "buyer" || name === "technician";
  return {
    id,
    roleId: 0,
    role: roles[name],
    sessionId: "",
    emailVerified: name !== "unverified",
    companyUserId: member ? actors.identity.dealer.id : id,
    teamRole: member ? name : roles[name] === "dealer" ? "owner" : null,
    staff: role && isStaffActor(name) ? { id: null, key: STAFF_ROLE_OF[name], name: role.name, permissions: role.permissions } : null,
  };
}

function mayCall(name: ActorName, declared: Access, actors: Actors): boolean {
  try {
    checkAccess(actorOf(name, actors), declared);
    return true;
  } catch {
    return false;
  }
}

let t: TestApp;
let actors: Actors;
let doc: OpenApi;
/** Per path parameter name (or "<path> <name>"), the values an actor uses: its own records where it has them. */
let params: (route: string, name: string, actor: ActorName) => (string | number)[];
/** Query strings some routes need to answer at all. */
const QUERIES: Record<string, string> = {
  // Its q is required: a query that finds products and content alike.
  "/api/search": "q=solar",
  // The province filter.
  "/api/installers": "province=harare&service=installation",
};

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const db = t.database.db;
  doc = (await t.inject({ method: "GET", url: "/api/docs/json" })).json();

  const first = async <T>(rows: Promise<{ id: T }[]>, what: string): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`the demo data has no ${what}`);
    return row.id;
  };
  const id = actors.identity;
  const productId = await first(db.select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(1), "product");
  const categoryId = await first(db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1), "category");
  const featuredId = await first(db.select({ id: featuredProducts.id }).from(featuredProducts).limit(1), "featured product");
  const testimonialId = await first(db.select({ id: testimonials.id }).from(testimonials).limit(1), "testimonial");
  const blogId = await first(db.select({ id: blogs.id }).from(blogs).limit(1), "blog");
  const caseStudyId = await first(db.select({ id: caseStudies.id }).from(caseStudies).limit(1), "case study");
  const articleId = await first(db.select({ id: articles.articleId }).from(articles).limit(1), "article");
  const faqId = await first(db.select({ id: faqs.id }).from(faqs).limit(1), "FAQ");
  const contactId = await first(db.select({ id: contactMessages.id }).from(contactMessages).limit(1), "contact message");
  const approvedQuotation = await first(
    db
      .select({ id: quotations.id })
      .from(quotations)
      .where(and(eq(quotations.userId, id.dealer.id), eq(quotations.status, "approved")))
      .limit(1),
    "approved quotation of the demo dealer",
  );
  const dealerOrder = await first(
    db.select({ id: orders.id }).from(orders).where(eq(orders.userId, id.dealer.id)).limit(1),
    "order of the demo dealer",
  );
  // The demo dealer's order sent with serial numbers, and one of them.
  const [sent] = await db
    .select({ orderId: serials.orderId, serial: serials.serial })
    .from(serials)
    .innerJoin(orders, eq(orders.id, serials.orderId))
    .where(eq(orders.userId, id.dealer.id))
    .limit(1);
  if (!sent) throw new Error("the demo dealer has no order sent with serial numbers");
  // The demo dealer's invoiced order (paid) and credited one (cancelled after payment), and a document's id.
  const [invoice] = await db.select().from(taxDocuments).where(eq(taxDocuments.kind, "invoice")).limit(1);
  const [credit] = await db.select().from(taxDocuments).where(eq(taxDocuments.kind, "credit_note")).limit(1);
  if (!invoice || !credit) throw new Error("the demo has no invoice or credit note");
  // The demo dealer's first document, with a file (the test data is seeded without files).
  const [document] = await db
    .select({ id: dealerDocuments.id, key: dealerDocuments.storageKey })
    .from(dealerDocuments)
    .innerJoin(dealers, eq(dealers.id, dealerDocuments.dealerId))
    .where(eq(dealers.userId, id.dealer.id))
    .limit(1);
  if (!document) throw new Error("the demo dealer has no document");
  const stored = path.join(t.dataDir, "uploads", "private", document.key);
  await mkdir(path.dirname(stored), { recursive: true });
  await writeFile(
    stored,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ccc" } })
      .webp()
      .toBuffer(),
  );

  // A proof of payment of the demo dealer's order, with its file.
  const proofKey = `payment-proofs/${dealerOrder}/openapi-answers.png`;
  const proofFile = path.join(t.dataDir, "uploads", "private", proofKey);
  await mkdir(path.dirname(proofFile), { recursive: true });
  const proofBody = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ccc" } })
    .png()
    .toBuffer();
  await writeFile(proofFile, proofBody);
  const [proof] = await db
    .insert(orderPaymentProofs)
    .values({
      orderId: dealerOrder,
      reference: "OPENAPI-1",
      storageKey: proofKey,
      originalName: "slip.png",
      mimeType: "image/png",
      sizeBytes: proofBody.length,
      uploadedBy: id.dealer.id,
    })
    .returning({ id: orderPaymentProofs.id });

  // The demo's shipment on its way.
  const shipmentId = await first(db.select({ id: shipments.id }).from(shipments).orderBy(asc(shipments.id)).limit(1), "shipment");
  const admins = new Set<ActorName>(["admin", "super"]);
  params = (route, name, actor) => {
    const own = actor === "anonymous" ? id.user.id : id[actor].id;
    switch (`${route} ${name}`) {
      // Their own application; admins read a dealer's and an account that never applied (reg_status null).
      case "/api/dealer/{id} id":
        return admins.has(actor) ? [id.dealer.id, id.user.id] : [own];
      case "/api/auth/user/{id}/security-events id":
        return [id.dealer.id];
      // The demo dealer's own records: others get the documented 404.
      case "/api/quotations/{id}/pdf id":
        return [approvedQuotation];
      case "/api/orders/{id} id":
      case "/api/orders/{id}/paynow id":
      case "/api/orders/{id}/payment-proofs id":
      case "/api/orders/{id}/payment-proofs/{proofId}/file id":
        return [actor === "otherDealer" ? actors.otherDealer.orderId : dealerOrder];
      case "/api/orders/{id}/invoice.pdf id":
        return [actor === "otherDealer" ? actors.otherDealer.orderId : invoice.orderId];
      case "/api/orders/{id}/credit-note.pdf id":
        return [actor === "otherDealer" ? actors.otherDealer.orderId : credit.orderId];
      case "/api/orders/{id}/documents/{documentId}/pdf id":
        return [actor === "otherDealer" ? actors.otherDealer.orderId : credit.orderId];
      case "/api/orders/{id}/documents/{documentId}/pdf documentId":
        return [credit.id];
      case "/api/orders/{id}/serials.csv id":
        return [actor === "otherDealer" ? actors.otherDealer.orderId : sent.orderId];
      case "/api/orders/{id}/payment-proofs/{proofId}/file proofId":
        return [proof?.id as number];
      case "/api/serials/{serial} serial":
        return [sent.serial, "NO-SUCH-SERIAL-1"];
      case "/api/tax-documents/{id}/pdf id":
        return [credit.id];
      case "/api/tax-documents/{id}/note-options id":
        return [invoice.id];
      case "/api/dealer/documents/{documentId}/file documentId":
        return [document.id];
      case "/api/contact/{id} id":
        return [contactId];
      case "/api/products/get-product-by-category/{categoryId} categoryId":
        return [categoryId];
      case "/api/products/get-product-by-id/{id} id":
      case "/api/products/{id}/price-rules id":
        return [productId];
      case "/api/featured/get-featured/{id} id":
        return [featuredId];
      case "/api/testimonials/get-testimonial/{id} id":
        return [testimonialId];
      case "/api/blogs/{id} id":
        return [blogId];
      case "/api/case-study/{id} id":
        return [caseStudyId];
      case "/api/articles/{id} id":
        return [articleId];
      case "/api/faqs/{id} id":
        return [faqId];
      // A dealer company's account, and one that does not exist.
      case "/api/dealers/{id}/credit id":
      case "/api/dealers/{id}/ledger id":
      case "/api/dealers/{id}/ledger.pdf id":
      case "/api/dealers/{id}/ledger.csv id":
        return [actors.identity.dealer.id, 2_147_483_000];
      case "/api/shipments/{id} id":
        return [shipmentId];
      // A listed installer's profile, and one nobody has.
      case "/api/installers/{slug} slug":
        return ["sunrise-solar", "no-such-installer"];
      default:
        throw new Error(`no value for {${name}} of GET ${route}: add one to params() in this test`);
    }
  };
});
afterAll(() => t?.close());

/** Every combination of the values of a route's path parameters. */
function urlsFor(route: string, actor: ActorName): string[] {
  let urls = [route];
  for (const [, name] of route.matchAll(/\{(\w+)\}/g)) {
    const values = params(route, name as string, actor);
    urls = urls.flatMap((u) => values.map((v) => u.replace(`{${name}}`, encodeURIComponent(String(v)))));
  }
  const query = QUERIES[route];
  return query ? urls.map((u) => `${u}?${query}`) : urls;
}

describe("the OpenAPI document is true to every GET answer", () => {
  it("is OpenAPI 3.0 and lists GET routes", () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(Object.values(doc.paths).filter((ops) => ops.get).length).toBeGreaterThan(40);
  });

  it("every documented GET route answers as documented, to every actor that may call it", async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat("binary", true);
    const compiled = new Map<object, ValidateFunction>();
    const validatorOf = (schema: Json) => {
      let v = compiled.get(schema);
      if (!v) {
        v = ajv.compile(toJsonSchema(schema) as object);
        compiled.set(schema, v);
      }
      return v;
    };

    const failures: string[] = [];
    const answered = new Map<string, number>();
    let calls = 0;
    const routes = Object.entries(doc.paths).filter(([, ops]) => ops.get);
    for (const [route, ops] of routes) {
      const op = ops.get as Operation;
      const registered = t.app.routeList.find((r) => r.method === "GET" && r.url.replace(/:(\w+)/g, "{$1}") === route);
      if (!registered?.access) {
        failures.push(`GET ${route}: no registered route with a declared access`);
        continue;
      }
      // The roles' own actors answer as admin does (the same views); they are left out to keep the run short.
      const callers = ACTOR_NAMES.filter((a) => !isStaffActor(a) || a === "admin" || a === "super").filter((a) =>
        mayCall(a, registered.access as Access, actors),
      );
      if (callers.length === 0) failures.push(`GET ${route}: no actor may call it`);
      answered.set(route, 0);
      for (const actor of callers) {
        for (const url of urlsFor(route, actor)) {
          const res = await actors.inject(actor, { method: "GET", url });
          calls += 1;
          const where = `GET ${url} as ${actor} → ${res.statusCode}`;
          const documented = op.responses?.[String(res.statusCode)];
          if (!documented) {
            failures.push(`${where}: status not documented (${Object.keys(op.responses ?? {}).join(", ")}) ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode >= 200 && res.statusCode < 300) answered.set(route, (answered.get(route) ?? 0) + 1);
          const mediaType =
            String(res.headers["content-type"] ?? "")
              .split(";")[0]
              ?.trim() ?? "";
          const content = documented.content;
          if (!content) {
            if (res.rawPayload.length > 0) failures.push(`${where}: answered ${mediaType}, but no content is documented`);
            continue;
          }
          const media = content[mediaType];
          if (!media) {
            failures.push(`${where}: answered ${mediaType}, documented ${Object.keys(content).join(", ")}`);
            continue;
          }
          if (!media.schema) continue;
          let body: unknown;
          if (mediaType === "application/json") body = res.json();
          else if (mediaType.startsWith("text/")) body = res.body;
          else continue; // Files (PDF, images): the media type is what the document says of them.
          const validate = validatorOf(media.schema);
          if (!validate(body)) {
            const errors = (validate.errors ?? [])
              .slice(0, 5)
              .map((e) => `${e.instancePath || "/"} ${e.message} ${e.params ? JSON.stringify(e.params) : ""}`);
            failures.push(`${where}: the answer does not match the documented schema:\n    ${errors.join("\n    ")}`);
          }
        }
      }
    }
    const uncalled = [...answered].filter(([, n]) => n === 0).map(([route]) => `GET ${route}: no actor got a 2xx answer`);
    console.log(`OpenAPI answers: ${routes.length} documented GET routes, ${calls} answers validated`);
    expect([...failures, ...uncalled], [...failures, ...uncalled].join("\n")).toEqual([]);
  });
});
