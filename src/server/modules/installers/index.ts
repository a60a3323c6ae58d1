// The installers module's public surface for other modules (src/server/README.md): they import it from here, never its files.
export * from "./profile-slug.ts";
export * from "./verified.ts";
