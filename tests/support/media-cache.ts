import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The demo's rendered images, kept for every demo site the tests seed with its images (config SEED_MEDIA_CACHE,
 * `seedIfEmpty`'s `mediaCache`): the browser suite, the restarts, the fault tests and the start-up tests each seed a new
 * one, and rendering its images was most of each first start. Keyed by what is drawn, so a changed drawing renders anew.
 */
export const TEST_MEDIA_CACHE = path.join(tmpdir(), "solar-seed-media-cache");
