CREATE INDEX "links_owner_id_click_count_idx" ON "links" USING btree ("owner_id","click_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "links_owner_id_title_idx" ON "links" USING btree ("owner_id",lower("title"));--> statement-breakpoint
CREATE INDEX "links_owner_id_retailer_idx" ON "links" USING btree ("owner_id","retailer");