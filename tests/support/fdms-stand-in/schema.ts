import { readFileSync } from "node:fs";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * FDMS's structural check of a submitReceipt body: ZIMRA's test OpenAPI (tests/fixtures/fdms/receipt-schema.json,
 * SubmitReceiptRequest → Receipt …). A body that fails is answered HTTP 400 ValidationProblemDetails, `errors` mapping
 * each field to its messages, and nothing is stored (decision 016, row 46).
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv, ["int32", "int64", "double", "byte"]);
// FDMS's dates are local time without a zone (API §4.7); the OpenAPI's "date-time" is read so.
ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
// A "byte" field is a .NET byte[] sent as base64: its maxLength counts the bytes, not the base64 text (a SHA-256 hash
// is 32 bytes, 44 characters), so it is checked on the decoded bytes.
ajv.addKeyword({
  keyword: "x-maxBytes",
  type: "string",
  schemaType: "number",
  validate: (max: number, data: string) => Buffer.from(data, "base64").length <= max,
});
function bytesAsBytes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(bytesAsBytes);
  if (!node || typeof node !== "object") return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, bytesAsBytes(v)]));
  if (o.format === "byte" && typeof o.maxLength === "number") {
    o["x-maxBytes"] = o.maxLength;
    delete o.maxLength;
  }
  return o;
}
ajv.addSchema(
  bytesAsBytes(JSON.parse(readFileSync(new URL("../../fixtures/fdms/receipt-schema.json", import.meta.url), "utf8"))) as object,
);

export function validatorOf(definition: string) {
  const validate = ajv.getSchema(`fdms/receipt-schema.json#/$defs/${definition}`);
  if (!validate) throw new Error(`receipt-schema.json has no ${definition}`);
  return validate;
}

const request = validatorOf("SubmitReceiptRequest");

/** The field (dotted, as the body names it) an error is about. */
function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.split("/").filter(Boolean).join(".");
  if (e.keyword === "required") return [path, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join(".");
  if (e.keyword === "additionalProperties")
    return [path, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join(".");
  return path || "$";
}

/** The body's schema errors, field → messages; null when it is valid. */
export function schemaErrors(body: unknown): Record<string, string[]> | null {
  if (request(body)) return null;
  const errors: Record<string, string[]> = {};
  for (const e of request.errors ?? []) {
    // anyOf/allOf repeat what their branches said; the branches' own messages are enough.
    if (e.keyword === "anyOf" || e.keyword === "allOf") continue;
    if (e.keyword === "type" && (e.params as { type?: unknown }).type === "null") continue;
    const field = fieldOf(e);
    const message =
      e.keyword === "required"
        ? `The ${field.split(".").pop()} field is required.`
        : e.keyword === "additionalProperties"
          ? "Could not find member on object."
          : (e.message ?? "is invalid");
    errors[field] = [...(errors[field] ?? []), message];
  }
  return errors;
}
