CREATE TABLE "survey_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"score" integer,
	"comment" text,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_user_kind_idx" ON "survey_answers" USING btree ("user_id","kind","asked_at");--> statement-breakpoint
CREATE INDEX "survey_answers_asked_at_idx" ON "survey_answers" USING btree ("asked_at");