CREATE TABLE "identification_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signature_id" uuid,
	"legislation" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"identification_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "identification_payments_provider_payment_id_unique" UNIQUE("provider_payment_id")
);
--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD COLUMN "seats_at_period_end" integer;--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD COLUMN "legislation" text;--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "identification_payments" ADD CONSTRAINT "identification_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_payments" ADD CONSTRAINT "identification_payments_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_payments" ADD CONSTRAINT "identification_payments_identification_id_identifications_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."identifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identification_payments_user_idx" ON "identification_payments" USING btree ("user_id");