/** Demo catalogue: invented brands and products (no real trademarks), realistic for Zimbabwean homes, farms and businesses. */
import type { SpecValues } from "#shared/specs.ts";

export const BRANDS = [
  { name: "SunVolt", website: "https://sunvolt.example" },
  { name: "Kariba Power", website: "https://kariba-power.example" },
  { name: "Zambezi Energy", website: "https://zambezi-energy.example" },
  { name: "Mutapa Solar", website: "https://mutapa-solar.example" },
  { name: "Highveld Electric", website: "https://highveld-electric.example" },
  { name: "Granite Mounts", website: "https://granite-mounts.example" },
] as const;

export type BrandName = (typeof BRANDS)[number]["name"];

export type ProductSeed = {
  name: string;
  brand: BrandName;
  /** Category slug. */
  category: string;
  priceUsd: number;
  /** Key figures for the description and the datasheet table. */
  specs: [string, string][];
  summary: string;
  images: 1 | 2 | 3;
  /**
   * A ZWG price an admin set by hand: every other product's ZWG price is its USD price at the rate in
   * force. One demo product keeps one, to show how the back office marks an override.
   */
  zwgOverride?: string;
  /** Its stock-keeping unit and structured specifications, from DEMO_SPECS. */
  sku: string;
  values: SpecValues;
};

type PanelCell = "mono PERC" | "TOPCon" | "bifacial mono" | "mono" | "poly";
const pv = (
  sku: string,
  power_w: number,
  cell_type: PanelCell,
  [voc_v, isc_a, vmp_v, imp_a]: [number, number, number, number],
  efficiency_pct: number,
  dimensions_mm: string,
  weight_kg: number,
) => ({ sku, values: { power_w, voc_v, isc_a, vmp_v, imp_a, efficiency_pct, cell_type, dimensions_mm, weight_kg } });
const inverter = (
  sku: string,
  power_kw: number,
  [mppt_min_v, mppt_max_v]: [number, number],
  mppt_count: number,
  battery: 12 | 24 | 48,
  phase: "single" | "three",
) => ({
  sku,
  values: {
    power_kw,
    max_pv_input_w: Math.round(power_kw * 1300),
    mppt_min_v,
    mppt_max_v,
    mppt_count,
    battery_voltage_v: String(battery),
    phase,
  },
});
const battery = (
  sku: string,
  capacity_kwh: number,
  voltage_v: number,
  chemistry: "LiFePO4" | "lead-acid gel",
  max_discharge_kw: number,
) => ({
  sku,
  values:
    chemistry === "LiFePO4"
      ? { capacity_kwh, voltage_v, chemistry, cycles: 6000, max_discharge_kw, depth_of_discharge_pct: 90 }
      : { capacity_kwh, voltage_v, chemistry, cycles: 1200, max_discharge_kw, depth_of_discharge_pct: 50 },
});

