ALTER TYPE "public"."email_type" ADD VALUE 'account_closed';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;