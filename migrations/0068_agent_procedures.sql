CREATE TABLE `agent_procedure_drafts` (
	`agent_id` text NOT NULL,
	`branch_id` text NOT NULL,
	`procedure_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`type` text NOT NULL,
	`trigger` text NOT NULL,
	`folder_parent_id` text,
	`removed` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `branch_id`, `procedure_id`),
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `agent_procedure_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`procedure_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`type` text NOT NULL,
	`trigger` text NOT NULL,
	`folder_parent_id` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_procedure_versions_procedure` ON `agent_procedure_versions` (`agent_id`,`procedure_id`);--> statement-breakpoint
CREATE TABLE `agent_version_procedures` (
	`agent_version_id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`branch_id` text NOT NULL,
	`procedures` text NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_version_procedures_branch` ON `agent_version_procedures` (`agent_id`,`branch_id`);