/**
 * The server's module graph (src/server/README.md, decision 029): checked by `npm run lint`.
 * Module-level cycles are checked by scripts/module-map.mjs, which also writes the map.
 */
module.exports = {
  forbidden: [
    {
      name: "module-internals",
      comment: "Another module is used through its public file only: its index.ts or one of its *.service.ts (src/server/README.md).",
      severity: "error",
      from: { path: "^src/server/modules/([^/]+)/" },
      to: {
        path: "^src/server/modules/[^/]+/",
        pathNot: ["^src/server/modules/$1/", "^src/server/modules/[^/]+/(index|[^/]+[.]service)[.]ts$"],
      },
    },
    {
      name: "platform-and-db-below-modules",
      comment: "platform/ and db/ are below the modules: they never import one.",
      severity: "error",
      from: { path: "^src/server/(platform|db)/" },
      to: { path: "^src/server/modules/" },
    },
    {
      name: "no-file-cycles",
      comment: "No cycle between files: a module that needs another's work is given it, not imported back.",
      severity: "error",
      from: { path: "^src/(server|shared)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/(server|shared)/",
    exclude: { path: "[.]test[.]ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: false,
  },
};
