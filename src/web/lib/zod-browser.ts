/**
 * What `import … from "zod"` gives the bundles Vite builds (vite.config.ts aliases it here): zod itself, set to
 * jitless before any schema module runs (zod-jitless.ts is evaluated first, being this module's first import). The
 * API server, built apart, keeps zod's compiled parsers.
 */
import "./zod-jitless.ts";

export * from "zod/v4";
export { default, z } from "zod/v4";
