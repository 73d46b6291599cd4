CREATE TABLE "click_daily_counts" (
	"link_id" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"clicks" integer NOT NULL,
	"unique_clicks" integer NOT NULL,
	CONSTRAINT "click_daily_counts_link_id_day_dimension_value_pk" PRIMARY KEY("link_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "clicks_link_id_occurred_at_idx";--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "store" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "traffic" text DEFAULT 'reader' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "click_daily_counts" ADD CONSTRAINT "click_daily_counts_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_link_id_visitor_key_occurred_at_idx" ON "clicks" USING btree ("link_id","visitor_key","occurred_at");--> statement-breakpoint
-- Keeps what the old flag knew about clicks already recorded.
UPDATE "clicks" SET "traffic" = 'bot' WHERE "is_bot";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "is_bot";