CREATE TABLE "ai_session_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"text_status" text NOT NULL,
	"extracted_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_session_documents_status_check" CHECK ("ai_session_documents"."text_status" in ('EXTRACTED', 'NO_TEXT', 'UNSEARCHABLE_ENCODING', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "ai_session_documents" ADD CONSTRAINT "ai_session_documents_session_id_ai_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ai_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_session_documents" ADD CONSTRAINT "ai_session_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_session_documents_session_idx" ON "ai_session_documents" USING btree ("session_id","created_at");