ALTER TABLE "link_issue_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "link_issue_reports" ADD COLUMN "resolved_by" bigint;--> statement-breakpoint
ALTER TABLE "link_issue_reports" ADD CONSTRAINT "link_issue_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_issue_reports_resolved_at_created_at_idx" ON "link_issue_reports" USING btree ("resolved_at","created_at");