import { data } from "react-router";
import { changeMemberRoleSchema, inviteMemberSchema } from "#shared/schemas/team.ts";
import { type FormResult, formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";

export type InviteField = "email" | "fullName" | "role";
/** Which of the team page's forms answered (the member's id for a row's), so only that one shows the result. */
export type TeamResult =
  | ({ form: "invite" } & FormResult<InviteField>)
  | ({ form: "role"; memberId: number } & FormResult<"role">)
  | ({ form: "remove"; memberId: number } & FormResult<never>);

/** The team page's three forms: invite, change a member's role, remove a member (issue 25 §4). */
export async function teamAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const memberId = Number(formText(form, "memberId"));
  if (intent === "invite") {
    const values = { email: formText(form, "email"), fullName: formText(form, "fullName"), role: formText(form, "role") };
    return formAction(
      inviteMemberSchema,
      async (input) => {
        const member = await context.services.team.invite(context.actor, input);
        const said =
          member.status === "invited"
            ? `Invitation sent to ${member.email}. The link to choose a password works for three days.`
            : `${member.full_name} is now on your team.`;
        return data<TeamResult>({ form: "invite", success: said });
      },
      { input: values, values, tag: { form: "invite" as const }, failureFields: ["email", "fullName", "role"] },
    );
  }
  if (intent === "role") {
    return formAction(
      changeMemberRoleSchema,
      async (input) => {
        const member = await context.services.team.changeRole(context.actor, memberId, input);
        return data<TeamResult>({ form: "role", memberId, success: `${member.full_name} is now a ${input.role}.` });
      },
      { input: { role: formText(form, "role") }, tag: { form: "role" as const, memberId } },
    );
  }
  if (intent === "remove") {
    try {
      await context.services.team.remove(context.actor, memberId);
      return data<TeamResult>({ form: "remove", memberId, success: "Removed from the team. Their sessions have ended." });
    } catch (err) {
      const known = knownFailure(err);
      if (!known) throw err;
      return data<TeamResult>({ form: "remove", memberId, formError: known.message }, { status: known.statusCode });
    }
  }
  return data<TeamResult>({ form: "invite", formError: "Unknown action." }, { status: 400 });
}
