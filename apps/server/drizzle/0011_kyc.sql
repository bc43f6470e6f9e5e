CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_type" text,
	"document_date" date,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"storage_key" text NOT NULL,
	"submission_id" uuid,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "kyc_documents_kind_check" CHECK ("kyc_documents"."kind" in ('identity', 'address', 'selfie', 'source_of_funds')),
	CONSTRAINT "kyc_documents_format_check" CHECK ("kyc_documents"."format" in ('jpeg', 'png', 'pdf')),
	CONSTRAINT "kyc_documents_size_check" CHECK ("kyc_documents"."size_bytes" >= 0 and "kyc_documents"."size_bytes" <= 5242880),
	CONSTRAINT "kyc_documents_file_name_length" CHECK (length("kyc_documents"."file_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "kyc_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"item" text NOT NULL,
	"submission_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_events_actor_check" CHECK ("kyc_events"."actor" in ('customer', 'automated', 'staff')),
	CONSTRAINT "kyc_events_staff_check" CHECK (("kyc_events"."actor" = 'staff') = ("kyc_events"."actor_user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "kyc_items" (
	"user_id" uuid NOT NULL,
	"item" text NOT NULL,
	"status" text NOT NULL,
	"submission_id" uuid,
	"document_type" text,
	"submitted_at" timestamp with time zone,
	"message" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_items_user_id_item_pk" PRIMARY KEY("user_id","item"),
	CONSTRAINT "kyc_items_item_check" CHECK ("kyc_items"."item" in ('identity', 'address', 'enhanced')),
	CONSTRAINT "kyc_items_status_check" CHECK ("kyc_items"."status" in ('verified', 'pending', 'required', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"level" text NOT NULL,
	"status" text NOT NULL,
	"review_mode" text NOT NULL,
	"source_of_funds" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	CONSTRAINT "kyc_submissions_level_check" CHECK ("kyc_submissions"."level" in ('basic', 'enhanced')),
	CONSTRAINT "kyc_submissions_status_check" CHECK ("kyc_submissions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "kyc_submissions_review_mode_check" CHECK ("kyc_submissions"."review_mode" in ('auto', 'manual')),
	CONSTRAINT "kyc_submissions_decided_check" CHECK (("kyc_submissions"."status" = 'pending') = ("kyc_submissions"."decided_at" is null)),
	CONSTRAINT "kyc_submissions_reason_length" CHECK (length("kyc_submissions"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('transaction', 'kyc', 'security', 'system')),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('success', 'warning', 'info', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "kyc_status" DROP CONSTRAINT "kyc_status_identity_check";--> statement-breakpoint
ALTER TABLE "kyc_status" DROP CONSTRAINT "kyc_status_address_check";--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_events" ADD CONSTRAINT "kyc_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_events" ADD CONSTRAINT "kyc_events_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_events" ADD CONSTRAINT "kyc_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_items" ADD CONSTRAINT "kyc_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_items" ADD CONSTRAINT "kyc_items_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","kind","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_documents_submission_idx" ON "kyc_documents" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_sha256_idx" ON "kyc_documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "kyc_events_user_idx" ON "kyc_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","review_mode","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","level","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The verification states kept so far move to kyc_items (identity and address; enhanced starts required).
INSERT INTO "kyc_items" ("user_id", "item", "status", "updated_at")
SELECT "user_id", 'identity', "identity", "updated_at" FROM "kyc_status"
UNION ALL
SELECT "user_id", 'address', "address", "updated_at" FROM "kyc_status";
