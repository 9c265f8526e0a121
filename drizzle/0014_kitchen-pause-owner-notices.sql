ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_subject_idx" ON "notifications" USING btree ("user_id","kind","subject") WHERE "notifications"."subject" is not null;