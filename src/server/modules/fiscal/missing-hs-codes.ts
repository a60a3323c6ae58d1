import { eq, inArray } from "drizzle-orm";
import type { TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import type { Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { taxDocuments } from "../../db/schema/money.ts";

/**
 * Before a document FDMS never kept is sent again: each product line issued without an HS code takes the product's
 * code as it is now (decision 016, "Correcting a document FDMS did not keep"). An HS code classifies the goods; it is
 * no amount, and the document was never fiscal, so adding it is the correction FDMS's rule RCPT047 asks for — the
 * amounts, the buyer and the number stay as issued. Returns the names of the lines that got a code.
 */
export async function fillMissingHsCodes(tx: Tx, documentId: number): Promise<string[]> {
  const [doc] = await tx.select({ content: taxDocuments.content }).from(taxDocuments).where(eq(taxDocuments.id, documentId));
  if (!doc) return [];
  const content = doc.content as TaxDocumentContent;
  const wanted = content.lines.filter((l) => !l.hs_code && l.product_id !== null).map((l) => l.product_id as number);
  if (wanted.length === 0) return [];
  const codes = new Map(
    (
      await tx
        .select({ id: products.productId, hsCode: products.hsCode })
        .from(products)
        .where(inArray(products.productId, [...new Set(wanted)]))
    ).map((p) => [p.id, p.hsCode]),
  );
  const filled: string[] = [];
  const lines = content.lines.map((l) => {
    const code = !l.hs_code && l.product_id !== null ? codes.get(l.product_id) : null;
    if (!code) return l;
    filled.push(l.name);
    return { ...l, hs_code: code };
  });
  if (filled.length > 0)
    await tx
      .update(taxDocuments)
      .set({ content: { ...content, lines } })
      .where(eq(taxDocuments.id, documentId));
  return filled;
}
