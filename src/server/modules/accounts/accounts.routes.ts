import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordSchema,
  createAdminSchema,
  disableTotpSchema,
  emailChangePending,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_CHANGED,
  PROFILE_UPDATED,
  publicUserSchema,
  RESET_SENT,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  revokeOthersSchema,
  secondFactorLoginSchema,
  securityEventSchema,
  sessionInfoSchema,
  totpCodeSchema,
  totpSetupSchema,
  totpStatusSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from "#shared/schemas/auth.ts";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { setStaffRoleSchema, staffRoleInputSchema, staffRoleSchema } from "#shared/schemas/staff.ts";
import { type Access, access } from "../../platform/auth/access.ts";
import { clearSessionCookie, deviceCookieName, isApiClient, setDeviceCookie, setSessionCookie } from "../../platform/auth/plugin.ts";
import { messageBody, messageWithIssuesBody } from "../../platform/error-bodies.ts";
import { AppError } from "../../platform/errors.ts";
import type { Services } from "../../services.ts";
import type { RequestMeta, SignedInResult } from "./accounts.service.ts";
import { type SecondFactorChallenge, TOTP_REQUIRED_FOR_BACK_OFFICE } from "./second-factor.ts";

/** `token` only for API clients: a browser gets the session as its httpOnly cookie alone. */
const signedIn = z.object({ user: publicUserSchema, token: z.string().optional() });
/** Decision 010: the password was right and a code is owed; POST /auth/login/second-factor finishes the sign-in. */
const codeOwed = z.object({
  totpRequired: z.literal(true),
  enrolmentRequired: z.boolean(),
  challenge: z.string(),
  expiresAt: z.string(),
  setup: totpSetupSchema.optional(),
});
const recoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** The answer to a right password: a challenge when a code is owed (no session yet), else the spec's user and token. */
function challengeAnswer(result: SignedInResult | SecondFactorChallenge) {
  if (!("totpRequired" in result)) return null;
  return { ...result, expiresAt: result.expiresAt.toISOString() };
}

type Options = { services: Services; secureCookies: boolean; siteUrl: string };