/** Each demo product's SKU and specifications, by name: figures as their makers' datasheets print them. */
export const DEMO_SPECS: Record<string, { sku: string; values: SpecValues }> = {
  "SunVolt 410W Mono PERC": pv("SV-410M-PERC", 410, "mono PERC", [37.5, 13.9, 31.5, 13.0], 21.0, "1722 × 1134 × 30", 21.5),
  "SunVolt 450W Mono Half-Cut": pv("SV-450M-HC", 450, "mono PERC", [41.5, 13.9, 34.6, 13.0], 20.7, "2094 × 1038 × 35", 23.5),
  "SunVolt 550W Bifacial": pv("SV-550B", 550, "bifacial mono", [49.6, 14.0, 41.8, 13.16], 21.3, "2278 × 1134 × 35", 32.0),
  "Kariba 330W Poly": pv("KP-330P", 330, "poly", [46.0, 9.2, 37.5, 8.8], 17.0, "1956 × 992 × 40", 22.0),
  "Kariba 400W Mono Black": pv("KP-400M-BLK", 400, "mono PERC", [37.2, 13.7, 31.0, 12.9], 20.5, "1722 × 1134 × 30", 21.5),
  "Kariba 580W N-Type TOPCon": pv("KP-580N-TOPCON", 580, "TOPCon", [51.9, 14.2, 43.1, 13.46], 22.5, "2278 × 1134 × 35", 31.5),
  "Mutapa 200W Flexible": pv("MS-200FLEX", 200, "mono", [24.0, 10.6, 20.0, 10.0], 19.5, "1520 × 680 × 3", 3.6),
  "Mutapa 100W Portable Kit": pv("MS-100PORT", 100, "mono", [22.5, 5.8, 18.5, 5.41], 19.0, "1050 × 540 × 25", 4.5),
  "Mutapa 460W Mono": pv("MS-460M", 460, "mono PERC", [41.8, 14.0, 34.8, 13.22], 21.2, "2094 × 1038 × 35", 24.0),
  "Zambezi 540W Mono Commercial": pv("ZE-540M-C", 540, "mono PERC", [49.5, 13.85, 41.6, 12.98], 20.9, "2278 × 1134 × 35", 28.0),
  "Zambezi 600W Bifacial Dual-Glass": pv("ZE-600B-DG", 600, "bifacial mono", [41.9, 18.4, 34.9, 17.2], 21.2, "2172 × 1303 × 35", 33.5),
  "Zambezi 370W Mono Compact": pv("ZE-370M-CPT", 370, "mono PERC", [41.0, 11.4, 34.2, 10.82], 20.3, "1755 × 1038 × 35", 19.5),
  "Highveld 250W Poly Off-Grid": pv("HE-250P-OG", 250, "poly", [37.6, 8.8, 30.5, 8.2], 15.4, "1640 × 992 × 35", 18.5),
  "SunVolt Hybrid 3kW 24V": inverter("SV-HYB3K-24", 3, [120, 450], 1, 24, "single"),
  "SunVolt Hybrid 5kW 48V": inverter("SV-HYB5K-48", 5, [120, 450], 1, 48, "single"),
  "Kariba Hybrid 8kW 48V": inverter("KP-HYB8K-48", 8, [120, 500], 2, 48, "single"),
  "Kariba Hybrid 10kW Three-Phase": inverter("KP-HYB10K-3P", 10, [160, 800], 2, 48, "three"),
  "Zambezi Hybrid 6kW Parallel-Ready": inverter("ZE-HYB6K-P", 6, [120, 500], 2, 48, "single"),
  "Highveld Hybrid 1.5kW 12V": inverter("HE-HYB1K5-12", 1.5, [15, 100], 1, 12, "single"),
  "SunVolt LiFePO4 5.12kWh Wall": battery("SV-LFP5K12-W", 5.12, 51.2, "LiFePO4", 5.12),
  "SunVolt LiFePO4 10.24kWh Rack": battery("SV-LFP10K24-R", 10.24, 51.2, "LiFePO4", 10.24),
  "Kariba PowerStack 15kWh": battery("KP-STACK15", 15.36, 51.2, "LiFePO4", 10.24),
  "Mutapa LiFePO4 2.4kWh 24V": battery("MS-LFP2K4-24", 2.4, 25.6, "LiFePO4", 2.56),
  "Highveld Gel 200Ah 12V": battery("HE-GEL200-12", 2.4, 12, "lead-acid gel", 1.2),
  "Zambezi LiFePO4 1.28kWh 12V": battery("ZE-LFP1K28-12", 1.28, 12.8, "LiFePO4", 1.28),
  "Granite Tile Roof Hook Kit (4 panels)": {
    sku: "GM-TILE-4",
    values: { panels_supported: 4, roof_type: "tile", material: "Aluminium and A2 stainless steel" },
  },
  "Granite IBR Roof Clamp Kit (4 panels)": {
    sku: "GM-IBR-4",
    values: { panels_supported: 4, roof_type: "IBR / corrugated", material: "Aluminium and A2 stainless steel" },
  },
  "Granite Ground Mount Frame (8 panels)": {
    sku: "GM-GND-8",
    values: { panels_supported: 8, roof_type: "ground", material: "Hot-dip galvanised steel" },
  },
  "Granite Aluminium Rail 4.2m": { sku: "GM-RAIL-4M2", values: { roof_type: "any", material: "6005-T5 aluminium", length_m: 4.2 } },
  "Granite Carport Structure (12 panels)": {
    sku: "GM-CARPORT-12",
    values: { panels_supported: 12, roof_type: "carport", material: "Hot-dip galvanised steel and aluminium" },
  },
  "Solar DC Cable 4mm² Red (100m)": {
    sku: "HE-PV4-R100",
    values: { cross_section_mm2: 4, length_m: 100, rating_v: 1500, cable_type: "PV DC" },
  },
  "Solar DC Cable 6mm² Black (100m)": {
    sku: "HE-PV6-B100",
    values: { cross_section_mm2: 6, length_m: 100, rating_v: 1500, cable_type: "PV DC" },
  },
  "Battery Cable 35mm² (per metre)": {
    sku: "HE-BAT35-1M",
    values: { cross_section_mm2: 35, length_m: 1, rating_v: 1000, cable_type: "battery" },
  },
  "MC4 Connector Pair (10 pack)": { sku: "ZE-MC4-10", values: { rating_v: 1500, cable_type: "connector" } },
  "AC Cable 10mm² Twin and Earth (50m)": {
    sku: "HE-AC10-TE50",
    values: { cross_section_mm2: 10, length_m: 50, rating_v: 1000, cable_type: "AC twin and earth" },
  },
  "Wi-Fi Monitoring Dongle": { sku: "SV-WIFI-01", values: { kind: "Monitoring dongle", rating: "5 V USB, 2.4 GHz Wi-Fi" } },
  "Solar Panel Cleaning Kit": { sku: "MS-CLEAN-35", values: { kind: "Cleaning kit", rating: "3.5 m reach" } },
  "MC4 Crimping Tool Set": { sku: "ZE-MC4-TOOL", values: { kind: "Crimping tool", rating: "2.5–6 mm² cable" } },
  "Smart Energy Meter (Single-Phase)": { sku: "KP-METER-1P", values: { kind: "Energy meter", rating: "230 V, 100 A" } },
  "DC Isolator Switch 1000V 32A": { sku: "HE-DCISO-32", values: { current_a: 32, voltage_v: 1000, poles: 4, kind: "isolator" } },
  "AC Miniature Circuit Breaker 40A": { sku: "HE-MCB-40", values: { current_a: 40, voltage_v: 230, poles: 2, kind: "MCB" } },
  "Surge Protection Device DC 1000V": { sku: "HE-SPD-DC1000", values: { voltage_v: 1000, poles: 2, kind: "SPD" } },
  "PV Combiner Box 4-in-1 Out": { sku: "HE-CMB-4-1", values: { current_a: 32, voltage_v: 1000, poles: 2, kind: "combiner box" } },
  "Automatic Changeover Switch 63A": { sku: "HE-ATS-63", values: { current_a: 63, voltage_v: 230, poles: 2, kind: "changeover switch" } },
};

