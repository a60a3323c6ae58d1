/** A form-level message (server failure, success), announced when it appears. */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: React.ReactNode }) {
  const colours = tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${colours}`}>
      {children}
    </div>
  );
}

/**
 * A server-drawn form's own message at its head: the action's refusal or its success text. Marked
 * `data-form-message` so the browser's check (src/web/enhance/forms.ts) replaces it when it says something new.
 */
export function FormMessage({ error, success }: { error?: string | undefined; success?: string | undefined }) {
  if (!error && !success) return null;
  return (
    <div data-form-message="">
      {success ? <FormAlert tone="success">{success}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
