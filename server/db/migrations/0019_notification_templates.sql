-- Issue 20: a notification stores its catalogue entry and parameters, so it is rendered in the
-- reader's language when read. Existing rows keep their stored content (template null).
ALTER TABLE "notifications" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;