const panel = (name: string, brand: BrandName, watts: number, kind: string, price: number, images: 1 | 2 | 3, extra = ""): Unspecified => ({
  name,
  brand,
  category: "solar-panels",
  priceUsd: price,
  images,
  summary:
    `A ${watts} W ${kind} module for ${watts >= 500 ? "commercial roofs, farms and ground-mounted arrays" : "home roofs and small businesses"}. ${extra}`.trim(),
  specs: [
    ["Maximum power", `${watts} W`],
    ["Cell type", kind],
    ["Module efficiency", `${(20 + (watts % 7) * 0.35).toFixed(1)} %`],
    ["Open-circuit voltage", `${(37 + watts / 50).toFixed(1)} V`],
    ["Dimensions", watts >= 500 ? "2278 × 1134 × 35 mm" : "1722 × 1134 × 30 mm"],
    ["Operating temperature", "-40 °C to +85 °C"],
  ],
});

type Unspecified = Omit<ProductSeed, "sku" | "values">;

const PRODUCT_SEEDS: Unspecified[] = [
  panel("SunVolt 410W Mono PERC", "SunVolt", 410, "Monocrystalline PERC", 118, 3, "Our best-selling panel for residential systems."),
  panel(
    "SunVolt 450W Mono Half-Cut",
    "SunVolt",
    450,
    "Monocrystalline half-cut",
    132,
    2,
    "Half-cut cells keep output up when part of the panel is shaded.",
  ),
  panel(
    "SunVolt 550W Bifacial",
    "SunVolt",
    550,
    "Bifacial monocrystalline",
    168,
    3,
    "Collects reflected light from the back on light-coloured ground.",
  ),
  panel(
    "Kariba 330W Poly",
    "Kariba Power",
    330,
    "Polycrystalline",
    84,
    1,
    "An economical choice for borehole pumps and small off-grid homes.",
  ),
  panel(
    "Kariba 400W Mono Black",
    "Kariba Power",
    400,
    "All-black monocrystalline",
    126,
    2,
    "A clean all-black look for visible residential roofs.",
  ),
  panel(
    "Kariba 580W N-Type TOPCon",
    "Kariba Power",
    580,
    "N-type TOPCon",
    189,
    3,
    "Lower degradation and better heat performance for hot climates.",
  ),
  panel("Mutapa 200W Flexible", "Mutapa Solar", 200, "Monocrystalline flexible", 149, 2, "Bends onto curved roofs, caravans and boats."),
  panel(
    "Mutapa 100W Portable Kit",
    "Mutapa Solar",
    100,
    "Monocrystalline folding",
    95,
    1,
    "Folds into a carry case for camping and field work.",
  ),
  panel("Mutapa 460W Mono", "Mutapa Solar", 460, "Monocrystalline", 128, 2),
  panel(
    "Zambezi 540W Mono Commercial",
    "Zambezi Energy",
    540,
    "Monocrystalline half-cut",
    155,
    2,
    "Sized for commercial rooftop and farm installations.",
  ),
  panel(
    "Zambezi 600W Bifacial Dual-Glass",
    "Zambezi Energy",
    600,
    "Bifacial dual-glass",
    205,
    3,
    "Glass on both faces for a 30-year service life.",
  ),
  panel("Zambezi 370W Mono Compact", "Zambezi Energy", 370, "Monocrystalline", 109, 1, "A compact frame for small or crowded roofs."),
  panel("Highveld 250W Poly Off-Grid", "Highveld Electric", 250, "Polycrystalline", 71, 1, "Matched to 24 V off-grid charge controllers."),
  ...(
    [
      ["SunVolt Hybrid 3kW 24V", "SunVolt", 3, 24, 420, 2],
      ["SunVolt Hybrid 5kW 48V", "SunVolt", 5, 48, 690, 3],
      ["Kariba Hybrid 8kW 48V", "Kariba Power", 8, 48, 1190, 3],
      ["Kariba Hybrid 10kW Three-Phase", "Kariba Power", 10, 48, 1890, 2],
      ["Zambezi Hybrid 6kW Parallel-Ready", "Zambezi Energy", 6, 48, 940, 2],
      ["Highveld Hybrid 1.5kW 12V", "Highveld Electric", 1.5, 12, 245, 1],
    ] as const
  ).map(
    ([name, brand, kw, volts, price, images]): Unspecified => ({
      name,
      brand,
      category: "hybrid-inverters",
      priceUsd: price,
      images,
      summary: `A ${kw} kW pure sine wave hybrid inverter that runs solar panels, a ${volts} V battery bank and the grid or a generator together, switching over in under 10 ms during load-shedding.`,
      specs: [
        ["Rated output", `${kw} kW`],
        ["Battery voltage", `${volts} V`],
        ["MPPT input range", `${DEMO_SPECS[name]?.values.mppt_min_v}–${DEMO_SPECS[name]?.values.mppt_max_v} V`],
        ["Maximum PV input", `${Math.round(kw * 1.3 * 10) / 10} kW`],
        ["Transfer time", "< 10 ms"],
        ["Monitoring", "Wi-Fi dongle and mobile app"],
      ],
    }),
  ),
  ...(
    [
      ["SunVolt LiFePO4 5.12kWh Wall", "SunVolt", 5.12, 48, 1150, 3],
      ["SunVolt LiFePO4 10.24kWh Rack", "SunVolt", 10.24, 48, 2190, 2],
      ["Kariba PowerStack 15kWh", "Kariba Power", 15.36, 48, 3150, 3],
      ["Mutapa LiFePO4 2.4kWh 24V", "Mutapa Solar", 2.4, 24, 610, 1],
      ["Highveld Gel 200Ah 12V", "Highveld Electric", 2.4, 12, 285, 1],
      ["Zambezi LiFePO4 1.28kWh 12V", "Zambezi Energy", 1.28, 12, 330, 2],
    ] as const
  ).map(
    ([name, brand, kwh, volts, price, images]): Unspecified => ({
      name,
      brand,
      category: "energy-storage",
      priceUsd: price,
      images,
      // A clearance price in ZWG, set by hand: the demo's one override.
      ...(name.includes("Gel") ? { zwgOverride: "7250.00" } : {}),
      summary: `${kwh} kWh of ${name.includes("Gel") ? "deep-cycle gel" : "lithium iron phosphate"} storage at ${volts} V that keeps lights, fridges and routers running through load-shedding and through the night.`,
      specs: [
        ["Usable energy", `${kwh} kWh`],
        ["Nominal voltage", `${volts} V`],
        ["Chemistry", name.includes("Gel") ? "Sealed lead-acid gel" : "LiFePO4"],
        ["Cycle life", name.includes("Gel") ? "1 200 cycles at 50 % DoD" : "6 000 cycles at 90 % DoD"],
        ["Battery management", name.includes("Gel") ? "None (use a charge controller)" : "Built-in BMS with CAN and RS485"],
        ["Operating temperature", "0 °C to 50 °C charge"],
      ],
    }),
  ),
  ...(
    [
      ["Granite Tile Roof Hook Kit (4 panels)", 62, "Stainless hooks and rails for clay and concrete tile roofs", 2],
      ["Granite IBR Roof Clamp Kit (4 panels)", 48, "Clamps that bolt straight onto IBR and corrugated iron sheeting", 2],
      ["Granite Ground Mount Frame (8 panels)", 390, "A galvanised steel ground frame set at the ideal 20° tilt for Zimbabwe", 3],
      ["Granite Aluminium Rail 4.2m", 24, "Anodised aluminium rail for all Granite roof kits", 1],
      ["Granite Carport Structure (12 panels)", 1450, "A two-car solar carport that shades vehicles while it generates", 2],
    ] as const
  ).map(
    ([name, price, summary, images]): Unspecified => ({
      name,
      brand: "Granite Mounts",
      category: "mounting-equipment",
      priceUsd: price,
      images,
      summary: `${summary}. Every fixing is included and rated for 140 km/h winds.`,
      specs: [
        ["Material", name.includes("Rail") ? "6005-T5 aluminium" : "Aluminium and A2 stainless steel"],
        ["Wind rating", "140 km/h"],
        ["Tilt", name.includes("Ground") || name.includes("Carport") ? "20°" : "Follows the roof"],
        ["Finish", "Anodised / hot-dip galvanised"],
      ],
    }),
  ),
  ...(
    [
      ["Solar DC Cable 4mm² Red (100m)", "Highveld Electric", 78, 2],
      ["Solar DC Cable 6mm² Black (100m)", "Highveld Electric", 112, 1],
      ["Battery Cable 35mm² (per metre)", "Highveld Electric", 9, 1],
      ["MC4 Connector Pair (10 pack)", "Zambezi Energy", 18, 2],
      ["AC Cable 10mm² Twin and Earth (50m)", "Highveld Electric", 145, 1],
    ] as const
  ).map(
    ([name, brand, price, images]): Unspecified => ({
      name,
      brand,
      category: "cabling",
      priceUsd: price,
      images,
      summary: `${name.split(" (")[0]}: UV- and ozone-resistant, double-insulated and rated for the heat of a Zimbabwean roof.`,
      specs: [
        ["Rated voltage", name.includes("AC") ? "600/1000 V AC" : "1500 V DC"],
        ["Temperature range", "-40 °C to +90 °C"],
        ["Standard", name.includes("MC4") ? "IEC 62852" : "EN 50618"],
        ["Conductor", "Tinned copper"],
      ],
    }),
  ),
  ...(
    [
      ["Wi-Fi Monitoring Dongle", "SunVolt", 45, 1, "Sends inverter and battery readings to the mobile app every minute."],
      ["Solar Panel Cleaning Kit", "Mutapa Solar", 38, 2, "A telescopic brush and soft-water system that restores output lost to dust."],
      ["MC4 Crimping Tool Set", "Zambezi Energy", 52, 1, "Crimper, spanners and stripper for clean, watertight MC4 joints."],
      ["Smart Energy Meter (Single-Phase)", "Kariba Power", 89, 2, "Lets the inverter limit export and shows household consumption."],
    ] as const
  ).map(
    ([name, brand, price, images, summary]): Unspecified => ({
      name,
      brand,
      category: "accessories",
      priceUsd: price,
      images,
      summary,
      specs: [
        ["Compatibility", "SunVolt, Kariba and Zambezi systems"],
        ["Warranty", "1 year"],
      ],
    }),
  ),
  ...(
    [
      ["DC Isolator Switch 1000V 32A", 34, 2, "Safely isolates the PV array for maintenance."],
      ["AC Miniature Circuit Breaker 40A", 12, 1, "Protects inverter output circuits from overload."],
      ["Surge Protection Device DC 1000V", 41, 1, "Diverts lightning-induced surges away from the inverter."],
      ["PV Combiner Box 4-in-1 Out", 165, 3, "Combines four strings with fuses, surge protection and an isolator."],
      ["Automatic Changeover Switch 63A", 98, 2, "Switches the house between grid, inverter and generator."],
    ] as const
  ).map(
    ([name, price, images, summary]): Unspecified => ({
      name,
      brand: "Highveld Electric",
      category: "switch-gear",
      priceUsd: price,
      images,
      summary: `${summary} Rated for the voltages and currents of modern solar systems.`,
      specs: [
        ["Rated current", name.match(/(\d+)A/)?.[1] ? `${name.match(/(\d+)A/)?.[1]} A` : "32 A"],
        ["Rated voltage", name.includes("DC") || name.includes("PV") ? "1000 V DC" : "230/400 V AC"],
        ["Enclosure", "IP65"],
        ["Standard", "IEC 60947"],
      ],
    }),
  ),
];

