ALTER TABLE "idempotency_records" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "lease_until" timestamp with time zone;