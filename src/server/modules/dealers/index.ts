// The dealers module's public surface for other modules (src/server/README.md): they import it from here, never its files.

export { addressColumns } from "./application-read.ts";
export * from "./company.ts";
export * from "./dealer-stats.ts";
