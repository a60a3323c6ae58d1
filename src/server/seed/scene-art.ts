/**
 * The scenes of the demo case studies and blogs: one drawing of its own for each project and each post (tobacco barns,
 * a clinic roof, a car-park canopy, a lodge…), in up to three views. No captions: the page writes the title. Flat
 * shapes, as the product drawings, so the encoded images stay small.
 */
import { productArt } from "./product-art.ts";

const n = (v: number) => Math.round(v * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, colour: string, width: number) =>
  path(d, "none", ` stroke="${colour}" stroke-width="${width}" stroke-linecap="round"`);

const DAY = { sky: "#bfdbfe", sun: "#fbbf24", ground: "#a3b18a" };
const sky = (colour: string, ground: string, horizon = 600) =>
  `${rect(0, 0, 1200, horizon, colour)}${rect(0, horizon, 1200, 900 - horizon, ground)}`;
const sun = (x: number, y: number, r = 60, colour = DAY.sun) => circle(x, y, r, colour);
/** A msasa-like tree: trunk and a wide flat crown. */
const tree = (x: number, y: number, s = 1, crown = "#4d7c0f") =>
  `${rect(x - 8 * s, y - 90 * s, 16 * s, 90 * s, "#78350f")}${path(`M${x - 110 * s} ${y - 80 * s} q ${110 * s} ${-120 * s} ${220 * s} 0 z`, crown)}`;
const palm = (x: number, y: number, s = 1) =>
  `${line(`M${x} ${y} q ${-20 * s} ${-120 * s} ${10 * s} ${-240 * s}`, "#78350f", 14 * s)}${[-70, -20, 30, 80]
    .map((a) => line(`M${x + 10 * s} ${y - 240 * s} q ${a * s} ${-30 * s} ${a * 1.8 * s} ${30 * s}`, "#15803d", 14 * s))
    .join("")}`;
/** A row of tilted panels seen from the front: a dark band with its cell lines, on legs. */
function panelRow(x: number, y: number, w: number, h: number, legs = true): string {
  const cells = Math.max(2, Math.round(w / 60));
  return `${legs ? `${rect(x + 20, y + h, 10, 50, "#64748b")}${rect(x + w - 30, y + h, 10, 50, "#64748b")}` : ""}${path(`M${n(x + 16)} ${y}h${n(w - 32)}l16 ${h}h${-w}z`, "#1e2f55", ' stroke="#cbd5e1" stroke-width="3"')}${Array.from(
    { length: cells - 1 },
    (_, i) => rect(x + ((i + 1) * w) / cells, y + 2, 2, h - 2, "#3b5070"),
  ).join("")}`;
}
/** Panels on a pitched roof: a skewed grid. */
const roofPanels = (x: number, y: number, cols: number, rows: number, cw = 56, ch = 34) =>
  Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => rect(x + c * (cw + 4) + r * 12, y + r * (ch + 4), cw, ch, "#1e2f55", 2)).join(""),
  ).join("");
/** A drawing of the catalogue without its own background, to place in a scene. */
const bare = (svg: string) => svg.replace(/<\/?svg[^>]*>/g, "").replace(/<rect width="1200" height="900" fill="[^"]+"\/>/, "");
/** The plant room: the project's inverter and battery stack on a painted wall. */
const inverterRoom = (wall: string) =>
  `${rect(0, 0, 1200, 900, wall)}${rect(0, 700, 1200, 200, "#9ca3af")}${line("M80 120 H1120", "#475569", 18)}<g transform="translate(-300 40) scale(0.75)">${bare(productArt({ name: "Kariba Hybrid 10kW Three-Phase", category: "hybrid-inverters", brand: "Kariba Power" }, 0))}</g><g transform="translate(500 40) scale(0.75)">${bare(productArt({ name: "Kariba PowerStack 15kWh", category: "energy-storage", brand: "Kariba Power" }, 0))}</g>`;

