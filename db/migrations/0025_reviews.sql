ALTER TYPE "public"."email_type" ADD VALUE 'review_invite';--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'review_published';--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"publishes_at" timestamp with time zone NOT NULL,
	"published_notified_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK ("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_proposal_id_lease_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."lease_proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_author_idx" ON "reviews" USING btree ("proposal_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","publishes_at" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "reviews_untold_idx" ON "reviews" USING btree ("publishes_at") WHERE "reviews"."published_notified_at" is null;--> statement-breakpoint
-- hand-written: a review written, published, replied to or hidden changes the owners' ratings in the cached
-- public answers of listings (docs/decisions/0700, 1503): a write to reviews notifies as one to spaces does.
-- A review made public by the passing of its 14 days changes no row: the cache's 5-second life covers it.
CREATE TRIGGER reviews_notify_public_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION farmspace_notify_public_reads();
