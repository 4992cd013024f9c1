ALTER TABLE "orders" ADD COLUMN "report" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unfinished_idx" ON "orders" USING btree ("id") WHERE "orders"."status" in ('new', 'processing');