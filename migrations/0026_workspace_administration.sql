-- Workspace administration (issue #23, decision 0034): groups with permissions per product area, the
-- permissions every member has, service accounts (users that belong to one workspace and never sign in) and
-- their scoped, capped API keys, and workspace webhooks with a delivery log.
ALTER TABLE `workspaces` ADD `all_members_permissions` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `service_account_workspace_id` text;
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `permissions` text;
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `character_limit` integer;
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `is_disabled` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `workspace_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`permissions` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_groups_name` ON `workspace_groups` (`workspace_id`,`name`);
--> statement-breakpoint
CREATE TABLE `workspace_group_members` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`added_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `workspace_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_group_members_user` ON `workspace_group_members` (`user_id`);
--> statement-breakpoint
CREATE TABLE `workspace_webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`auth_type` text DEFAULT 'hmac' NOT NULL,
	`secret` text NOT NULL,
	`events` text DEFAULT '[]' NOT NULL,
	`is_disabled` integer DEFAULT false NOT NULL,
	`is_auto_disabled` integer DEFAULT false NOT NULL,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`most_recent_failure_error_code` integer,
	`most_recent_failure_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_webhooks_workspace` ON `workspace_webhooks` (`workspace_id`);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`last_attempt_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `workspace_webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_created` ON `webhook_deliveries` (`webhook_id`,`created_at`);
