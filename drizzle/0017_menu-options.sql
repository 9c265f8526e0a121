CREATE TABLE "menu_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_option_groups_range" CHECK ("menu_option_groups"."min_choices" >= 0 and "menu_option_groups"."max_choices" >= greatest("menu_option_groups"."min_choices", 1))
);
--> statement-breakpoint
CREATE TABLE "menu_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"menu_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_delta_cents" integer DEFAULT 0 NOT NULL,
	"allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_options_price_delta_not_negative" CHECK ("menu_options"."price_delta_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "menu_option_groups" ADD CONSTRAINT "menu_option_groups_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_options" ADD CONSTRAINT "menu_options_group_id_menu_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."menu_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_options" ADD CONSTRAINT "menu_options_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_option_groups_item_idx" ON "menu_option_groups" USING btree ("menu_item_id");--> statement-breakpoint
CREATE INDEX "menu_options_group_idx" ON "menu_options" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "menu_options_item_idx" ON "menu_options" USING btree ("menu_item_id");