// ——— Case studies ———

function tobaccoEstate(view: number): string {
  const barn = (x: number, h: number) =>
    `${rect(x, 600 - h, 130, h, "#b45309")}${path(`M${x - 14} ${600 - h} L${x + 65} ${540 - h} L${x + 144} ${600 - h}z`, "#78716c")}${rect(x + 45, 540 - h + 90, 40, 60, "#451a03")}${rect(x + 40, 540, 50, 60, "#451a03")}`;
  const barns = `${barn(760, 210)}${barn(910, 240)}${barn(1060, 210)}`;
  const tank = `${path("M150 600 L180 360 M250 600 L220 360", "none", ' stroke="#64748b" stroke-width="10"')}${rect(140, 290, 120, 80, "#94a3b8", 8)}`;
  if (view === 2) return inverterRoom("#fef3c7");
  if (view === 1) {
    return `${sky(DAY.sky, "#c2b280", 420)}<g transform="translate(0 -170)">${barns}</g>${Array.from({ length: 3 }, (_, r) =>
      Array.from({ length: 4 }, (_, c) => panelRow(40 + c * 290 - r * 40, 470 + r * 130, 270 + r * 10, 90)).join(""),
    ).join("")}${sun(160, 130)}`;
  }
  return `${sky(DAY.sky, "#c2b280")}${sun(1040, 120)}${path("M0 600 Q 300 520 600 580 T 1200 560 V600 H0z", "#84a05a")}${tree(90, 600, 0.8)}${barns}${tank}${Array.from(
    { length: 4 },
    (_, r) => Array.from({ length: 5 }, (_, c) => panelRow(60 + c * 140 + r * 24, 640 + r * 60, 120, 34, false)).join(""),
  ).join("")}`;
}

function ruralClinic(view: number): string {
  const night = view === 1;
  const window = night ? "#fde68a" : "#bae6fd";
  const clinic = `${rect(260, 430, 680, 220, "#f8fafc")}${path("M230 440 L600 300 L970 440z", "#94a3b8")}${roofPanels(420, 340, 6, 2)}${Array.from({ length: 4 }, (_, i) => rect(310 + i * 90, 500, 60, 60, window, 4)).join("")}${rect(700, 520, 80, 130, "#0e7490", 4)}${rect(820, 480, 80, 80, "#f8fafc", 6, ' stroke="#dc2626" stroke-width="6"')}${rect(852, 490, 16, 60, "#dc2626")}${rect(830, 512, 60, 16, "#dc2626")}`;
  return `${sky(night ? "#1e293b" : "#93c5fd", night ? "#3f3f46" : "#d6b98c", 640)}${night ? circle(1040, 130, 46, "#f1f5f9") : sun(1030, 130)}${path("M0 900 L520 650 H680 L1200 900z", night ? "#52525b" : "#c8a06a")}${clinic}${tree(150, 650, 1.1, night ? "#14532d" : "#4d7c0f")}${tree(1080, 650, 0.9, night ? "#14532d" : "#65a30d")}${night ? rect(760, 600, 160, 40, "#fde68a", 0, ' opacity="0.35"') : ""}`;
}

