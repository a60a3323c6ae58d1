import type { Permission } from "#shared/staff.ts";

/** What a back-office page's 403 carries (decision 035): the missing right in words, and whom to ask. */
export type StaffRefusal = { kind: "staff-permission"; permission: Permission; message: string; askWhom: string };

/** A 403 thrown by `requireStaffPage` (guards.server.ts), as the admin layout's ErrorBoundary receives it. */
export function isStaffRefusal(value: unknown): value is StaffRefusal {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "staff-permission";
}
