import { config } from "zod/v4/core";

// zod compiles object schemas with `new Function` when it can; to find out, it tries once as each object schema is
// made, and under the pages' CSP (no 'unsafe-eval') that try is refused and reported as a violation (decision 011).
// The browser's forms are small: no compiling. This must run before any schema is made: see zod-browser.ts.
config({ jitless: true });
