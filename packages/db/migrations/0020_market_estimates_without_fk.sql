-- Issue 33: market_estimates is written by the market job alone, a row per estimated listing; the foreign key's check
-- on each written row (a FOR KEY SHARE lock of the listing's row) took 21 of the 119 s of a full pass over a million
-- listings. The cascade it gave is kept by a statement trigger: deleting listings deletes their estimates.
ALTER TABLE "market_estimates" DROP CONSTRAINT "market_estimates_post_id_posts_id_fk";--> statement-breakpoint
CREATE FUNCTION "market_estimates_of_deleted_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM market_estimates m USING gone g WHERE m.post_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "market_estimates_of_deleted_posts" AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "market_estimates_of_deleted_posts"();