export const PRODUCTS: ProductSeed[] = PRODUCT_SEEDS.map((p) => {
  const demo = DEMO_SPECS[p.name];
  if (!demo) throw new Error(`demo product ${p.name} has no SKU and specifications`);
  return { ...p, ...demo };
});

export function warrantyOf(p: ProductSeed): string {
  switch (p.category) {
    case "solar-panels":
      return "12-year product warranty and 25-year linear power warranty (at least 84.8 % of rated power in year 25).";
    case "hybrid-inverters":
      return "5-year warranty, extendable to 10 years; repairs and swap-outs handled from our Harare workshop.";
    case "energy-storage":
      return p.name.includes("Gel") ? "2-year warranty." : "10-year warranty or 6 000 cycles, whichever comes first.";
    case "mounting-equipment":
      return "15-year warranty against corrosion and structural failure.";
    default:
      return "2-year warranty against manufacturing defects.";
  }
}

export function benefitsOf(p: ProductSeed): string {
  const byCategory: Record<string, string[]> = {
    "solar-panels": [
      "High output in Zimbabwe's strong sun and heat",
      "Tempered, anti-reflective glass resists hail",
      "Certified to IEC 61215 and IEC 61730",
      "Works with every inverter we sell",
    ],
    "hybrid-inverters": [
      "Keeps power on through load-shedding without noise or fuel",
      "Charges batteries from solar, the grid or a generator",
      "Built-in MPPT solar charge controller",
      "App monitoring of production and consumption",
    ],
    "energy-storage": [
      "Deep daily cycling without losing capacity",
      "Expandable: add modules as your needs grow",
      "Safe chemistry with no thermal runaway",
      "Talks to our hybrid inverters out of the box",
    ],
    "mounting-equipment": ["Pre-drilled parts for a fast installation", "Rust-proof in all weather", "Engineered for local roof types"],
    cabling: ["Sun- and weather-resistant insulation", "Low losses over long runs", "Compatible with MC4 connectors"],
    accessories: ["Quick to fit", "Makes systems easier to run and maintain"],
    "switch-gear": ["Protects people and equipment", "Clear on/off indication", "Fits standard DIN rails and enclosures"],
  };
  return (byCategory[p.category] ?? []).join("\n");
}
