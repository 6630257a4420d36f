ALTER TABLE "users" ADD COLUMN "billing_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_billing_customer_id_unique" UNIQUE("billing_customer_id");