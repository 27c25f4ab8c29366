-- How many APPROVED lawyers each directory filter holds, per hourly charge (issue 22;
-- docs/decisions/0023-directory-counts-kept-by-triggers.md). Every search returns its exact number
-- of matches; counted from the profiles, that is a read of every match (an index-only scan of all
-- 10 000 lawyers for a search with no filter, a heap page per match for a specialization), most of
-- a search's database time. Searches that filter only by division, district, specialization and a
-- maximum hourly charge (the directory screen's own filters) read their count here instead: a sum
-- over at most one row per distinct charge. Kept by triggers in the writer's own transaction, so a
-- count is as current as the rows it counts, whoever writes (the services, an account deletion's
-- cascade, an operator's SQL).
-- Each approved lawyer counts in nine scopes or fewer per specialization: everywhere, their division,
-- their district (with its division), each alone and with each of their specializations. NULL in a
-- column means "any"; a NULL charge is a lawyer who has not set one (a maximum charge excludes them).
CREATE TABLE "directory_counts" (
	"division" "division",
	"district" "district",
	"specialization" "specialization",
	"hourly_charge" numeric(12, 2),
	"lawyers" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "directory_counts_key" ON "directory_counts" USING btree ("division", "district", "specialization", "hourly_charge") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE TYPE "directory_count_change" AS ("division" "division", "district" "district", "specializations" "specialization"[], "hourly_charge" numeric(12, 2), "delta" integer);--> statement-breakpoint
-- Adds each change to every scope it counts in. Keys are written in one order (sorted), so two
-- writers cannot wait on each other in a cycle; a net change of zero (an update that moved nothing
-- the directory counts by, such as a new rating) writes nothing.
CREATE FUNCTION "apply_directory_counts"(changes "directory_count_change"[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "directory_counts" AS c ("division", "district", "specialization", "hourly_charge", "lawyers")
	SELECT s."division", s."district", sp."specialization", ch."hourly_charge", sum(ch."delta")::integer
	FROM unnest(changes) AS ch
	CROSS JOIN LATERAL (VALUES (NULL::"division", NULL::"district"), (ch."division", NULL), (ch."division", ch."district")) AS s("division", "district")
	CROSS JOIN LATERAL (SELECT NULL::"specialization" UNION SELECT DISTINCT unnest(ch."specializations")) AS sp("specialization")
	GROUP BY 1, 2, 3, 4
	HAVING sum(ch."delta") <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("division", "district", "specialization", "hourly_charge") DO UPDATE SET "lawyers" = c."lawyers" + excluded."lawyers";
$$;--> statement-breakpoint
CREATE FUNCTION "lawyer_profiles_directory_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changes "directory_count_change"[] := '{}';
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		changes := ARRAY(SELECT ROW("division", "district", "specializations", "hourly_charge", -1)::"directory_count_change"
			FROM old_rows WHERE "verification_status" = 'APPROVED');
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		changes := changes || ARRAY(SELECT ROW("division", "district", "specializations", "hourly_charge", 1)::"directory_count_change"
			FROM new_rows WHERE "verification_status" = 'APPROVED');
	END IF;
	IF cardinality(changes) > 0 THEN
		PERFORM apply_directory_counts(changes);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_counts_insert" AFTER INSERT ON "lawyer_profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_counts"();--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_counts_update" AFTER UPDATE ON "lawyer_profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_counts"();--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_counts_delete" AFTER DELETE ON "lawyer_profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lawyer_profiles_directory_counts"();--> statement-breakpoint
-- Emptied with the profiles (the test suites truncate every table between files).
CREATE FUNCTION "directory_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "directory_counts";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_directory_counts_truncate" AFTER TRUNCATE ON "lawyer_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "directory_counts_truncate"();--> statement-breakpoint
SELECT apply_directory_counts(ARRAY(
	SELECT ROW("division", "district", "specializations", "hourly_charge", 1)::"directory_count_change"
	FROM "lawyer_profiles" WHERE "verification_status" = 'APPROVED'));
