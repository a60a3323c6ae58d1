import { and, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { roleNameOf } from "#shared/roles.ts";
import type { AuditEntryView, AuditQuery } from "#shared/schemas/audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { users } from "../../db/schema/accounts.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { type Actor, requireStaff, type SignedIn, staffOf } from "../../platform/auth/actor.ts";

/** One change made in the back office. `before`/`after` are the record as the API shows it (null when absent). */
export type AuditChange = {
  entity: string;
  entityId: string | number;
  action: string;
  summary?: string;
  before?: unknown;
  after?: unknown;
};

/** Secrets never reach the log, whatever a caller passes. */
const HIDDEN_KEYS = new Set(["password", "passwordHash", "password_hash", "token", "tokenHash", "token_hash"]);

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!HIDDEN_KEYS.has(key)) out[key] = scrub(v);
    return out;
  }
  return value;
}

function startOfDayUtc(date: string, plusDays = 0): Date {
  const d = new Date(`${date}T00:00:00+02:00`); // the company's calendar day (Africa/Harare, UTC+2 all year)
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

export function createAuditService(db: Db) {
  function whereOf(query: AuditQuery): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
    if (query.action) conditions.push(eq(auditLog.action, query.action));
    if (query.actorId !== undefined) conditions.push(eq(auditLog.actorId, query.actorId));
    if (query.from) conditions.push(gte(auditLog.createdAt, startOfDayUtc(query.from)));
    if (query.to) conditions.push(lt(auditLog.createdAt, startOfDayUtc(query.to, 1)));
    if (query.q) {
      const q = query.q;
      const match = or(containsText(auditLog.summary, q), containsText(auditLog.entityId, q), containsText(auditLog.actorName, q));
      if (match) conditions.push(match);
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  return {
    /**
     * Writes one entry. Pass the transaction that makes the change, so the change and its entry stand or fall
     * together. The actor's name is copied from their account at the time.
     */
    async record(exec: Db | Tx, actor: SignedIn, change: AuditChange): Promise<void> {
      await exec.insert(auditLog).values({
        actorId: actor.id,
        actorName: sql`coalesce((select ${users.fullName} from ${users} where ${users.id} = ${actor.id}), '')`,
        actorStaffRole: staffOf(actor)?.name ?? null,
        entity: change.entity,
        entityId: String(change.entityId),
        action: change.action,
        summary: change.summary ?? "",
        before: scrub(change.before),
        after: scrub(change.after),
      });
    },

    /** The log, newest first, filtered (admins). */
    async list(actor: Actor, query: AuditQuery): Promise<{ rows: AuditEntryView[]; count: number }> {
      requireStaff(actor, "audit.read");
      const where = whereOf(query);
      const { limit, offset, envelope } = paged(query);
      const [rows, [total]] = await Promise.all([
        db
          // The acting account's role beside the name it chose: the name alone could be anyone's.
          .select({ entry: auditLog, roleId: users.roleId })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return envelope(
        rows.map(({ entry: r, roleId }) => ({
          id: r.id,
          actorId: r.actorId,
          actorName: r.actorName,
          actorRole: roleId === null ? null : roleNameOf(roleId),
          actorStaffRole: r.actorStaffRole,
          entity: r.entity,
          entityId: r.entityId,
          action: r.action,
          summary: r.summary,
          before: r.before,
          after: r.after,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      );
    },

    /** The entities and actions the log holds, for the filter menus. */
    async facets(actor: Actor): Promise<{ entities: string[]; actions: string[] }> {
      requireStaff(actor, "audit.read");
      const [entities, actions] = await Promise.all([
        db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
        db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
      ]);
      return { entities: entities.map((e) => e.v), actions: actions.map((a) => a.v) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
