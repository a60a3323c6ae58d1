import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginSchema, publicUserSchema, registerSchema } from "#shared/schemas/auth.ts";
import { clearSessionCookie, setSessionCookie } from "../../platform/auth/plugin.ts";
import { AppError } from "../../platform/errors.ts";
import type { Services } from "../../services.ts";

const message = z.object({ message: z.string() });

export async function accountsRoutes(app: FastifyInstance, opts: { services: Services; secureCookies: boolean }) {
  const { accounts } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with an e-mail address or username",
        body: loginSchema,
        response: { 200: z.object({ user: publicUserSchema, token: z.string() }), 401: message },
      },
    },
    async (request, reply) => {
      const result = await accounts.login(request.body, { ip: request.ip, userAgent: request.headers["user-agent"] });
      setSessionCookie(reply, result.token, result.expiresAt, opts.secureCookies);
      return { user: result.user, token: result.token };
    },
  );

  r.post(
    "/auth/register",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account (role user)",
        // Validated in the handler: the spec's clients read failures from `errorMessage`.
        body: z.unknown(),
        response: {
          201: message,
          400: z.object({ errorMessage: z.string(), message: z.string() }),
          409: z.object({ errorMessage: z.string(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const parsed = registerSchema.safeParse(request.body);
      if (!parsed.success) {
        const text = parsed.error.issues[0]?.message ?? "Registration failed.";
        return reply.code(400).send({ errorMessage: text, message: text });
      }
      try {
        await accounts.register(parsed.data);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 409)
          return reply.code(409).send({ errorMessage: err.message, message: err.message });
        throw err;
      }
      return reply.code(201).send({ message: "Success!" });
    },
  );

  r.get(
    "/auth/me",
    { schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: publicUserSchema, 401: message } } },
    async (request) => accounts.me(request.actor),
  );

  r.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "End this session", response: { 200: message } } },
    async (request, reply) => {
      await accounts.logout(request.actor);
      clearSessionCookie(reply, opts.secureCookies);
      return { message: "Signed out." };
    },
  );

  r.get(
    "/auth/admins",
    { schema: { tags: ["auth"], summary: "Back-office accounts (role super)", response: { 200: z.array(publicUserSchema) } } },
    async (request) => accounts.listAdmins(request.actor),
  );
}
