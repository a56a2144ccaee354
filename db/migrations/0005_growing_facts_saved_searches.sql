CREATE TYPE "public"."climate_control" AS ENUM('none', 'heating', 'cooling', 'hvac');--> statement-breakpoint
CREATE TYPE "public"."orientation" AS ENUM('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW');--> statement-breakpoint
CREATE TYPE "public"."power_phase" AS ENUM('single', 'three');--> statement-breakpoint
CREATE TYPE "public"."water_supply" AS ENUM('none', 'tap', 'dedicated');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'saved_search_alert';--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_space_id_pk" PRIMARY KEY("saved_search_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"query" text NOT NULL,
	"city_key" varchar(100) DEFAULT '' NOT NULL,
	"country_key" varchar(3) DEFAULT '' NOT NULL,
	"space_type_key" varchar(20) DEFAULT '' NOT NULL,
	"min_size" integer,
	"max_size" integer,
	"max_price" numeric(10, 2),
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_ceiling_m" double precision,
	"min_floor_load_kg_m2" double precision,
	"min_power_kw" double precision,
	"water" varchar(20),
	"access_24h" boolean DEFAULT false NOT NULL,
	"available_by" date,
	"system" varchar(40),
	"unsubscribe_token" varchar(64) NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
DROP INDEX "spaces_public_newest_idx";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "floor_load_kg_m2" integer;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "ceiling_height_m" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "power_amps" integer;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "power_phase" "power_phase";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "power_kw" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "water" "water_supply";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "floor_drain" boolean;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "sun_hours" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "orientation" "orientation";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "climate_control" "climate_control";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "access_24h" boolean;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "access_hours" varchar(100);--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "goods_access" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "food_safety_status" varchar(300);--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "min_lease_months" integer;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE "saved_search_matches"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_space_idx" ON "saved_search_matches" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree ("city_key","country_key","space_type_key","min_size") WHERE "saved_searches"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "spaces_public_ceiling_idx" ON "spaces" USING btree ("ceiling_height_m","id") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee") and "spaces"."ceiling_height_m" is not null;--> statement-breakpoint
CREATE INDEX "spaces_public_floor_load_idx" ON "spaces" USING btree ("floor_load_kg_m2","id") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee") and "spaces"."floor_load_kg_m2" is not null;--> statement-breakpoint
CREATE INDEX "spaces_public_power_idx" ON "spaces" USING btree ("power_kw","id") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee") and "spaces"."power_kw" is not null;--> statement-breakpoint
CREATE INDEX "spaces_public_24h_idx" ON "spaces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","is_demo_listing","ceiling_height_m","floor_load_kg_m2","power_kw","water","available_from") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee") and "spaces"."access_24h";--> statement-breakpoint
CREATE INDEX "spaces_public_newest_idx" ON "spaces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"country","space_type","city","size","price_per_month","expires_at","is_demo_listing","amenities","ceiling_height_m","floor_load_kg_m2","power_kw","water","access_24h","available_from") WHERE "spaces"."is_active" and ("spaces"."is_demo_listing" or "spaces"."has_listing_fee");