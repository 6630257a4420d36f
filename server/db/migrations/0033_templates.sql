CREATE TABLE "template_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sha256" text NOT NULL,
	"title" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"page_count" integer NOT NULL,
	"page_sizes" jsonb NOT NULL,
	"free_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_roles" (
	"template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"document_signatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "template_roles_template_id_position_pk" PRIMARY KEY("template_id","position")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"business_id" uuid,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"quality" text,
	"legislation" text,
	"expires_after_days" integer,
	"remind_every_days" integer,
	"remind_at_most" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_documents" ADD CONSTRAINT "template_documents_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_roles" ADD CONSTRAINT "template_roles_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_documents_template_idx" ON "template_documents" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_documents_sha256_idx" ON "template_documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "templates_owner_idx" ON "templates" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "templates_business_idx" ON "templates" USING btree ("business_id");