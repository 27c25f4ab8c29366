CREATE TABLE "sandbox_wallets" (
	"wallet" text PRIMARY KEY NOT NULL,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "trx_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD COLUMN "method" text DEFAULT 'CARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD COLUMN "wallet" text;--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD COLUMN "trx_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('CARD', 'BKASH'));--> statement-breakpoint
ALTER TABLE "sandbox_holds" ADD CONSTRAINT "sandbox_holds_method_check" CHECK ("sandbox_holds"."method" in ('CARD', 'BKASH'));