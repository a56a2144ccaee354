ALTER TABLE "spaces" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "location_precision" varchar(10);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "near_lat" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "near_lng" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "radius_km" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "bbox_min_lat" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "bbox_min_lng" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "bbox_max_lat" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "bbox_max_lng" double precision;--> statement-breakpoint
CREATE INDEX "spaces_public_position_idx" ON "spaces" USING btree ("latitude","longitude","id") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee") and "spaces"."latitude" is not null;