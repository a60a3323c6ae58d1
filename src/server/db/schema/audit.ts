import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * Every change made in the back office: who, what, when, and the record before and after. Rows are only
 * ever added; the actor's name is copied so the log still reads after the account is removed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull().default(""),
    /** The back-office role the change was made under (decision 035), copied as it was then; null for others. */
    actorStaffRole: text("actor_staff_role"),
    /** What was changed: "product", "blog", "dealer", "quotation", "order", "settings" … */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull().default(""),
    /** "create", "update", "delete", "status", … */
    action: text("action").notNull(),
    summary: text("summary").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);
