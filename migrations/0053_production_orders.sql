-- Productions orders, the SDK's productions.orders API (issue 24 item 3, decision 0064): an order gathers items and
-- their uploaded media while open; submitting it makes one production request (with its one task) per item.
CREATE TABLE `production_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`sandbox` integer DEFAULT false NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`download_secret` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`submitted_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_orders_workspace` ON `production_orders` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `production_order_media` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`language` text NOT NULL,
	`bytes` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `production_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_order_media_order` ON `production_order_media` (`order_id`);
--> statement-breakpoint
CREATE TABLE `production_order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`item` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `production_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_order_items_order` ON `production_order_items` (`order_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `production_requests` ADD `order_id` text;
--> statement-breakpoint
ALTER TABLE `production_requests` ADD `order_item_id` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `production_requests_order_item` ON `production_requests` (`order_item_id`);
--> statement-breakpoint
CREATE INDEX `production_requests_order` ON `production_requests` (`order_id`);
