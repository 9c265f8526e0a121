CREATE TABLE "restaurant_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_role" text,
	"action" text NOT NULL,
	"order_id" integer,
	"summary" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_staff" (
	"restaurant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"stations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "restaurant_staff_restaurant_id_user_id_pk" PRIMARY KEY("restaurant_id","user_id"),
	CONSTRAINT "restaurant_staff_role_known" CHECK ("restaurant_staff"."role" in ('manager', 'expo', 'cook'))
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"stations" text[] DEFAULT '{}'::text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_invites_role_known" CHECK ("staff_invites"."role" in ('manager', 'expo', 'cook'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "restaurant_activity" ADD CONSTRAINT "restaurant_activity_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_activity" ADD CONSTRAINT "restaurant_activity_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_activity" ADD CONSTRAINT "restaurant_activity_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_staff" ADD CONSTRAINT "restaurant_staff_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_staff" ADD CONSTRAINT "restaurant_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_activity_restaurant_idx" ON "restaurant_activity" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE INDEX "restaurant_staff_user_idx" ON "restaurant_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invites_token_idx" ON "staff_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invites_pending_idx" ON "staff_invites" USING btree ("restaurant_id",lower("email")) WHERE "staff_invites"."used_at" is null and "staff_invites"."revoked_at" is null;