/**
 * zod as the enhancing scripts' forms bundle gets it (scripts/build-server.mjs): set to jitless first, as
 * zod-browser.ts, then zod's named exports only. The build reads the schemas' `import { z } from "zod"` as
 * `import * as z from` this module, so esbuild keeps only what the schemas use (zod's `z` object holds all of zod,
 * its locales included, and esbuild cannot tell which of its parts are used: 460 KB against 100 KB).
 */
import "./zod-jitless.ts";

export * from "zod/v4";
