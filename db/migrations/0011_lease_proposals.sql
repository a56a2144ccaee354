CREATE TYPE "public"."proposal_status" AS ENUM('open', 'accepted', 'declined', 'withdrawn', 'countered');--> statement-breakpoint
CREATE TYPE "public"."utilities_payer" AS ENUM('tenant', 'landlord', 'shared');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'lease_agreement';--> statement-breakpoint
CREATE TABLE "lease_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"proposed_by" integer NOT NULL,
	"status" "proposal_status" DEFAULT 'open' NOT NULL,
	"rent" numeric(10, 2) NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"area_sq_ft" integer,
	"deposit_months" numeric(4, 1) DEFAULT '0' NOT NULL,
	"utilities_paid_by" "utilities_payer" NOT NULL,
	"growing_activities" text DEFAULT '' NOT NULL,
	"access_hours" varchar(200) DEFAULT '' NOT NULL,
	"insurance_amount" numeric(12, 2),
	"notes" text DEFAULT '' NOT NULL,
	"replaces_id" integer,
	"responded_by" integer,
	"responded_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_proposals_rent_positive" CHECK ("lease_proposals"."rent" > 0),
	CONSTRAINT "lease_proposals_term_range" CHECK ("lease_proposals"."term_months" between 1 and 360),
	CONSTRAINT "lease_proposals_deposit_range" CHECK ("lease_proposals"."deposit_months" between 0 and 12),
	CONSTRAINT "lease_proposals_area_positive" CHECK ("lease_proposals"."area_sq_ft" is null or "lease_proposals"."area_sq_ft" > 0),
	CONSTRAINT "lease_proposals_insurance_nonnegative" CHECK ("lease_proposals"."insurance_amount" is null or "lease_proposals"."insurance_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "proposal_id" integer;--> statement-breakpoint
ALTER TABLE "lease_proposals" ADD CONSTRAINT "lease_proposals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_proposals" ADD CONSTRAINT "lease_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_proposals" ADD CONSTRAINT "lease_proposals_replaces_id_lease_proposals_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."lease_proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_proposals" ADD CONSTRAINT "lease_proposals_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_proposals_one_open_idx" ON "lease_proposals" USING btree ("conversation_id") WHERE "lease_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lease_proposals_conversation_idx" ON "lease_proposals" USING btree ("conversation_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_proposal_id_lease_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."lease_proposals"("id") ON DELETE restrict ON UPDATE no action;