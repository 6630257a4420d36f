ALTER TABLE "signature_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "remind_every_days" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "remind_at_most" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "businesses" SET "settings" = jsonb_set(jsonb_set("settings", '{signatureRequests,reminders}', '{"enabled": false, "everyDays": 3, "atMost": 3}'), '{signatureRequests,expiry}', '{"enabled": false, "days": 30}');