export async function accountsRoutes(app: FastifyInstance, opts: Options) {
  const { accounts } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Links in e-mails point at SITE_URL (required in production), else at the configured local address (app.ts). */
  const meta = (request: FastifyRequest): RequestMeta => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    deviceToken: request.cookies[deviceCookieName(opts.secureCookies)],
    origin: opts.siteUrl,
  });
  /** A route's options: who may call it (declared on each route, platform/auth/access.ts) and its schema, tagged auth. */
  const auth = <S extends { summary: string }>(who: Access, schema: S) => ({
    config: { access: who },
    schema: { tags: ["auth"], ...schema },
  });
  /** The refusals of a route that takes a code from the authenticator app. */
  const codeRefusals = { 400: messageWithIssuesBody, 401: messageBody, 409: messageBody, 429: messageBody };
  /** A code from the app in, the account's new recovery codes out (shown once). */
  const recoveryCodesRoute = (
    path: string,
    who: Access,
    summary: string,
    message: string,
    make: (actor: FastifyRequest["actor"], code: string) => Promise<string[]>,
  ) =>
    r.post(path, auth(who, { summary, body: totpCodeSchema, response: { 200: recoveryCodes, ...codeRefusals } }), async (request) => ({
      message,
      recoveryCodes: await make(request.actor, request.body.code),
    }));
  /** A new session: the cookies, and the token in the answer for API clients only. */
  const signIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { user: z.infer<typeof publicUserSchema>; token: string; expiresAt: Date; device: { token: string; expiresAt: Date } },
  ) => {
    setSessionCookie(reply, result.token, result.expiresAt, opts.secureCookies);
    setDeviceCookie(reply, result.device.token, result.device.expiresAt, opts.secureCookies);
    return isApiClient(request) ? { user: result.user, token: result.token } : { user: result.user };
  };

  r.post(
    "/auth/login",
    auth(access.public, {
      summary: "Sign in with an e-mail address or username (10 failures per account and address in 15 minutes: 429)",
      body: loginSchema,
      response: { 200: z.union([signedIn, codeOwed]), 401: messageBody, 429: messageBody },
    }),
    async (request, reply) => {
      const result = await accounts.login(request.body, meta(request));
      return challengeAnswer(result) ?? signIn(request, reply, result as SignedInResult);
    },
  );

  r.post(
    "/auth/login/second-factor",
    auth(access.public, {
      summary:
        "Finish a sign-in that answered totpRequired: the challenge and a code from the authenticator app (or a recovery code; for an enrolment, the app's first code, and the answer carries the recovery codes)",
      body: secondFactorLoginSchema,
      response: {
        200: signedIn.extend({ recoveryCodes: z.array(z.string()).optional() }),
        400: messageWithIssuesBody,
        401: messageBody,
        429: messageBody,
      },
    }),
    async (request, reply) => {
      const result = await accounts.completeSecondFactor(request.body, meta(request));
      return { ...signIn(request, reply, result), ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}) };
    },
  );

  r.get(
    "/auth/totp",
    auth(access.signedIn, {
      summary: "Two-step sign-in of the signed-in account",
      response: { 200: totpStatusSchema, 401: messageBody },
    }),
    async (request) => accounts.secondFactor.status(request.actor),
  );

  r.post(
    "/auth/totp/setup",
    auth(access.signedIn, {
      summary: "Start turning two-step sign-in on: a new key for the authenticator app (text and QR code), confirmed by /auth/totp/enable",
      response: { 200: totpSetupSchema, 401: messageBody, 409: messageBody },
    }),
    async (request) => accounts.secondFactor.setup(request.actor),
  );

  recoveryCodesRoute(
    "/auth/totp/enable",
    access.signedIn,
    "Confirm the new key with the app's first code: two-step sign-in is on; answers the recovery codes (shown once)",
    "Two-step sign-in is on.",
    (actor, code) => accounts.secondFactor.enable(actor, code),
  );

  r.post(
    "/auth/totp/disable",
    auth(access.roles(["user", "dealer", "technician"], { refusal: TOTP_REQUIRED_FOR_BACK_OFFICE }), {
      summary: "Turn two-step sign-in off (not for back-office accounts): the password and a code",
      body: disableTotpSchema,
      response: { 200: messageBody, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 409: messageBody, 429: messageBody },
    }),
    async (request) => {
      await accounts.secondFactor.disable(request.actor, request.body);
      return { message: "Two-step sign-in is off." };
    },
  );

  recoveryCodesRoute(
    "/auth/totp/recovery-codes",
    access.signedIn,
    "New recovery codes for a current code from the app; the old ones stop working",
    "New recovery codes made. The old ones no longer work.",
    (actor, code) => accounts.secondFactor.regenerateRecoveryCodes(actor, code),
  );

  r.post(
    "/auth/step-up",
    auth(access.signedIn, {
      summary: "Confirm a sensitive change (adding or removing back-office accounts) with a fresh code; counts for 5 minutes",
      body: totpCodeSchema,
      response: { 200: messageBody, ...codeRefusals },
    }),
    async (request) => {
      await accounts.secondFactor.stepUp(request.actor, request.body.code);
      return { message: "Confirmed." };
    },
  );

  r.post(
    "/auth/register",
    auth(access.public, {
      summary:
        "Create an account (role user) and e-mail the link that confirms its address; the same answer when the address or username is taken (the address is told by e-mail)",
      // Validated in the handler: the spec's clients read failures from `errorMessage`.
      body: z.unknown(),
      response: {
        201: messageBody,
        400: z.object({ errorMessage: z.string(), message: z.string() }),
        409: z.object({ errorMessage: z.string(), message: z.string() }),
        429: messageBody,
      },
    }),
    async (request, reply) => {
      const parsed = registerSchema.safeParse(request.body);
      if (!parsed.success) {
        const text = parsed.error.issues[0]?.message ?? "Registration failed.";
        return reply.code(400).send({ errorMessage: text, message: text });
      }
      try {
        await accounts.register(parsed.data, meta(request));
      } catch (err) {
        if (err instanceof AppError && (err.statusCode === 409 || err.statusCode === 400)) {
          return reply.code(err.statusCode).send({ errorMessage: err.message, message: err.message });
        }
        throw err;
      }
      return reply.code(201).send({ message: "Success!" });
    },
  );

  r.post(
    "/auth/verify-email",
    auth(access.public, {
      summary:
        "Confirm an e-mail address with the token of the verification link (single use, 24 hours); the link of an e-mail change makes its address the account's (409 when another account took it meanwhile) and tells the old one",
      body: verifyEmailSchema,
      response: { 200: publicUserSchema, 400: messageWithIssuesBody, 409: messageBody },
    }),
    async (request) => accounts.verifyEmail(request.body.token, meta(request)),
  );

  r.post(
    "/auth/resend-verification",
    auth(access.public, {
      summary: "Send a new verification link (the same answer whether or not the address has an account)",
      body: resendVerificationSchema,
      response: { 200: messageBody, 429: messageBody },
    }),
    async (request) => {
      await accounts.resendVerification(request.body.email, meta(request));
      return { message: "If this address belongs to an account that is not verified yet, a new link is on its way." };
    },
  );

  r.post(
    "/auth/forgetpassword",
    auth(access.public, {
      summary: "E-mail a password reset link (one hour); the same answer whether or not the address has an account",
      body: forgotPasswordSchema,
      response: { 200: messageBody, 400: messageWithIssuesBody, 429: messageBody },
    }),
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, meta(request));
      return { message: RESET_SENT };
    },
  );

  r.post(
    "/auth/reset-password",
    auth(access.public, {
      summary: "Set a new password with a reset or invitation link's token; ends every session and signs in",
      body: resetPasswordSchema,
      response: { 200: z.union([signedIn, codeOwed]), 400: messageWithIssuesBody },
    }),
    async (request, reply) => {
      const result = await accounts.resetPassword(request.body, meta(request));
      return challengeAnswer(result) ?? signIn(request, reply, result as SignedInResult);
    },
  );

  r.get(
    "/auth/me",
    auth(access.signedIn, { summary: "The signed-in user", response: { 200: publicUserSchema, 401: messageBody } }),
    async (request) => accounts.me(request.actor),
  );

  r.put(
    "/auth/update-profile/:id",
    auth(access.signedIn, {
      summary:
        "Change one's own full name, username and e-mail address; a new address or username needs currentPassword. A new address is not written: a link goes to it and the address changes when it is opened (the old one is told then); the answer is the same whether or not the address has an account. A username another account has is 400 on its field",
      params: idParamSchema,
      body: updateProfileSchema,
      response: {
        200: z.object({ message: z.string(), user: publicUserSchema }),
        400: messageWithIssuesBody,
        401: messageBody,
        403: messageBody,
        429: messageBody,
      },
    }),
    async (request) => {
      const { user, pendingEmail } = await accounts.updateProfile(request.actor, request.params.id, request.body, meta(request));
      return { message: pendingEmail ? `${PROFILE_UPDATED} ${emailChangePending(pendingEmail)}` : PROFILE_UPDATED, user };
    },
  );

  r.put(
    "/auth/change-password/:id",
    auth(access.signedIn, {
      summary: "Change one's own password (the old one required); ends one's other sessions",
      params: idParamSchema,
      body: changePasswordSchema,
      response: { 200: messageBody, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 429: messageBody },
    }),
    async (request) => {
      await accounts.changePassword(request.actor, request.params.id, request.body, meta(request));
      return { message: PASSWORD_CHANGED };
    },
  );

  r.get(
    "/auth/sessions",
    auth(access.signedIn, { summary: "The signed-in user's sessions", response: { 200: z.array(sessionInfoSchema), 401: messageBody } }),
    async (request) => accounts.listSessions(request.actor),
  );

  r.post(
    "/auth/sessions/revoke-others",
    auth(access.signedIn, {
      summary: "Sign out of other devices: end every session of the user but this one (the current password required)",
      body: revokeOthersSchema,
      response: {
        200: z.object({ message: z.string(), ended: z.number() }),
        400: messageWithIssuesBody,
        401: messageBody,
        429: messageBody,
      },
    }),
    async (request) => {
      const ended = await accounts.revokeOtherSessions(request.actor, request.body.password, meta(request));
      return { message: ended === 1 ? "1 other session ended." : `${ended} other sessions ended.`, ended };
    },
  );

  r.post("/auth/logout", auth(access.public, { summary: "End this session", response: { 200: messageBody } }), async (request, reply) => {
    await accounts.logout(request.actor, meta(request));
    clearSessionCookie(reply, opts.secureCookies);
    return { message: "Signed out." };
  });

  r.post(
    "/auth/undo-email-change",
    auth(access.public, {
      summary: "Put back the old e-mail address with the link mailed to it after a change (7 days); ends every session",
      body: verifyEmailSchema,
      response: { 200: publicUserSchema, 400: messageWithIssuesBody, 409: messageBody },
    }),
    async (request) => accounts.undoEmailChange(request.body.token, meta(request)),
  );

  r.post(
    "/auth/user/:id/end-sessions",
    auth(access.staff("users.manage"), {
      summary: "End every session of an account (users.manage; back-office accounts: staff.manage); audited",
      params: idParamSchema,
      response: {
        200: z.object({ message: z.string(), ended: z.number() }),
        401: messageBody,
        403: messageBody,
        404: messageBody,
        409: messageBody,
      },
    }),
    async (request) => {
      const ended = await accounts.endSessionsOf(request.actor, request.params.id, meta(request));
      return { message: ended === 1 ? "1 session ended." : `${ended} sessions ended.`, ended };
    },
  );

  r.get(
    "/auth/user/:id/security-events",
    auth(access.staff("users.manage"), {
      summary:
        "An account's recent security events: sign-ins, sign-outs, changes, refusals (users.manage; back-office accounts: staff.manage)",
      params: idParamSchema,
      response: { 200: z.array(securityEventSchema), 401: messageBody, 403: messageBody, 404: messageBody },
    }),
    async (request) => accounts.securityEventsOf(request.actor, request.params.id),
  );

  r.get(
    "/auth/admins",
    auth(access.backOffice, {
      summary: "Back-office accounts, each with the role it works under (any back-office account)",
      response: { 200: z.array(publicUserSchema) },
    }),
    async (request) => accounts.listAdmins(request.actor),
  );

  r.post(
    "/auth/admin",
    auth(access.staff("staff.manage"), {
      summary: "Add a back-office account with its role (staff.manage, a fresh second factor); it is invited by e-mail to set its password",
      body: createAdminSchema,
      response: { 201: publicUserSchema, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 409: messageBody },
    }),
    async (request, reply) => reply.code(201).send(await accounts.createAdmin(request.actor, request.body, meta(request))),
  );

  r.delete(
    "/auth/user/:id",
    auth(access.staff("staff.manage"), {
      summary: "Remove an account (staff.manage, a fresh second factor); not oneself, not the last owner; its sessions end",
      params: idParamSchema,
      response: { 200: messageBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
    }),
    async (request) => {
      await accounts.deleteUser(request.actor, request.params.id);
      return { message: "Account removed." };
    },
  );

  // The back office's roles (decision 035): listed, made and changed by staff.manage, each change after a fresh code.
  const roleRefusals = { 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody };
  r.get(
    "/staff/roles",
    auth(access.staff("staff.manage"), {
      summary: "The back office's roles, built-in and custom, with what each allows and how many accounts hold it",
      response: { 200: z.array(staffRoleSchema), 401: messageBody, 403: messageBody },
    }),
    async (request) => accounts.staffRoles.listRoles(request.actor),
  );
  r.post(
    "/staff/roles",
    auth(access.staff("staff.manage"), {
      summary: "Make a custom role (staff.manage, a fresh second factor); audited",
      body: staffRoleInputSchema,
      response: { 201: staffRoleSchema, ...roleRefusals },
    }),
    async (request, reply) => reply.code(201).send(await accounts.staffRoles.createRole(request.actor, request.body)),
  );
  r.put(
    "/staff/roles/:id",
    auth(access.staff("staff.manage"), {
      summary: "Change a custom role (staff.manage, a fresh second factor); the built-in roles are fixed; audited",
      params: idParamSchema,
      body: staffRoleInputSchema,
      response: { 200: staffRoleSchema, ...roleRefusals },
    }),
    async (request) => accounts.staffRoles.updateRole(request.actor, request.params.id, request.body),
  );
  r.put(
    "/staff/users/:id/role",
    auth(access.staff("staff.manage"), {
      summary: "Give a back-office account another role (staff.manage, a fresh second factor); not one's own, not the last owner's",
      params: idParamSchema,
      body: setStaffRoleSchema,
      response: { 200: messageBody, ...roleRefusals },
    }),
    async (request) => accounts.staffRoles.setRoleOf(request.actor, request.params.id, request.body),
  );
}
