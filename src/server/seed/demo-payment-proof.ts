import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../db/client.ts";
import { orderPaymentProofs, orders } from "../db/schema/commerce.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { documentSvg } from "./artwork.ts";

/**
 * The demo dealer's order awaiting payment, with the ZIPIT confirmation the dealer sent for it: a small
 * generated PNG stored privately, as an upload is. Only with media (the API tests' demo has no files).
 */
export async function seedDemoPaymentProof(db: Db, storage: Storage, opts: { dealerUserId: number; media: boolean }): Promise<void> {
  if (!opts.media) return;
  const [order] = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, opts.dealerUserId), eq(orders.status, "awaiting_payment")))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return;
  const body = await sharp(Buffer.from(documentSvg("ZIPIT confirmation ZP-448812", "Sunrise Solar Installations (Private) Limited")))
    .resize({ width: 900 })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  const key = `payment-proofs/${order.id}/${randomUUID()}.png`;
  await storage.put("private", key, body);
  await db.insert(orderPaymentProofs).values({
    orderId: order.id,
    reference: "ZP-448812",
    storageKey: key,
    originalName: "zipit-confirmation.png",
    mimeType: "image/png",
    sizeBytes: body.length,
    uploadedBy: opts.dealerUserId,
    createdAt: new Date(order.createdAt.getTime() + 3 * 3_600_000),
  });
}
