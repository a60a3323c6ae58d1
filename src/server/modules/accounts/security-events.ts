import { and, desc, eq, lt } from "drizzle-orm";
import type { SecurityEventKind, SecurityEventView } from "#shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { securityEvents } from "../../db/schema/accounts.ts";
import { type Log, silentLog } from "../../platform/log.ts";

export type SecurityEvent = {
  kind: SecurityEventKind;
  result: "success" | "failure" | "locked" | "refused";
  /** A short code ("bad-password", "unknown-account", "admin" …); never a password, token or query string. */
  reason?: string | undefined;
  /** The account concerned, when one is known. */
  userId?: number | null | undefined;
  /** Who did it when that is not the account itself (an admin ending a user's sessions). */
  actorId?: number | null | undefined;
  ip?: string | undefined;
  userAgent?: string | undefined;
};

/** The part of pino (the Fastify logger) events are written with. */
export type SecurityLog = Pick<Log, "info" | "warn">;

/** Events are kept this long, then deleted by the hourly clean-up job. */
export const SECURITY_EVENTS_KEEP_MS = 90 * 24 * 3_600_000;

/**
 * Security events: one structured log line each (`event: "security"`, for log shipping and alerts) and a row, so
 * the back office shows an account's recent ones. Writing one never fails the request it describes.
 */
export function createSecurityEvents(db: Db, log: SecurityLog = silentLog) {
  return {
    async record(e: SecurityEvent): Promise<void> {
      const row = {
        kind: e.kind,
        result: e.result,
        reason: e.reason ?? null,
        userId: e.userId ?? null,
        actorId: e.actorId ?? null,
        ip: e.ip ?? null,
        userAgent: e.userAgent?.slice(0, 300) ?? null,
      };
      const line = { event: "security", ...row };
      if (e.result === "success") log.info(line, `security: ${e.kind} ${e.result}`);
      else log.warn(line, `security: ${e.kind} ${e.result}`);
      try {
        await db.insert(securityEvents).values(row);
      } catch (err) {
        log.warn({ event: "security", err: { message: (err as Error).message } }, "security event not stored");
      }
    },

    /** An account's most recent events, newest first. */
    async recentFor(userId: number, limit = 20): Promise<SecurityEventView[]> {
      const rows = await db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.at), desc(securityEvents.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        kind: r.kind,
        result: r.result,
        reason: r.reason,
        ip: r.ip,
        userAgent: r.userAgent,
        byOther: r.actorId !== null && r.actorId !== r.userId,
      }));
    },

    /** Deletes events past their keeping time; the number deleted. */
    async prune(now: Date): Promise<number> {
      const gone = await db
        .delete(securityEvents)
        .where(and(lt(securityEvents.at, new Date(now.getTime() - SECURITY_EVENTS_KEEP_MS))))
        .returning({ id: securityEvents.id });
      return gone.length;
    },
  };
}

export type SecurityEvents = ReturnType<typeof createSecurityEvents>;
