-- Audio Native (issue 24): a player per Studio project (Project.audio_native), the workspace's player defaults and
-- allowed sites, and listening counts per player and UTC day (no visitor identifiers).
CREATE TABLE `audio_native_players` (
	`project_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`title` text NOT NULL,
	`author` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`small` integer DEFAULT false NOT NULL,
	`text_color` text NOT NULL,
	`background_color` text NOT NULL,
	`sessionization` integer NOT NULL,
	`published_snapshot_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `studio_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audio_native_players_workspace` ON `audio_native_players` (`workspace_id`);
--> statement-breakpoint
CREATE TABLE `audio_native_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`author` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`small` integer DEFAULT false NOT NULL,
	`text_color` text NOT NULL,
	`background_color` text NOT NULL,
	`sessionization` integer NOT NULL,
	`voice_id` text,
	`model_id` text,
	`allowed_sites` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audio_native_daily_stats` (
	`project_id` text NOT NULL,
	`day` text NOT NULL,
	`loads` integer DEFAULT 0 NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`listen_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`),
	FOREIGN KEY (`project_id`) REFERENCES `studio_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Project.audio_native: whether the project is an Audio Native player's (its settings are in audio_native_players).
ALTER TABLE `studio_projects` ADD `audio_native` integer DEFAULT false NOT NULL;
