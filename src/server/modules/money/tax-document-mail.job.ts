import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import { TAX_DOCUMENT_MAIL_JOB, type TaxDocumentsService } from "./tax-documents.service.ts";

/** A tax document e-mailed to its dealer, rendered from its id once the transaction that issued it has committed. */
export const taxDocumentMailJob = defineJob({
  kind: TAX_DOCUMENT_MAIL_JOB,
  payload: z.object({ documentId: z.number().int() }),
  run: async ({ documentId }, { services }: { services: { taxDocuments: Pick<TaxDocumentsService, "mailDocument"> } }) => {
    await services.taxDocuments.mailDocument(documentId);
  },
});
