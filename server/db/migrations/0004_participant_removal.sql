ALTER TABLE "signature_requests" ADD COLUMN "owner_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "removed_at" timestamp with time zone;