// How the built server is run, by `npm start` and by the tests and benchmarks (tests/support/server-process.ts).
// Measured with `npm run bench` (DESIGN.md §7: under 300 MB resident under load):
// - MALLOC_ARENA_MAX=2: libvips (sharp) encodes images on many threads, and with an arena per thread the freed memory
//   stays resident (436 MB after 90 AVIF encodes with the default, 293 MB with two);
// - MALLOC_MMAP_THRESHOLD_=32768: V8 compiles PGlite's WebAssembly (9 MB of Postgres) with TurboFan as its functions
//   get hot, in 32 KB zone segments that glibc took from its heap and, freed but fragmented, kept resident: 60-80 MB
//   of the server's memory was malloc's (at idle too). Blocks of 32 KB and more are now mapped on their own and
//   returned when freed: on PGlite 197-200 MB at idle instead of 247-271, 264-284 MB at the bench's peak instead of
//   306-325 (the same CPU per request within the noise). A fixed threshold also stops glibc from raising it itself;
//   --liftoff-only (no TurboFan) saved as much but made each statement about 30% slower;
// - a small young generation (4 MB semi-spaces instead of 16) and an old generation capped at 192 MB (the live heap is
//   50-90 MB) make V8 collect before it grows: 100 connections took the server from 227 to 321 MB resident with the
//   defaults, to 271 MB with these.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=192"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" };
