import { z } from "zod";

/**
 * Helpers that keep the OpenAPI document (/api/docs/json) true to the answers (
 * tests/api/openapi-answers.test.ts checks every documented GET answer against it).
 */

/**
 * OpenAPI 3.0.3: `nullable: true` adds null to a schema's type, but an `enum` lists every allowed value, so a
 * nullable enum must list null itself. zod writes `z.enum([...]).nullable()` as `nullable: true` beside an enum
 * without null (reg_status of a user who has not applied, a status history's first fromStatus), which validators
 * (ajv, swagger tools) then refuse. Adds the null to every such enum, in place.
 */
export function listNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
  } else if (typeof node === "object" && node !== null) {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    for (const value of Object.values(schema)) listNullInNullableEnums(value);
  }
  return node;
}

/** A file in an answer (a PDF, an image), documented as `type: string, format: binary`; the handler sends a Buffer or a stream. */
const binaryFile = z.any().meta({ type: "string", format: "binary" });

/**
 * A 2xx answer that is a file of one of these media types, for a route's `response` (the error answers stay JSON).
 * Fastify sends Buffers and streams as they are: the schema documents the answer and serializes nothing.
 */
export function fileResponse(description: string, mediaTypes: readonly string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binaryFile }])) };
}

/** A 200 answer that is CSV text (the back office's exports). */
export function csvResponse(description: string) {
  return { description, content: { "text/csv": { schema: z.string() } } };
}
