CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[],
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_staff_role" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_key_key" ON "staff_roles" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_key" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "public"."staff_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 035: the built-in roles (their permissions are the code's), and today's accounts to the role that matches
-- what they have: super → Owner, admin → Manager.
INSERT INTO "staff_roles" ("id", "key", "name", "description", "built_in") VALUES
	(1, 'owner', 'Owner', 'Everything, staff and rates included.', true),
	(2, 'manager', 'Manager', 'Everything but staff and rates.', true),
	(3, 'sales', 'Sales', 'The sales desk: the catalogue, dealers'' applications, quotations, orders and enquiries.', true),
	(4, 'warehouse', 'Warehouse', 'Stock, branches and shipments; packing and dispatching orders.', true),
	(5, 'accounts', 'Accounts', 'Payments, invoices and credit notes, dealers'' terms, the audit log.', true),
	(6, 'content', 'Content', 'The blog, case studies, pages, FAQs and testimonials.', true);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('staff_roles', 'id'), 100, false);--> statement-breakpoint
UPDATE "users" SET "staff_role_id" = CASE WHEN "role_id" = 4 THEN 1 ELSE 2 END WHERE "role_id" IN (3, 4);
