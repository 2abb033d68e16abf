CREATE TABLE `audio_isolations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`request_id` text NOT NULL,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`credits` integer NOT NULL,
	`source_had_video` integer NOT NULL,
	`content_type` text NOT NULL,
	`audio_key` text NOT NULL,
	`audio_bytes` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audio_isolations_workspace_created` ON `audio_isolations` (`workspace_id`,`created_at`);
