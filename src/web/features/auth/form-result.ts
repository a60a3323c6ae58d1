/** What an auth form's action answers when it does not redirect. */
export type FormResult<Field extends string> = {
  formError?: string;
  /** The spec's success text, when the page stays (e.g. 'Password reset instructions sent…'). */
  success?: string;
  fieldErrors?: Partial<Record<Field, string>>;
  /** What the user typed (never passwords), to fill the form again when the page was sent without JavaScript. */
  values?: Partial<Record<Field, string>>;
};
