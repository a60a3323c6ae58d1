import type { RollupLog } from "rollup";

/**
 * Build warnings known to be harmless, each matched by its code and its exact text (a quiet first start);
 * any other warning, or one of these with another text after an upgrade, still shows.
 */
const HARMLESS_BUILD_WARNINGS: { code: string; text: RegExp }[] = [
  // zod's comments that explain its `@__PURE__` annotations are read as misplaced annotations; Rollup drops them.
  // (Rollup puts the file and position first: "node_modules/zod/v4/core/util.js (400:0): A comment …".)
  {
    code: "INVALID_ANNOTATION",
    text: /^node_modules\/zod\/v4\/core\/util\.js \(\d+:\d+\): A comment\n\n"\/\/ Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes /,
  },
  {
    code: "INVALID_ANNOTATION",
    text: /^node_modules\/zod\/v4\/core\/regexes\.js \(\d+:\d+\): A comment\n\n"\/\*\* Anchors a pattern source\. The interpolation lives here /,
  },
  // Resource routes (PDF, text, icon, robots.txt, sitemap) have no browser code: their client chunks are empty.
  { code: "EMPTY_BUNDLE", text: /^Generated an empty chunk: "(manual-pdf|manual-txt|favicon|robots|sitemap)"\.$/ },
];

export function isHarmlessBuildWarning(warning: Pick<RollupLog, "code" | "message">): boolean {
  return HARMLESS_BUILD_WARNINGS.some((w) => w.code === warning.code && w.text.test(warning.message));
}
