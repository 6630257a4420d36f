ALTER TABLE "businesses" ADD COLUMN "currency" text;--> statement-breakpoint
-- A business that pays already keeps the currency it pays in.
UPDATE "businesses" SET "currency" = "business_subscriptions"."currency" FROM "business_subscriptions" WHERE "business_subscriptions"."business_id" = "businesses"."id";
