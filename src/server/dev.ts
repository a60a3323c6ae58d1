import { main } from "./main.ts";

process.env.NODE_ENV ??= "development";
await main("development");
