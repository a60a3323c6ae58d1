/**
 * The demo catalogue's product drawings: one per product, seen three ways (front, back with its rating label, a
 * detail), without captions (the page writes the name). Flat shapes and few gradients keep the encoded images small.
 */

export type ProductArtInput = { name: string; category: string; brand?: string };

/** The three gallery views, in the order a catalogue shows them. */
export const PRODUCT_VIEWS = ["front", "back", "detail"] as const;

const FONT = `font-family="DejaVu Sans, sans-serif"`;
const BRAND_COLOURS: Record<string, string> = {
  SunVolt: "#de7a37",
  "Kariba Power": "#0e7490",
  "Zambezi Energy": "#1d4ed8",
  "Mutapa Solar": "#15803d",
  "Highveld Electric": "#b91c1c",
  "Granite Mounts": "#64748b",
};
const BACKGROUNDS = ["#f3f5f8", "#eceff4", "#fbf3ec"];

const n = (v: number) => Math.round(v * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const text = (x: number, y: number, size: number, fill: string, s: string, anchor = "start", weight = 400) =>
  `<text x="${n(x)}" y="${n(y)}" font-size="${size}"${weight !== 400 ? ` font-weight="${weight}"` : ""} ${FONT} fill="${fill}"${anchor !== "start" ? ` text-anchor="${anchor}"` : ""}>${s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c] as string)}</text>`;
const stroke = (colour: string, width: number) => ` stroke="${colour}" stroke-width="${width}"`;
const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
const zoom = (body: string, fx: number, fy: number, s: number) =>
  `<g transform="translate(600 450) scale(${s}) translate(${-fx} ${-fy})">${body}</g>`;
const shadow = (cx: number, y: number, rx: number) => `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="22" fill="#0f172a" opacity="0.08"/>`;

/** A rating label: a white sticker with the brand's band and a few lines of text. */
function sticker(x: number, y: number, w: number, accent: string, lines: string[], size = 20): string {
  const h = 46 + lines.length * (size + 10) + 26;
  return `${rect(x, y, w, h, "#ffffff", 6, stroke("#cbd5e1", 2))}${rect(x, y, w, 36, accent, 0)}${text(x + 14, y + 25, 18, "#fff", "RATING", "start", 700)}${lines
    .map((l, i) => text(x + 14, y + 46 + (i + 1) * (size + 10) - 6, size, "#1e293b", l))
    .join("")}${rect(x + 14, y + h - 22, w * 0.55, 8, "#cbd5e1", 3)}`;
}

function figure(name: string, re: RegExp, fallback: number): number {
  const m = name.match(re);
  return m?.[1] ? Number(m[1]) : fallback;
}

type Views = [front: string, back: string, detail: string];

// ——— Solar panels ———

type Cells = { cols: number; rows: number; half: boolean; chamfer: boolean; cell: string; gap: string };

function cellGrid(x: number, y: number, w: number, h: number, c: Cells): string {
  const g = 4;
  const cw = (w - (c.cols + 1) * g) / c.cols;
  const halfGap = c.half ? 10 : 0;
  const rows = c.half ? c.rows * 2 : c.rows;
  const ch = (h - (rows + 1) * g - halfGap) / rows;
  const k = c.chamfer ? Math.min(cw, ch) * 0.16 : 0;
  let d = "";
  for (let j = 0; j < rows; j++) {
    const cy = y + g + j * (ch + g) + (c.half && j >= c.rows ? halfGap : 0);
    for (let i = 0; i < c.cols; i++) {
      const cx = x + g + i * (cw + g);
      d += k
        ? `M${n(cx + k)} ${n(cy)}h${n(cw - 2 * k)}l${n(k)} ${n(k)}v${n(ch - 2 * k)}l${n(-k)} ${n(k)}h${n(2 * k - cw)}l${n(-k)} ${n(-k)}v${n(2 * k - ch)}z`
        : `M${n(cx)} ${n(cy)}h${n(cw)}v${n(ch)}h${n(-cw)}z`;
    }
  }
  return rect(x, y, w, h, c.gap) + path(d, c.cell);
}

function solarPanel(p: ProductArtInput, accent: string): Views {
  const name = p.name.toLowerCase();
  const watts = figure(p.name, /(\d+)W/, 400);
  const black = name.includes("black");
  const poly = name.includes("poly");
  const bifacial = name.includes("bifacial");
  const flexible = name.includes("flexible");
  const portable = name.includes("portable");
  const topcon = name.includes("topcon");
  const half = name.includes("half-cut") || topcon || bifacial || watts >= 540;
  const cells: Cells = {
    cols: flexible || portable ? 4 : 6,
    rows: portable ? 6 : flexible ? 9 : watts >= 440 || watts === 250 ? 12 : 10,
    half,
    chamfer: !poly && !half,
    cell: poly ? "#2d5b9a" : black || topcon ? "#111827" : "#1e2f55",
    gap: black ? "#1f2937" : bifacial ? "#a9bccf" : "#e2e8f0",
  };
  const frameColour = black ? "#0b0f19" : flexible ? "#f8fafc" : portable ? "#334155" : "#b8c2cf";
  const f = flexible ? 20 : bifacial && name.includes("glass") ? 8 : 14;
  const busbars = poly ? 4 : topcon ? 16 : half ? 10 : 5;

  if (portable) {
    // A folding kit: two halves on a hinge, a handle and the charge controller on its cable.
    const half1 = (x: number) => `${rect(x, 170, 300, 440, frameColour, 14)}${cellGrid(x + 14, 184, 272, 412, cells)}`;
    const front = `${shadow(600, 770, 420)}${half1(290)}${half1(610)}${rect(594, 180, 12, 420, "#1f2937", 4)}${rect(560, 140, 80, 26, "#1f2937", 10)}${path("M600 610 C 620 700, 760 690, 800 720", "none", stroke("#111827", 8))}${rect(770, 700, 110, 70, "#f8fafc", 10, stroke("#94a3b8", 4))}${rect(790, 714, 70, 26, "#0f172a", 4)}${circle(800, 756, 5, "#22c55e")}${circle(820, 756, 5, accent)}`;
    const back = `${shadow(600, 770, 420)}${rect(290, 170, 300, 440, "#374151", 14)}${rect(610, 170, 300, 440, "#374151", 14)}${rect(594, 180, 12, 420, "#111827", 4)}${rect(330, 230, 220, 150, "#4b5563", 10)}${path("M420 600 L360 740 M780 600 L840 740", "none", stroke("#1f2937", 12))}${sticker(650, 230, 220, accent, [`${watts} W folding`, "Voc 22.6 V", "Isc 5.8 A"], 18)}${rect(560, 140, 80, 26, "#1f2937", 10)}`;
    const detail = `${rect(150, 120, 900, 660, "#334155", 30)}${cellGrid(210, 180, 780, 540, { ...cells, cols: 2, rows: 2, half: false, chamfer: true })}${Array.from({ length: 6 }, (_, i) => rect(240 + i * 122, 180, 4, 540, "#cbd5e1", 0, ' opacity="0.7"')).join("")}${rect(150, 420, 900, 10, "#475569")}`;
    return [front, back, detail];
  }

  const compact = name.includes("compact");
  const H = flexible ? 640 : compact ? 580 : 660;
  const W = n(H / (flexible ? 1.85 : watts >= 500 ? 2.0 : compact ? 1.42 : 1.52));
  const x = 600 - W / 2;
  const y = 90;
  const frame = flexible ? rect(x, y, W, H, frameColour, 26, stroke("#e2e8f0", 3)) : rect(x, y, W, H, frameColour, 6);
  const front = `${shadow(600, y + H + 30, W * 0.7)}${frame}${cellGrid(x + f, y + f, W - 2 * f, H - 2 * f, cells)}${
    flexible ? `${circle(x + 12, y + 12, 6, "#cbd5e1")}${circle(x + W - 12, y + 12, 6, "#cbd5e1")}` : ""
  }`;

  const jbox = bifacial
    ? [0.3, 0.5, 0.7].map((t) => rect(x + W * t - 26, y + 18, 52, 40, "#111827", 6)).join("")
    : rect(600 - 60, y + 40, 120, 80, "#111827", 8);
  const leads = `${path(`M${n(600 - 40)} ${y + 70} C ${n(x + 40)} ${y + 160}, ${n(x + 30)} ${y + 260}, ${n(x + 60)} ${y + 330}`, "none", stroke("#111827", 7))}${path(`M${n(600 + 40)} ${y + 70} C ${n(x + W - 40)} ${y + 160}, ${n(x + W - 30)} ${y + 260}, ${n(x + W - 60)} ${y + 330}`, "none", stroke("#111827", 7))}${rect(x + 46, y + 330, 28, 60, "#1e3a8a", 6)}${rect(x + W - 74, y + 330, 28, 60, "#111827", 6)}`;
  const labelLines = [`Pmax ${watts} W`, `Voc ${(37 + watts / 50).toFixed(1)} V`, `${cells.cols * cells.rows * (half ? 2 : 1)} cells`];
  const back = bifacial
    ? `${shadow(600, y + H + 30, W * 0.7)}${rect(x, y, W, H, frameColour, 6)}${cellGrid(x + f, y + f, W - 2 * f, H - 2 * f, { ...cells, cell: "#3b5070", gap: "#d5dee8" })}${jbox}${leads}${sticker(600 - 110, y + H - 200, 220, accent, labelLines.slice(0, 2), 18)}`
    : `${shadow(600, y + H + 30, W * 0.7)}${frame}${rect(x + f, y + f, W - 2 * f, H - 2 * f, black ? "#1f2937" : "#f8fafc", flexible ? 16 : 2)}${
        flexible ? "" : `${rect(x + f, y + H * 0.3, W - 2 * f, 10, "#cbd5e1")}${rect(x + f, y + H * 0.7, W - 2 * f, 10, "#cbd5e1")}`
      }${jbox}${leads}${sticker(600 - 120, y + H * 0.42, 240, accent, labelLines, 19)}`;

  // Detail: the top-left corner, close up: the frame's profile, four cells with their busbars.
  const cw = 380;
  const g = 22;
  const corner = (cx: number, cy: number, w: number, h: number) => {
    const k = cells.chamfer ? 56 : 0;
    const cellPath = k
      ? `M${cx + k} ${cy}h${w - 2 * k}l${k} ${k}v${h - 2 * k}l${-k} ${k}h${2 * k - w}l${-k} ${-k}v${2 * k - h}z`
      : `M${cx} ${cy}h${w}v${h}h${-w}z`;
    const bars = Array.from({ length: busbars }, (_, i) =>
      rect(cx + ((i + 0.5) * w) / busbars - 2, cy, 4, h, "#cbd5e1", 0, ' opacity="0.75"'),
    ).join("");
    const facets = poly
      ? `${path(`M${cx} ${cy + h * 0.3}L${cx + w * 0.6} ${cy}H${cx + w}V${cy + h * 0.2}L${cx + w * 0.2} ${cy + h}H${cx}z`, "#3668ab")}${path(`M${cx + w * 0.5} ${cy + h}L${cx + w} ${cy + h * 0.5}V${cy + h}z`, "#25508d")}`
      : "";
    return `${path(cellPath, cells.cell)}${facets}${bars}`;
  };
  const halfRow = half ? rect(0, 120 + cw * 0.5, 1200, g, cells.gap) : "";
  const detail = `${rect(0, 0, 1200, 900, cells.gap)}${corner(120 + g, 120 + g, cw, cw)}${corner(120 + 2 * g + cw, 120 + g, cw, cw)}${corner(120 + g, 120 + 2 * g + cw, cw, cw)}${corner(120 + 2 * g + cw, 120 + 2 * g + cw, cw, cw)}${halfRow}${
    flexible
      ? `${rect(0, 0, 1200, 120, "#f8fafc")}${rect(0, 0, 120, 900, "#f8fafc")}${circle(60, 60, 26, "#cbd5e1")}${circle(60, 60, 12, "#f8fafc")}`
      : `${rect(0, 0, 1200, 120, frameColour)}${rect(0, 0, 120, 900, frameColour)}${rect(0, 96, 1200, 24, black ? "#1f2937" : "#94a3b8")}${rect(96, 96, 24, 804, black ? "#1f2937" : "#94a3b8")}${rect(40, 300, 34, 90, black ? "#1f2937" : "#8b97a8", 17)}`
  }${bifacial ? `${rect(120, 120, 1080, 10, "#e2e8f0", 0, ' opacity="0.8"')}` : ""}`;
  return [front, back, detail];
}

// ——— Boxes: inverters, batteries, switches, accessories ———

/** A box's back: the wall bracket, its rating sticker and what the type adds (fins, ports). */
function rear(w: number, h: number, body: string, accent: string, lines: string[], extra = ""): string {
  const x = 600 - w / 2;
  const y = 450 - h / 2 - 20;
  return `${shadow(600, y + h + 34, w * 0.6)}${rect(x, y, w, h, body, 22, stroke("#94a3b8", 4))}${rect(x + w * 0.15, y + 30, w * 0.7, 34, "#64748b", 6)}${rect(x + w * 0.25, y + 40, 40, 14, "#334155", 7)}${rect(x + w * 0.75 - 40, y + 40, 40, 14, "#334155", 7)}${extra}${sticker(x + w * 0.12, y + h * 0.42, Math.min(w * 0.76, 300), accent, lines, 19)}`;
}

function inverter(p: ProductArtInput, accent: string): Views {
  const kw = figure(p.name, /([\d.]+)kW/, 5);
  const volts = figure(p.name, /(\d+)V/, 48);
  const three = p.name.includes("Three-Phase");
  const parallel = p.name.includes("Parallel");
  const dark = p.brand === "Zambezi Energy";
  const body = dark ? "#1f2937" : p.brand === "Kariba Power" ? "#e5e7eb" : "#f8fafc";
  const w = three ? 520 : 300 + kw * 16;
  const h = 440 + kw * 14;
  const x = 600 - w / 2;
  const y = 450 - h / 2 - 20;
  const dx = x + w * 0.16;
  const dw = w * 0.68;
  const side = `<polygon points="${n(x + w - 10)},${n(y + 16)} ${n(x + w + 50)},${n(y + 46)} ${n(x + w + 50)},${n(y + h - 20)} ${n(x + w - 10)},${n(y + h - 6)}" fill="${dark ? "#111827" : "#cbd5e1"}"/>${Array.from(
    { length: 5 },
    (_, i) => rect(x + w + 4 + i * 9, y + 70 + i * 5, 4, h - 130, dark ? "#374151" : "#94a3b8"),
  ).join("")}`;
  const glandCount = (volts === 12 ? 3 : 5) + (three ? 2 : 0);
  const glands = Array.from({ length: glandCount }, (_, i) =>
    rect(x + (w * (i + 1)) / (glandCount + 1) - 14, y + h - 4, 28, 26, "#334155", 4),
  ).join("");
  const leds = ["#22c55e", "#f59e0b", "#ef4444"].map((c, i) => circle(dx + 20 + i * 36, y + 260, 10, c)).join("");
  const buttons = Array.from({ length: 4 }, (_, i) => rect(dx + i * 42, y + 296, 32, 22, dark ? "#4b5563" : "#cbd5e1", 6)).join("");
  const phases = three
    ? ["L1", "L2", "L3"].map((l, i) => text(dx + i * 60 + 10, y + 370, 22, dark ? "#e2e8f0" : "#334155", l, "start", 700)).join("")
    : "";
  const front = `${shadow(600, y + h + 40, w * 0.7)}${side}${glands}${rect(x, y, w, h, body, 22, stroke(dark ? "#0f172a" : "#cbd5e1", 4))}${rect(x + 4, y + h - 70, w - 8, 52, accent, 0)}${rect(dx, y + 70, dw, 150, "#0f172a", 12)}${text(dx + 22, y + 140, 46, "#7dd3fc", `${kw} kW`, "start", 700)}${text(dx + 22, y + 194, 26, "#94a3b8", `BAT ${volts} V`)}${rect(dx + dw - 70, y + 170, 48, 26, "none", 4, stroke("#22c55e", 4))}${rect(dx + dw - 66, y + 174, 30, 18, "#22c55e", 2)}${leds}${buttons}${phases}${
    parallel
      ? `${rect(x + 24, y + h - 160, 70, 40, dark ? "#374151" : "#e2e8f0", 6)}${circle(x + 46, y + h - 140, 8, "#0f172a")}${circle(x + 72, y + h - 140, 8, "#0f172a")}`
      : ""
  }${text(x + w / 2, y + h - 26, 28, "#fff", p.brand?.split(" ")[0]?.toUpperCase() ?? "", "middle", 700)}`;
  const fins = Array.from({ length: Math.floor((w - 60) / 34) }, (_, i) =>
    rect(x + 30 + i * 34, y + 90, 16, h - 130, dark ? "#374151" : "#d1d5db", 4),
  ).join("");
  const back = rear(
    w,
    h,
    body,
    accent,
    ["Hybrid inverter", `AC ${kw} kW ${three ? "3~" : "1~"}`, `DC ${volts} V`, `PV ${Math.round(kw * 13) / 10} kW max`],
    fins,
  );
  return [front, back, zoom(front, dx + dw / 2, y + 165, 2.2)];
}

function battery(p: ProductArtInput, accent: string): Views {
  const name = p.name;
  const kwh = figure(name, /([\d.]+)kWh/, 2.4);
  const volts = figure(name, /(\d+)V\b/, 48);
  const soc = (x: number, y: number, vertical: boolean, count = 5) =>
    Array.from({ length: count }, (_, i) =>
      vertical
        ? rect(x, y + i * 34, 44, 22, i === 0 ? "#cbd5e1" : "#22c55e", 4)
        : rect(x + i * 34, y, 22, 12, i === count - 1 ? "#cbd5e1" : "#22c55e", 3),
    ).join("");
  const lines = [`${kwh} kWh`, `${volts} V nominal`, name.includes("Gel") ? "Gel VRLA 200 Ah" : "LiFePO4 + BMS"];
  /** The back of a wall unit or a stack: its label and the terminal bar with + and −. */
  const rearWithTerminals = (w: number, body: string, [bx, by, bw, bh]: [number, number, number, number]) =>
    rear(
      w,
      620,
      body,
      accent,
      lines,
      `${rect(bx, by, bw, bh, "#334155", 8)}${circle(bx + bh * 0.75, by + bh / 2, bh / 4, "#ef4444")}${circle(bx + bw - bh * 0.75, by + bh / 2, bh / 4, "#111827")}`,
    );
  if (name.includes("Wall")) {
    const front = `${shadow(600, 800, 220)}<polygon points="740,90 790,120 790,770 740,780" fill="#cbd5e1"/>${rect(460, 80, 280, 700, "#f8fafc", 30, stroke("#cbd5e1", 4))}${rect(460, 600, 280, 24, accent)}${soc(578, 180, true)}${circle(600, 470, 26, "none", stroke(accent, 6))}${rect(597, 440, 6, 28, accent)}${text(600, 700, 30, "#334155", "5.12 kWh", "middle", 700)}`;
    return [front, rearWithTerminals(300, "#e2e8f0", [540, 690, 120, 40]), zoom(front, 600, 300, 2.4)];
  }
  if (name.includes("Rack") || name.includes("PowerStack")) {
    const stack = name.includes("PowerStack");
    const modules = Math.round(kwh / 5.12);
    const x = 400;
    const w = 400;
    const module = (y: number, hgt: number) =>
      `${rect(x, y, w, hgt, "#e5e7eb", 10, stroke("#94a3b8", 3))}${rect(x + 12, y + 16, 20, hgt - 32, "#94a3b8", 6)}${rect(x + w - 32, y + 16, 20, hgt - 32, "#94a3b8", 6)}${soc(x + 60, y + hgt / 2 - 6, false, 4)}${circle(x + 220, y + hgt / 2, 9, "#22c55e")}${rect(x + 260, y + hgt / 2 - 14, 44, 28, "#1f2937", 4)}${rect(x + 316, y + hgt / 2 - 14, 44, 28, "#1f2937", 4)}`;
    if (stack) {
      const front = `${shadow(600, 810, 260)}${rect(x - 10, 740, w + 20, 50, "#334155", 10)}${Array.from({ length: modules }, (_, i) => module(580 - i * 160, 150)).join("")}${rect(x, 160, w, 90, accent, 14)}${rect(x + 30, 180, 140, 50, "#0f172a", 6)}${text(x + 100, 215, 24, "#7dd3fc", "98 %", "middle", 700)}${circle(x + w - 60, 205, 22, "#f8fafc")}`;
      return [front, rearWithTerminals(420, "#d1d5db", [430, 620, 340, 70]), zoom(front, 600, 340, 2.0)];
    }
    const slots = Array.from({ length: 4 }, (_, i) =>
      i < modules ? module(170 + i * 140, 120) : rect(x, 170 + i * 140, w, 120, "#374151", 6),
    ).join("");
    const front = `${shadow(600, 820, 280)}${rect(x - 40, 110, w + 80, 690, "#1f2937", 12)}${rect(x - 24, 130, 14, 650, "#4b5563")}${rect(x + w + 10, 130, 14, 650, "#4b5563")}${slots}${rect(x - 40, 110, w + 80, 40, accent, 12)}`;
    const back = `${shadow(600, 820, 280)}${rect(x - 40, 110, w + 80, 690, "#1f2937", 12)}${Array.from({ length: modules }, (_, i) => `${rect(x, 170 + i * 140, w, 120, "#9ca3af", 8)}${rect(x + 30, 200 + i * 140, 60, 40, "#1f2937", 4)}${rect(x + 110, 200 + i * 140, 60, 40, "#1f2937", 4)}${circle(x + 300, 220 + i * 140, 18, "#ef4444")}${circle(x + 350, 220 + i * 140, 18, "#111827")}`).join("")}${sticker(x + 40, 470, 320, accent, lines, 19)}`;
    return [front, back, zoom(front, 600, 230, 2.2)];
  }
  const gel = name.includes("Gel");
  const w = gel ? 560 : 360 + kwh * 60;
  const h = gel ? 340 : 300;
  const x = 600 - w / 2;
  const y = 330;
  const body = gel ? "#1f2937" : p.brand === "Mutapa Solar" ? "#dcfce7" : "#dbeafe";
  const terminals = `${rect(x + 50, y - 50, 60, 50, "#94a3b8", 6)}${rect(x + 58, y - 62, 44, 20, "#dc2626", 6)}${rect(x + w - 110, y - 50, 60, 50, "#94a3b8", 6)}${rect(x + w - 102, y - 62, 44, 20, "#111827", 6)}`;
  const lid = gel
    ? `${rect(x - 10, y, w + 20, 60, "#374151", 10)}${Array.from({ length: 6 }, (_, i) => circle(x + 150 + i * 52, y + 30, 14, "#111827")).join("")}`
    : `${rect(x - 10, y, w + 20, 40, accent, 10)}${path(`M${x + w / 2 - 90} ${y} v-60 h180 v60`, "none", stroke("#334155", 16))}`;
  const face = gel
    ? `${rect(x, y + 140, w, 110, accent)}${text(600, y + 210, 44, "#fff", "12V 200Ah GEL", "middle", 700)}`
    : `${rect(x + 40, y + 90, 150, 80, "#0f172a", 8)}${text(x + 115, y + 142, 30, "#86efac", "100%", "middle", 700)}${soc(x + 220, y + 124, false, 5)}${text(x + 40, y + 230, 30, "#334155", `${volts} V ${kwh} kWh`, "start", 700)}`;
  const front = `${shadow(600, y + h + 40, w * 0.6)}${terminals}${rect(x, y, w, h, body, 14, stroke(gel ? "#111827" : "#94a3b8", 4))}${lid}${face}`;
  const back = `${shadow(600, y + h + 40, w * 0.6)}${terminals}${rect(x, y, w, h, body, 14, stroke(gel ? "#111827" : "#94a3b8", 4))}${gel ? rect(x - 10, y, w + 20, 60, "#374151", 10) : rect(x - 10, y, w + 20, 40, accent, 10)}${sticker(600 - 150, y + 70, 300, accent, lines.slice(0, 2), 19)}`;
  return [front, back, zoom(front, x + 80, y - 10, 2.4)];
}

function switchGear(p: ProductArtInput, accent: string): Views {
  const name = p.name;
  const amps = figure(name, /(\d+)A\b/, 32);
  const din = (x: number, y: number, poles: number, inner: (cx: number) => string) =>
    `${Array.from({ length: poles }, (_, i) => `${rect(x + i * 90, y, 86, 300, "#f8fafc", 8, stroke("#cbd5e1", 3))}${rect(x + i * 90 + 10, y + 20, 66, 30, "#e2e8f0", 4)}${rect(x + i * 90 + 10, y + 250, 66, 30, "#e2e8f0", 4)}${inner(x + i * 90 + 43)}`).join("")}`;
  const rail = (y: number) => `${rect(240, y, 720, 40, "#94a3b8", 4)}${rect(240, y + 14, 720, 12, "#64748b")}`;
  if (name.includes("Breaker") || name.includes("Surge")) {
    const spd = name.includes("Surge");
    const poles = spd ? 3 : 2;
    const x = 600 - (poles * 90) / 2;
    const inner = (cx: number) =>
      spd
        ? `${rect(cx - 30, 250, 60, 120, "#e5e7eb", 6, stroke("#94a3b8", 2))}${rect(cx - 14, 270, 28, 22, "#22c55e", 3)}${text(cx, 350, 18, "#334155", "SPD", "middle", 700)}`
        : `${rect(cx - 18, 250, 36, 110, "#1f2937", 6)}${rect(cx - 14, 254, 28, 46, accent, 4)}${text(cx, 400, 24, "#334155", `C${amps}`, "middle", 700)}`;
    const front = zoom(`${shadow(600, 720, 360)}${rail(400)}${din(x, 200, poles, inner)}`, 600, 400, 1.5);
    const back = `${shadow(600, 720, 360)}${rect(380, 190, 440, 320, "#f1f5f9", 10, stroke("#cbd5e1", 3))}${path("M380 460 h440 v50 h-440z", "#94a3b8")}${Array.from({ length: 4 }, (_, i) => rect(420, 230 + i * 40, 200 - i * 30, 14, "#94a3b8", 4)).join("")}${path("M660 240 v120 l40 40 v60 M740 240 v200", "none", stroke("#334155", 6))}${circle(660, 240, 12, "#334155")}${circle(740, 240, 12, "#334155")}${sticker(420, 560, 360, accent, [spd ? "Uc 1000 V DC" : `In ${amps} A  C-curve`, "IEC 60947"], 20)}`;
    return [front, back, zoom(`${rail(400)}${din(x, 200, poles, inner)}`, 600, 320, 2.6)];
  }
  const w = name.includes("Combiner") ? 560 : name.includes("Changeover") ? 480 : 340;
  const h = name.includes("Combiner") ? 620 : 440;
  const x = 600 - w / 2;
  const y = 450 - h / 2 - 20;
  const glands = (count: number) =>
    Array.from({ length: count }, (_, i) => rect(x + ((i + 1) * w) / (count + 1) - 16, y + h - 2, 32, 30, "#334155", 5)).join("");
  const box = (fill: string) => `${rect(x, y, w, h, fill, 18, stroke("#94a3b8", 4))}`;
  let inside: string;
  let detailAt: [number, number, number];
  if (name.includes("Combiner")) {
    const fuses = Array.from(
      { length: 4 },
      (_, i) =>
        `${rect(x + 50 + i * 60, y + 110, 48, 150, "#f8fafc", 6, stroke("#94a3b8", 2))}${rect(x + 62 + i * 60, y + 150, 24, 70, "#facc15", 4)}`,
    ).join("");
    inside = `${rect(x + 24, y + 24, w - 48, h - 48, "#e2e8f0", 10)}${rect(x + 36, y + 280, w - 72, 24, "#94a3b8")}${fuses}${rect(x + 320, y + 110, 160, 150, "#f8fafc", 6, stroke("#94a3b8", 2))}${Array.from({ length: 2 }, (_, i) => rect(x + 338 + i * 70, y + 140, 50, 60, "#22c55e", 4)).join("")}${rect(x + 160, y + 340, 240, 180, "#fde047", 10)}${circle(x + 280, y + 430, 60, "#dc2626")}${rect(x + 268, y + 360, 24, 140, "#991b1b", 8)}`;
    detailAt = [x + 160, y + 185, 2.2];
    const front = `${shadow(600, y + h + 40, w * 0.6)}${glands(8)}${box("#cbd5e1")}${inside}`;
    const back = `${shadow(600, y + h + 40, w * 0.6)}${glands(8)}${box("#d1d5db")}${rect(x + 40, y + 60, 80, 24, "#94a3b8", 8)}${rect(x + w - 120, y + 60, 80, 24, "#94a3b8", 8)}${sticker(x + 100, y + 180, 360, accent, ["4 strings in, 1 out", "1000 V DC  15 A fuses", "IP65"], 20)}`;
    return [front, back, zoom(front, detailAt[0], detailAt[1], detailAt[2])];
  }
  if (name.includes("Changeover")) {
    inside = `${rect(x + 50, y + 60, w - 100, 60, "#f8fafc", 6)}${text(x + 90, y + 102, 30, "#334155", "I", "middle", 700)}${text(600, y + 102, 30, "#334155", "0", "middle", 700)}${text(x + w - 90, y + 102, 30, "#334155", "II", "middle", 700)}${circle(600, y + 260, 110, "#1f2937")}${rect(590, y + 150, 20, 110, accent, 8, ` transform="rotate(-40 600 ${y + 260})"`)}${circle(600, y + 260, 34, "#374151")}${text(600, y + 410, 26, "#334155", `${amps} A  GRID / GEN`, "middle", 700)}`;
    detailAt = [600, y + 200, 2.0];
  } else {
    inside = `${rect(x + 60, y + 90, w - 120, w - 120, "#fde047", 12)}${circle(600, y + 90 + (w - 120) / 2, 86, "#dc2626")}${rect(582, y + 80, 36, 200, "#991b1b", 12, ` transform="rotate(90 600 ${y + 90 + (w - 120) / 2})"`)}${text(x + 80, y + 125, 22, "#1f2937", "OFF", "start", 700)}${text(x + w - 80, y + 125, 22, "#1f2937", "ON", "end", 700)}${text(600, y + h - 40, 26, "#334155", "DC 1000 V 32 A", "middle", 700)}`;
    detailAt = [600, y + 210, 2.0];
  }
  const front = `${shadow(600, y + h + 40, w * 0.6)}${glands(name.includes("Changeover") ? 4 : 2)}${box("#e5e7eb")}${inside}`;
  const back = rear(
    w,
    h,
    "#d1d5db",
    accent,
    [`${amps} A`, name.includes("DC") ? "1000 V DC" : "230/400 V AC", "IP65"],
    glands(name.includes("Changeover") ? 4 : 2),
  );
  return [front, back, zoom(front, detailAt[0], detailAt[1], detailAt[2])];
}

// ——— Mounting ———

function mounting(p: ProductArtInput, accent: string): Views {
  const name = p.name;
  const alu = "#b8c2cf";
  const steel = "#94a3b8";
  const railProfile = (cx: number, cy: number, s: number) =>
    path(
      `M${cx - 40 * s} ${cy + 50 * s}h${80 * s}v${-70 * s}h${-18 * s}v${-30 * s}h${-44 * s}v${30 * s}h${-18 * s}z`,
      alu,
      stroke("#64748b", 4),
    );
  const bolt = (x: number, y: number) => `${rect(x - 10, y, 20, 90, "#9ca3af", 4)}${rect(x - 26, y - 16, 52, 20, "#6b7280", 4)}`;
  const parts = (items: string) => `${rect(140, 120, 920, 660, "#e2e8f0", 24)}${items}`;
  if (name.includes("Tile")) {
    const tiles = Array.from({ length: 5 }, (_, r) =>
      path(`M0 ${300 + r * 110}${" q 90 -70 180 0".repeat(7)} V 900 H0z`, r % 2 ? "#b45309" : "#c2410c"),
    ).join("");
    const hook = (x: number) => path(`M${x} 320 v-60 h60 v40 h-30 v240`, "none", stroke("#cbd5e1", 18));
    const front = `${rect(0, 0, 1200, 900, "#fde6d2")}${tiles}${hook(360)}${hook(780)}${rect(220, 250, 760, 40, alu, 6, stroke("#64748b", 3))}${rect(220, 560, 760, 40, alu, 6, stroke("#64748b", 3))}`;
    const back = parts(
      `${path("M300 250 v-90 h110 v60 h-50 v380 h-60z", "#cbd5e1", stroke("#64748b", 4))}${rect(480, 200, 480, 40, alu, 6)}${rect(480, 300, 480, 40, alu, 6)}${Array.from({ length: 4 }, (_, i) => `${rect(500 + i * 110, 440, 80, 50, "#64748b", 6)}${bolt(540 + i * 110, 540)}`).join("")}${sticker(180, 620, 260, accent, ["4-panel kit"], 20)}`,
    );
    const detail = `${rect(0, 0, 1200, 900, "#fde6d2")}${path("M0 600 q 300 -220 600 0 q 300 -220 600 0 V900 H0z", "#c2410c")}${path("M520 700 v-300 h190 v120 h-90 v-20", "none", stroke("#cbd5e1", 54))}${rect(380, 260, 520, 120, alu, 10, stroke("#64748b", 6))}${bolt(640, 170)}`;
    return [front, back, detail];
  }
  if (name.includes("IBR")) {
    const ibr = (y: number, s: number) =>
      path(
        `M0 ${y}${Array.from({ length: Math.ceil(1200 / (200 * s)) }, () => ` h${60 * s} l${20 * s} ${-50 * s} h${40 * s} l${20 * s} ${50 * s} h${60 * s}`).join("")} V900 H0z`,
        "#94a3b8",
        stroke("#64748b", 3),
      );
    const clamp = (x: number, y: number, s: number) =>
      `${rect(x - 40 * s, y - 70 * s, 80 * s, 24 * s, "#334155", 4)}${rect(x - 10 * s, y - 90 * s, 20 * s, 90 * s, "#cbd5e1", 4)}`;
    const front = `${rect(0, 0, 1200, 900, "#e0f2fe")}${ibr(500, 1)}${[100, 500, 900].map((x) => clamp(x + 80, 450, 1)).join("")}${rect(100, 340, 1000, 40, alu, 6, stroke("#64748b", 3))}`;
    const back = parts(
      `${Array.from({ length: 8 }, (_, i) => clamp(260 + (i % 4) * 200, 320 + Math.floor(i / 4) * 180, 1.6)).join("")}${Array.from({ length: 6 }, (_, i) => bolt(260 + i * 130, 560)).join("")}${sticker(780, 600, 240, accent, ["4-panel kit"], 20)}`,
    );
    const detail = `${rect(0, 0, 1200, 900, "#e0f2fe")}${ibr(700, 4)}${clamp(480, 540, 4)}${railProfile(480, 230, 2.4)}`;
    return [front, back, detail];
  }
  if (name.includes("Rail")) {
    const front = `${shadow(600, 720, 460)}${rect(100, 380, 1000, 70, alu, 8, ` transform="rotate(-12 600 415)"${stroke("#64748b", 4)}`)}${rect(100, 440, 1000, 14, "#94a3b8", 0, ` transform="rotate(-12 600 415)"`)}${railProfile(960, 620, 1.6)}`;
    const back = parts(`${railProfile(600, 470, 4.6)}${text(600, 740, 34, "#334155", "40 × 40 mm  6005-T5", "middle", 700)}`);
    const detail = `${rect(0, 0, 1200, 900, "#eef2f6")}${rect(-100, 300, 760, 260, alu, 16, stroke("#64748b", 6))}${rect(560, 300, 760, 260, alu, 16, stroke("#64748b", 6))}${rect(420, 320, 360, 220, "#64748b", 10)}${bolt(500, 260)}${bolt(700, 260)}`;
    return [front, back, detail];
  }
  const carport = name.includes("Carport");
  if (carport) {
    const panels = Array.from({ length: 6 }, (_, i) => rect(170 + i * 145, 150 - i * 6, 138, 120, "#1e2f55", 3, stroke("#cbd5e1", 4))).join(
      "",
    );
    const car = (x: number, c: string) =>
      `${path(`M${x} 700 v-60 l40 -60 h180 l50 60 h40 v60z`, c)}${circle(x + 60, 705, 30, "#111827")}${circle(x + 240, 705, 30, "#111827")}${rect(x + 60, 596, 70, 40, "#bfdbfe", 6)}${rect(x + 145, 596, 70, 40, "#bfdbfe", 6)}`;
    const front = `${rect(0, 0, 1200, 900, "#e0f2fe")}${rect(0, 740, 1200, 160, "#9ca3af")}${rect(200, 270, 20, 470, steel)}${rect(980, 245, 20, 495, steel)}${rect(150, 250, 900, 26, steel, 4, ` transform="rotate(-2.4 600 260)"`)}${panels}${car(250, accent)}${car(640, "#334155")}`;
    const back = `${rect(0, 0, 1200, 900, "#e0f2fe")}${rect(0, 740, 1200, 160, "#9ca3af")}${rect(560, 260, 30, 480, steel)}${path("M240 330 L960 210", "none", stroke("#1e2f55", 26))}${path("M300 330 L575 300 L900 230", "none", stroke(steel, 14))}${car(420, "#334155")}${text(960, 320, 36, "#334155", "20°", "start", 700)}`;
    const detail = `${rect(0, 0, 1200, 900, "#eef2f6")}${rect(480, 120, 240, 640, steel)}${rect(360, 740, 480, 60, "#64748b", 6)}${[400, 800].map((x) => bolt(x, 660)).join("")}${rect(200, 100, 800, 90, steel, 6)}${path("M480 190 l-180 140 h60 l120 -90z", steel)}`;
    return [front, back, detail];
  }
  // A ground frame: rows of panels on A-frames at 20°.
  const leg = (x: number) =>
    `${path(`M${x} 740 L${x + 40} 420 M${x + 220} 740 L${x + 150} 330`, "none", stroke(steel, 16))}${rect(x - 20, 730, 60, 20, "#64748b")}${rect(x + 200, 730, 60, 20, "#64748b")}`;
  const front = `${rect(0, 0, 1200, 900, "#e0f2fe")}${rect(0, 700, 1200, 200, "#a3b18a")}${leg(180)}${leg(520)}${leg(860)}${Array.from({ length: 4 }, (_, i) => path(`M${120 + i * 245} 470 l235 -22 l-10 -150 l-230 22z`, "#1e2f55", stroke("#cbd5e1", 4))).join("")}`;
  const back = `${rect(0, 0, 1200, 900, "#e0f2fe")}${rect(0, 700, 1200, 200, "#a3b18a")}${path("M300 700 L860 700 L860 500z", "none", stroke(steel, 18))}${path("M260 720 L900 480", "none", stroke("#1e2f55", 30))}${text(380, 670, 44, "#334155", "20°", "start", 700)}${rect(280, 690, 60, 30, "#64748b")}${rect(830, 690, 60, 30, "#64748b")}`;
  const detail = `${rect(0, 0, 1200, 900, "#eef2f6")}${rect(0, 640, 1200, 260, "#a3b18a")}${rect(380, 600, 440, 60, "#64748b", 6)}${path("M560 600 L600 120 L640 120 L680 600z", steel)}${bolt(450, 520)}${bolt(750, 520)}`;
  return [front, back, detail];
}

// ——— Cabling ———

function cabling(p: ProductArtInput, accent: string): Views {
  const name = p.name;
  const mm = figure(name, /(\d+)mm²/, 4);
  const colour = name.includes("Red") ? "#dc2626" : name.includes("Twin") ? "#9ca3af" : "#1f2937";
  const thick = 8 + mm * 1.6;
  const section = (cx: number, cy: number, r: number) => {
    if (name.includes("Twin")) {
      return `${rect(cx - r * 1.7, cy - r * 0.7, r * 3.4, r * 1.4, "#d1d5db", r * 0.7, stroke("#9ca3af", 6))}${circle(cx - r * 0.9, cy, r * 0.45, "#92400e")}${circle(cx - r * 0.9, cy, r * 0.28, "#f59e0b")}${circle(cx, cy, r * 0.22, "#eab308")}${circle(cx + r * 0.9, cy, r * 0.45, "#1d4ed8")}${circle(cx + r * 0.9, cy, r * 0.28, "#f59e0b")}`;
    }
    const strands = Math.min(19, 7 + Math.floor(mm / 4) * 2);
    return `${circle(cx, cy, r, colour)}${circle(cx, cy, r * 0.78, "#e5e7eb")}${circle(cx, cy, r * 0.62, "#f59e0b")}${Array.from({ length: strands - 1 }, (_, i) => circle(cx + r * 0.42 * Math.cos((i / (strands - 1)) * 6.283), cy + r * 0.42 * Math.sin((i / (strands - 1)) * 6.283), r * 0.12, "#fbbf24")).join("")}`;
  };
  const lug = (x: number, y: number, s: number) =>
    `${rect(x, y - 18 * s, 70 * s, 36 * s, "#d6a657", 6)}${circle(x + 110 * s, y, 46 * s, "#d6a657")}${circle(x + 110 * s, y, 20 * s, "#f3f5f8")}`;
  if (name.includes("MC4")) {
    const half = (x: number, y: number, male: boolean, s: number) =>
      `${rect(x, y - 28 * s, 90 * s, 56 * s, "#1f2937", 10)}${rect(x + 90 * s, y - 36 * s, 100 * s, 72 * s, "#111827", 12)}${rect(x + 190 * s, y - (male ? 14 : 24) * s, 60 * s, (male ? 28 : 48) * s, male ? "#d1d5db" : "#1f2937", 6)}${rect(x + 110 * s, y - 36 * s, 12 * s, 72 * s, "#374151")}${path(`M${x} ${y} H${x - 200 * s}`, "none", stroke(male ? "#dc2626" : "#111827", 22 * s))}`;
    /** A connector pointing right, or (the female, `s` < 0) mirrored to point left. */
    const connector = (x: number, y: number, male: boolean, s = 1) =>
      s > 0 ? half(x, y, male, s) : `<g transform="translate(${2 * x} 0) scale(-1 1)">${half(x, y, male, -s)}</g>`;
    const front = zoom(`${shadow(600, 720, 420)}${connector(330, 360, true)}${connector(870, 520, false, -1)}`, 600, 460, 1.3);
    const back = `${rect(140, 120, 920, 660, "#e2e8f0", 24)}${Array.from({ length: 5 }, (_, i) => `${connector(330, 200 + i * 110, true, 0.6)}${connector(870, 200 + i * 110, false, -0.6)}`).join("")}${sticker(470, 720, 260, accent, ["10 pairs  IP68"], 18)}`;
    return [front, back, zoom(`${connector(300, 450, true)}${connector(900, 450, false, -1)}`, 550, 450, 2.0)];
  }
  if (name.includes("Battery Cable")) {
    const front = `${shadow(600, 760, 440)}${path("M260 620 C 420 240, 760 760, 920 320", "none", stroke("#dc2626", 44))}${path("M220 700 C 440 380, 760 820, 980 420", "none", stroke("#111827", 44))}${lug(180, 620, 1)}${lug(900, 320, 1)}`;
    return [
      front,
      `${rect(0, 0, 1200, 900, "#eef2f6")}${section(420, 450, 210)}${section(860, 450, 140)}`,
      `${rect(0, 0, 1200, 900, "#f3f5f8")}${rect(-20, 400, 560, 110, "#dc2626", 30)}${rect(520, 410, 160, 90, "#f59e0b", 10)}${lug(640, 455, 2.2)}`,
    ];
  }
  // A reel: the drum, turns of cable across it, the tag with the size.
  const turns = 2;
  const reel = `${shadow(600, 810, 380)}${circle(600, 450, 330, "#a16207")}${circle(600, 450, 290, colour)}${Array.from({ length: turns }, (_, i) => circle(600, 450, 270 - i * thick * 2.6, "none", `${stroke("#f8fafc", 3)} opacity="0.35"`)).join("")}${circle(600, 450, 110, "#a16207")}${circle(600, 450, 40, "#f3f5f8")}${path(`M${600 + 260} 560 C 980 700, 1060 740, 1180 700`, "none", stroke(colour, thick))}${rect(440, 240, 200, 90, "#f8fafc", 8, stroke("#94a3b8", 3))}${text(540, 298, 40, "#1e293b", `${mm} mm²`, "middle", 700)}`;
  const back = `${rect(0, 0, 1200, 900, "#eef2f6")}${section(600, 450, name.includes("Twin") ? 180 : 150 + mm * 6)}${text(600, 820, 36, "#334155", name.includes("Twin") ? "2 × 10 mm² + E" : `${mm} mm² tinned copper`, "middle", 700)}`;
  const cut = `${rect(0, 0, 1200, 900, "#fbf3ec")}${rect(-40, 380, 700, 80 + mm * 4, colour, 30)}${rect(620, 400, 220, 40 + mm * 4, "#e5e7eb", 10)}${rect(820, 410, 260, 20 + mm * 4, "#f59e0b", 8)}${Array.from({ length: 4 }, (_, i) => text(80 + i * 150, 520 + mm * 4, 24, "#475569", name.includes("Twin") ? (i % 2 ? "300/500 V" : "SANS 1507") : i % 2 ? "1.5 kV DC" : "EN 50618")).join("")}`;
  return [reel, back, cut];
}

// ——— Accessories ———

function accessory(p: ProductArtInput, accent: string): Views {
  const name = p.name;
  if (name.includes("Dongle")) {
    const front = `${shadow(600, 720, 300)}<g transform="translate(600 420) scale(1.6) translate(-600 -380)">${rect(420, 300, 300, 160, "#f8fafc", 30, stroke("#cbd5e1", 4))}${rect(720, 340, 80, 80, "#94a3b8", 8)}${rect(460, 400, 100, 12, accent, 6)}${circle(480, 350, 10, "#22c55e")}${circle(510, 350, 10, "#3b82f6")}${path("M560 300 L520 140", "none", stroke("#1f2937", 16))}</g>`;
    const back = `${shadow(600, 720, 300)}<g transform="translate(600 420) scale(1.6) translate(-600 -380)">${rect(420, 300, 300, 160, "#e5e7eb", 30, stroke("#cbd5e1", 4))}${rect(720, 340, 80, 80, "#94a3b8", 8)}${sticker(440, 320, 240, accent, ["SN 2026-0001"], 16)}</g>`;
    return [front, back, zoom(front, 560, 380, 1.8)];
  }
  if (name.includes("Cleaning")) {
    const front = `${shadow(600, 760, 420)}${path("M180 740 L900 220", "none", stroke("#94a3b8", 22))}${path("M180 740 L420 566", "none", stroke("#64748b", 28))}${rect(830, 140, 300, 90, accent, 16, ` transform="rotate(-36 980 185)"`)}${path("M200 760 C 140 800, 120 840, 60 860", "none", stroke("#2563eb", 14))}${rect(260, 640, 160, 200, "#e0f2fe", 20, stroke("#2563eb", 6))}`;
    const back = `${rect(140, 120, 920, 660, "#e2e8f0", 24)}${Array.from({ length: 3 }, (_, i) => rect(220, 220 + i * 90, 760, 28, "#94a3b8", 14)).join("")}${rect(240, 520, 300, 100, accent, 16)}${rect(640, 500, 160, 200, "#e0f2fe", 20, stroke("#2563eb", 6))}`;
    return [front, back, zoom(front, 960, 200, 2.2)];
  }
  if (name.includes("Crimping")) {
    const tool = `${path("M300 640 L560 430 L600 470 L340 690z", accent)}${path("M360 720 L600 490 L640 520 L400 760z", accent)}${path("M560 430 L760 260 L820 300 L620 500z", "#6b7280")}${circle(600, 470, 22, "#334155")}`;
    const front = `${shadow(600, 780, 380)}${tool}${rect(760, 560, 240, 40, "#94a3b8", 8)}${rect(760, 640, 200, 40, "#94a3b8", 8)}`;
    const back = `${rect(140, 120, 920, 660, "#1f2937", 24)}${rect(200, 180, 800, 540, "#374151", 16)}${tool}${rect(760, 560, 200, 40, "#94a3b8", 8)}${rect(760, 640, 180, 40, "#94a3b8", 8)}`;
    return [front, back, zoom(front, 720, 330, 2.6)];
  }
  if (name.includes("Meter")) {
    const front = `${shadow(600, 740, 260)}${rect(120, 420, 960, 40, "#94a3b8", 4)}${rect(460, 220, 280, 440, "#f8fafc", 14, stroke("#cbd5e1", 4))}${rect(490, 270, 220, 100, "#0f172a", 8)}${text(600, 335, 40, "#86efac", "2.41 kW", "middle", 700)}${circle(520, 410, 9, accent)}${Array.from({ length: 4 }, (_, i) => rect(480 + i * 62, 600, 52, 36, "#e5e7eb", 6)).join("")}`;
    const back = rear(300, 460, "#e5e7eb", accent, ["230 V 1~", "CT 100 A", "RS485"]);
    return [front, back, zoom(front, 600, 320, 2.4)];
  }
  // A parcel: the image of a product that has none.
  const front = `${shadow(600, 740, 320)}${path("M360 340 L600 250 L840 340 L600 430z", "#e8c9a5")}${path("M360 340 L600 430 V700 L360 610z", "#d6a87a")}${path("M840 340 L600 430 V700 L840 610z", "#c18f60")}${path("M470 300 L710 390 V450 L470 360z", accent, ' opacity="0.8"')}`;
  return [front, front, front];
}

/** A product's drawing in one of the three views (0 front, 1 back with the rating label, 2 detail), on its own background or `background`. */
export function productArt(p: ProductArtInput, view: number, background?: string): string {
  const accent = BRAND_COLOURS[p.brand ?? ""] ?? "#de7a37";
  const views: Views =
    p.category === "solar-panels"
      ? solarPanel(p, accent)
      : p.category === "hybrid-inverters"
        ? inverter(p, accent)
        : p.category === "energy-storage"
          ? battery(p, accent)
          : p.category === "switch-gear"
            ? switchGear(p, accent)
            : p.category === "mounting-equipment"
              ? mounting(p, accent)
              : p.category === "cabling"
                ? cabling(p, accent)
                : accessory(p, accent);
  const v = Math.max(0, Math.min(2, view));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="${background ?? BACKGROUNDS[v]}"/>${views[v]}</svg>`;
}
