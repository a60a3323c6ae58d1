import { data } from "react-router";
import { changeMemberRoleSchema, invitationSent, inviteMemberSchema } from "#shared/schemas/team.ts";
import { type FormResult, formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";

export type InviteField = "email" | "fullName" | "role";
/** Which of the team page's forms answered (the member's id for a row's), so only that one shows the result. */
export type TeamResult =
  | ({ form: "invite" } & FormResult<InviteField>)
  | ({ form: "role"; memberId: number } & FormResult<"role">)
  | ({ form: "remove"; memberId: number } & FormResult<never>)
  | ({ form: "cancel"; invitationId: number } & FormResult<never>);

/**
 * The team page's forms: invite, change a member's role, remove a member, withdraw an invitation
 * (decision 023).
 */
export async function teamAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const memberId = Number(formText(form, "memberId"));
  if (intent === "invite") {
    const values = { email: formText(form, "email"), fullName: formText(form, "fullName"), role: formText(form, "role") };
    return formAction(
      inviteMemberSchema,
      async (input) => {
        // The same answer whether or not the address has an account (decision 023).
        const invited = await context.services.team.invite(context.actor, input);
        return data<TeamResult>({ form: "invite", success: invitationSent(invited.email) });
      },
      { log: context.logError, input: values, values, tag: { form: "invite" as const }, failureFields: ["email", "fullName", "role"] },
    );
  }
  if (intent === "cancel") {
    const invitationId = Number(formText(form, "invitationId"));
    try {
      await context.services.team.cancelInvitation(context.actor, invitationId);
      return data<TeamResult>({ form: "cancel", invitationId, success: "Invitation withdrawn: its link no longer works." });
    } catch (err) {
      const known = knownFailure(err);
      if (!known) throw err;
      return data<TeamResult>({ form: "cancel", invitationId, formError: known.message }, { status: known.statusCode });
    }
  }
  if (intent === "role") {
    return formAction(
      changeMemberRoleSchema,
      async (input) => {
        const member = await context.services.team.changeRole(context.actor, memberId, input);
        return data<TeamResult>({ form: "role", memberId, success: `${member.full_name} is now a ${input.role}.` });
      },
      { log: context.logError, input: { role: formText(form, "role") }, tag: { form: "role" as const, memberId } },
    );
  }
  if (intent === "remove") {
    try {
      await context.services.team.remove(context.actor, memberId);
      return data<TeamResult>({
        form: "remove",
        memberId,
        success: "Removed from the team. They keep their own account, without your company's prices, orders or team.",
      });
    } catch (err) {
      const known = knownFailure(err);
      if (!known) throw err;
      return data<TeamResult>({ form: "remove", memberId, formError: known.message }, { status: known.statusCode });
    }
  }
  return data<TeamResult>({ form: "invite", formError: "Unknown action." }, { status: 400 });
}
