CREATE TABLE "space_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" integer,
	"owner_id" integer,
	"position" integer NOT NULL,
	"file_key" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"alt" varchar(300) NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_photos_space_idx" ON "space_photos" USING btree ("space_id","position") WHERE "space_photos"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "space_photos_file_key_idx" ON "space_photos" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "space_photos_removed_idx" ON "space_photos" USING btree ("removed_at") WHERE "space_photos"."removed_at" is not null;--> statement-breakpoint
CREATE INDEX "space_photos_orphan_idx" ON "space_photos" USING btree ("created_at") WHERE "space_photos"."space_id" is null;