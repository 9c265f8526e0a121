CREATE TABLE "chef_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_done" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "kitchen_mode" text DEFAULT 'staffed' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "kitchen_settings" jsonb;--> statement-breakpoint
ALTER TABLE "chef_tips" ADD CONSTRAINT "chef_tips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chef_tips" ADD CONSTRAINT "chef_tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chef_tips_order_idx" ON "chef_tips" USING btree ("order_id","created_at");--> statement-breakpoint
-- Restaurants that exist before kitchen modes were cooked by the engine: they stay on autopilot.
UPDATE "restaurants" SET "kitchen_mode" = 'autopilot';