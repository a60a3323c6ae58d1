import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { users } from "../db/schema/accounts.ts";
import type { Actor } from "./auth/actor.ts";
import { createThrottle, type ThrottleRule } from "./throttle.ts";

const HOUR = 60 * 60_000;

/** The public forms that send mail to an address the sender typed. */
export type PublicForm = "contact" | "quote";

/** Where a public form came from: the client's address (null when unknown, as in a service called from a script). */
export type FormSender = { ip?: string | undefined };

/**
 * Limits on the public forms that mail an address anyone can type (the contact form and quote requests), so they
 * cannot be used to send the sender's text to strangers: per client address and per recipient address (`perHour` of
 * each form an hour, refused with 429 before anything is stored), and at most one confirmation an hour to one
 * recipient (later messages are kept and reach the company, the recipient is not mailed again).
 */
export function createFormLimits(db: Db, perHour: number, now?: () => number) {
  const throttle = createThrottle(db, now);
  const rule: ThrottleRule = { limit: perHour, windowMs: HOUR };
  const confirmation: ThrottleRule = { limit: 1, windowMs: HOUR };
  return {
    /** Counts one submission of `form` from `sender` to `email`; 429 when either is over its limit. */
    async admit(form: PublicForm, sender: FormSender, email: string): Promise<void> {
      if (sender.ip) await throttle.consume(`form:${form}:ip:${sender.ip}`, rule);
      await throttle.consume(`form:${form}:to:${email.trim().toLowerCase()}`, rule);
    },

    /**
     * Whether `email` may get a confirmation now (one an hour, whichever form sends it); counts it when so, in the
     * transaction that queues the confirmation when given one (a request rolled back gives it back).
     */
    async mayConfirm(email: string, tx?: Tx): Promise<boolean> {
      const n = await throttle.hit(`form:confirm:${email.trim().toLowerCase()}`, confirmation, tx);
      return n <= confirmation.limit;
    },
  };
}

export type FormLimits = ReturnType<typeof createFormLimits>;

/**
 * Whether a public form's address is the sender's own confirmed one: a signed-in account whose confirmed e-mail address
 * it is. Only then does the form's confirmation repeat what was typed; any other address (a visitor's, or one typed by
 * an account that is not its own) gets a fixed text, so the forms cannot carry anyone's words to a stranger.
 */
export async function isOwnConfirmedAddress(exec: Db | Tx, actor: Actor, email: string): Promise<boolean> {
  if (!actor?.emailVerified) return false;
  const [own] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, actor.id), isNotNull(users.emailVerifiedAt), eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
    .limit(1);
  return own !== undefined;
}
