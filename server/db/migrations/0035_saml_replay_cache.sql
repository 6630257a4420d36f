CREATE TABLE "saml_assertions" (
	"issuer" text NOT NULL,
	"id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertions_issuer_id_pk" PRIMARY KEY("issuer","id")
);
--> statement-breakpoint
CREATE TABLE "saml_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saml_assertions_expires_at_idx" ON "saml_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saml_requests_expires_at_idx" ON "saml_requests" USING btree ("expires_at");