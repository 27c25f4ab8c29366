-- A narrow covering index for counting directory matches (issue 22, docs/benchmarks.md "API overhead").
-- Every search counts all its matches, and profile rows are wide (bio, search text, two tsvectors:
-- about five rows per 8 KiB page), so a count through the division index read one heap page per
-- match (3.1 ms for a division of 1 250 lawyers). With the range and equality filter columns in the
-- index it is an index-only scan (0.35 ms). The specializations stay out: with them in, the planner
-- counted a specialization by reading this whole index instead of the GIN index (2.5 → 4.0 ms).
-- drizzle's index builder has no INCLUDE, so server/db/schema.ts names it in a comment only.
CREATE INDEX "lawyer_profiles_dir_count_idx" ON "lawyer_profiles" USING btree ("division","district") INCLUDE ("hourly_charge","practicing_court","years_of_experience","average_rating") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';
