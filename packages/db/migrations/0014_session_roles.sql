ALTER TABLE "sessions" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- hand-written (issue 31): live sessions keep working across the deploy, issued for the roles their user has now.
UPDATE "sessions" SET "roles" = "users"."roles" FROM "users" WHERE "users"."id" = "sessions"."user_id" AND "sessions"."revoked_at" IS NULL;
