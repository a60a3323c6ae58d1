DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" in ('queued', 'failed');