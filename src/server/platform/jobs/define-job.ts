import type { z } from "zod";

/**
 * A kind of background job declared once (decision 007), in the module that owns its work: its kind (the name queued
 * rows carry, so it never changes), the schema of its payload, how often it is queued by itself if it is periodic,
 * and what it does with a payload that passed the schema, given what it needs of the app (`deps`). The worker
 * (`worker.define`) registers the handler and derives the periodic schedule from the definitions.
 */
export type JobDefinition<Deps> = {
  kind: string;
  payload: z.ZodType;
  /** Queued once per period of this many milliseconds by every running worker (dedupe key `<kind>@<period start>`). */
  every?: number;
  /** The work; a throw is a failed attempt, retried with the queue's backoff. */
  run(payload: never, deps: Deps): Promise<void>;
};

/** Declares a job kind; `run` gets the payload as its schema parsed it. */
export const defineJob = <Schema extends z.ZodType, Deps>(job: {
  kind: string;
  payload: Schema;
  every?: number;
  run(payload: z.infer<Schema>, deps: Deps): Promise<void>;
}): JobDefinition<Deps> => job as JobDefinition<Deps>;

/** The same kind without its own schedule: queued only by the code that needs it (a switch that is off). */
export const unscheduled = <Deps>(job: JobDefinition<Deps>): JobDefinition<Deps> => {
  const { every: _, ...rest } = job;
  return rest;
};
