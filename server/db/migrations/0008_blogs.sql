CREATE TYPE "public"."blog_status" AS ENUM('DRAFT', 'PUBLISHED', 'ARCHIVED');--> statement-breakpoint
CREATE TABLE "blog_subscriptions" (
	"follower_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_subscriptions_follower_id_author_id_pk" PRIMARY KEY("follower_id","author_id"),
	CONSTRAINT "blog_subscriptions_self_check" CHECK ("blog_subscriptions"."follower_id" <> "blog_subscriptions"."author_id")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"plain_text" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" "blog_status" DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"search_title" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(btrim(search_title || ' ' || search_body), ' '))) STORED,
	"search_title_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_title, ' '))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogs_language_check" CHECK ("blogs"."language" in ('en', 'bn')),
	CONSTRAINT "blogs_title_check" CHECK (char_length("blogs"."title") between 2 and 255)
);
--> statement-breakpoint
ALTER TABLE "blog_subscriptions" ADD CONSTRAINT "blog_subscriptions_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_subscriptions" ADD CONSTRAINT "blog_subscriptions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_subscriptions_author_idx" ON "blog_subscriptions" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "blogs_author_created_idx" ON "blogs" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at","id") WHERE "blogs"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search_vector");