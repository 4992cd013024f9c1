CREATE TYPE "public"."vehicle_kind" AS ENUM('car', 'moto');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('photo', 'video');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('published', 'unpublished');--> statement-breakpoint
CREATE TYPE "public"."contact_type" AS ENUM('phone', 'telegram', 'whatsapp', 'email', 'vk');--> statement-breakpoint
CREATE TYPE "public"."send_mode" AS ENUM('immediately', 'worktime');--> statement-breakpoint
CREATE TYPE "public"."ticket_kind" AS ENUM('support', 'inspection');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('yookassa');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'waiting_for_capture', 'succeeded', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('new', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"telegram_id" bigint,
	"yandex_id" text,
	"email" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_pro" boolean DEFAULT false NOT NULL,
	"pro_expired" timestamp with time zone,
	"started_at" timestamp with time zone,
	"photo_url" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"username" text,
	"time_zone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"bot_blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_telegram_id_unique" UNIQUE("telegram_id"),
	CONSTRAINT "users_yandex_id_unique" UNIQUE("yandex_id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "vehicle_kind" DEFAULT 'car' NOT NULL,
	"icon" text,
	"popular" boolean DEFAULT false NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "brands_kind_name_unique" UNIQUE("kind","name")
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"generation_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "configurations_generation_id_name_unique" UNIQUE("generation_id","name")
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"year_from" integer,
	"year_to" integer,
	CONSTRAINT "generations_model_id_name_unique" UNIQUE("model_id","name")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"year_from" integer,
	"year_to" integer,
	CONSTRAINT "models_brand_id_name_unique" UNIQUE("brand_id","name")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"region_type" text NOT NULL,
	"region_full" text NOT NULL,
	"federal_district" text,
	"population" integer,
	"lat" double precision,
	"lon" double precision,
	"timezone" text,
	"is_region_capital" boolean DEFAULT false NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "cities_city_region_unique" UNIQUE("city","region")
);
--> statement-breakpoint
CREATE TABLE "post_media" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"kind" "media_kind" DEFAULT 'photo' NOT NULL,
	"url" text NOT NULL,
	"url_sm" text,
	"poster" text,
	"title" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"message_id" bigint,
	"vk_owner_id" bigint,
	"vk_post_id" bigint,
	"url" text,
	"hash" text,
	"user_id" bigint,
	"brand_id" integer,
	"model_id" integer,
	"generation_id" integer,
	"configuration_id" integer,
	"city_id" integer,
	"mark" text,
	"model" text,
	"title" text NOT NULL,
	"year" integer,
	"price" bigint,
	"currency" char(3) DEFAULT 'RUB' NOT NULL,
	"mileage" integer,
	"text" text DEFAULT '' NOT NULL,
	"location" text,
	"status" "post_status" DEFAULT 'published' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "draft_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draft_id" bigint NOT NULL,
	"type" "contact_type" NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_media" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draft_id" bigint NOT NULL,
	"src" text NOT NULL,
	"src_sm" text,
	"main" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"year" integer,
	"mileage" integer,
	"price" bigint,
	"city" text,
	"description" text,
	"brand_id" integer,
	"model_id" integer,
	"generation_id" integer,
	"configuration_id" integer,
	"published_post_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"user_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "filters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"brands" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"models" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cities" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"price_from" bigint,
	"price_to" bigint,
	"year_from" integer,
	"year_to" integer,
	"active" boolean DEFAULT false NOT NULL,
	"send_mode" "send_mode" DEFAULT 'immediately' NOT NULL,
	"worktime_settings" jsonb,
	"via" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "ticket_kind" NOT NULL,
	"user_id" bigint,
	"ticket" text NOT NULL,
	"message" text NOT NULL,
	"contacts" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" "payment_provider" DEFAULT 'yookassa' NOT NULL,
	"provider_payment_id" text,
	"idempotence_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) DEFAULT 'RUB' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"confirmation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
CREATE TABLE "order_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"status" "order_status" DEFAULT 'new' NOT NULL,
	"value" jsonb,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_parts_order_id_key_unique" UNIQUE("order_id","key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"string" text NOT NULL,
	"status" "order_status" DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"logo" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompts_partner_id_key_unique" UNIQUE("partner_id","key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_contacts" ADD CONSTRAINT "draft_contacts_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_media" ADD CONSTRAINT "draft_media_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_published_post_id_posts_id_fk" FOREIGN KEY ("published_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brands_kind_position_idx" ON "brands" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "post_media_post_id_position_idx" ON "post_media" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_brand_feed_idx" ON "posts" USING btree ("brand_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_model_feed_idx" ON "posts" USING btree ("model_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_city_feed_idx" ON "posts" USING btree ("city_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_price_idx" ON "posts" USING btree ("price") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_year_idx" ON "posts" USING btree ("year") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_user_id_idx" ON "posts" USING btree ("user_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_fts_idx" ON "posts" USING gin (to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(text, '')));--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "posts_channel_message_id_unique" ON "posts" USING btree ("channel","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_vk_post_unique" ON "posts" USING btree ("vk_owner_id","vk_post_id");--> statement-breakpoint
CREATE INDEX "draft_contacts_draft_id_idx" ON "draft_contacts" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "draft_media_draft_id_idx" ON "draft_media" USING btree ("draft_id","position");--> statement-breakpoint
CREATE INDEX "drafts_user_id_idx" ON "drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notes_post_id_idx" ON "notes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "filters_user_id_idx" ON "filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "filters_active_user_id_idx" ON "filters" USING btree ("user_id") WHERE active;--> statement-breakpoint
CREATE INDEX "filters_active_brands_idx" ON "filters" USING gin ("brands") WHERE active;--> statement-breakpoint
CREATE INDEX "filters_active_models_idx" ON "filters" USING gin ("models") WHERE active;--> statement-breakpoint
CREATE INDEX "filters_active_cities_idx" ON "filters" USING gin ("cities") WHERE active;--> statement-breakpoint
CREATE INDEX "tickets_user_id_idx" ON "tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_partner_id_created_at_idx" ON "orders" USING btree ("partner_id","created_at" DESC NULLS FIRST);