-- A narrow covering index for counting directory matches (issue 22, docs/benchmarks.md "API overhead").
-- Every search counts all its matches; profile rows are wide (bio, search text, two tsvectors: about
-- one row per 8 KiB page), so a count through the division or district index read one heap page per
-- match. With the other filter columns in the index, those counts are index-only scans, and a
-- specialization count can read the ~100 pages of this index instead of one heap page per match.
-- drizzle's index builder has no INCLUDE, so server/db/schema.ts only names it in a comment.
CREATE INDEX "lawyer_profiles_dir_count_idx" ON "lawyer_profiles" USING btree ("division","district") INCLUDE ("hourly_charge","practicing_court","years_of_experience","average_rating","specializations") WHERE "lawyer_profiles"."verification_status" = 'APPROVED';
