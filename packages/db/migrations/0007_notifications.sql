CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped');--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"filter_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "telegram_file_id" text;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "match_brands" integer[] GENERATED ALWAYS AS (case when brands = '{}' and models = '{}' then '{0}'::integer[] else brands end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "match_cities" integer[] GENERATED ALWAYS AS (case when cities = '{}' then '{0}'::integer[] else cities end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_filter_id_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_jobs" ADD CONSTRAINT "notify_jobs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_filter_post_channel_unique" ON "deliveries" USING btree ("filter_id","post_id","channel");--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("due_at","id") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "deliveries_user_idx" ON "deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deliveries_post_idx" ON "deliveries" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "notify_jobs_open_idx" ON "notify_jobs" USING btree ("run_at","id") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "filters_match_brand_city_idx" ON "filters" USING gin ("match_brands","match_cities") WHERE active;--> statement-breakpoint
CREATE INDEX "filters_match_model_city_idx" ON "filters" USING gin ("models","match_cities") WHERE active;