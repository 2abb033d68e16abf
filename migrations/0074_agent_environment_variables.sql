CREATE TABLE `agent_environment_variables` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`values` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_environment_variables_label` ON `agent_environment_variables` (`workspace_id`,`label`);--> statement-breakpoint
CREATE INDEX `agent_environment_variables_created` ON `agent_environment_variables` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `conversation_signatures` ADD `environment` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `environment` text;