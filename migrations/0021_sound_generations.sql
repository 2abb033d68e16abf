-- Sound effects (issue 19): one row per delivered generation, identified by its sound_generation_history_item_id,
-- written in the same batch as its charge and usage event, and only after its audio is in R2.
CREATE TABLE `sound_generations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`text` text NOT NULL,
	`model_id` text NOT NULL,
	`requested_seconds` real,
	`prompt_influence` real NOT NULL,
	`loop` integer NOT NULL,
	`seed` integer NOT NULL,
	`recipes` text DEFAULT '[]' NOT NULL,
	`output_format` text NOT NULL,
	`content_type` text NOT NULL,
	`audio_key` text NOT NULL,
	`audio_bytes` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`credits` integer NOT NULL,
	`source` text NOT NULL,
	`date_unix` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sound_generations_workspace_date` ON `sound_generations` (`workspace_id`,`date_unix`);
