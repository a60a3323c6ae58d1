import type { FastifyInstance, onRequestHookHandler, RouteOptions } from "fastify";
import type { RoleName } from "#shared/roles.ts";
import type { Permission } from "#shared/staff.ts";
import { ForbiddenError } from "../errors.ts";
import { type Actor, NOT_COMPANY_PERSON, OWNER_ONLY, refuseTeamMember, requireStaff, requireUser, staffOf, VERIFY_FIRST } from "./actor.ts";

/**
 * Who may call an API route: declared on the route itself (`config: { access }`) and checked in the route's
 * onRequest hook, before the body is parsed or the body, query, params or files are validated. A
 * caller without the right gets 401 (no session) or 403 (wrong role, or an e-mail address not confirmed where that
 * is required) whatever they send, and before the size (413) and content-type (415) refusals, which come with
 * parsing. Services keep their own checks (defence in depth) and the owner-scoped ones ("your own order"), which
 * may answer 403/404 after validation.
 */
export type Access =
  | { readonly kind: "public" }
  | {
      readonly kind: "signed-in";
      /** The roles allowed; any signed-in account when absent. */
      readonly roles?: readonly RoleName[];
      /** The account's e-mail address must be confirmed (decision 005). */
      readonly verified?: boolean;
      /** The 403's message for a role not allowed (the service's own words, where it has them). */
      readonly refusal?: string;
      /** The 403's message for an address not yet confirmed, where the service has its own (VERIFY_FIRST otherwise). */
      readonly unverifiedRefusal?: string;
      /** A dealer company's team members (buyers, technicians) are refused (OWNER_ONLY): its team, its application. */
      readonly notTeamMember?: boolean;
      /**
       * One of a dealer company's people ('person': owner, buyer or technician) or its owner ('owner'), read from the
       * session's team role rather than the account's role: a suspended company's owner is no longer a dealer but still
       * sees and trims its team (decision 023).
       */
      readonly team?: "person" | "owner";
      /**
       * A back-office route (decision 035): the one permission its caller's role must hold, or "any" for what every
       * back-office account may do (its dashboard, who else works there).
       */
      readonly staff?: Permission | "any";
    };

export const access = {
  /** Anyone, visitors included. */
  public: { kind: "public" },
  /** Any signed-in account. */
  signedIn: { kind: "signed-in" },
  /** Any back-office account, whatever its role: its dashboard, who else works there (decision 035). */
  backOffice: { kind: "signed-in", staff: "any" },
  /** A back-office account whose role holds the permission (decision 035): every back-office route names one. */
  staff: (permission: Permission): Access => ({ kind: "signed-in", staff: permission }),
  /** Dealers whose e-mail address is confirmed (ordering, paying). */
  verifiedDealer: { kind: "signed-in", roles: ["dealer"], verified: true },
  /** Some roles, optionally with a confirmed e-mail address and the service's own refusal message. */
  /** A dealer company's owner: a verified dealer who is not one of a company's team. */
  companyOwner: { kind: "signed-in", roles: ["dealer"], verified: true, notTeamMember: true },
  /** A dealer company's people, whatever the company's standing: reading its team (decision 023). */
  companyPeople: { kind: "signed-in", team: "person" },
  /** A dealer company's owner even while it is suspended: removing people from its team (decision 023). */
  teamOwner: { kind: "signed-in", verified: true, team: "owner" },
  roles: (
    roles: readonly RoleName[],
    opts: { verified?: boolean; refusal?: string; unverifiedRefusal?: string; notTeamMember?: boolean } = {},
  ): Access => ({
    kind: "signed-in",
    roles,
    ...opts,
  }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route (platform/auth/access.ts); required on every API route. */
    access?: Access;
  }
}

/** Throws the 401 or 403 a caller without the declared right gets; nothing for one with it. */
export function checkAccess(actor: Actor, declared: Access): void {
  if (declared.kind === "public") return;
  const user = requireUser(actor);
  if (declared.roles && !declared.roles.includes(user.role)) throw new ForbiddenError(declared.refusal);
  if (declared.verified && !user.emailVerified) throw new ForbiddenError(declared.unverifiedRefusal ?? VERIFY_FIRST);
  if (declared.notTeamMember) refuseTeamMember(user);
  if (declared.team === "person" && user.teamRole === null) throw new ForbiddenError(NOT_COMPANY_PERSON);
  if (declared.team === "owner" && user.teamRole !== "owner") throw new ForbiddenError(OWNER_ONLY);
  if (declared.staff === "any" && !staffOf(user)) throw new ForbiddenError();
  if (declared.staff && declared.staff !== "any") requireStaff(user, declared.staff);
}

const SECURITY: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

/**
 * Makes every route registered in `scope` declare its access, and enforces it: a route without `config.access`
 * fails at start-up (so a new route cannot forget it); a route with one gets an onRequest check, which runs after
 * the app's own onRequest hooks have resolved `request.actor` (platform/auth/plugin.ts) and before Fastify reads
 * or parses the body. Documented routes that need a session say so in the OpenAPI document (`security`).
 */
export function enforceDeclaredAccess(scope: FastifyInstance) {
  scope.addHook("onRoute", (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared) {
      const methods = Array.isArray(route.method) ? route.method.join(",") : route.method;
      throw new Error(`${methods} ${route.url} declares no access: give it config: { access } (platform/auth/access.ts).`);
    }
    if (declared.kind === "public") return;
    const check: onRequestHookHandler = async (request) => checkAccess(request.actor, declared);
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [check, ...existing];
    if (route.schema && !(route.schema as { hide?: boolean }).hide) {
      route.schema = { ...route.schema, security: SECURITY };
    }
  });
}
