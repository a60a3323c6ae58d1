import { Mail, MailX, UserRoundMinus, UserRoundPlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { MEMBER_ROLES } from "#shared/roles.ts";
import { MEMBER_ROLE_HINTS, MEMBER_ROLE_LABELS, type TeamMemberView } from "#shared/schemas/team.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormMessage } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Token } from "../../components/ui/token.tsx";
import type { TeamResult } from "./team-actions.server.ts";

/** The owner's invitation form: name, address and role (buyer or technician), each role said in words. */
export function InviteForm({ result }: { result: Extract<TeamResult, { form: "invite" }> | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const values = result?.success ? {} : (result?.values ?? {});
  const errors = result?.fieldErrors ?? {};
  return (
    <section aria-labelledby="invite-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="invite-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <UserRoundPlus aria-hidden="true" className="size-5" /> Invite someone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They get an e-mail with a link to accept. Nobody joins your team until they accept; you can withdraw an invitation until then.
      </p>
      {/* A new form after each success, so the fields are empty again. */}
      <Form method="post" className="mt-4 space-y-4" key={result?.success ?? "invite"} noValidate>
        <input type="hidden" name="intent" value="invite" />
        <FormMessage error={result?.formError} success={result?.success} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Full name" name="fullName" autoComplete="off" required defaultValue={values.fullName} error={errors.fullName} />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={values.email}
            error={errors.email}
          />
        </div>
        <fieldset aria-describedby={errors.role ? "invite-role-error" : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Role</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {MEMBER_ROLES.map((role) => (
              <label
                key={role}
                className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-checked:border-accent-700 has-checked:bg-accent-50"
              >
                <input type="radio" name="role" value={role} defaultChecked={(values.role ?? "buyer") === role} className="mt-1 size-4" />
                <span>
                  <span className="block font-medium text-slate-900">{MEMBER_ROLE_LABELS[role]}</span>
                  <span className="block text-sm text-slate-600">{MEMBER_ROLE_HINTS[role]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.role ? (
            <p id="invite-role-error" className="mt-1 text-sm text-red-700">
              {errors.role}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={buttonClass("primary")} aria-busy={sending || undefined} disabled={sending}>
          <Mail aria-hidden="true" className="size-4" />
          {sending ? "Sending invitation…" : "Send invitation"}
        </button>
      </Form>
    </section>
  );
}

/** An invitation not yet accepted: the name and address the owner typed; the owner may withdraw it (decision 023). */
function InvitationRow({ invitation, manage }: { invitation: TeamMemberView; manage: boolean }) {
  const nameId = `invitation-${invitation.invitation_id}-name`;
  return (
    <li aria-labelledby={nameId} className="rounded-lg border border-dashed border-slate-300 bg-white p-4" data-member={invitation.email}>
      <PersonHeading nameId={nameId} person={invitation} invited />
      <p className="mt-1 text-sm text-slate-600">
        Invited <time dateTime={invitation.added_at}>{formatDate(new Date(invitation.added_at))}</time>
        {invitation.expires_at ? (
          <>
            ; the link works until <time dateTime={invitation.expires_at}>{formatDate(new Date(invitation.expires_at))}</time>
          </>
        ) : null}
        . They join once they accept.
      </p>
      {manage ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="invitationId" value={invitation.invitation_id ?? ""} />
          <button type="submit" className={buttonClass("ghost", "text-red-800")}>
            <MailX aria-hidden="true" className="size-4" />
            Withdraw invitation<span className="sr-only"> of {invitation.full_name}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** One person of the team; the owner may change a member's role or remove them. */
function MemberRow({
  member,
  manage,
  changeRoles,
  result,
}: {
  member: TeamMemberView;
  manage: boolean;
  changeRoles: boolean;
  result: TeamResult | undefined;
}) {
  const own = result && result.form === "role" && result.memberId === member.id ? result : undefined;
  const nameId = `member-${member.id}-name`;
  return (
    <li aria-labelledby={nameId} className="rounded-lg border border-slate-200 bg-white p-4" data-member={member.email}>
      <PersonHeading nameId={nameId} person={member} invited={member.status === "invited"} />
      <p className="mt-1 text-sm text-slate-600">
        {member.role === "owner" ? "Owner since " : "Added "}
        <time dateTime={member.added_at}>{formatDate(new Date(member.added_at))}</time>
      </p>
      {own ? (
        <div className="mt-3">
          <FormMessage error={own.formError ?? own.fieldErrors?.role} success={own.success} />
        </div>
      ) : null}
      {manage && member.role !== "owner" ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {changeRoles ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="memberId" value={member.id ?? ""} />
              <label className="text-sm">
                <span className="mb-1 block font-medium text-slate-800">
                  Role<span className="sr-only"> of {member.full_name}</span>
                </span>
                <select
                  name="role"
                  defaultValue={member.role}
                  className="min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
                >
                  {MEMBER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {MEMBER_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={buttonClass("outline")}>
                Change role<span className="sr-only"> of {member.full_name}</span>
              </button>
            </Form>
          ) : null}
          <Form
            method="post"
            onSubmit={(event) => {
              if (
                !window.confirm(
                  `Remove ${member.full_name} from your team? They lose your company's access at once and keep their own account.`,
                )
              )
                event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="memberId" value={member.id ?? ""} />
            <button type="submit" className={buttonClass("ghost", "text-red-800")}>
              <UserRoundMinus aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {member.full_name}</span>
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The company's people: the owner first, then its buyers and technicians, then (for the owner) its open invitations.
 * `changeRoles` is false while the company is suspended: its owner may still remove people (decision 023).
 */
export function TeamList({
  members,
  manage,
  changeRoles = manage,
  result,
}: {
  members: TeamMemberView[];
  manage: boolean;
  changeRoles?: boolean;
  result: TeamResult | undefined;
}) {
  return (
    <section aria-labelledby="team-title">
      <h2 id="team-title" className="text-xl font-semibold text-slate-900">
        People <span className="text-base font-normal text-slate-600">({members.length})</span>
      </h2>
      {/* A removal's or a withdrawal's answer: the row is gone with it. */}
      {result?.form === "remove" || result?.form === "cancel" ? (
        <div className="mt-3">
          <FormMessage error={result.formError} success={result.success} />
        </div>
      ) : null}
      {members.length === 1 ? (
        <p className="mt-2 text-sm text-slate-600">No one else yet: invite the people who buy or install for you.</p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {members.map((m) =>
          m.id === null ? (
            <InvitationRow key={`invitation-${m.invitation_id}`} invitation={m} manage={manage} />
          ) : (
            <MemberRow key={m.id} member={m} manage={manage} changeRoles={changeRoles} result={result} />
          ),
        )}
      </ul>
    </section>
  );
}

/** A member's or an invitation's name, address and role, marked while the invitation is open. */
function PersonHeading({ nameId, person, invited }: { nameId: string; person: TeamMemberView; invited: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <p id={nameId} className="font-semibold text-slate-900">
          {person.full_name}
        </p>
        <p className="truncate text-sm text-slate-600">
          <Token>{person.email}</Token>
        </p>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800" data-role={person.role}>
          {MEMBER_ROLE_LABELS[person.role]}
        </span>
        {invited ? <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-900">Invitation sent</span> : null}
      </p>
    </div>
  );
}
