-- Rows written before the contract bounded its numbers (issue 19: a price of 2^53 + 1 took the feed down) would
-- fail the checks below: out-of-range values become "not stated" (NULL), a prompt's position its nearest bound.
UPDATE "posts" SET "price" = NULL WHERE "price" NOT BETWEEN 0 AND 100000000000;--> statement-breakpoint
UPDATE "posts" SET "mileage" = NULL WHERE "mileage" NOT BETWEEN 0 AND 10000000;--> statement-breakpoint
UPDATE "posts" SET "year" = NULL WHERE "year" NOT BETWEEN 1900 AND 9999;--> statement-breakpoint
UPDATE "drafts" SET "price" = NULL WHERE "price" NOT BETWEEN 0 AND 100000000000;--> statement-breakpoint
UPDATE "drafts" SET "mileage" = NULL WHERE "mileage" NOT BETWEEN 0 AND 10000000;--> statement-breakpoint
UPDATE "drafts" SET "year" = NULL WHERE "year" NOT BETWEEN 1900 AND 9999;--> statement-breakpoint
UPDATE "filters" SET "price_from" = NULL WHERE "price_from" NOT BETWEEN 0 AND 100000000;--> statement-breakpoint
UPDATE "filters" SET "price_to" = NULL WHERE "price_to" NOT BETWEEN 0 AND 100000000;--> statement-breakpoint
UPDATE "filters" SET "year_from" = NULL WHERE "year_from" NOT BETWEEN 1900 AND 9999;--> statement-breakpoint
UPDATE "filters" SET "year_to" = NULL WHERE "year_to" NOT BETWEEN 1900 AND 9999;--> statement-breakpoint
UPDATE "prompts" SET "position" = LEAST(GREATEST("position", 0), 1000000) WHERE "position" NOT BETWEEN 0 AND 1000000;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_range" CHECK ("posts"."price" between 0 and 100000000000);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_mileage_range" CHECK ("posts"."mileage" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_year_range" CHECK ("posts"."year" between 1900 and 9999);--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_price_range" CHECK ("drafts"."price" between 0 and 100000000000);--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_mileage_range" CHECK ("drafts"."mileage" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_year_range" CHECK ("drafts"."year" between 1900 and 9999);--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_price_from_range" CHECK ("filters"."price_from" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_price_to_range" CHECK ("filters"."price_to" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_year_from_range" CHECK ("filters"."year_from" between 1900 and 9999);--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_year_to_range" CHECK ("filters"."year_to" between 1900 and 9999);--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_position_range" CHECK ("prompts"."position" between 0 and 1000000);
