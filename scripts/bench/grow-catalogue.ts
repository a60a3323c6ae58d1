// A catalogue grown to a given size for the benchmark: generated products in the demo's categories with specifications
// as the demo's (what the category filters read), stock at every branch with its opening receipt in the ledger, and a
// shipment line for one in ten, so that a read pays for a catalogue of that size. The same SQL on PGlite (EXPLAIN) and
// on PostgreSQL (the reads at 1,000 and 50,000 products).

/** The statements that add `count` generated products (and their stock) to a seeded catalogue. */
export function growCatalogueSql(count: number): string {
  const n = Math.max(0, Math.floor(count));
  return `
    insert into products (product_name, product_description, price_usd, retail_price_usd, category_id, images, brand_id, specs, sku)
    select 'Bench product ' || g, 'A generated product for the query plans.', 100 + g % 900, 130 + g % 900,
           (array[1,4,5,6,7,8,9])[1 + g % 7], '{}', (select min(id) from brands) + g % 4,
           case (array[1,4,5,6,7,8,9])[1 + g % 7]
             when 1 then jsonb_build_object('power_w', 100 + g % 500, 'efficiency_pct', 17 + (g % 60) / 10.0,
                                            'cell_type', (array['mono PERC','TOPCon','HJT','poly'])[1 + g % 4])
             when 7 then jsonb_build_object('power_kw', 1 + g % 15, 'battery_voltage_v', (array['12','24','48'])[1 + g % 3],
                                            'phase', (array['single','three'])[1 + g % 2])
             when 6 then jsonb_build_object('capacity_kwh', 1 + g % 20, 'voltage_v', (array[12,24,48])[1 + g % 3],
                                            'chemistry', (array['LiFePO4','lead-acid gel','AGM'])[1 + g % 3])
             else '{}'::jsonb
           end,
           'BP-' || g || '-' || (array['M','B','W'])[1 + g % 3]
    from generate_series(1, ${n}) g;
    insert into stock_levels (product_id, branch_id, on_hand, reserved)
    select p.product_id, b.id, (p.product_id * 7 + b.id) % 40, 0
    from products p cross join branches b where p.product_name like 'Bench product %'
    on conflict do nothing;
    insert into stock_movements (product_id, branch_id, kind, on_hand_change, reason)
    select product_id, branch_id, 'receipt', on_hand, 'Bench opening stock' from stock_levels
    where product_id in (select product_id from products where product_name like 'Bench product %');
    insert into shipments (supplier_reference, branch_id, expected_date) values ('BENCH-PO', (select min(id) from branches), current_date + 14);
    insert into shipment_lines (shipment_id, product_id, quantity)
    select (select max(id) from shipments), product_id, 10 from products where product_name like 'Bench product %' and product_id % 10 = 0;
  `;
}
