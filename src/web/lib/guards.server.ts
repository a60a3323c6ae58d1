import { data, redirect } from "react-router";
import { can, type Person } from "#shared/can.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { missingPermissionMessage, type Permission } from "#shared/staff.ts";
import type { WebContext } from "../load-context.ts";
import { loginPathFor } from "./redirects.ts";
import type { StaffRefusal } from "./staff-refusal.ts";

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

/** The Owner accounts' names, to say whom to ask; "the owner of the back office" when they cannot be read. */
async function ownerNames(context: WebContext): Promise<string> {
  try {
    const owners = (await context.services.accounts.listAdmins(context.actor)).filter(
      (u) => u.staffRole?.key === "owner" || (!u.staffRole && u.role === "super"),
    );
    const names = owners.map((u) => u.fullName).filter(Boolean);
    // Three names at most: a long list is no answer to "whom do I ask".
    const shown = names.slice(0, 3);
    const last = shown.at(-1);
    if (!last) return "the owner of the back office";
    if (names.length > shown.length) return `${shown.join(", ")} or another owner`;
    return shown.length === 1 ? last : `${shown.slice(0, -1).join(", ")} or ${last}`;
  } catch {
    return "the owner of the back office";
  }
}

/**
 * A back-office page or action that needs one permission (decision 035): a visitor signs in first, an account outside
 * the back office goes home, and staff whose role lacks the permission get a plain 403 the admin layout's
 * ErrorBoundary shows in the back office's chrome, naming what is missing and whom to ask. `null`: any back-office
 * account (the rates pages, which anyone there may read). The server refuses the same calls by itself; this only
 * decides what the page shows.
 */
export async function requireStaffPage(context: WebContext, request: Request, permission: Permission | null): Promise<PublicUser> {
  const user = requireAdminPage(context, request);
  if (permission === null || can.do(user, permission)) return user;
  const refusal: StaffRefusal = {
    kind: "staff-permission",
    permission,
    message: missingPermissionMessage(permission, user.staffRole?.name ?? null),
    askWhom: await ownerNames(context),
  };
  throw data(refusal, { status: 403 });
}
