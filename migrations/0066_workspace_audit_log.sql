CREATE TABLE `workspace_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`actor_user_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`actor_via` text NOT NULL,
	`event` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text,
	`details` text DEFAULT '{}' NOT NULL,
	`occurred_at_ms` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_audit_log_time` ON `workspace_audit_log` (`workspace_id`,`occurred_at_ms`);--> statement-breakpoint
ALTER TABLE `workspaces` ADD `third_party_disable_allowed` integer;