CREATE TABLE "affiliate_tokens" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"program_guid" uuid NOT NULL,
	"parameters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apple_services_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enrolled" boolean DEFAULT false NOT NULL,
	"affiliate_token" text DEFAULT '' NOT NULL,
	"campaign_token" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"operation_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"country" char(2),
	"referrer" text,
	"device" text,
	"browser" text,
	"retailer" text DEFAULT '' NOT NULL,
	"storefront" char(2),
	"is_bot" boolean DEFAULT false NOT NULL,
	"is_unique" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_links" (
	"collection_id" text NOT NULL,
	"link_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_links_collection_id_link_id_pk" PRIMARY KEY("collection_id","link_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"title" text NOT NULL,
	"alias_code" text DEFAULT '' NOT NULL,
	"alias_code_lower" text GENERATED ALWAYS AS (lower(alias_code)) STORED NOT NULL,
	"image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"provider" text DEFAULT 'cloudinary' NOT NULL,
	"provider_image_id" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"domain" text NOT NULL,
	"code" text NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"click_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"migrated_at" timestamp with time zone,
	"migrated_link_id" text,
	CONSTRAINT "legacy_links_email_lower_case" CHECK ("legacy_links"."email" = lower("legacy_links"."email"))
);
--> statement-breakpoint
CREATE TABLE "link_issue_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_issue_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"link_id" text,
	"domain" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"email" text,
	"reporter_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "link_issue_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" bigint,
	"domain" text NOT NULL,
	"code" text NOT NULL,
	"code_lower" text GENERATED ALWAYS AS (lower(code)) STORED NOT NULL,
	"base_code" text NOT NULL,
	"url" text NOT NULL,
	"parameter_key_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affiliate_programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"localise" boolean DEFAULT false NOT NULL,
	"all_stores" boolean DEFAULT false NOT NULL,
	"isbn" text,
	"title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"cover_image_url" text,
	"retailer" text DEFAULT '' NOT NULL,
	"storefront" char(2),
	"click_count" bigint DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"claim_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_enrolments" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"terms_version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan" text DEFAULT 'standard' NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"weekly_report" boolean DEFAULT false NOT NULL,
	"product_news" boolean DEFAULT false NOT NULL,
	"default_storefront" char(2) DEFAULT 'US' NOT NULL,
	"upgraded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "affiliate_tokens" ADD CONSTRAINT "affiliate_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apple_services_settings" ADD CONSTRAINT "apple_services_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_links" ADD CONSTRAINT "collection_links_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_links" ADD CONSTRAINT "collection_links_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_links" ADD CONSTRAINT "legacy_links_migrated_link_id_links_id_fk" FOREIGN KEY ("migrated_link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_issue_reports" ADD CONSTRAINT "link_issue_reports_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_issue_reports" ADD CONSTRAINT "link_issue_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_enrolments" ADD CONSTRAINT "partner_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_tokens_user_id_program_guid_key" ON "affiliate_tokens" USING btree ("user_id","program_guid");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_occurred_at_idx" ON "audit_log" USING btree ("actor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_id_occurred_at_idx" ON "audit_log" USING btree ("subject_id","occurred_at");--> statement-breakpoint
CREATE INDEX "clicks_link_id_occurred_at_idx" ON "clicks" USING btree ("link_id","occurred_at");--> statement-breakpoint
CREATE INDEX "collection_links_link_id_idx" ON "collection_links" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_alias_code_lower_key" ON "collections" USING btree ("alias_code_lower") WHERE "collections"."alias_code" <> '';--> statement-breakpoint
CREATE INDEX "collections_owner_id_created_at_idx" ON "collections" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "images_owner_id_idx" ON "images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "legacy_links_email_idx" ON "legacy_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "link_issue_reports_link_id_idx" ON "link_issue_reports" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "links_domain_code_lower_key" ON "links" USING btree ("domain","code_lower");--> statement-breakpoint
CREATE INDEX "links_owner_id_created_at_idx" ON "links" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "links_owner_id_base_code_idx" ON "links" USING btree ("owner_id","base_code");--> statement-breakpoint
CREATE INDEX "links_claim_expires_at_idx" ON "links" USING btree ("claim_expires_at") WHERE "links"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expires_at_idx" ON "sign_in_tokens" USING btree ("expires_at");