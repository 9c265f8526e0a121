CREATE TABLE "insights_day_items" (
	"restaurant_id" integer NOT NULL,
	"day" date NOT NULL,
	"menu_item_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_days" (
	"restaurant_id" integer NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_days_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
CREATE TABLE "insights_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"fulfilment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"promised_at" timestamp with time zone,
	"local_at" timestamp NOT NULL,
	"food_cents" integer NOT NULL,
	"tip_count" integer NOT NULL,
	"tip_cents" integer NOT NULL,
	"shout_count" integer NOT NULL,
	"shout_cents" integer NOT NULL,
	"add_ons_offered" integer NOT NULL,
	"add_ons_accepted" integer NOT NULL,
	"add_on_cents" integer NOT NULL,
	"cooking_at" timestamp with time zone,
	"plating_at" timestamp with time zone,
	"delivering_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"stations" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_item_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_item_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"is_available" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'clearplate' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "insights_day_items" ADD CONSTRAINT "insights_day_items_restaurant_id_day_insights_days_restaurant_id_day_fk" FOREIGN KEY ("restaurant_id","day") REFERENCES "public"."insights_days"("restaurant_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_days" ADD CONSTRAINT "insights_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_orders" ADD CONSTRAINT "insights_orders_restaurant_id_day_insights_days_restaurant_id_day_fk" FOREIGN KEY ("restaurant_id","day") REFERENCES "public"."insights_days"("restaurant_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_availability" ADD CONSTRAINT "menu_item_availability_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_availability" ADD CONSTRAINT "menu_item_availability_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_availability" ADD CONSTRAINT "menu_item_availability_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_day_items_day_idx" ON "insights_day_items" USING btree ("restaurant_id","day");--> statement-breakpoint
CREATE INDEX "insights_orders_day_idx" ON "insights_orders" USING btree ("restaurant_id","day");--> statement-breakpoint
CREATE INDEX "menu_item_availability_restaurant_idx" ON "menu_item_availability" USING btree ("restaurant_id","at");--> statement-breakpoint
CREATE INDEX "menu_item_availability_item_idx" ON "menu_item_availability" USING btree ("menu_item_id","at");--> statement-breakpoint
CREATE INDEX "reviews_restaurant_created_idx" ON "reviews" USING btree ("restaurant_id","created_at");