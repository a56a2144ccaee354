ALTER TABLE "conversations" ADD COLUMN "owner_notified_message_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "farmer_notified_message_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "owner_digest_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "farmer_digest_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_owner_digest_due_idx" ON "conversations" USING btree ("owner_digest_due_at") WHERE "conversations"."owner_digest_due_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_farmer_digest_due_idx" ON "conversations" USING btree ("farmer_digest_due_at") WHERE "conversations"."farmer_digest_due_at" is not null;