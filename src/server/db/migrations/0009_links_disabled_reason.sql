ALTER TABLE "links" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
-- Until now a link was disabled only after an upheld reader's report.
UPDATE "links" SET "disabled_reason" = 'reportUpheld' WHERE "disabled_at" IS NOT NULL;--> statement-breakpoint
-- A stored destination that breaks the contract's DestinationUrl rule (an address the server once
-- rewrote, such as a backslash read as a slash) would fail every reply that carries it. Such a
-- link is disabled with a reason its author sees, and works again once its destination changes.
UPDATE "links"
SET "disabled_at" = coalesce("disabled_at", now()), "disabled_reason" = 'destinationInvalid'
WHERE "url" !~ '^https?://[^\s/?#@:.\\]+\.[^\s/?#@:\\]+(:[0-9]*)?([/?#][^\s\\]*)?$'
  OR length("url") > 2048;
