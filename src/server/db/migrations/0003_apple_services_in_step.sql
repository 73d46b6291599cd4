-- The Apple Services settings and the Apple Services affiliate token are kept in step from now
-- on (src/server/affiliate/apple-services.ts). Existing records are brought in step once: an
-- enrolment gets its token, and a token without settings becomes an enrolment.
INSERT INTO "affiliate_tokens" ("user_id", "program_guid", "parameters")
SELECT "user_id", '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
  CASE WHEN "campaign_token" = '' THEN jsonb_build_object('at', "affiliate_token")
    ELSE jsonb_build_object('at', "affiliate_token", 'ct', "campaign_token") END
FROM "apple_services_settings"
WHERE "enrolled" AND "affiliate_token" <> ''
ON CONFLICT ("user_id", "program_guid") DO UPDATE SET "parameters" = excluded."parameters";
--> statement-breakpoint
INSERT INTO "apple_services_settings" ("user_id", "enrolled", "affiliate_token", "campaign_token")
SELECT "user_id", true, "parameters"->>'at', coalesce("parameters"->>'ct', '')
FROM "affiliate_tokens"
WHERE "program_guid" = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10'
ON CONFLICT ("user_id") DO UPDATE SET "enrolled" = true,
  "affiliate_token" = excluded."affiliate_token", "campaign_token" = excluded."campaign_token";
