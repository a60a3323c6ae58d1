import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addReportSchema,
  cartLinesInputSchema,
  cartViewSchema,
  createKitSchema,
  kitViewSchema,
  quickOrderInputSchema,
  quickOrderResultSchema,
  updateKitSchema,
} from "#shared/schemas/buying.ts";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/** Owners and buyers of a dealer company (role dealer): technicians cannot order, so they have no cart. */
const buyers = access.roles(["dealer"]);

/** The dealer company's cart on the server, quick order, reorder and kits. */
export async function buyingRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { cart, kits } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refused = { 401: messageBody, 403: messageBody };

  r.get(
    "/cart",
    {
      config: { access: buyers },
      schema: { tags: ["cart"], summary: "The dealer company's cart, shared by its team", response: { 200: cartViewSchema, ...refused } },
    },
    async (request) => cart.get(request.actor),
  );

  r.put(
    "/cart",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Replace the cart's lines (products no longer sold are left out; quantities held at 9,999)",
        body: cartLinesInputSchema,
        response: { 200: cartViewSchema, 400: validationBody, ...refused },
      },
    },
    async (request) => cart.replace(request.actor, request.body.lines),
  );

  r.delete(
    "/cart",
    {
      config: { access: buyers },
      schema: { tags: ["cart"], summary: "Empty the cart", response: { 204: z.null(), ...refused } },
    },
    async (request, reply) => {
      await cart.clear(request.actor);
      return reply.code(204).send(null);
    },
  );

  r.post(
    "/cart/lines",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Add lines to the cart: a product already there goes up by the line's quantity",
        body: cartLinesInputSchema,
        response: { 200: cartViewSchema, 400: validationBody, ...refused },
      },
    },
    async (request) => cart.addLines(request.actor, request.body.lines),
  );

  r.post(
    "/cart/merge",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Merge the browser's local cart in after sign-in: a product in both keeps the larger quantity",
        body: cartLinesInputSchema,
        response: { 200: cartViewSchema, 400: validationBody, ...refused },
      },
    },
    async (request) => cart.merge(request.actor, request.body.lines),
  );

  r.post(
    "/dealer/quick-order",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Match `SKU, quantity` lines (comma, tab or semicolon; a header line ignored) with products, or say why not",
        body: quickOrderInputSchema,
        response: { 200: quickOrderResultSchema, 400: validationBody, ...refused },
      },
    },
    async (request) => cart.quickOrder(request.actor, request.body.text),
  );

  r.post(
    "/orders/:id/reorder",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Order again: a past order's lines added to the cart, with what changed (prices, products no longer sold, short stock)",
        params: idParamSchema,
        response: { 200: addReportSchema, 400: validationBody, ...refused, 404: messageBody },
      },
    },
    async (request) => cart.reorder(request.actor, request.params.id),
  );

  r.get(
    "/dealer/kits",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "The company's saved kits with today's prices",
        response: { 200: z.array(kitViewSchema), ...refused },
      },
    },
    async (request) => kits.list(request.actor),
  );

  r.post(
    "/dealer/kits",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Save a named kit from the given lines, or from the cart when none are given (a name used already is 400 on name)",
        body: createKitSchema,
        response: { 201: kitViewSchema, 400: validationBody, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await kits.create(request.actor, request.body)),
  );

  r.put(
    "/dealer/kits/:id",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Rename a kit (and replace its lines when given)",
        params: idParamSchema,
        body: updateKitSchema,
        response: { 200: kitViewSchema, 400: validationBody, ...refused, 404: messageBody },
      },
    },
    async (request) => kits.update(request.actor, request.params.id, request.body),
  );

  r.delete(
    "/dealer/kits/:id",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Delete a kit",
        params: idParamSchema,
        response: { 204: z.null(), 400: validationBody, ...refused, 404: messageBody },
      },
    },
    async (request, reply) => {
      await kits.remove(request.actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    "/dealer/kits/:id/add-to-cart",
    {
      config: { access: buyers },
      schema: {
        tags: ["cart"],
        summary: "Add a kit's lines to the cart, with what is short or no longer sold",
        params: idParamSchema,
        response: { 200: addReportSchema, 400: validationBody, ...refused, 404: messageBody },
      },
    },
    async (request) => kits.addToCart(request.actor, request.params.id),
  );
}
