import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { type MoveDirection, movedSchema, moveSchema } from "#shared/schemas/content.ts";
import type { Permission } from "#shared/staff.ts";
import { type Access, access } from "../auth/access.ts";
import type { Actor } from "../auth/actor.ts";
import { messageBody, validationBody } from "../error-bodies.ts";
import type { Resource } from "./resource.ts";

/**
 * The back-office routes of a plain resource (one whose paths are ours, not the spec's): the list at `path`, a new
 * record by POST there, a change, a deletion and a move at `path/{id}`. Each route needs the resource's permission
 * (decision 035) unless said otherwise, calls its service method with the caller and the parsed input, and documents the refusals it may answer
 * (by default those of every back-office write: 400, 401, 403, 404 and 409).
 */

type Refusal = 400 | 401 | 403 | 404 | 409;
const REFUSAL_BODIES = { 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody } as const;
const EVERY_REFUSAL: readonly Refusal[] = [400, 401, 403, 404, 409];

type Described = {
  summary: string;
  description?: string;
  /** The refusals documented, where they are fewer than every back-office write's. */
  refused?: readonly Refusal[];
};

export type ResourceRoutes<View, New extends z.ZodType, Change extends z.ZodType, Query extends z.ZodType> = {
  /** The list's path, `/dealer-tiers`; a record's is `path/{id}`. */
  path: string;
  tags: string[];
  /** The back-office permission its routes need (decision 035); the list's too unless `list.access` says otherwise. */
  permission: Permission;
  /** The record as answered (the descriptor's view). */
  view: z.ZodType<View>;
  /** GET `path`: the permission's unless `access` says otherwise; answers `row`s (the view by default). */
  list?: Omit<Described, "refused"> & {
    access?: Access;
    query?: Query;
    row?: z.ZodType;
    run: (actor: Actor, query: z.infer<Query>) => Promise<unknown>;
  };
  /** POST `path`: 201 with the new record. */
  create?: Described & { body: New; run: (actor: Actor, input: z.infer<New>) => Promise<View> };
  /** PUT (or PATCH) `path/{id}`: the record as changed. */
  update?: Described & {
    method?: "PUT" | "PATCH";
    body: Change;
    run: (actor: Actor, id: number, input: z.infer<Change>) => Promise<View>;
  };
  /** DELETE `path/{id}`: `{ message }`. */
  delete?: Described & { run: (actor: Actor, id: number) => Promise<{ message: string }> };
  /** POST `path/{id}/move`, one place up or down (ordered resources). */
  move?: Described & { run: (actor: Actor, id: number, direction: MoveDirection) => Promise<unknown> };
};

const refusals = (listed: readonly Refusal[] = EVERY_REFUSAL) => Object.fromEntries(listed.map((s) => [s, REFUSAL_BODIES[s]]));

/** The documented words of a route, in the order the hand-written routes give them. */
const words = (d: Omit<Described, "refused">) => ({ summary: d.summary, ...(d.description ? { description: d.description } : {}) });

type Input = FastifyRequest<{ Params: { id: number }; Body: never; Querystring: never }>;

/** Registers the routes of a resource `descriptor` in the order list, create, update, delete, move. */
export function resourceRoutes<View, New extends z.ZodType, Change extends z.ZodType, Query extends z.ZodType>(
  app: FastifyInstance,
  _descriptor: Resource<PgTable, never, View>,
  routes: ResourceRoutes<View, New, Change, Query>,
): void {
  const { path, tags, view, list, create, update, delete: remove, move, permission } = routes;
  const admin = { access: access.staff(permission) };

  if (list) {
    const allowed = list.access ?? admin.access;
    app.route({
      method: "GET",
      url: path,
      config: { access: allowed },
      schema: {
        tags,
        ...words(list),
        ...(list.query ? { querystring: list.query } : {}),
        response: {
          200: z.array(list.row ?? view),
          ...refusals([...(list.query ? [400 as const] : []), ...(allowed.kind === "public" ? [] : [401 as const, 403 as const])]),
        },
      },
      handler: async (request: Input) => list.run(request.actor, request.query as z.infer<Query>),
    });
  }
  if (create) {
    app.route({
      method: "POST",
      url: path,
      config: admin,
      schema: { tags, ...words(create), body: create.body, response: { 201: view, ...refusals(create.refused) } },
      handler: async (request: Input, reply: FastifyReply) =>
        reply.code(201).send(await create.run(request.actor, request.body as z.infer<New>)),
    });
  }
  if (update) {
    app.route({
      method: update.method ?? "PUT",
      url: `${path}/:id`,
      config: admin,
      schema: { tags, ...words(update), params: idParamSchema, body: update.body, response: { 200: view, ...refusals(update.refused) } },
      handler: async (request: Input) => update.run(request.actor, request.params.id, request.body as z.infer<Change>),
    });
  }
  if (remove) {
    app.route({
      method: "DELETE",
      url: `${path}/:id`,
      config: admin,
      schema: { tags, ...words(remove), params: idParamSchema, response: { 200: messageBody, ...refusals(remove.refused) } },
      handler: async (request: Input) => remove.run(request.actor, request.params.id),
    });
  }
  if (move) {
    app.route({
      method: "POST",
      url: `${path}/:id/move`,
      config: admin,
      schema: { tags, ...words(move), params: idParamSchema, body: moveSchema, response: { 200: movedSchema, ...refusals(move.refused) } },
      handler: async (request: Input) =>
        move.run(request.actor, request.params.id, (request.body as { direction: MoveDirection }).direction),
    });
  }
}
