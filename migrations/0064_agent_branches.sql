-- Agent branches, drafts and deployments (decision 0081). Versions belong to a branch ("main" for every existing
-- one) and number within it; every agent gets its main branch row; conversations record the branch and version
-- they talked with. MCP servers are stored (kept and listed; conversations do not call them yet).
ALTER TABLE `agent_versions` ADD `branch_id` text DEFAULT 'main' NOT NULL;
--> statement-breakpoint
ALTER TABLE `agent_versions` ADD `merged_from_version_id` text;
--> statement-breakpoint
CREATE INDEX `agent_versions_branch` ON `agent_versions` (`agent_id`,`branch_id`,`seq`);
--> statement-breakpoint
CREATE TABLE `agent_branches` (
	`agent_id` text NOT NULL,
	`id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`parent_version_id` text,
	`parent_branch_id` text,
	`is_archived` integer DEFAULT false NOT NULL,
	`protection_status` text DEFAULT 'writer_perms_required' NOT NULL,
	`merged_into_branch_id` text,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_committed_at` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `id`),
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_branches_name` ON `agent_branches` (`agent_id`,`name`);
--> statement-breakpoint
INSERT INTO `agent_branches` (`agent_id`, `id`, `workspace_id`, `name`, `description`, `created_by`, `creator_email`, `created_at`, `last_committed_at`)
SELECT `id`, 'main', `workspace_id`, 'Main', '', `created_by`, `creator_email`, `created_at`, `updated_at` FROM `agents`;
--> statement-breakpoint
CREATE TABLE `agent_drafts` (
	`agent_id` text NOT NULL,
	`branch_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`conversation_config` text NOT NULL,
	`platform_settings` text NOT NULL,
	`workflow` text NOT NULL,
	`tags` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `branch_id`),
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `agent_deployments` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`traffic` text NOT NULL,
	`source` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`deployed_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_deployments_agent` ON `agent_deployments` (`agent_id`,`deployed_at`);
--> statement-breakpoint
ALTER TABLE `conversations` ADD `branch_id` text;
--> statement-breakpoint
ALTER TABLE `conversations` ADD `version_id` text;
--> statement-breakpoint
CREATE TABLE `mcp_servers` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`config` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mcp_servers_workspace_created` ON `mcp_servers` (`workspace_id`,`created_at`);
