CREATE TABLE `generation_slots` (
	`request_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`started_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `generation_slots_workspace` ON `generation_slots` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `history_items` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`request_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`voice_name` text NOT NULL,
	`voice_category` text NOT NULL,
	`model_id` text NOT NULL,
	`text` text NOT NULL,
	`dialogue` text,
	`date_unix` integer NOT NULL,
	`character_count_change_from` integer NOT NULL,
	`character_count_change_to` integer NOT NULL,
	`content_type` text NOT NULL,
	`output_format` text NOT NULL,
	`settings` text NOT NULL,
	`feedback` text,
	`source` text NOT NULL,
	`audio_key` text NOT NULL,
	`audio_bytes` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`alignment` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `history_workspace_date` ON `history_items` (`workspace_id`,`date_unix`);--> statement-breakpoint
CREATE INDEX `history_workspace_voice` ON `history_items` (`workspace_id`,`voice_id`);--> statement-breakpoint
CREATE TABLE `voice_settings` (
	`workspace_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`settings` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `voice_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
