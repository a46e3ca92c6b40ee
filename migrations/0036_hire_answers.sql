ALTER TABLE "review_requests" ADD COLUMN "hire_answer" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "hire_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_hire_answer_check" CHECK ("review_requests"."hire_answer" in ('hired', 'not_yet', 'not_contacted'));