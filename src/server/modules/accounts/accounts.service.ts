import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import type { LoginInput, PublicUser, RegisterInput } from "#shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/accounts.ts";
import { type Actor, actorFrom, requireRole, type SignedIn } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { ConflictError, NotFoundError, UnauthorizedError } from "../../platform/errors.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Idle and absolute lifetimes: short for the back office, longer for the public site. */
export function sessionPolicy(roleId: number): { idleMs: number; absoluteMs: number } {
  return isAdminRole(roleNameOf(roleId)) ? { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR } : { idleMs: 7 * DAY, absoluteMs: 30 * DAY };
}

// Argon2id at OWASP's minimum cost: ~20 ms here, so logins stay quick under load.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const INVALID_CREDENTIALS = "Invalid username/email or password.";
// Verifying against a real hash when the account is unknown keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

export type UserRow = typeof users.$inferSelect;
export type SessionMeta = { ip?: string | undefined; userAgent?: string | undefined };

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    fullName: u.fullName,
    name: u.fullName,
    username: u.username,
    email: u.email,
    role: roleNameOf(u.roleId),
    role_id: u.roleId,
    profile: u.profile ?? "avatar",
    emailVerified: u.emailVerifiedAt !== null,
  };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function createAccountsService(db: Db) {
  async function startSession(user: UserRow, meta: SessionMeta) {
    const { token, hash: tokenHash } = newToken();
    const now = Date.now();
    const policy = sessionPolicy(user.roleId);
    await db.insert(sessions).values({
      tokenHash,
      userId: user.id,
      idleExpiresAt: new Date(now + policy.idleMs),
      expiresAt: new Date(now + policy.absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, expiresAt: new Date(now + policy.absoluteMs) };
  }

  return {
    /** Creates a user with role_id 1. The e-mail address and the username must be free. */
    async register(input: RegisterInput): Promise<PublicUser> {
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(
          or(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(sql`lower(${users.username})`, input.username.toLowerCase())),
        )
        .limit(2);
      if (taken.some((t) => t.email.toLowerCase() === input.email.toLowerCase())) {
        throw new ConflictError("An account with this e-mail address already exists.");
      }
      if (taken.length > 0) throw new ConflictError("This username is already taken.");
      const passwordHash = await hashPassword(input.password);
      try {
        const [row] = await db
          .insert(users)
          .values({ fullName: input.fullName, username: input.username, email: input.email, passwordHash, roleId: 1 })
          .returning();
        return toPublicUser(row as UserRow);
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === "23505") {
          throw new ConflictError("An account with this e-mail address or username already exists.");
        }
        throw err;
      }
    },

    /** Checks the identifier (e-mail or username) and password; opens a session. */
    async login(input: LoginInput, meta: SessionMeta = {}) {
      const identifier = input.user.trim().toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, identifier), eq(sql`lower(${users.username})`, identifier)))
        .limit(1);
      if (!user) {
        dummyHash ??= hashPassword("not-a-real-password");
        await verify(await dummyHash, input.password).catch(() => false);
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      const ok = await verify(user.passwordHash, input.password).catch(() => false);
      if (!ok) throw new UnauthorizedError(INVALID_CREDENTIALS);
      const session = await startSession(user, meta);
      return { user: toPublicUser(user), ...session };
    },

    /** The actor behind a session token, refreshing its idle expiry; null when unknown or expired. */
    async authenticate(token: string): Promise<{ actor: SignedIn; user: PublicUser } | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now)))
        .limit(1);
      if (!row) return null;
      const policy = sessionPolicy(row.user.roleId);
      // Refresh at most once a minute: a page load makes several requests.
      if (now.getTime() - row.session.lastSeenAt.getTime() > MINUTE) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, idleExpiresAt: new Date(now.getTime() + policy.idleMs) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return { actor: actorFrom(row.user, tokenHash), user: toPublicUser(row.user) };
    },

    async logout(actor: Actor): Promise<void> {
      if (!actor) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, actor.sessionId));
    },

    async me(actor: Actor): Promise<PublicUser> {
      if (!actor) throw new UnauthorizedError();
      const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
      if (!user) throw new UnauthorizedError();
      return toPublicUser(user);
    },

    /** For the operator's command line (scripts/set-password.ts): sets a password and ends the account's sessions. */
    async setPasswordFromConsole(username: string, newPassword: string): Promise<void> {
      const [user] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .returning({ id: users.id });
      if (!user) throw new NotFoundError(`No account with the username ${username}.`);
      await db.delete(sessions).where(eq(sessions.userId, user.id));
    },

    /** The back-office accounts (admin and super): managing them is for role super (DESIGN.md §5). */
    async listAdmins(actor: Actor): Promise<PublicUser[]> {
      requireRole(actor, "super");
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.roleId, [3, 4]))
        .orderBy(users.id);
      return rows.map(toPublicUser);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
