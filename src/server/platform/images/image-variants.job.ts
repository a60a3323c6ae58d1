import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import type { createDerivedImages } from "./derived.ts";
import { IMAGE_VARIANTS_JOB, makeImageVariants } from "./image-jobs.ts";

/** The AVIF and JPEG twins of a stored image (queued after an upload, `queueImageVariants`). */
export const imageVariantsJob = defineJob({
  kind: IMAGE_VARIANTS_JOB,
  payload: z.object({ folder: z.string(), name: z.string() }),
  run: (image, { derivedImages }: { derivedImages: ReturnType<typeof createDerivedImages> }) => makeImageVariants(derivedImages, image),
});
