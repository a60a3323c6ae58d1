/** Demo catalogue: invented brands and products (no real trademarks), realistic for Zimbabwean homes, farms and businesses. */

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
   * A ZWG price an admin set by hand (issue 21): every other product's ZWG price is its USD price at the rate in
   * force. One demo product keeps one, to show how the back office marks an override.
   */
  zwgOverride?: string;
};

const panel = (name: string, brand: BrandName, watts: number, kind: string, price: number, images: 1 | 2 | 3, extra = ""): ProductSeed => ({
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

export const PRODUCTS: ProductSeed[] = [
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
    ([name, brand, kw, volts, price, images]): ProductSeed => ({
      name,
      brand,
      category: "hybrid-inverters",
      priceUsd: price,
      images,
      summary: `A ${kw} kW pure sine wave hybrid inverter that runs solar panels, a ${volts} V battery bank and the grid or a generator together, switching over in under 10 ms during load-shedding.`,
      specs: [
        ["Rated output", `${kw} kW`],
        ["Battery voltage", `${volts} V`],
        ["MPPT input range", volts === 12 ? "15–100 V" : "120–450 V"],
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
    ([name, brand, kwh, volts, price, images]): ProductSeed => ({
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
    ([name, price, summary, images]): ProductSeed => ({
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
    ([name, brand, price, images]): ProductSeed => ({
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
    ([name, brand, price, images, summary]): ProductSeed => ({
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
    ([name, price, images, summary]): ProductSeed => ({
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
