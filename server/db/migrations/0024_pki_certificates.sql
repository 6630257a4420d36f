CREATE TABLE "pki_certificates" (
	"serial" text NOT NULL,
	"ca" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"base_serial" text,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	CONSTRAINT "pki_certificates_ca_serial_pk" PRIMARY KEY("ca","serial")
);
--> statement-breakpoint
CREATE INDEX "pki_certificates_base_serial_idx" ON "pki_certificates" USING btree ("base_serial");--> statement-breakpoint
CREATE INDEX "pki_certificates_revoked_idx" ON "pki_certificates" USING btree ("ca") WHERE "pki_certificates"."revoked_at" is not null;