import { Form } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import type { SessionInfo } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostPending } from "../../lib/use-post-pending.ts";

/** A short description of a browser from its user agent string. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

/** Where the account is signed in, and "Sign out of other devices". */
export function SessionsPanel({ sessions, result }: { sessions: SessionInfo[]; result: FormResult<"password"> | undefined }) {
  const message = result?.success;
  const pending = usePostPending("/dealer/profile");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section
      aria-labelledby="sessions-heading"
      data-tour="profile-sessions"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="sessions-heading" className="text-xl font-semibold text-slate-900">
        Where you are signed in
      </h2>
      {message ? (
        <div className="mt-4">
          <FormAlert tone="success">{message}</FormAlert>
        </div>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="font-medium text-slate-900">
              {deviceName(s.userAgent)}
              {s.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">This device</span> : null}
            </span>
            <span className="text-sm text-slate-600">Last active {formatDateTime(new Date(s.lastSeenAt))}</span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="revoke-others" />
          {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
          <TextField
            label="Current password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint="Asked again so that a session left open elsewhere cannot sign you out."
            error={pending ? undefined : result?.fieldErrors?.password}
          />
          <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("outline")}>
            Sign out of other devices
          </button>
        </Form>
      ) : null}
    </section>
  );
}
