CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_user_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"exchange_rate" numeric(14, 4),
	"amount_usd" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" integer,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payments_amount_check" CHECK ("account_payments"."amount" > 0 and "account_payments"."amount_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_reminders" (
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind"),
	CONSTRAINT "credit_reminders_kind_check" CHECK ("credit_reminders"."kind" in ('due_soon', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_usd" numeric(14, 2) NOT NULL,
	"allocated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "credit_terms" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "credit_limit_usd" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reminders" ADD CONSTRAINT "credit_reminders_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_allocated_by_users_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payments_company_idx" ON "account_payments" USING btree ("company_user_id","received_on");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("user_id") WHERE payment_terms = 'account';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_terms_check" CHECK (("orders"."payment_terms" = 'cash') = ("orders"."due_on" is null));--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_credit_terms_check" CHECK ("dealers"."credit_terms" in ('cash', 'net7', 'net14', 'net30'));--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_credit_limit_check" CHECK ("dealers"."credit_limit_usd" >= 0);