ALTER TABLE "saved_searches" ADD COLUMN "alert_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_error" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_failed_at" timestamp with time zone;