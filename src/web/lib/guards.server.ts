import { redirect } from "react-router";
import { isAdminRole, type RoleName } from "#shared/roles.ts";
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

/** A signed-in user of one of `roles`; anyone else signed in goes to `elsewhere`. */
export function requirePageRole(context: WebContext, request: Request, roles: RoleName[], elsewhere = "/"): PublicUser {
  const user = requireSignedIn(context, request);
  if (!roles.includes(user.role)) throw redirect(elsewhere);
  return user;
}

export function requireAdminPage(context: WebContext, request: Request): PublicUser {
  const user = requireSignedIn(context, request);
  if (!isAdminRole(user.role)) throw redirect("/");
  return user;
}
