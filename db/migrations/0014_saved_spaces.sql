CREATE TABLE "saved_spaces" (
	"user_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "saved_spaces_user_id_space_id_pk" PRIMARY KEY("user_id","space_id")
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "hidden_was_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "space_daily_stats" ADD COLUMN "saves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_spaces" ADD CONSTRAINT "saved_spaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_spaces" ADD CONSTRAINT "saved_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_spaces_user_idx" ON "saved_spaces" USING btree ("user_id","saved_at") WHERE "saved_spaces"."removed_at" is null;