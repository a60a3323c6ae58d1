ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_kind_check";--> statement-breakpoint
DROP INDEX "tax_documents_order_kind_key";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_replaced_by_id_tax_documents_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE kind = 'invoice' and corrected_at is null;--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note', 'debit_note'));