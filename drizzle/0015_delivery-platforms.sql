CREATE TABLE "integration_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "delivery_platform_integrations" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_platform_integrations" ADD COLUMN "published_menu_hash" text;--> statement-breakpoint
ALTER TABLE "delivery_platform_integrations" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "delivery_platform_integrations" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_display_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accept_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "watch_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_guest" text;--> statement-breakpoint
ALTER TABLE "integration_activity" ADD CONSTRAINT "integration_activity_integration_id_delivery_platform_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."delivery_platform_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_integration_id_delivery_platform_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."delivery_platform_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_activity_idx" ON "integration_activity" USING btree ("integration_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_events_event_idx" ON "platform_events" USING btree ("integration_id","event_id");--> statement-breakpoint
CREATE INDEX "platform_events_order_idx" ON "platform_events" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "platform_events_pending_idx" ON "platform_events" USING btree ("next_attempt_at") WHERE "platform_events"."processed_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_integration_id_delivery_platform_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."delivery_platform_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_integration_external_idx" ON "orders" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_watch_code_idx" ON "orders" USING btree ("watch_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_platform_guest_idx" ON "users" USING btree ("platform_guest");