import { type RoleName, roleNameOf } from "#shared/roles.ts";
import { ForbiddenError, UnauthorizedError } from "../errors.ts";

/** Who is acting: services receive it with every call and decide from it. Null is an anonymous visitor. */
export type Actor = {
  id: number;
  roleId: number;
  role: RoleName;
  /** Hash of the session in use, so logout can end exactly this one. */
  sessionId: string;
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

export function actorFrom(user: { id: number; roleId: number }, sessionId: string): SignedIn {
  return { id: user.id, roleId: user.roleId, role: roleNameOf(user.roleId), sessionId };
}
