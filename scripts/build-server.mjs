// Bundles the Fastify server (src/server/server.ts) into build/app/server.js; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/server.ts"],
  outfile: "build/app/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
