-- Per-user versions of the lists a user re-reads most: their cases, notifications and chat inbox
-- (issue 22; docs/decisions/0022-lists-validated-by-read-versions.md). The server keeps each user's
-- recently read pages in memory with the version they were read at, and asks only this one indexed
-- row before answering from memory; any write that changes what such a list shows bumps the
-- version of every user who sees it, in the writer's own transaction, so a page read after a commit
-- is never older than that commit, on every instance. Triggers rather than application calls: they
-- catch every writer, the cascades of an account deletion included.
-- No foreign key to users: a deleted account's cascades bump it while it goes away. A version is
-- the next value of one sequence, never a per-row counter, so no value repeats: not after a table is
-- emptied (the test suites do), nor for another user, and equality alone tells a page is current.
CREATE SEQUENCE "read_versions_seq";--> statement-breakpoint
CREATE TABLE "read_versions" (
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "read_versions_pkey" PRIMARY KEY ("user_id", "list")
);--> statement-breakpoint
-- Rows are taken in one order (distinct ids, sorted), so two writers bumping the same users cannot
-- wait on each other in a cycle.
CREATE FUNCTION "bump_read_versions"(list_name text, user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "read_versions" ("user_id", "list", "version")
		SELECT u.id, list_name, nextval('read_versions_seq')
		FROM (SELECT DISTINCT id FROM unnest(user_ids) AS ids(id) WHERE id IS NOT NULL ORDER BY 1) AS u
		ON CONFLICT ("user_id", "list") DO UPDATE SET "version" = excluded."version";
END
$$;--> statement-breakpoint
-- The users who share a case with this one (its clients for a lawyer, its lawyers for a client).
CREATE FUNCTION "case_counterparts"(party uuid) RETURNS uuid[] LANGUAGE sql STABLE AS $$
	SELECT ARRAY(
		SELECT "client_id" FROM "cases" WHERE "lawyer_id" = party
		UNION SELECT "lawyer_id" FROM "cases" WHERE "client_id" = party
	)
$$;--> statement-breakpoint
-- A case list shows each case's row and both parties: a case written bumps both of its parties.
CREATE FUNCTION "cases_read_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM bump_read_versions('cases', ARRAY(SELECT "client_id" FROM new_rows UNION SELECT "lawyer_id" FROM new_rows));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM bump_read_versions('cases', ARRAY(
			SELECT "client_id" FROM new_rows UNION SELECT "lawyer_id" FROM new_rows
			UNION SELECT "client_id" FROM old_rows UNION SELECT "lawyer_id" FROM old_rows));
	ELSE
		PERFORM bump_read_versions('cases', ARRAY(SELECT "client_id" FROM old_rows UNION SELECT "lawyer_id" FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cases_read_versions_insert" AFTER INSERT ON "cases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cases_read_versions"();--> statement-breakpoint
CREATE TRIGGER "cases_read_versions_update" AFTER UPDATE ON "cases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "cases_read_versions"();--> statement-breakpoint
CREATE TRIGGER "cases_read_versions_delete" AFTER DELETE ON "cases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "cases_read_versions"();--> statement-breakpoint
-- A notification list shows the user's rows, rendered in the user's language.
CREATE FUNCTION "notifications_read_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM bump_read_versions('notifications', ARRAY(SELECT "user_id" FROM old_rows));
	ELSE
		PERFORM bump_read_versions('notifications', ARRAY(SELECT "user_id" FROM new_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_read_versions_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_read_versions"();--> statement-breakpoint
CREATE TRIGGER "notifications_read_versions_update" AFTER UPDATE ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_read_versions"();--> statement-breakpoint
CREATE TRIGGER "notifications_read_versions_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_read_versions"();--> statement-breakpoint
-- A party's name and e-mail show in the case lists of everyone they share a case with, and with
-- the picture in the inbox of everyone they chat with; the language renders the user's own
-- notifications.
CREATE FUNCTION "users_read_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (OLD."first_name", OLD."last_name", OLD."email") IS DISTINCT FROM (NEW."first_name", NEW."last_name", NEW."email") THEN
		PERFORM bump_read_versions('cases', array_append(case_counterparts(NEW."id"), NEW."id"));
	END IF;
	IF (OLD."first_name", OLD."last_name", OLD."email", OLD."profile_picture", OLD."profile_thumbnail")
		IS DISTINCT FROM (NEW."first_name", NEW."last_name", NEW."email", NEW."profile_picture", NEW."profile_thumbnail") THEN
		PERFORM bump_read_versions('conversations', array_append(ARRAY(
			SELECT "user_high" FROM "conversations" WHERE "user_low" = NEW."id"
			UNION SELECT "user_low" FROM "conversations" WHERE "user_high" = NEW."id"), NEW."id"));
	END IF;
	IF OLD."language" IS DISTINCT FROM NEW."language" THEN
		PERFORM bump_read_versions('notifications', ARRAY[NEW."id"]);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_read_versions" AFTER UPDATE OF "first_name", "last_name", "email", "profile_picture", "profile_thumbnail", "language" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_read_versions"();--> statement-breakpoint
-- A lawyer's firm shows in their clients' case lists. A profile with no case changes no list (the
-- demo seed writes thousands).
CREATE FUNCTION "lawyer_profiles_read_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	lawyer uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END;
	parties uuid[];
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."firm" IS NOT DISTINCT FROM NEW."firm" THEN
		RETURN NULL;
	END IF;
	parties := case_counterparts(lawyer);
	IF cardinality(parties) > 0 THEN
		PERFORM bump_read_versions('cases', array_append(parties, lawyer));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lawyer_profiles_read_versions" AFTER INSERT OR DELETE OR UPDATE OF "firm" ON "lawyer_profiles" FOR EACH ROW EXECUTE FUNCTION "lawyer_profiles_read_versions"();
--> statement-breakpoint
-- An inbox shows each conversation's order and time, the other person, the latest message and the
-- unread count: a conversation or a message written bumps both people in it.
CREATE FUNCTION "chat_read_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'conversations' THEN
		IF TG_OP = 'DELETE' THEN
			PERFORM bump_read_versions('conversations', ARRAY(SELECT "user_low" FROM old_rows UNION SELECT "user_high" FROM old_rows));
		ELSE
			PERFORM bump_read_versions('conversations', ARRAY(SELECT "user_low" FROM new_rows UNION SELECT "user_high" FROM new_rows));
		END IF;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM bump_read_versions('conversations', ARRAY(SELECT "sender_id" FROM old_rows UNION SELECT "receiver_id" FROM old_rows));
	ELSE
		PERFORM bump_read_versions('conversations', ARRAY(SELECT "sender_id" FROM new_rows UNION SELECT "receiver_id" FROM new_rows));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conversations_read_versions_insert" AFTER INSERT ON "conversations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();--> statement-breakpoint
CREATE TRIGGER "conversations_read_versions_update" AFTER UPDATE ON "conversations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();--> statement-breakpoint
CREATE TRIGGER "conversations_read_versions_delete" AFTER DELETE ON "conversations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();--> statement-breakpoint
CREATE TRIGGER "messages_read_versions_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();--> statement-breakpoint
CREATE TRIGGER "messages_read_versions_update" AFTER UPDATE ON "messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();--> statement-breakpoint
CREATE TRIGGER "messages_read_versions_delete" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "chat_read_versions"();
