import { z } from "zod";
import { MEMBER_ROLES, TEAM_ROLES } from "../roles.ts";
import { registerSchema } from "./auth.ts";

/**
 * A dealer company's team (issue 25 §4): the owner (the account that applied) invites buyers and technicians by
 * e-mail; each gets a link to choose a password.
 */
export const MEMBER_ROLE_LABELS = { owner: "Owner", buyer: "Buyer", technician: "Technician" } as const;
export const MEMBER_ROLE_HINTS = {
  owner: "Applied for the company; manages its team.",
  buyer: "Sees your prices, places orders, and sees the company's orders and quotations.",
  technician: "Sees the catalogue and the company's orders, without prices; cannot place orders.",
} as const;

const role = z.enum(MEMBER_ROLES, { error: "Choose Buyer or Technician." });

/** POST /api/dealer/team and the team page's invite form. */
export const inviteMemberSchema = z.object({
  email: registerSchema.shape.email,
  fullName: registerSchema.shape.fullName,
  role,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** PUT /api/dealer/team/{userId}. */
export const changeMemberRoleSchema = z.object({ role });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

export const teamMemberViewSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  status: z.enum(["active", "invited"]).describe("invited: the member has not chosen a password yet"),
  added_at: z.string(),
});
export type TeamMemberView = z.infer<typeof teamMemberViewSchema>;

export const TEAM_NEEDS_APPROVAL = "Your company's dealer application must be approved before you add people to its team.";
export const NOT_A_MEMBER = "This person is not on your company's team.";
export const EMAIL_TAKEN_FOR_TEAM =
  "This e-mail address belongs to an account that cannot join your team (a dealer, a back-office account or another company's member).";
