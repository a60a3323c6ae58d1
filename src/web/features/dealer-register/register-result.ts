import type { FormResult } from "#web/lib/form-action.ts";

/** What the registration page's action answers: a form result (field messages by path, "installations.{i}.{field}"). */
export type RegisterResult = FormResult<string> & {
  form: "company" | "installations" | "documents" | "verification";
  installations?: Record<string, string>[];
};
