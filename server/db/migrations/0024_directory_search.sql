-- A narrow copy of the directory's searchable columns (issue 22;
-- docs/decisions/0025-directory-search-table.md). A free-text search counts its matches by reading
-- one heap page per match, and profile rows are wide (bio, search text, certificate fields, two
-- tsvectors: about five to a page), so a broad word's count read some 1 800 pages of 10 000 lawyers.
-- This table holds only what the counts and the relevance ranking read, fixed-width columns first:
-- about twelve rows to a page, under half the pages and about half the time. Kept by statement-level
-- triggers in the writer's own transaction, for every profile whatever its status (the searches
-- filter by status as on the profiles), so it is as current as the rows it copies, whoever writes.
CREATE TABLE "directory_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"verification_status" "verification_status" NOT NULL,
	"division" "division" NOT NULL,
	"district" "district" NOT NULL,
	"practicing_court" "practicing_court" NOT NULL,
	"years_of_experience" smallint NOT NULL,
	"hourly_charge" numeric(12, 2),
	"average_rating" numeric(3, 2),
	"specializations" "specialization"[] NOT NULL,
	"search_title_vector" tsvector,
	"search_vector" tsvector
);--> statement-breakpoint
CREATE INDEX "directory_search_vector_idx" ON "directory_search" USING gin ("search_vector") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "directory_search_specializations_idx" ON "directory_search" USING gin ("specializations") WITH (fastupdate = off);--> statement-breakpoint
-- The copy of one profile: the one place that names the copied columns, in the table's order.
CREATE FUNCTION "directory_search_row"(p "lawyer_profiles") RETURNS "directory_search" LANGUAGE sql IMMUTABLE AS $$
	SELECT p."id", p."verification_status", p."division", p."district", p."practicing_court", p."years_of_experience",
		p."hourly_charge", p."average_rating", p."specializations", p."search_title_vector", p."search_vector"
$$;--> statement-breakpoint
CREATE FUNCTION "lawyer_profiles_directory_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM "directory_search" d USING old_rows o WHERE d."id" = o."id";
	ELSE
		-- New profiles are added; changed ones rewritten only where a copied column moved (a new
		-- review count or bio writes nothing here).
		INSERT INTO "directory_search" AS d SELECT r.* FROM new_rows n, LATERAL directory_search_row(n) r
		ON CONFLICT ("id") DO UPDATE SET ("id", "verification_status", "division", "district", "practicing_court",
			"years_of_experience", "hourly_charge", "average_rating", "specializations", "search_title_vector",
			"search_vector") = ROW(excluded.*)
		WHERE d IS DISTINCT FROM excluded;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_search_insert" AFTER INSERT ON "lawyer_profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_search"();--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_search_update" AFTER UPDATE ON "lawyer_profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_search"();--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_search_delete" AFTER DELETE ON "lawyer_profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_search"();--> statement-breakpoint
-- Emptied with the profiles (the test suites truncate every table between files).
CREATE FUNCTION "directory_search_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "directory_search";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_search_truncate" AFTER TRUNCATE ON "lawyer_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "directory_search_truncate"();--> statement-breakpoint
INSERT INTO "directory_search" SELECT r.* FROM "lawyer_profiles" p, LATERAL directory_search_row(p) r;
