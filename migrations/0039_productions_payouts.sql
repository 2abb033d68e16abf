-- The productions marketplace and payouts (issue 24 items 3 and 4, decision 0047).
ALTER TABLE `users` ADD `is_producer` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `producer_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`bio` text NOT NULL,
	`languages` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `producer_qualifications` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`passed_at` integer NOT NULL,
	`score` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `production_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`instructions` text NOT NULL,
	`language` text NOT NULL,
	`minutes` integer NOT NULL,
	`quote_amount` integer NOT NULL,
	`producer_amount` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_requests_workspace` ON `production_requests` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `production_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`producer_id` text,
	`claimed_at` integer,
	`deadline_at` integer,
	`submitted_at` integer,
	`deliverable_key` text,
	`deliverable_name` text,
	`deliverable_type` text,
	`deliverable_bytes` integer,
	`feedback` text,
	`feedback_acknowledged_at` integer,
	`accepted_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `production_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_tasks_state` ON `production_tasks` (`state`,`kind`);
--> statement-breakpoint
CREATE INDEX `production_tasks_producer` ON `production_tasks` (`producer_id`,`state`);
--> statement-breakpoint
CREATE TABLE `production_task_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`producer_id` text,
	`event` text NOT NULL,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `production_tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `production_task_events_task` ON `production_task_events` (`task_id`,`id`);
--> statement-breakpoint
CREATE INDEX `production_task_events_producer` ON `production_task_events` (`producer_id`,`id`);
--> statement-breakpoint
CREATE TABLE `earnings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer NOT NULL,
	`payout_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earnings_source` ON `earnings` (`source`,`source_id`);
--> statement-breakpoint
CREATE INDEX `earnings_user_payout` ON `earnings` (`user_id`,`payout_id`);
--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`request_key` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`stripe_transfer_id` text,
	`failure` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_request_key` ON `payouts` (`user_id`,`request_key`);
