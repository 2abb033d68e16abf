CREATE TABLE `usage_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`characters` integer NOT NULL,
	`voice_id` text NOT NULL,
	`voice_name` text NOT NULL,
	`model_id` text NOT NULL,
	`source` text NOT NULL,
	`api_key_id` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `usage_workspace_time` ON `usage_events` (`workspace_id`,`occurred_at`);--> statement-breakpoint
-- Generations made before this table existed count too (those whose history item still exists).
INSERT INTO `usage_events` (`id`, `workspace_id`, `user_id`, `occurred_at`, `characters`, `voice_id`, `voice_name`, `model_id`, `source`, `api_key_id`)
SELECT `id`, `workspace_id`, `user_id`, `date_unix`, `character_count_change_to` - `character_count_change_from`, `voice_id`, `voice_name`, `model_id`, `source`, NULL FROM `history_items`;
