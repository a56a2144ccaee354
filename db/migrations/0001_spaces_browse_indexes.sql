DROP INDEX "spaces_city_idx";--> statement-breakpoint
DROP INDEX "spaces_created_idx";--> statement-breakpoint
DROP INDEX "spaces_price_idx";--> statement-breakpoint
DROP INDEX "spaces_size_idx";--> statement-breakpoint
DROP INDEX "spaces_type_idx";--> statement-breakpoint
DROP INDEX "spaces_country_idx";--> statement-breakpoint
DROP INDEX "spaces_amenities_idx";--> statement-breakpoint
DROP INDEX "spaces_expires_idx";--> statement-breakpoint
CREATE INDEX "spaces_public_newest_idx" ON "spaces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"country","space_type","city","size","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_country_type_idx" ON "spaces" USING btree ("country","space_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"city","size","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_country_idx" ON "spaces" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"size","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_type_idx" ON "spaces" USING btree ("space_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"size","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_city_idx" ON "spaces" USING btree (lower("city"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"space_type","country","size","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_price_idx" ON "spaces" USING btree ("price_per_month","id","country","space_type","size","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_size_idx" ON "spaces" USING btree ("size","id","country","space_type","price_per_month","expires_at","is_demo_listing","amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_featured_idx" ON "spaces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"featured_until","expires_at","is_demo_listing") WHERE "spaces"."is_featured" and "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_public_amenities_idx" ON "spaces" USING gin ("amenities") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");--> statement-breakpoint
CREATE INDEX "spaces_expiring_idx" ON "spaces" USING btree ("expires_at") WHERE "spaces"."is_active" and "spaces"."has_listing_fee" and not "spaces"."is_demo_listing";