import { inArray } from "drizzle-orm";
import { STOCK_IMPORT_MAX_ROWS, type StockImportInput, type StockImportResult } from "#shared/schemas/stock.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { readCsv } from "../../platform/csv.ts";
import { ValidationError } from "../../platform/errors.ts";
import { plural, type StockAdminParts } from "./stock-admin-common.ts";
import { fillBackorders, lockLevels, move } from "./stock-ledger.ts";

const IMPORT_REASON = "Stock count (import)";

/** The stock counts import in the back office: a CSV of counts checked whole, then applied as adjustments. */
export function stockImportAdmin({ db, audit, now }: StockAdminParts) {
  return {
    // ───────────── the counts import ─────────────

    /**
     * A stock count as CSV (sku,branch,count; the branch by name or city): the whole file is checked first (unknown
     * SKU or branch, a count that is no whole number, a line twice, a count below what is reserved) and refused with
     * every line's problem, changing nothing; then each count that differs from on hand is one adjustment
     * "Stock count (import)", all in one transaction.
     */
    async importCounts(actor: Actor, input: StockImportInput): Promise<StockImportResult> {
      const me = requireStaff(actor, "stock.adjust");
      // Blank lines (or lines of empty cells) are no counts; each count keeps its line number for the messages.
      const rows = readCsv(input.csv).filter((r) => r.cells.some((c) => c.trim() !== ""));
      const [header, ...body] = rows;
      const columns = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
      const col = { sku: columns.indexOf("sku"), branch: columns.indexOf("branch"), count: columns.indexOf("count") };
      if (col.sku < 0 || col.branch < 0 || col.count < 0) {
        throw new ValidationError([{ path: "body.csv", message: "The first line must name the columns sku, branch and count." }]);
      }
      if (body.length === 0) throw new ValidationError([{ path: "body.csv", message: "The file has no counts below its header." }]);
      if (body.length > STOCK_IMPORT_MAX_ROWS) {
        throw new ValidationError([
          { path: "body.csv", message: `The file has ${body.length} lines: at most ${STOCK_IMPORT_MAX_ROWS} at once.` },
        ]);
      }
      return db.transaction(async (tx) => {
        const branchRows = await tx.select({ id: branches.id, name: branches.name, city: branches.city }).from(branches);
        const skus = [...new Set(body.map((r) => (r.cells[col.sku] ?? "").trim()).filter(Boolean))];
        const found: { id: number; sku: string | null }[] = [];
        for (let i = 0; i < skus.length; i += 1000) {
          found.push(
            ...(await tx
              .select({ id: products.productId, sku: products.sku })
              .from(products)
              .where(inArray(products.sku, skus.slice(i, i + 1000)))),
          );
        }
        const productOf = new Map(found.map((p) => [p.sku ?? "", p.id]));
        const problems: string[] = [];
        const wanted: { line: number; productId: number; branchId: number; count: number }[] = [];
        const seen = new Map<string, number>();
        for (const r of body) {
          const sku = (r.cells[col.sku] ?? "").trim();
          const branchName = (r.cells[col.branch] ?? "").trim();
          const raw = (r.cells[col.count] ?? "").trim();
          const lineProblems: string[] = [];
          const productId = productOf.get(sku);
          if (!sku) lineProblems.push("no SKU");
          else if (productId === undefined) lineProblems.push(`unknown SKU "${sku}"`);
          const branch =
            branchRows.find((b) => b.name.toLowerCase() === branchName.toLowerCase()) ??
            branchRows.find((b) => b.city.toLowerCase() === branchName.toLowerCase());
          if (!branch) lineProblems.push(branchName ? `unknown branch "${branchName}"` : "no branch");
          const countValue = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
          if (Number.isNaN(countValue)) lineProblems.push(raw ? `the count "${raw}" is not a whole number of 0 or more` : "no count");
          if (productId !== undefined && branch) {
            const key = `${productId}:${branch.id}`;
            const first = seen.get(key);
            if (first !== undefined) lineProblems.push(`the same SKU and branch as line ${first}`);
            else seen.set(key, r.line);
          }
          if (lineProblems.length) problems.push(`Line ${r.line}: ${lineProblems.join("; ")}.`);
          else wanted.push({ line: r.line, productId: productId as number, branchId: (branch as { id: number }).id, count: countValue });
        }
        // The levels, locked per branch in product order, so no order reserves between the check and the change.
        const levels = new Map<string, { onHand: number; reserved: number }>();
        for (const b of branchRows) {
          const ids = wanted.filter((w) => w.branchId === b.id).map((w) => w.productId);
          const locked = await lockLevels(tx, b.id, ids);
          for (const [productId, l] of locked) levels.set(`${productId}:${b.id}`, { onHand: l.onHand, reserved: l.reserved });
        }
        for (const w of wanted) {
          const l = levels.get(`${w.productId}:${w.branchId}`);
          if (l && w.count < l.reserved) problems.push(`Line ${w.line}: the count ${w.count} is below the ${l.reserved} reserved there.`);
        }
        if (problems.length) {
          problems.sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
          throw new ValidationError(problems.slice(0, 200).map((message) => ({ path: "body.csv", message })));
        }
        const at = now();
        let changed = 0;
        for (const w of [...wanted].sort((a, b) => a.branchId - b.branchId || a.productId - b.productId)) {
          const l = levels.get(`${w.productId}:${w.branchId}`) ?? { onHand: 0, reserved: 0 };
          const change = w.count - l.onHand;
          if (change === 0) continue;
          changed += 1;
          await move(
            tx,
            { productId: w.productId, branchId: w.branchId, kind: "adjustment", onHand: change, reason: IMPORT_REASON, userId: me.id },
            at,
          );
          if (change > 0) await fillBackorders(tx, w.productId, w.branchId, at);
        }
        const message = `${plural(body.length, "line")} read: ${changed === 0 ? "every count matched, nothing changed" : `${plural(changed, "count")} changed`}.`;
        await audit.record(tx, me, { entity: "stock", entityId: 0, action: "import", summary: `Stock counts imported: ${message}` });
        return { rows: body.length, changed, message };
      });
    },
  };
}
