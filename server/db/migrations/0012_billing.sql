CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subscription_id" text,
	"customer_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_subscriptions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"plan" text NOT NULL,
	"cycle" text NOT NULL,
	"currency" text NOT NULL,
	"seats" integer NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean NOT NULL,
	"promo_code" text,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_subscriptions_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
CREATE TABLE "manual_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "manual_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "trial_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payment_issue_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "referral_code" text;--> statement-breakpoint
UPDATE "businesses" SET "referral_code" = 'REF-' || upper(substr(replace("id"::text, '-', ''), 1, 10));--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "referral_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD CONSTRAINT "manual_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_invoices_business_idx" ON "manual_invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_billing_objects_customer_idx" ON "sandbox_billing_objects" USING btree ("customer_id","kind");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_customer_id_unique" UNIQUE("customer_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
-- The sandbox provider's promotion codes, as an operator would create them at the real provider.
INSERT INTO "sandbox_billing_objects" ("id", "kind", "customer_id", "data", "created_at") VALUES
('promo_welcome20', 'promotion_code', NULL, '{"code": "WELCOME20", "percentOff": 20, "amountOff": null, "duration": "once", "durationInMonths": null, "plans": [], "expiresAt": null}', now()),
('promo_team3', 'promotion_code', NULL, '{"code": "TEAM3", "percentOff": 30, "amountOff": null, "duration": "repeating", "durationInMonths": 3, "plans": ["team"], "expiresAt": null}', now()),
('promo_referral', 'promotion_code', NULL, '{"code": "REFERRAL", "percentOff": 10, "amountOff": null, "duration": "once", "durationInMonths": null, "plans": [], "expiresAt": null}', now()),
('promo_expired', 'promotion_code', NULL, '{"code": "SUMMER25", "percentOff": 25, "amountOff": null, "duration": "once", "durationInMonths": null, "plans": [], "expiresAt": "2025-09-01T00:00:00.000Z"}', now());
