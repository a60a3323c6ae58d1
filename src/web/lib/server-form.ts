/**
 * The props of a field of a form the server draws (decision 013: the sign-in and contact forms work as plain posts,
 * src/web/enhance/forms.ts checks them first when its script is there): its name, the message the page's action
 * answered under it, and the focus on the first wrong field in the form's order, so a refused post opens where the
 * visitor has to look.
 */
export function serverFields<Field extends string>(errors: Partial<Record<Field, string>> | undefined, order: readonly Field[]) {
  const first = order.find((name) => errors?.[name]);
  return (name: Field): ServerField => ({ name, error: errors?.[name], autoFocus: name === first ? true : undefined });
}

export type ServerField = { name: string; error: string | undefined; autoFocus: true | undefined };
