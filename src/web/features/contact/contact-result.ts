export type ContactField = "fullName" | "email" | "phone" | "notes" | "requestQuote";

/** What the contact page's action answers. */
export type ContactResult =
  | { status: "sent"; message: string; id: number }
  | {
      status: "error";
      formError?: string;
      fieldErrors?: Partial<Record<ContactField, string>>;
      /** What the visitor typed, to fill the form again when the page was sent without JavaScript. */
      values: { fullName: string; email: string; phone: string; notes: string; requestQuote: boolean };
    };
