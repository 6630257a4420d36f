CREATE TABLE "signature_request_observers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"email" text NOT NULL,
	"read_token_hash" text,
	CONSTRAINT "signature_request_observers_read_token_hash_unique" UNIQUE("read_token_hash")
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_observers" ADD CONSTRAINT "signature_request_observers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_observers_email_idx" ON "signature_request_observers" USING btree ("request_id","email");