import { z } from "zod";
import { ROLE_IDS, type RoleName } from "../roles.ts";
import { pageFields } from "./list.ts";

const ROLE_NAMES = Object.keys(ROLE_IDS) as [RoleName, ...RoleName[]];

/** The back office's audit log: one entry per change, filterable. */
export const auditQuerySchema = z.object({
  entity: z.string().trim().max(40).optional().default(""),
  action: z.string().trim().max(40).optional().default(""),
  actorId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Free text: matched against the summary and the entity id. */
  q: z.string().trim().max(100).optional().default(""),
  from: z.iso
    .date()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  to: z.iso
    .date()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ...pageFields({ pageSize: 25, max: 200 }),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  /** The acting account's id: the display name is the account's own choice, the id and role are not. */
  actorId: z.number().nullable(),
  actorName: z.string(),
  /** The acting account's role (its role now); null once the account is removed. */
  actorRole: z.enum(ROLE_NAMES).nullable(),
  /** The back-office role the change was made under (decision 035), as it was then; null for changes before roles. */
  actorStaffRole: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/**
 * "Tendai Moyo (Manager, account #3)": who made a change, under the back-office role it was made under, never by the display name alone. An entry without an account
 * is the system's (its name says which job) or a removed account's.
 */
export function auditActorLabel(
  entry: Pick<AuditEntryView, "actorId" | "actorName" | "actorRole"> & { actorStaffRole?: string | null },
): string {
  if (entry.actorId === null) return entry.actorName ? `${entry.actorName} (no account)` : "(removed account)";
  const role = entry.actorStaffRole ?? entry.actorRole ?? "no role";
  return `${entry.actorName || "(no name)"} (${role}, account #${entry.actorId})`;
}
