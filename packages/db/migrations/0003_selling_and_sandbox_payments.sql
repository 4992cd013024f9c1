ALTER TYPE "public"."payment_provider" ADD VALUE 'sandbox';--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount_value" text NOT NULL,
	"currency" char(3) DEFAULT 'RUB' NOT NULL,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_one_open_per_user" ON "drafts" USING btree ("user_id") WHERE published_post_id is null;