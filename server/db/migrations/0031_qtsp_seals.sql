ALTER TABLE "seals" ALTER COLUMN "sealed_private_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "qtsp_credential_id" text;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_key_holder" CHECK (("seals"."sealed_private_key" is null) <> ("seals"."qtsp_credential_id" is null));