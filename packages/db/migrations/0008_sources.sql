CREATE TYPE "public"."source_kind" AS ENUM('telegram', 'vk');--> statement-breakpoint
CREATE TABLE "post_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"price" bigint NOT NULL,
	"currency" char(3) DEFAULT 'RUB' NOT NULL,
	"source_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_sources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"source_id" integer,
	"message_id" bigint NOT NULL,
	"url" text,
	"content_hash" text,
	"photo_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "source_kind" NOT NULL,
	"identifier" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"partner_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"last_position" bigint,
	"posts_seen" integer DEFAULT 0 NOT NULL,
	"posts_published" integer DEFAULT 0 NOT NULL,
	"posts_rejected" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_prices" ADD CONSTRAINT "post_prices_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_prices" ADD CONSTRAINT "post_prices_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sources" ADD CONSTRAINT "post_sources_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sources" ADD CONSTRAINT "post_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_prices_post_id_recorded_at_idx" ON "post_prices" USING btree ("post_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_sources_source_message_unique" ON "post_sources" USING btree ("source_id","message_id");--> statement-breakpoint
CREATE INDEX "post_sources_post_id_idx" ON "post_sources" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_sources_content_hash_idx" ON "post_sources" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_kind_identifier_unique" ON "sources" USING btree ("kind","identifier");