function shoppingCentre(view: number): string {
  const car = (x: number, y: number, c: string) => `${rect(x, y, 120, 60, c, 14)}${rect(x + 20, y + 10, 80, 40, "#cbd5e1", 8)}`;
  if (view === 1) {
    // From above: the roof covered in panel rows.
    return `${rect(0, 0, 1200, 900, "#9ca3af")}${rect(120, 100, 960, 700, "#e5e7eb", 10)}${Array.from({ length: 8 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => rect(170 + c * 150, 140 + r * 80, 136, 56, "#1e2f55", 3)).join(""),
    ).join("")}${rect(140, 760, 200, 30, "#64748b")}`;
  }
  const canopy = (x: number, y: number, w: number) =>
    `${rect(x + 40, y + 40, 14, 210, "#64748b")}${rect(x + w - 54, y + 40, 14, 210, "#64748b")}${path(`M${x} ${y + 40}L${x + 30} ${y}H${x + w + 30}L${x + w} ${y + 40}z`, "#1e2f55", ' stroke="#cbd5e1" stroke-width="3"')}`;
  const colours = ["#dc2626", "#f8fafc", "#1d4ed8", "#334155", "#ca8a04", "#f8fafc"];
  if (view === 2) {
    return `${sky("#bae6fd", "#6b7280", 520)}${path("M-20 230 L80 140 H1260 L1160 230z", "#1e2f55", ' stroke="#cbd5e1" stroke-width="6"')}${rect(180, 230, 30, 420, "#64748b")}${rect(900, 230, 30, 420, "#64748b")}${Array.from({ length: 3 }, (_, i) => `${rect(120 + i * 330, 560, 280, 130, colours[i] ?? "#334155", 30)}${rect(170 + i * 330, 580, 180, 70, "#cbd5e1", 12)}`).join("")}${rect(0, 760, 1200, 12, "#f8fafc")}`;
  }
  return `${sky("#bae6fd", "#6b7280", 420)}${sun(150, 110)}${rect(80, 180, 1040, 240, "#e7e5e4")}${rect(80, 180, 1040, 50, "#0e7490")}${Array.from({ length: 8 }, (_, i) => rect(120 + i * 125, 280, 90, 140, "#bfdbfe", 4)).join("")}${canopy(60, 470, 500)}${canopy(640, 470, 500)}${Array.from({ length: 6 }, (_, i) => car(100 + (i % 3) * 160 + (i > 2 ? 580 : 0), 650, colours[i] ?? "#334155")).join("")}${Array.from({ length: 5 }, (_, i) => rect(40 + i * 240, 820, 140, 10, "#f8fafc")).join("")}`;
}

function lodge(): string {
  const hut = (x: number, y: number, s: number) =>
    `${rect(x - 90 * s, y - 110 * s, 180 * s, 110 * s, "#fde7c8")}${path(`M${x - 130 * s} ${y - 100 * s} L${x} ${y - 250 * s} L${x + 130 * s} ${y - 100 * s}z`, "#a16207")}${rect(x - 24 * s, y - 70 * s, 48 * s, 70 * s, "#78350f")}`;
  return `${sky("#a5d8ff", "#6b8e23", 560)}${path("M700 560 Q 800 300 950 330 Q 1100 250 1200 330 V560z", "#e2e8f0", ' opacity="0.8"')}${sun(200, 120, 54)}${hut(330, 640, 1.3)}${hut(700, 620, 1)}${rect(860, 470, 240, 18, "#64748b")}${panelRow(860, 380, 240, 90)}${rect(520, 360, 110, 46, "#f8fafc", 8, ' stroke="#94a3b8" stroke-width="4"')}${roofPanels(470, 430, 2, 1, 70, 30)}${palm(110, 720, 1.1)}${palm(1110, 760, 0.9)}${rect(0, 760, 1200, 140, "#3f6212")}${rect(420, 780, 360, 70, "#38bdf8", 30)}`;
}

/** A case study's scene: `key` picks the project (its name), `view` the picture (0–2). */
export function caseStudyArt(projectName: string, view: number): string {
  const name = projectName.toLowerCase();
  const body = name.includes("tobacco")
    ? tobaccoEstate(view)
    : name.includes("clinic")
      ? ruralClinic(view)
      : name.includes("shopping") || name.includes("mall")
        ? shoppingCentre(view)
        : lodge();
  return wrap(body);
}

// ——— Blogs ———

