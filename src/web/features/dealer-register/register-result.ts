/** What the registration page's action answers. */
export type RegisterResult = {
  form: "company" | "installations" | "documents" | "verification";
  success?: string;
  formError?: string;
  /** Messages by field path (installations: "installations.{i}.{field}"). */
  fieldErrors?: Record<string, string>;
  /** What was typed, to fill the form again when it was sent without JavaScript. */
  values?: Record<string, string>;
  installations?: Record<string, string>[];
};
