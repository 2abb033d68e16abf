-- Notifications (issue #23, decision 0042): one row per member told, read or not; the live push is a Durable
-- Object per workspace (no table).
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`severity` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`needs_attention` integer DEFAULT false NOT NULL,
	`has_been_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_severity_valid" CHECK("notifications"."severity" IN ('info', 'success', 'warning', 'error'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created` ON `notifications` (`workspace_id`,`user_id`,`created_at`);
