// The server's module map (decision 029): which module uses which, from the imports dependency-cruiser reads.
// `node scripts/module-map.mjs` writes it into src/server/README.md; `--check` (part of `npm run lint`) fails when
// the map there is not the current one, or when the modules' graph has a cycle.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const readme = path.join(root, "src", "server", "README.md");
const BEGIN = "<!-- module-map:begin (scripts/module-map.mjs writes this part) -->";
const END = "<!-- module-map:end -->";

const cruise = JSON.parse(
  execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs"),
      "src/server",
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "json",
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  ).toString(),
);

const moduleOf = (file) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
/**
 * module → the modules whose code it runs (value imports: the graph that must have no cycle), and those it only takes
 * types from (erased when built; listed apart).
 */
const uses = new Map();
const typesFrom = new Map();
for (const m of cruise.modules) {
  const from = moduleOf(m.source);
  if (!from) continue;
  if (!uses.has(from)) uses.set(from, new Set());
  if (!typesFrom.has(from)) typesFrom.set(from, new Set());
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (!to || to === from) continue;
    (d.dependencyTypes.includes("type-only") ? typesFrom : uses).get(from).add(to);
  }
}
for (const [name, types] of typesFrom) for (const u of uses.get(name)) types.delete(u);

// Layers: a module's layer is one more than the highest of those it uses; a cycle has none.
const layer = new Map();
const visiting = new Set();
function layerOf(name, trail) {
  if (layer.has(name)) return layer.get(name);
  if (visiting.has(name)) {
    console.error(`module-map: a cycle between modules: ${[...trail, name].join(" → ")}`);
    process.exit(1);
  }
  visiting.add(name);
  let l = 0;
  for (const u of uses.get(name) ?? []) l = Math.max(l, layerOf(u, [...trail, name]) + 1);
  visiting.delete(name);
  layer.set(name, l);
  return l;
}
for (const name of uses.keys()) layerOf(name, []);

const list = (set) =>
  [...set]
    .sort()
    .map((u) => `\`${u}\``)
    .join(", ") || "—";
const names = [...uses.keys()].sort((a, b) => layer.get(a) - layer.get(b) || a.localeCompare(b));
const map = [
  BEGIN,
  "",
  "| layer | module | uses | types only from |",
  "| --- | --- | --- | --- |",
  ...names.map((n) => `| ${layer.get(n)} | \`${n}\` | ${list(uses.get(n))} | ${list(typesFrom.get(n))} |`),
  "",
  END,
].join("\n");

const text = readFileSync(readme, "utf8");
const start = text.indexOf(BEGIN);
const end = text.indexOf(END);
if (start < 0 || end < 0) {
  console.error(`module-map: ${path.relative(root, readme)} has no map markers`);
  process.exit(1);
}
const next = text.slice(0, start) + map + text.slice(end + END.length);
if (process.argv.includes("--check")) {
  if (next !== text) {
    console.error(`module-map: the map in ${path.relative(root, readme)} is not the current one: run node scripts/module-map.mjs`);
    process.exit(1);
  }
} else writeFileSync(readme, next);
