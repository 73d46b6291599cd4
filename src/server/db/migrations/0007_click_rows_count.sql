ALTER TABLE "clicks" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_count_positive" CHECK ("clicks"."count" > 0);--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_unique_count_one" CHECK (not "clicks"."is_unique" or "clicks"."count" = 1);