-- Issue 21: plans for every filter shape. The feed indexes carry every filtered column, so a walk in feed order
-- tests the filter on the index alone; price and year indexes carry the feed columns for sparse filters gathered
-- by range and sorted; the text's tsvector is stored. Extended statistics give the planner the joint spread of
-- year and price (a price range that one year never reaches) and of brand, model and city.
-- (Numbered 0006 as reserved for issue 21; applied after 0007 in the journal.)
DROP INDEX "posts_feed_idx";--> statement-breakpoint
DROP INDEX "posts_brand_feed_idx";--> statement-breakpoint
DROP INDEX "posts_model_feed_idx";--> statement-breakpoint
DROP INDEX "posts_city_feed_idx";--> statement-breakpoint
DROP INDEX "posts_price_idx";--> statement-breakpoint
DROP INDEX "posts_year_idx";--> statement-breakpoint
DROP INDEX "posts_fts_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","model_id","city_id","price","year","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_brand_feed_idx" ON "posts" USING btree ("brand_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"model_id","city_id","price","year","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_model_feed_idx" ON "posts" USING btree ("model_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","city_id","price","year","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_city_feed_idx" ON "posts" USING btree ("city_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","model_id","price","year","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_price_idx" ON "posts" USING btree ("price","year","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","model_id","city_id","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_year_idx" ON "posts" USING btree ("year","price","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","model_id","city_id","channel") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_fts_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "posts_year_price_stats" (mcv, dependencies) ON "year", "price" FROM "posts";--> statement-breakpoint
ALTER STATISTICS "posts_year_price_stats" SET STATISTICS 1000;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "posts_brand_model_city_stats" (ndistinct, dependencies) ON "brand_id", "model_id", "city_id" FROM "posts";--> statement-breakpoint
-- The feed's statements are many and short: a parallel plan's workers cost more to start than a page costs to read.
ALTER TABLE "posts" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "post_media" SET (parallel_workers = 0);--> statement-breakpoint
ANALYZE "posts";