ALTER TABLE "audit_log" ADD COLUMN "outcome" text DEFAULT 'allowed' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "refusal_reason" text;