-- The table held the kitchen's latest estimate of each order; it now keeps sensor readings, one row
-- each. Those estimates are not readings: they go, and the kitchen computes its estimate when asked.
DELETE FROM "telemetry";--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"camera_id" integer,
	"key_hash" text NOT NULL,
	"key_last4" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_reading" jsonb,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "telemetry_order_idx";--> statement-breakpoint
ALTER TABLE "telemetry" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "telemetry_id_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "telemetry" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry" ALTER COLUMN "temperature" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry" ALTER COLUMN "cooking_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_key_hash_idx" ON "devices" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "devices_restaurant_idx" ON "devices" USING btree ("restaurant_id");--> statement-breakpoint
ALTER TABLE "telemetry" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "telemetry" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "humidity" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "recorded_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_order_latest_idx" ON "telemetry" USING btree ("order_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telemetry_station_latest_idx" ON "telemetry" USING btree ("restaurant_id","recorded_at" DESC NULLS LAST) WHERE "telemetry"."order_id" is null;