import { Form, Link } from "react-router";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { updateProfileSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import type { ProfileField } from "./account-actions.server.ts";

type Props = { user: PublicUser; editing: boolean; result: FormResult<ProfileField> | undefined };

const toggleClass = "text-sm font-semibold text-accent-700 underline-offset-2 hover:underline";

function DetailsForm({ user, result }: Omit<Props, "editing">) {
  const values = {
    fullName: result?.values?.fullName ?? user.fullName,
    username: result?.values?.username ?? user.username,
    email: result?.values?.email ?? user.email,
  };
  const { register, error, onSubmit, pending } = usePostForm(updateProfileSchema, {
    pathname: "/dealer/profile",
    defaultValues: values,
    serverErrors: result?.fieldErrors,
  });
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="profile" />
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <TextField
        label="Full name"
        autoComplete="name"
        required
        defaultValue={values.fullName}
        error={error("fullName")}
        {...register("fullName")}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        required
        defaultValue={values.username}
        error={error("username")}
        {...register("username")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        hint="A new address must be confirmed again: we e-mail it a link."
        defaultValue={values.email}
        error={error("email")}
        {...register("email")}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Needed to change your e-mail address or username."
        error={error("currentPassword")}
        {...register("currentPassword")}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary")}>
        {pending ? "Saving…" : "Save Changes"}
      </button>
    </Form>
  );
}

/** Spec §2 /dealer/profile: Personal Details, shown or edited (the Edit/Cancel toggle is a link, so it works without JavaScript). */
export function PersonalDetails({ user, editing, result }: Props) {
  const saved = result?.success;
  const open = editing && !saved;
  return (
    <section
      aria-labelledby="personal-heading"
      data-tour="profile-personal"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="personal-heading" className="text-xl font-semibold text-slate-900">
          Personal Details
        </h2>
        <Link to={open ? "/dealer/profile" : "/dealer/profile?edit=details"} replace preventScrollReset className={toggleClass}>
          {open ? "Cancel" : "Edit"}
        </Link>
      </div>
      {saved ? (
        <div className="mt-4">
          <FormAlert tone="success">{saved}</FormAlert>
        </div>
      ) : null}
      {open ? (
        <DetailsForm user={user} result={result} />
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {(
            [
              ["Full name", user.fullName],
              ["Username", user.username],
              ["Email", user.email],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!user.emailVerified ? (
        <p className="mt-4 text-sm text-amber-800">
          Your e-mail address is not confirmed yet.{" "}
          <Link to="/verification" className="font-semibold underline">
            Send a new link
          </Link>
        </p>
      ) : null}
    </section>
  );
}
