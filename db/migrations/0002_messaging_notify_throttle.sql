ALTER TYPE "public"."email_type" ADD VALUE 'new_message';--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "owner_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "farmer_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE not "messages"."is_read";