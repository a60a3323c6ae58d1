// The stock module's public surface for other modules (src/server/README.md): they import it from here, never its files.
export * from "./availability.ts";
export * from "./stock-ledger.ts";
