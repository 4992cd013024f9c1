CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"old_price" bigint,
	"new_price" bigint,
	"currency" char(3) DEFAULT 'RUB' NOT NULL,
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
ALTER TABLE "users" ADD COLUMN "price_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "price_when_added" bigint;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "currency_when_added" char(3);--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "alert_price" bigint;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "sold_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_due_idx" ON "price_alerts" USING btree ("due_at","id") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_alerts_post_idx" ON "price_alerts" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_sold_unique" ON "price_alerts" USING btree ("user_id","post_id","channel") WHERE kind = 'sold';