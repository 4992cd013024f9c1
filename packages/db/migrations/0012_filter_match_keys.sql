-- Issue 14: the notification matcher probes exact keys through one btree instead of intersecting GIN posting lists
-- (the "any city" key held ~30% of all active filters, so every probe read it). One row per (subject, city) key of an
-- active filter: subject = brand id (the brand with any model), -model id (that model), or 0 (any brand); city = city
-- id or 0 (any). A listing (b, m, c) probes {b, -m, 0} x {c, 0}. pro_until is the owner's pro_expired while is_pro;
-- user_id, send_mode and via are the filter's, so that matching reads the index alone.
-- The rows are written only by the triggers below (filters, users, models), so every writer of a filter keeps them.
CREATE TABLE "filter_match_keys" (
	"subject" integer NOT NULL,
	"city" integer NOT NULL,
	"filter_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"send_mode" "send_mode" NOT NULL,
	"via" text[] NOT NULL,
	"pro_until" timestamp with time zone,
	"price_from" bigint,
	"price_to" bigint,
	"year_from" integer,
	"year_to" integer
);
--> statement-breakpoint
ALTER TABLE "filter_match_keys" ADD CONSTRAINT "filter_match_keys_filter_id_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The keys of a filter, as core's matchFilter reads its criteria: a chosen model narrows its own brand only (so that
-- brand is keyed by its models, not as a whole), other chosen brands admit any model, nothing chosen admits any brand.
CREATE FUNCTION "filter_match_keys_of"(p_brands integer[], p_models integer[], p_cities integer[])
RETURNS TABLE ("subject" integer, "city" integer) LANGUAGE sql STABLE AS $$
  select s.subject, c.city
  from (
    select 0 as subject where p_brands = '{}' and p_models = '{}'
    union
    select -m from unnest(p_models) m
    union
    select b from unnest(p_brands) b
      where not exists (select 1 from models md where md.id = any(p_models) and md.brand_id = b)
  ) s
  cross join (select distinct unnest(case when p_cities = '{}' then '{0}'::integer[] else p_cities end) as city) c
$$;--> statement-breakpoint
CREATE FUNCTION "filters_match_keys_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM filter_match_keys WHERE filter_id = OLD.id;
  END IF;
  IF NEW.active THEN
    INSERT INTO filter_match_keys
      (subject, city, filter_id, user_id, send_mode, via, pro_until, price_from, price_to, year_from, year_to)
    SELECT k.subject, k.city, NEW.id, NEW.user_id, NEW.send_mode, NEW.via, (SELECT CASE WHEN u.is_pro THEN u.pro_expired END FROM users u
      WHERE u.id = NEW.user_id), NEW.price_from, NEW.price_to, NEW.year_from, NEW.year_to
    FROM filter_match_keys_of(NEW.brands, NEW.models, NEW.cities) k;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- PRO bought, extended or ended: the owner's keys follow.
CREATE FUNCTION "users_match_keys_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE filter_match_keys SET pro_until = CASE WHEN NEW.is_pro THEN NEW.pro_expired END
  WHERE filter_id IN (SELECT f.id FROM filters f WHERE f.user_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A model moved to another brand changes the keys of the filters that chose it.
CREATE FUNCTION "models_match_keys_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE filters SET models = models WHERE models @> array[NEW.id]::integer[];
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "filter_match_keys"
  ("subject", "city", "filter_id", "user_id", "send_mode", "via", "pro_until", "price_from", "price_to", "year_from",
   "year_to")
SELECT k.subject, k.city, f.id, f.user_id, f.send_mode, f.via, CASE WHEN u.is_pro THEN u.pro_expired END,
  f.price_from, f.price_to, f.year_from, f.year_to
FROM "filters" f
JOIN "users" u ON u.id = f.user_id
CROSS JOIN LATERAL filter_match_keys_of(f.brands, f.models, f.cities) k
WHERE f.active;--> statement-breakpoint
CREATE INDEX "filter_match_keys_probe_idx" ON "filter_match_keys" USING btree ("subject","city","pro_until","price_from","price_to","year_from","year_to","filter_id","user_id","send_mode","via");--> statement-breakpoint
CREATE INDEX "filter_match_keys_filter_idx" ON "filter_match_keys" USING btree ("filter_id");--> statement-breakpoint
CREATE TRIGGER "filters_match_keys_sync" AFTER INSERT OR UPDATE OF "active", "brands", "models", "cities", "price_from", "price_to", "year_from", "year_to", "user_id", "send_mode", "via" ON "filters" FOR EACH ROW EXECUTE FUNCTION "filters_match_keys_sync"();--> statement-breakpoint
CREATE TRIGGER "users_match_keys_sync" AFTER UPDATE OF "is_pro", "pro_expired" ON "users" FOR EACH ROW WHEN (OLD.is_pro IS DISTINCT FROM NEW.is_pro OR OLD.pro_expired IS DISTINCT FROM NEW.pro_expired) EXECUTE FUNCTION "users_match_keys_sync"();--> statement-breakpoint
CREATE TRIGGER "models_match_keys_sync" AFTER UPDATE OF "brand_id" ON "models" FOR EACH ROW WHEN (OLD.brand_id IS DISTINCT FROM NEW.brand_id) EXECUTE FUNCTION "models_match_keys_sync"();--> statement-breakpoint
ANALYZE "filter_match_keys";--> statement-breakpoint
DROP INDEX "filters_match_brand_city_idx";--> statement-breakpoint
DROP INDEX "filters_match_model_city_idx";--> statement-breakpoint
ALTER TABLE "filters" DROP COLUMN "match_brands";--> statement-breakpoint
ALTER TABLE "filters" DROP COLUMN "match_cities";
