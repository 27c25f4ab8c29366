CREATE TABLE "law_acts" (
	"act_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"act_no" text NOT NULL,
	"year" integer,
	"language" text NOT NULL,
	"url" text NOT NULL,
	"corpus_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "law_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"act_id" integer NOT NULL,
	"position" integer NOT NULL,
	"section" text,
	"heading" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "law_sections" ADD CONSTRAINT "law_sections_act_id_law_acts_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."law_acts"("act_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "law_sections_act_position_idx" ON "law_sections" USING btree ("act_id","position");