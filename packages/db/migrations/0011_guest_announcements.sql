-- Issue 15: aggregated listings wait here for their 24-hour delay before the public `posts` channel announces them
-- (packages/server/src/listings/guest-announcements.ts claims due rows with FOR UPDATE SKIP LOCKED and deletes them).
CREATE TABLE "guest_announcements" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_announcements" ADD CONSTRAINT "guest_announcements_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_announcements_due_at_idx" ON "guest_announcements" USING btree ("due_at");