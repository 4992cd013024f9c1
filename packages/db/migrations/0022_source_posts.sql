CREATE TYPE "public"."source_post_outcome" AS ENUM('published', 'not_sale', 'duplicate', 'unparsed');--> statement-breakpoint
CREATE TABLE "source_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"outcome" "source_post_outcome" NOT NULL,
	"reason" text,
	"post_id" bigint,
	"url" text,
	"excerpt" text DEFAULT '' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_posts" ADD CONSTRAINT "source_posts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_posts" ADD CONSTRAINT "source_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "source_posts_source_message_unique" ON "source_posts" USING btree ("source_id","message_id");--> statement-breakpoint
CREATE INDEX "source_posts_source_seen_idx" ON "source_posts" USING btree ("source_id","seen_at");