function loadShedding(view: number): string {
  if (view === 1) {
    const items = [
      `${rect(120, 300, 180, 360, "#f8fafc", 16, ' stroke="#94a3b8" stroke-width="6"')}${rect(120, 430, 180, 8, "#94a3b8")}${rect(270, 340, 10, 60, "#94a3b8", 4)}`,
      `${rect(380, 340, 300, 190, "#0f172a", 10)}${rect(500, 530, 60, 50, "#334155")}${rect(440, 580, 180, 14, "#334155", 6)}`,
      `${rect(780, 480, 180, 60, "#f8fafc", 12, ' stroke="#94a3b8" stroke-width="6"')}${line("M820 480 L800 400 M920 480 L940 400", "#334155", 8)}${circle(820, 510, 8, "#22c55e")}`,
      `${circle(1060, 360, 56, "#fde68a")}${rect(1040, 410, 40, 50, "#94a3b8", 6)}`,
    ].join("");
    return `${rect(0, 0, 1200, 900, "#fff7ed")}${rect(0, 660, 1200, 240, "#fed7aa")}${items}${rect(500, 700, 200, 120, "#0e7490", 14)}${rect(520, 740, 110, 40, "#22c55e", 6)}`;
  }
  const house = (x: number, lit: boolean) =>
    `${rect(x, 480, 240, 170, "#e7e5e4")}${path(`M${x - 20} 490 L${x + 120} 390 L${x + 260} 490z`, "#57534e")}${rect(x + 30, 530, 60, 50, lit ? "#fde68a" : "#1f2937", 4)}${rect(x + 150, 530, 60, 50, lit ? "#fde68a" : "#1f2937", 4)}`;
  return `${sky("#312e81", "#4b5563", 650)}${circle(180, 120, 40, "#e0e7ff")}${house(80, false)}${house(480, true)}${roofPanels(540, 420, 3, 1, 50, 30)}${house(880, false)}${rect(0, 650, 1200, 20, "#374151")}`;
}

function batteries(): string {
  return `${rect(0, 0, 1200, 900, "#ecfeff")}${rect(0, 720, 1200, 180, "#cbd5e1")}<g transform="translate(-120 120) scale(0.7)">${bare(productArt({ name: "SunVolt LiFePO4 5.12kWh Wall", category: "energy-storage", brand: "SunVolt" }, 0))}</g><g transform="translate(420 250) scale(0.6)">${bare(productArt({ name: "Highveld Gel 200Ah 12V", category: "energy-storage", brand: "Highveld Electric" }, 0))}</g>`;
}

function farm(view: number): string {
  const tankStand = (x: number, s: number) =>
    `${line(`M${x} 600 L${x + 30 * s} ${600 - 220 * s} M${x + 140 * s} 600 L${x + 110 * s} ${600 - 220 * s}`, "#64748b", 10 * s)}${rect(x, 600 - 320 * s, 140 * s, 110 * s, "#1f2937", 12)}${line(`M${x + 70 * s} 600 V${600 - 210 * s}`, "#2563eb", 8 * s)}`;
  const furrows = Array.from({ length: 6 }, (_, i) =>
    path(`M0 ${640 + i * 44} L1200 ${620 + i * 48} V${644 + i * 48} L0 ${664 + i * 44}z`, "#4d7c0f"),
  ).join("");
  if (view === 1) {
    return `${sky("#bae6fd", "#65a30d", 600)}${furrows}${tankStand(700, 1.6)}${panelRow(120, 380, 420, 150)}${line("M340 580 C 400 640, 600 640, 700 600", "#1f2937", 8)}${sun(1080, 110)}`;
  }
  return `${sky("#bae6fd", "#a3a36a", 600)}${sun(180, 120)}${furrows}${tankStand(900, 1)}${panelRow(560, 480, 280, 90)}${rect(120, 440, 300, 160, "#e5e7eb")}${rect(120, 420, 300, 30, "#0e7490")}${rect(230, 500, 80, 100, "#94a3b8")}${tree(1120, 600, 0.8)}`;
}

