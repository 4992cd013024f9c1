CREATE TYPE "public"."source_read_via" AS ENUM('telegram_preview', 'telegram_mtproto', 'vk_wall', 'telegram_bot');--> statement-breakpoint
CREATE TYPE "public"."source_state" AS ENUM('active', 'paused', 'broken');--> statement-breakpoint
ALTER TABLE "post_sources" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "read_via" "source_read_via" DEFAULT 'telegram_bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "state" "source_state" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "mtproto_channel_id" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "mtproto_access_hash" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "interval_seconds" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "next_read_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "last_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "reads_ok" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "reads_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sources_due_idx" ON "sources" USING btree ("next_read_at");--> statement-breakpoint
-- hand-written (issue 28): existing rows keep what they meant before `active` goes: a paused source stays paused,
-- a VK wall is read by the scheduler, a Telegram channel stays on the bot-admin path (read_via's default).
UPDATE "sources" SET "state" = 'paused' WHERE NOT "active";--> statement-breakpoint
UPDATE "sources" SET "read_via" = 'vk_wall' WHERE "kind" = 'vk';--> statement-breakpoint
ALTER TABLE "sources" DROP COLUMN "active";
