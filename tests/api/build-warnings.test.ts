import { describe, expect, it } from "vitest";
import { isHarmlessBuildWarning } from "../../scripts/build-warnings.ts";

// The build hides the warnings known to be harmless by their exact text, and only those.

describe("isHarmlessBuildWarning", () => {
  it("hides the known ones: zod's explanatory comments, the resource routes' empty chunks", () => {
    const zod = {
      code: "INVALID_ANNOTATION",
      message:
        'node_modules/zod/v4/core/util.js (400:0): A comment\n\n"// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle."\n\nin "node_modules/zod/v4/core/util.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.',
    };
    const regexes = {
      code: "INVALID_ANNOTATION",
      message:
        'node_modules/zod/v4/core/regexes.js (74:0): A comment\n\n"/** Anchors a pattern source. The interpolation lives here rather than at the call site because\n * esbuild will not drop …"\n\nin "node_modules/zod/v4/core/regexes.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.',
    };
    expect(isHarmlessBuildWarning(zod)).toBe(true);
    expect(isHarmlessBuildWarning(regexes)).toBe(true);
    for (const route of ["manual-pdf", "manual-txt", "favicon", "robots", "sitemap"]) {
      expect(isHarmlessBuildWarning({ code: "EMPTY_BUNDLE", message: `Generated an empty chunk: "${route}".` })).toBe(true);
    }
  });

  it("shows every other warning: another empty chunk, another misplaced annotation, the same text under another code", () => {
    expect(isHarmlessBuildWarning({ code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "products".' })).toBe(false);
    expect(
      isHarmlessBuildWarning({
        code: "INVALID_ANNOTATION",
        message:
          'src/web/lib/x.ts (3:0): A comment\n\n"/* @__PURE__ */"\n\nin "src/web/lib/x.ts" contains an annotation that Rollup cannot interpret',
      }),
    ).toBe(false);
    expect(isHarmlessBuildWarning({ code: "CIRCULAR_DEPENDENCY", message: 'Generated an empty chunk: "sitemap".' })).toBe(false);
    expect(isHarmlessBuildWarning({ code: "UNRESOLVED_IMPORT", message: "'x' is imported by y, but could not be resolved" })).toBe(false);
    expect(isHarmlessBuildWarning({ code: undefined, message: "anything" })).toBe(false);
  });
});
