-- Links an author controls for their whole life: archived, an expiry with an optional fallback,
-- and deletion that keeps the row (and its clicks). A deleted link holds its code until a new
-- link takes it (`code_released_at`), so the unique index covers only rows still holding one.
-- Every existing row holds its code and is neither archived, expiring nor deleted.
DROP INDEX "links_domain_code_lower_key";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "expiry_fallback_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "code_released_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "links_domain_code_lower_key" ON "links" USING btree ("domain","code_lower") WHERE "links"."code_released_at" is null;