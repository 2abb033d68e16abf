CREATE TABLE `transcripts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`request_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`credits` integer NOT NULL,
	`model_id` text NOT NULL,
	`language_code` text NOT NULL,
	`result` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `transcripts_workspace_created` ON `transcripts` (`workspace_id`,`created_at`);
