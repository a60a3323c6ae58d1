// How the built server is run, by `npm start` and by the tests and benchmarks (tests/support/server-process.ts).
// Measured with `npm run bench` (DESIGN.md §7: under 300 MB resident under load):
// - MALLOC_ARENA_MAX=2: libvips (sharp) encodes images on many threads, and with an arena per thread the freed memory
//   stays resident (436 MB after 90 AVIF encodes with the default, 293 MB with two);
// - a small young generation (4 MB semi-spaces instead of 16) and an old generation capped at 192 MB (the live heap is
//   50-90 MB) make V8 collect before it grows: 100 connections took the server from 227 to 321 MB resident with the
//   defaults, to 271 MB with these.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=192"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
