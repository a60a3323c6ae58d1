import { main } from "./main.ts";

// The built site; `npm run dev` (src/server/dev.ts) serves the sources through Vite instead.
await main("production");
