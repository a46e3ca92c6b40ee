CREATE TABLE "photo_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_blobs_key_check" CHECK ("photo_blobs"."key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "photo_blobs_type_check" CHECK ("photo_blobs"."content_type" in ('image/webp', 'image/avif')),
	CONSTRAINT "photo_blobs_size_check" CHECK ("photo_blobs"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "contractor_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_photos_kind_check" CHECK ("contractor_photos"."kind" in ('logo', 'project')),
	CONSTRAINT "contractor_photos_status_check" CHECK ("contractor_photos"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "contractor_photos_caption_check" CHECK (char_length("contractor_photos"."caption") <= 200),
	CONSTRAINT "contractor_photos_reason_check" CHECK ("contractor_photos"."rejection_reason" is null or char_length("contractor_photos"."rejection_reason") <= 500),
	CONSTRAINT "contractor_photos_size_check" CHECK ("contractor_photos"."width" > 0 and "contractor_photos"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "contractor_photo_variants" (
	"photo_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"hash" text NOT NULL,
	"byte_size" integer NOT NULL,
	CONSTRAINT "contractor_photo_variants_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width"),
	CONSTRAINT "contractor_photo_variants_format_check" CHECK ("contractor_photo_variants"."format" in ('webp', 'avif')),
	CONSTRAINT "contractor_photo_variants_hash_check" CHECK ("contractor_photo_variants"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "contractor_photos" ADD CONSTRAINT "contractor_photos_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_photos" ADD CONSTRAINT "contractor_photos_reviewed_by_admin_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_photo_variants" ADD CONSTRAINT "contractor_photo_variants_photo_id_contractor_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."contractor_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_photos_contractor_idx" ON "contractor_photos" USING btree ("contractor_id","kind","position");--> statement-breakpoint
CREATE INDEX "contractor_photos_status_idx" ON "contractor_photos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contractor_photo_variants_hash_idx" ON "contractor_photo_variants" USING btree ("hash");