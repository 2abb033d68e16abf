-- Workspace secrets that agents' webhook tools reference from their request headers (issue 22, decision 0053).
-- The value is never returned by the API or shown on a page.
CREATE TABLE `agent_secrets` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_secrets_workspace_created` ON `agent_secrets` (`workspace_id`,`created_at`);
