ALTER TABLE "push_subscriptions" ADD COLUMN "failed_pushes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "disabled_at" timestamp with time zone;