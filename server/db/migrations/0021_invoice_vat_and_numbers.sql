CREATE TABLE "invoice_sequences" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
-- Invoices written before took their VAT by the business's billing country, as machines/business-payment/vat.ts says.
UPDATE "manual_invoices" AS "invoice" SET
	"vat_treatment" = CASE
		WHEN "business"."billing"->>'country' IN ('CH', 'LI') THEN 'swiss'
		WHEN "business"."billing"->>'country' IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK') THEN 'reverseCharge'
		ELSE 'export'
	END,
	"vat_rate" = CASE WHEN "business"."billing"->>'country' IN ('CH', 'LI') THEN 810 ELSE 0 END
FROM "businesses" AS "business" WHERE "business"."id" = "invoice"."business_id";--> statement-breakpoint
ALTER TABLE "manual_invoices" ALTER COLUMN "vat_treatment" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_invoices" ALTER COLUMN "vat_rate" SET NOT NULL;
--> statement-breakpoint
-- The sandbox provider's invoices written before carry their VAT as their customer's country gives it, too.
UPDATE "sandbox_billing_objects" AS "invoice" SET "data" = "invoice"."data" || jsonb_build_object(
	'vatTreatment', CASE
		WHEN "customer"."data"->'address'->>'country' IN ('CH', 'LI') THEN 'swiss'
		WHEN "customer"."data"->'address'->>'country' IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK') THEN 'reverseCharge'
		ELSE 'export'
	END,
	'vatRate', CASE WHEN "customer"."data"->'address'->>'country' IN ('CH', 'LI') THEN 810 ELSE 0 END)
FROM "sandbox_billing_objects" AS "customer"
WHERE "invoice"."kind" = 'invoice' AND NOT ("invoice"."data" ? 'vatTreatment')
	AND "customer"."kind" = 'customer' AND "customer"."id" = "invoice"."customer_id";
