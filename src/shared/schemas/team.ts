import { z } from "zod";
import { MEMBER_ROLES, type MemberRole, TEAM_ROLES } from "../roles.ts";
import { registerSchema } from "./auth.ts";

/**
 * A dealer company's team: the owner (the account that applied) invites buyers and technicians by
 * e-mail; nobody joins until they accept (decision 023): a new address by choosing its password through the mailed
 * link, an existing account by accepting, signed in, from the link.
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

/** POST /api/dealer/team/join and the join page's form: the token of the mailed link (decision 023). */
export const joinTeamSchema = z.object({
  token: z.string({ error: "The invitation link is incomplete." }).trim().min(1, "The invitation link is incomplete.").max(200),
});
export type JoinTeamInput = z.infer<typeof joinTeamSchema>;

/**
 * One line of the team list: a person of the company, or (for its owner) an invitation not yet accepted (decision
 * 023). An invitation has no user id: the owner learns nothing about the address's account before its holder accepts.
 */
export const teamMemberViewSchema = z.object({
  id: z.number().nullable().describe("The person's user id; null for an invitation not yet accepted"),
  invitation_id: z
    .number()
    .nullable()
    .describe("The open invitation's id (cancel it with DELETE /api/dealer/team/invitations/{id}); null for a person"),
  full_name: z.string().describe("The person's name; for an invitation, the name the owner typed"),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  status: z
    .enum(["active", "invited"])
    .describe("invited: an invitation its addressee has not accepted yet (or a member who has not chosen a password yet)"),
  added_at: z.string(),
  expires_at: z.string().nullable().describe("When an open invitation's link stops working; null for a person"),
});
export type TeamMemberView = z.infer<typeof teamMemberViewSchema>;

/** POST /api/dealer/team/join's answer. */
export const joinedTeamSchema = z.object({
  message: z.string(),
  company: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export const joinedMessage = (company: string) => `Welcome to ${company}'s team. Your dealer area now shows the company's work.`;

/** The join page's invitation, as the signed-in account may see it (decision 023). */
export type TeamInvitationPreview =
  | { state: "open"; company: string; role: MemberRole; invitedBy: string; expiresAt: string }
  | { state: "invalid" | "other-account" }
  | { state: "cannot-join"; company: string; message: string };

/** An owner's invitations: at most this many an hour (decision 023). */
export const TEAM_INVITES_PER_HOUR = 20;

export const TEAM_NEEDS_APPROVAL = "Your company's dealer application must be approved before you add people to its team.";
export const NOT_A_MEMBER = "This person is not on your company's team.";
export const ALREADY_ON_TEAM = "This person is already on your team.";
export const NOT_AN_OPEN_INVITATION = "This invitation is no longer open.";

/** The owner's answer to an invitation, the same whether or not the address has an account (decision 023). */
export const invitationSent = (email: string) =>
  `Invitation sent to ${email}. They join your team once they accept it; the link works for three days.`;

/** The 429 of an owner past TEAM_INVITES_PER_HOUR. */
export function tooManyInvitations(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent ${TEAM_INVITES_PER_HOUR} invitations in the last hour, the most we allow. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

// The invited person's side (decision 023).
export const INVITATION_INVALID =
  "This invitation link has expired or has already been used. Ask the company's owner to send you a new invitation.";
export const INVITATION_OTHER_ACCOUNT =
  "This invitation was sent to a different e-mail address from the one you are signed in with. Sign out, sign in with the invited address, and open the link again.";
export const CANNOT_JOIN_TEAM =
  "Your account cannot join a company's team: it belongs to a dealer, to the back office, or to another company's team. Ask the owner to invite a different address.";
export const COMPANY_NOT_TAKING_MEMBERS = "This company cannot add people to its team at the moment. Please ask its owner.";
