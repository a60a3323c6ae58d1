import { redirect } from "react-router";
import { can, type Person } from "#shared/can.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";
import type { WebContext } from "../load-context.ts";
import { loginPathFor } from "./redirects.ts";

/**
 * Page guards for loaders. They only decide where the browser goes; the services still check every call
 * (DESIGN.md §1: no authorization decision outside services).
 */
export function requireSignedIn(context: WebContext, request: Request): PublicUser {
  if (!context.user) throw redirect(loginPathFor(request));
  return context.user;
}

/** A signed-in user whom the permission (`can.*`, decision 030) allows; anyone else signed in goes to `elsewhere`. */
export function requirePageWhere(context: WebContext, request: Request, allowed: (person: Person) => boolean, elsewhere = "/"): PublicUser {
  const user = requireSignedIn(context, request);
  if (!allowed(user)) throw redirect(elsewhere);
  return user;
}

export function requireAdminPage(context: WebContext, request: Request): PublicUser {
  const user = requireSignedIn(context, request);
  if (!can.enterBackOffice(user)) throw redirect("/");
  return user;
}
