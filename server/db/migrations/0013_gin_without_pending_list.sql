-- GIN indexes without a pending list (fastupdate off). With it on, new entries wait in an unsorted
-- list that every search scans until a VACUUM merges it, which PGlite never runs and PostgreSQL runs
-- late after a bulk load: a directory search took 60 ms instead of 1 ms, and the planner, costing
-- the list, chose sequential scans. Writes to these columns are rare (profiles, posts); reads are not.
DROP INDEX "blogs_search_idx";--> statement-breakpoint
DROP INDEX "lawyer_profiles_specializations_idx";--> statement-breakpoint
DROP INDEX "lawyer_profiles_search_idx";--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "lawyer_profiles_specializations_idx" ON "lawyer_profiles" USING gin ("specializations") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_idx" ON "lawyer_profiles" USING gin ("search_vector") WITH (fastupdate=false);