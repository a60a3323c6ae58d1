ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_fiscal_status_check";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "fiscal_problems" jsonb;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_fiscal_status_check" CHECK ("tax_documents"."fiscal_status" in ('not_required', 'pending', 'fiscalised', 'needs_correction'));