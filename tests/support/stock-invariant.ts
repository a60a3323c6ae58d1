import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";

/**
 * The stock ledger's invariant: for every (product, branch) the ledger's rows add up to the level —
 * sum(on_hand_change) = on_hand and sum(reserved_change) = reserved — and on_hand ≥ reserved ≥ 0. A pair with ledger
 * rows and no level row (or the other way round, at anything but 0) breaks it too. Call it after any movement.
 */
export async function expectLedgerAgrees(db: Db): Promise<void> {
  const result = await db.execute(sql`
    with ledger as (
      select product_id, branch_id, sum(on_hand_change)::int as on_hand, sum(reserved_change)::int as reserved
      from stock_movements group by product_id, branch_id
    )
    select coalesce(l.product_id, g.product_id) as product_id, coalesce(l.branch_id, g.branch_id) as branch_id,
      l.on_hand as level_on_hand, l.reserved as level_reserved, g.on_hand as ledger_on_hand, g.reserved as ledger_reserved
    from stock_levels l full join ledger g on g.product_id = l.product_id and g.branch_id = l.branch_id
    where coalesce(l.on_hand, 0) <> coalesce(g.on_hand, 0)
      or coalesce(l.reserved, 0) <> coalesce(g.reserved, 0)
      or coalesce(l.on_hand, 0) < coalesce(l.reserved, 0)
      or coalesce(l.reserved, 0) < 0
    order by 1, 2
    limit 20
  `);
  expect(rowsOf(result), "stock levels that disagree with the ledger (or on hand < reserved, or reserved < 0)").toEqual([]);
  // The active reservations hold exactly what the levels say is reserved.
  const held = await db.execute(sql`
    select l.product_id, l.branch_id, l.reserved, coalesce(sum(r.quantity) filter (where r.status = 'active'), 0)::int as held
    from stock_levels l left join stock_reservations r on r.product_id = l.product_id and r.branch_id = l.branch_id
    group by l.product_id, l.branch_id, l.reserved
    having l.reserved <> coalesce(sum(r.quantity) filter (where r.status = 'active'), 0)
    limit 20`);
  expect(rowsOf(held), "levels whose reserved differs from their active reservations").toEqual([]);
}
