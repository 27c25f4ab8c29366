CREATE TYPE "public"."booking_status" AS ENUM('REQUESTED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"topic" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"status" "booking_status" DEFAULT 'REQUESTED' NOT NULL,
	"decline_reason" text,
	"meeting_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_minutes_check" CHECK ("bookings"."minutes" in (30, 60)),
	CONSTRAINT "bookings_end_after_start_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_parties_check" CHECK ("bookings"."lawyer_id" <> "bookings"."client_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_lawyer_starts_idx" ON "bookings" USING btree ("lawyer_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_starts_idx" ON "bookings" USING btree ("client_id","starts_at");--> statement-breakpoint
-- No double booking (decision 0015): a lawyer's meetings and REQUESTED bookings never overlap. An
-- exclusion constraint cannot span two tables, so a trigger on both takes a per-lawyer transaction
-- lock (every writer of that lawyer's time waits for the one before it to commit) and then looks for
-- an overlap; it refuses one with SQLSTATE 23P01 (exclusion_violation), which the services answer as
-- 409. A meeting whose payment was cancelled or refunded no longer holds its time.
CREATE FUNCTION "lawyer_time_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'bookings' THEN
		-- Only a waiting request holds time (a meetings row has no status: SQL does not short-circuit).
		IF NEW."status" <> 'REQUESTED' THEN
			RETURN NEW;
		END IF;
	END IF;
	PERFORM pg_advisory_xact_lock(1795836700, hashtext(NEW."lawyer_id"::text));
	IF EXISTS (
		SELECT 1 FROM "meetings" m
		WHERE m."lawyer_id" = NEW."lawyer_id" AND m."id" <> NEW."id"
			AND m."starts_at" < NEW."ends_at" AND m."ends_at" > NEW."starts_at"
			AND NOT EXISTS (
				SELECT 1 FROM "payments" p WHERE p."meeting_id" = m."id" AND p."status" IN ('CANCELED', 'REFUNDED')
			)
	) OR EXISTS (
		SELECT 1 FROM "bookings" b
		WHERE b."lawyer_id" = NEW."lawyer_id" AND b."id" <> NEW."id" AND b."status" = 'REQUESTED'
			AND b."starts_at" < NEW."ends_at" AND b."ends_at" > NEW."starts_at"
	) THEN
		RAISE EXCEPTION 'lawyer time taken' USING ERRCODE = '23P01', CONSTRAINT = 'lawyer_time_overlap';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "meetings_lawyer_time_guard" BEFORE INSERT OR UPDATE OF "lawyer_id", "starts_at", "ends_at" ON "meetings" FOR EACH ROW EXECUTE FUNCTION "lawyer_time_guard"();--> statement-breakpoint
CREATE TRIGGER "bookings_lawyer_time_guard" BEFORE INSERT OR UPDATE OF "lawyer_id", "starts_at", "ends_at", "status" ON "bookings" FOR EACH ROW EXECUTE FUNCTION "lawyer_time_guard"();
