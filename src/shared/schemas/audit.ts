import { z } from "zod";

/** The back office's audit log (issue 6): one entry per change, filterable. */
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
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(25),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
