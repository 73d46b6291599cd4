-- Affiliate programs apply at the click: every link is tagged by its author's tokens for its
-- retailer unless the author switched the program off for it. Existing links start with none
-- off, so tokens saved later reach them too; the programs a link was created with are no
-- longer read.
ALTER TABLE "links" ADD COLUMN "programs_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "links" DROP COLUMN "affiliate_programs";--> statement-breakpoint
-- The Apple Services enrolment and the Apple Services token become one record: the token row,
-- with `enrolled` false while the author has left the program (its values kept for coming back).
ALTER TABLE "affiliate_tokens" ADD COLUMN "enrolled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
INSERT INTO "affiliate_tokens" ("user_id", "program_guid", "parameters", "enrolled", "updated_at")
SELECT "user_id", '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
  jsonb_strip_nulls(jsonb_build_object('at', nullif("affiliate_token", ''), 'ct', nullif("campaign_token", ''))),
  "enrolled" AND "affiliate_token" <> '', "updated_at"
FROM "apple_services_settings"
ON CONFLICT ("user_id", "program_guid") DO UPDATE SET "parameters" = excluded."parameters",
  "enrolled" = excluded."enrolled", "updated_at" = excluded."updated_at";--> statement-breakpoint
DROP TABLE "apple_services_settings";
