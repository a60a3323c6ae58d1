import type { Db } from "#server/db/client.ts";
import { createJobWorker } from "#server/platform/jobs/worker.ts";
import { MAIL_JOB, mailJobHandler } from "#server/platform/mailer/mail-queue.ts";
import type { Mail } from "#server/platform/mailer/mailer.ts";

/** An SMTP stand-in that refuses every message until `up` is set, then records them. */
export function flakyTransport() {
  const state = {
    up: false,
    sent: [] as Mail[],
    async send(mail: Mail) {
      if (!state.up) throw new Error("SMTP down");
      state.sent.push(mail);
    },
  };
  return state;
}

/**
 * A mail worker driven by hand on a test database, with its own clock (`clock.ms`) and no jitter: `runDue()` runs the
 * mail jobs due at the clock's time.
 */
export function manualMailWorker(db: Db, transport: { send(mail: Mail): Promise<void> }) {
  // A few seconds ahead, so that the jobs a test queues just after this are due.
  const clock = { ms: Date.now() + 5_000 };
  const worker = createJobWorker({
    db,
    pollMs: 0,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    leaseMs: 60_000,
    now: () => new Date(clock.ms),
    random: () => 0.5,
  });
  worker.register(MAIL_JOB, mailJobHandler(transport));
  return { worker, clock };
}
