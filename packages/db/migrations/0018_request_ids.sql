ALTER TABLE "orders" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "notify_jobs" ADD COLUMN "request_id" text;