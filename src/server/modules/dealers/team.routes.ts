import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { changeMemberRoleSchema, inviteMemberSchema, teamMemberViewSchema } from "#shared/schemas/team.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

const memberParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * A dealer company's team (issue 25 §4): its people read it; its owner invites, changes roles and removes (the
 * service refuses buyers and technicians with 403). Every change is audited.
 */
export async function teamRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { team } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dealer team"];
  const owner = { access: access.companyOwner };

  r.get(
    "/dealer/team",
    {
      config: { access: access.roles(["dealer", "technician"]) },
      schema: {
        tags,
        summary: "The signed-in dealer company's team: its owner first, then its buyers and technicians (invited ones marked)",
        response: { 200: z.array(teamMemberViewSchema), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => team.list(request.actor),
  );
  r.post(
    "/dealer/team",
    {
      config: owner,
      schema: {
        tags,
        summary:
          "The owner invites someone by e-mail as a buyer or technician: a new account gets a link to choose its password; an existing plain account joins at once",
        body: inviteMemberSchema,
        response: { 201: teamMemberViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request, reply) => reply.code(201).send(await team.invite(request.actor, request.body)),
  );
  r.put(
    "/dealer/team/:userId",
    {
      config: owner,
      schema: {
        tags,
        summary: "The owner changes a member's role (buyer or technician)",
        params: memberParams,
        body: changeMemberRoleSchema,
        response: {
          200: teamMemberViewSchema,
          400: validationBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request) => team.changeRole(request.actor, request.params.userId, request.body),
  );
  r.delete(
    "/dealer/team/:userId",
    {
      config: owner,
      schema: {
        tags,
        summary: "The owner removes a member: their sessions end at once and the account becomes a plain user's",
        params: memberParams,
        response: { 200: messageBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => {
      await team.remove(request.actor, request.params.userId);
      return { message: "Removed from the team." };
    },
  );
}
