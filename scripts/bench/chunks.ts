// The largest route chunks of the client build: per route, its own module and the chunks it imports beyond what the
// entry loads anyway, gzipped (-9) as the first-load budget counts them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type ManifestEntry = { module: string; imports?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string }> };

export type RouteChunk = { route: string; ownKb: number; withImportsKb: number };

export function largestRouteChunks(clientDir: string, top = 10): { entryKb: number; routes: RouteChunk[] } {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run npm run build`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const sizes = new Map<string, number>();
  const gz = (url: string) => {
    let n = sizes.get(url);
    if (n === undefined) {
      n = gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
      sizes.set(url, n);
    }
    return n;
  };
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const shell = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const routes = Object.values(manifest.routes).map((r) => {
    const extra = [r.module, ...(r.imports ?? [])].filter((u) => !shell.has(u));
    return { route: r.id, ownKb: kb(gz(r.module)), withImportsKb: kb(extra.reduce((s, u) => s + gz(u), 0)) };
  });
  routes.sort((a, b) => b.withImportsKb - a.withImportsKb);
  return { entryKb: kb([...shell].reduce((s, u) => s + gz(u), 0)), routes: routes.slice(0, top) };
}