function checkUp(): string {
  const dusty = Array.from({ length: 4 }, (_, c) => rect(260 + c * 170, 300, 150, 260, c === 1 ? "#7c6f57" : "#1e2f55", 4)).join("");
  return `${sky("#fde68a", "#d6b98c", 700)}${sun(1050, 110)}${path("M140 620 L220 240 H980 L1060 620z", "#57534e")}${dusty}${path("M330 560 L420 300", "none", ' stroke="#a16207" stroke-width="4" opacity="0.6"')}${line("M1080 900 L960 420 M1140 900 L1020 420", "#94a3b8", 14)}${Array.from({ length: 5 }, (_, i) => line(`M${1075 - i * 24} ${880 - i * 96} h62`, "#94a3b8", 10)).join("")}${rect(60, 660, 200, 150, "#facc15", 18)}${rect(90, 690, 140, 60, "#0f172a", 6)}${line("M150 810 C 150 860, 300 860, 330 820", "#dc2626", 8)}`;
}

function netMetering(view: number): string {
  const meter = (x: number, y: number, s: number) =>
    `${rect(x, y, 200 * s, 280 * s, "#f8fafc", 16, ' stroke="#94a3b8" stroke-width="6"')}${rect(x + 30 * s, y + 40 * s, 140 * s, 60 * s, "#0f172a", 6)}${line(`M${x + 40 * s} ${y + 160 * s} h${120 * s} l-30 -20 M${x + 160 * s} ${y + 210 * s} h${-120 * s} l30 20`, "#16a34a", 10 * s)}`;
  if (view === 1) return `${rect(0, 0, 1200, 900, "#f1f5f9")}${rect(0, 0, 1200, 120, "#cbd5e1")}${meter(420, 200, 1.8)}`;
  const pylon = `${line("M1000 660 L1060 200 L1120 660 M1020 520 L1100 520 M1035 400 L1085 400 M990 260 L1130 260", "#475569", 10)}${line("M1000 260 C 900 320, 820 330, 760 340", "#475569", 4)}`;
  return `${sky("#bfdbfe", "#86efac", 660)}${sun(150, 110)}${rect(200, 420, 360, 240, "#f5f5f4")}${path("M170 430 L380 280 L590 430z", "#9a3412")}${roofPanels(300, 330, 4, 2, 50, 30)}${rect(280, 520, 70, 70, "#bae6fd")}${rect(420, 540, 80, 120, "#78350f")}${meter(660, 390, 0.8)}${pylon}${line("M600 600 H650", "#475569", 6)}`;
}

function dealerVan(): string {
  return `${sky("#bae6fd", "#9ca3af", 620)}${rect(140, 260, 920, 360, "#e7e5e4")}${rect(140, 260, 920, 70, "#de7a37")}${rect(200, 380, 260, 240, "#bfdbfe")}${rect(720, 380, 260, 240, "#bfdbfe")}${rect(520, 420, 140, 200, "#475569")}${path("M180 800 V660 l60 -70 h380 v210z", "#f8fafc")}${rect(620, 640, 260, 160, "#f8fafc")}${rect(200, 690, 160, 60, "#de7a37")}${circle(290, 810, 44, "#111827")}${circle(760, 810, 44, "#111827")}${rect(260, 560, 420, 20, "#64748b")}${roofPanels(270, 520, 4, 1, 90, 36)}`;
}

/** A blog's scene: the post's title picks the drawing, `view` the picture. */
export function blogArt(title: string, view: number): string {
  const t = title.toLowerCase();
  const body = t.includes("load-shedding")
    ? loadShedding(view)
    : t.includes("battery") || t.includes("lithium")
      ? batteries()
      : t.includes("farm")
        ? farm(view)
        : t.includes("check-up")
          ? checkUp()
          : t.includes("metering")
            ? netMetering(view)
            : dealerVan();
  return wrap(body);
}

const wrap = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">${body}</svg>`;
