// The quotations module's public surface for other modules (src/server/README.md): they import it from here, never its files.
export * from "./quotation-stats.ts";
