import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { DEMO_ACCOUNTS, type DemoAccount } from "#server/seed/accounts.ts";
import { file, multipart } from "./multipart.ts";
import { nextDemoTotp } from "./totp.ts";

/**
 * A client of a running server (tests/support/server-process.ts) that does what users do, over HTTP. A server started
 * on another server's data (a restore, a restart) passes that server's address as `sameDataAs`: the accounts remember
 * the authenticator codes already used there, so its sign-ins must take later ones.
 */
export function siteClient(baseUrl: string, { sameDataAs = baseUrl }: { sameDataAs?: string } = {}) {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    if (init.method && init.method !== "GET") headers.set("origin", baseUrl);
    return fetch(`${baseUrl}${path}`, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(30_000) });
  };
  const json = async <T>(res: Response, ...expected: number[]): Promise<T> => {
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const post = (path: string, body: unknown, token?: string) =>
    call(path, { method: "POST", token, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  return {
    baseUrl,
    call,
    json,
    async login(role: DemoAccount["role"], password?: string): Promise<string> {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role);
      if (!account) throw new Error(`no demo account ${role}`);
      // As an API client, without Origin: only API clients get the token in the JSON.
      const apiPost = (path: string, body: unknown) =>
        fetch(`${baseUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
      const res = await apiPost("/api/auth/login", { user: account.username, password: password ?? account.password });
      const answer = await json<{ token: string } | { totpRequired: true; challenge: string }>(res, 200);
      if ("token" in answer) return answer.token;
      // Admin and super owe a code of the demo authenticator key (decision 010).
      const code = await nextDemoTotp(sameDataAs, account.username);
      const done = await apiPost("/api/auth/login/second-factor", { challenge: answer.challenge, code });
      return (await json<{ token: string }>(done, 200)).token;
    },
    async me(token: string): Promise<{ id: number }> {
      return json(await call("/api/auth/me", { token }), 200);
    },
    async productIds(): Promise<number[]> {
      const res = await call("/api/products/get-all-products?pageSize=20");
      return (await json<{ rows: { product_id: number; price_usd: string | null }[] }>(res, 200)).rows.map((p) => p.product_id);
    },
    async quote(productId: number, notes: string, email = "backup@example.com"): Promise<number> {
      const res = await post("/api/quotations", {
        customer_name: "Backup Tester",
        customer_address: "1 Samora Machel Avenue, Harare",
        customer_email: email,
        customer_phone: "+263 77 000 0000",
        notes,
        products: [{ product_id: productId, quantity: 2 }],
      });
      return (await json<{ id: number }>(res, 201)).id;
    },
    async placeOrder(token: string, productIds: number[], notes: string): Promise<{ id: number; reference: string }> {
      const res = await post(
        "/api/orders",
        {
          idempotencyKey: randomUUID(),
          currency: "USD",
          fulfilment: "delivery",
          contactName: "Farai Dealer",
          contactPhone: "+263 77 123 4567",
          deliveryAddress: "45 Lytton Road, Workington, Harare",
          notes,
          products: productIds.map((product_id, i) => ({ product_id, quantity: i + 1 })),
        },
        token,
      );
      return json(res, 201);
    },
    /** Uploads a tax clearance for the signed-in applicant; returns the new document's id. */
    async uploadDocument(token: string, userId: number, image: Buffer): Promise<number> {
      const body = multipart([file("taxClearance", "tax-clearance.png", image)]);
      const res = await call(`/api/dealer/upload-documents/${userId}`, {
        method: "POST",
        token,
        headers: body.headers,
        body: new Uint8Array(body.payload),
      });
      const out = await json<{ uploaded: { id: number }[] }>(res, 200);
      return out.uploaded[0]?.id as number;
    },
    /** Adds a product with one image and a datasheet as an admin; returns its id and the image's stored name. */
    async addProduct(token: string, name: string, image: Buffer): Promise<{ id: number; image: string }> {
      const fields = {
        product_name: name,
        product_description: "A product added by a fault test.",
        product_benefits: "Test",
        product_warranty: "1 year",
        category: "7",
        price_usd: "100.00",
        price_zwl: "2650.00",
        // The demo seller is VAT-registered: its products need an HS code (decision 016).
        hs_code: "85044000",
      };
      const doc = await PDFDocument.create();
      doc.addPage([200, 200]);
      const datasheet = Buffer.from(await doc.save());
      const body = multipart([
        ...Object.entries(fields).map(([n, data]) => ({ name: n, data })),
        file("images", "front.png", image),
        file("datasheet", "datasheet.pdf", datasheet, "application/pdf"),
      ]);
      const res = await call("/api/products/add-product", {
        method: "POST",
        token,
        headers: body.headers,
        body: new Uint8Array(body.payload),
      });
      const out = await json<{ product: { product_id: number; images: string } }>(res, 201);
      return { id: out.product.product_id, image: out.product.images.split(",")[0] as string };
    },
    async bytes(path: string, token?: string): Promise<Buffer> {
      const res = await call(path, { token });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

export const testImage = (seed: number, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } } })
    .png()
    .toBuffer();
