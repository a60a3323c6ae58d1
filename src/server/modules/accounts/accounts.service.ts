import { type AccountsDeps, createAccountCore } from "./account-core.ts";
import { createAdminUsers } from "./admin-users.ts";
import { createCredentials } from "./credentials.ts";
import { createInvitations } from "./invitations.ts";
import { createPasswordReset } from "./password-reset.ts";
import { createProfile } from "./profile.ts";
import { createRegistration } from "./registration.ts";
import type { SecurityEvent } from "./security-events.ts";
import { createSessions } from "./sessions.ts";
import { createStaffRoles } from "./staff-roles.ts";

// The module's public file (decision 029): the service is composed of its parts, one file per concern, all sharing
// account-core.ts; what other modules, the seed and the tests import from here is re-exported unchanged.
export {
  LINK_LIFETIME,
  type RequestMeta,
  type SessionMeta,
  type SignedInResult,
  toPublicUser,
  type UserRow,
} from "./account-core.ts";
export { INVALID_CREDENTIALS, KNOWN_DEVICE_LIFETIME, KNOWN_DEVICE_SLOWDOWN_MS, sessionPolicy } from "./credentials.ts";
export { hashPassword } from "./password-hash.ts";
export { PASSWORD_RESET_JOB } from "./password-reset.ts";

export function createAccountsService(deps: AccountsDeps) {
  const core = createAccountCore(deps);
  const { events } = core;
  const credentials = createCredentials(core);
  const staffRoles = createStaffRoles(core);

  return {
    ...createRegistration(core),
    ...createPasswordReset(core, credentials),
    ...createSessions(core, credentials),
    ...createProfile(core, credentials),
    ...createAdminUsers(core, staffRoles.roleById),
    /** The back office's roles (decision 035). */
    staffRoles,

    /** Writes a security event the HTTP layer sees (a refused request, 403). */
    recordEvent: (e: SecurityEvent) => events.record(e),
    pruneSecurityEvents: (now: Date) => events.prune(now),

    ...createInvitations(core),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
