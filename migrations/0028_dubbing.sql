-- Dubbing (issue #21, decision 0036): one row per dub; its segments, speakers and outputs per language are JSON
-- the pipeline (queue dubbing-jobs) writes step by step; the media sit in R2 under dubs/<workspace>/<dub>/.
CREATE TABLE `dubs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`refunded` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`source_lang` text NOT NULL,
	`detected_source_lang` text,
	`target_lang` text NOT NULL,
	`num_speakers` integer DEFAULT 0 NOT NULL,
	`start_time` real,
	`end_time` real,
	`drop_background` integer DEFAULT false NOT NULL,
	`source_key` text NOT NULL,
	`content_type` text NOT NULL,
	`had_video` integer DEFAULT false NOT NULL,
	`duration_seconds` real NOT NULL,
	`expected_duration` real NOT NULL,
	`credits` integer NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`progress_message` text DEFAULT '' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`segments` text DEFAULT '[]' NOT NULL,
	`speakers` text DEFAULT '[]' NOT NULL,
	`outputs` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dubs_workspace_created` ON `dubs` (`workspace_id`,`created_at`);
