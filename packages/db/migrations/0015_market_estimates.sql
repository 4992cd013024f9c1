CREATE TYPE "public"."market_verdict" AS ENUM('good', 'fair', 'high');--> statement-breakpoint
CREATE TABLE "market_estimates" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"low" bigint NOT NULL,
	"median" bigint NOT NULL,
	"high" bigint NOT NULL,
	"comparables" integer NOT NULL,
	"verdict" "market_verdict" NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "good_price_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market_estimates" ADD CONSTRAINT "market_estimates_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_estimates_verdict_idx" ON "market_estimates" USING btree ("verdict","post_id");