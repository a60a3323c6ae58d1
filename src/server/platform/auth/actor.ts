import { type RoleName, roleNameOf } from "#shared/roles.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";

/** Who is acting: services receive it with every call and decide from it. Null is an anonymous visitor. */
export type Actor = {
  id: number;
  roleId: number;
  role: RoleName;
  /** Hash of the session in use, so logout can end exactly this one. */
  sessionId: string;
  /** Whether the account's e-mail address is confirmed (decision 005: needed to apply as a dealer and to check out). */
  emailVerified: boolean;
} | null;

export type SignedIn = NonNullable<Actor>;

export function requireUser(actor: Actor): SignedIn {
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export function requireRole(actor: Actor, ...roles: RoleName[]): SignedIn {
  const user = requireUser(actor);
  if (!roles.includes(user.role)) throw new ForbiddenError();
  return user;
}

export function requireAdmin(actor: Actor): SignedIn {
  return requireRole(actor, "admin", "super");
}

export const VERIFY_FIRST = "Please confirm your e-mail address first: open the link we sent you, or ask for a new one.";

/** A signed-in user whose e-mail address is confirmed (decision 005). */
export function requireVerified(actor: Actor): SignedIn {
  const user = requireUser(actor);
  if (!user.emailVerified) throw new ForbiddenError(VERIFY_FIRST);
  return user;
}

export function actorFrom(user: { id: number; roleId: number; emailVerifiedAt: Date | null }, sessionId: string): SignedIn {
  return { id: user.id, roleId: user.roleId, role: roleNameOf(user.roleId), sessionId, emailVerified: user.emailVerifiedAt !== null };
}
