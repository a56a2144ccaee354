CREATE TABLE "profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"crops" varchar(200) DEFAULT '' NOT NULL,
	"growing_systems" text[] DEFAULT '{}' NOT NULL,
	"experience_years" integer,
	"website" varchar(200),
	"avatar_key" varchar(64),
	"avatar_widths" integer[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;