import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  joinedMessage,
  joinedTeamSchema,
  joinTeamSchema,
  teamMemberViewSchema,
} from "#shared/schemas/team.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

const memberParams = z.object({ userId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * A dealer company's team: its people read it; its owner invites, changes roles and removes (the
 * service refuses buyers and technicians with 403); the invited person accepts (decision 023). Every change is audited.
 */
export async function teamRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { team } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dealer team"];
  const owner = { access: access.companyOwner };

  r.get(
    "/dealer/team",
    {
      config: { access: access.companyPeople },
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
          "The owner invites someone by e-mail as a buyer or technician; they join only once they accept (a new address by choosing its password through the mailed link, an existing account by accepting, signed in). The answer is the same whether or not the address has an account; at most 20 invitations an hour (429); 409 for someone already on the team",
        body: inviteMemberSchema,
        response: {
          201: teamMemberViewSchema,
          400: validationBody,
          401: messageBody,
          403: messageBody,
          409: messageBody,
          429: messageBody,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await team.invite(request.actor, request.body)),
  );
  r.delete(
    "/dealer/team/invitations/:id",
    {
      // Also while the company is suspended (decision 023).
      config: { access: access.teamOwner },
      schema: {
        tags,
        summary: "The owner withdraws an open invitation: its link stops working",
        params: idParams,
        response: { 200: messageBody, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => {
      await team.cancelInvitation(request.actor, request.params.id);
      return { message: "Invitation withdrawn." };
    },
  );
  r.post(
    "/dealer/team/join",
    {
      // Any signed-in account: whether it may join is the service's to say (the invitation names the account).
      config: { access: access.signedIn },
      schema: {
        tags,
        summary:
          "The invited person, signed in as the invited account, accepts an invitation with the mailed link's token and joins the company's team",
        body: joinTeamSchema,
        response: {
          200: joinedTeamSchema,
          400: validationBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request) => {
      const joined = await team.accept(request.actor, request.body.token);
      return { ...joined, message: joinedMessage(joined.company) };
    },
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
      // Also while the company is suspended (decision 023): its owner can still take people off the team.
      config: { access: access.teamOwner },
      schema: {
        tags,
        summary:
          "The owner removes a member: off the team at once; the person keeps their own account and stays signed in as a plain user, without the company's rights",
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
