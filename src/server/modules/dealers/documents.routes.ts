import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  DOCUMENT_MAX_MB,
  type DocumentField,
  dealerDocumentSchema,
  documentIdParamSchema,
  MAX_FILES_PER_FIELD,
  NOT_MULTIPART,
  uploadResultSchema,
} from "#shared/schemas/documents.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, uploadFailureBody } from "../../platform/error-bodies.ts";
import { fileResponse } from "../../platform/openapi.ts";
import { type IncomingPart, multipartLimits, UploadError } from "../../platform/uploads/image-upload.ts";
import { sendPrivateFile } from "../../platform/uploads/private-file.ts";
import type { Services } from "../../services.ts";
import { APPLICANT_ACCESS } from "./dealers.routes.ts";
import { documentUploadRules } from "./documents.service.ts";

const LIMITS_NOTE =
  `JPG or PNG images or PDFs (decided by their content), at most ${DOCUMENT_MAX_MB} MB each; up to ${MAX_FILES_PER_FIELD.IDsOfDirectors} ` +
  "directors' IDs per request. Images are re-encoded without metadata, PDFs checked and written again, and both stored " +
  "privately. All or nothing: one refused file (400 empty or unreadable, 413 too large or too many, 415 not a JPG/PNG/PDF " +
  "or more than one) and nothing is stored.";

/** The request's files, read lazily: the service reads them only once the caller is authorised. */
function incomingFiles(request: FastifyRequest, only?: DocumentField): AsyncIterable<IncomingPart> {
  if (request.isMultipart()) return request.parts(multipartLimits(documentUploadRules(only))) as AsyncIterable<IncomingPart>;
  const sentSomething = Boolean(request.headers["content-type"]);
  return {
    [Symbol.asyncIterator]: () => ({
      // A body of another type is refused; no body at all is "no files" (the service's 400).
      next: async (): Promise<IteratorResult<IncomingPart>> => {
        if (sentSomething) throw new UploadError(415, NOT_MULTIPART);
        return { done: true, value: undefined };
      },
    }),
  };
}

/** Document uploads (multipart: taxClearance, certificate, repeated IDsOfDirectors) and private downloads. */
export async function documentsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { documents } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const upload = (url: string, summary: string, only?: DocumentField) =>
    r.post(
      url,
      {
        config: { access: APPLICANT_ACCESS },
        schema: {
          tags: ["dealer"],
          summary,
          description: `{id} is the signed-in user's own id; the dealer application is made if missing. ${LIMITS_NOTE}`,
          consumes: ["multipart/form-data"],
          params: idParamSchema,
          response: {
            200: uploadResultSchema,
            400: uploadFailureBody,
            401: messageBody,
            403: messageBody,
            409: messageBody,
            413: uploadFailureBody,
            415: uploadFailureBody,
          },
        },
      },
      async (request) => documents.upload(request.actor, request.params.id, incomingFiles(request, only), only),
    );

  upload(
    "/dealer/upload-documents/:id",
    "Upload any of the dealer documents at once: taxClearance, certificate, repeated IDsOfDirectors (multipart)",
  );
  upload("/dealer/upload-tax-clearance-certificate/:id", "Upload the tax clearance (multipart field taxClearance)", "taxClearance");
  upload(
    "/dealer/upload-certificate-of-incorporation/:id",
    "Upload the certificate of incorporation (multipart field certificate)",
    "certificate",
  );
  upload(
    "/dealer/upload-ids-of-directors/:id",
    "Upload directors' national IDs (repeated multipart field IDsOfDirectors)",
    "IDsOfDirectors",
  );

  r.get(
    "/dealer/documents/:documentId/file",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["dealer"],
        summary: "A dealer document's file (its owner and admins only; 404 for anyone else)",
        params: documentIdParamSchema,
        response: {
          200: fileResponse("The document's file", ["image/jpeg", "image/png", "image/webp", "application/pdf"]),
          401: messageBody,
          404: messageBody,
        },
      },
    },
    async (request, reply) => sendPrivateFile(reply, await documents.file(request.actor, request.params.documentId)),
  );

  r.delete(
    "/dealer/documents/:documentId",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["dealer"],
        summary: "Remove one of your documents that is not approved (before submitting, or a rejected one)",
        params: documentIdParamSchema,
        response: {
          200: z.object({ message: z.string(), documents: z.array(dealerDocumentSchema) }),
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request) => documents.remove(request.actor, request.params.documentId),
  );
}
