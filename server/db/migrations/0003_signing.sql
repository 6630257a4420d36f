CREATE TABLE "signature_request_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"title" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD COLUMN "signed_sha256" text;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD COLUMN "signed_size" bigint;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "signing_name" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "signing_reason" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "direct_token_hash" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "direct_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "tan_hash" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "tan_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "tan_failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "tan_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_request_attachments" ADD CONSTRAINT "signature_request_attachments_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_attachments" ADD CONSTRAINT "signature_request_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_request_attachments_request_idx" ON "signature_request_attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "signatures_signer_idx" ON "signatures" USING btree ("signer_id");--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_direct_token_hash_unique" UNIQUE("direct_token_hash");