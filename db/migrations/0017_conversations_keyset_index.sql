DROP INDEX "conversations_owner_idx";--> statement-breakpoint
DROP INDEX "conversations_farmer_idx";--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_farmer_idx" ON "conversations" USING btree ("farmer_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);