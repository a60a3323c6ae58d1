// The built site; `npm run dev` (src/server/dev.ts) serves the sources through Vite instead.
// React chooses its production or development build from NODE_ENV when it is first loaded, and its development
// build renders pages several times slower. So the built site always runs its libraries in production mode: NODE_ENV
// is set before anything else loads (hence the dynamic import), and the app's own mode (SITE_URL required, secure
// cookies, demo passwords refused: config.ts) is kept as APP_ENV, taken from NODE_ENV as it was given.
process.env.APP_ENV ??= process.env.NODE_ENV || "development";
process.env.NODE_ENV = "production";
const { main } = await import("./main.ts");
await main("production");

export {};
