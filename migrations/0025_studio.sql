-- Studio (issue 20): projects with every field of spec request layer §3 and its default, chapters, blocks (a voice
-- per node, the audio of their last conversion) and snapshots (one per chapter conversion, one per project).
CREATE TABLE `studio_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by_user_id` text NOT NULL,
	`name` text NOT NULL,
	`create_date_unix` integer NOT NULL,
	`default_title_voice_id` text NOT NULL,
	`default_paragraph_voice_id` text NOT NULL,
	`default_model_id` text NOT NULL,
	`last_conversion_date_unix` integer,
	`can_be_downloaded` integer DEFAULT false NOT NULL,
	`chapters_order` text DEFAULT '[]' NOT NULL,
	`last_chapters_order_change_unix_ms` integer,
	`state` text DEFAULT 'default' NOT NULL,
	`project_conversion_chapter_ids_converting` text DEFAULT '[]' NOT NULL,
	`latest_snapshot_id` text,
	`continue_playing` integer DEFAULT false NOT NULL,
	`title` text,
	`author` text,
	`isbn_number` text,
	`description` text DEFAULT '' NOT NULL,
	`genres` text DEFAULT '[]' NOT NULL,
	`cover_image_key` text,
	`cover_image_type` text,
	`target_audience` text DEFAULT 'all ages' NOT NULL,
	`language` text,
	`content_type` text,
	`original_publication_date` text,
	`mature_content` integer DEFAULT false NOT NULL,
	`acx_volume_normalization` integer DEFAULT false NOT NULL,
	`volume_normalization` integer DEFAULT false NOT NULL,
	`pronunciation_dictionaries` text DEFAULT '[]' NOT NULL,
	`quality_preset` text DEFAULT 'standard' NOT NULL,
	`added_to_queue_at_unix` integer DEFAULT 0 NOT NULL,
	`queue_position` integer,
	`source_type` text DEFAULT 'blank' NOT NULL,
	`fiction` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studio_projects_workspace` ON `studio_projects` (`workspace_id`,`create_date_unix`);
--> statement-breakpoint
CREATE TABLE `studio_chapters` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`last_conversion_date_unix` integer,
	`conversion_progress` real,
	`can_be_downloaded` integer DEFAULT false NOT NULL,
	`block_ids_order` text DEFAULT '[]' NOT NULL,
	`last_block_ids_order_change_unix_ms` integer,
	`state` text DEFAULT 'default' NOT NULL,
	`last_conversion_error` text,
	`latest_snapshot_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `studio_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studio_chapters_project` ON `studio_chapters` (`project_id`);
--> statement-breakpoint
CREATE TABLE `studio_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`chapter_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`sub_type` text DEFAULT 'p' NOT NULL,
	`nodes` text NOT NULL,
	`converted_key` text,
	`audio_key` text,
	`audio_bytes` integer,
	`duration_ms` integer,
	`alignment` text,
	`converted_at_unix` integer,
	`last_error` text,
	FOREIGN KEY (`chapter_id`) REFERENCES `studio_chapters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studio_blocks_chapter` ON `studio_blocks` (`chapter_id`);
--> statement-breakpoint
CREATE TABLE `studio_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`chapter_id` text,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at_unix` integer NOT NULL,
	`audio_key` text NOT NULL,
	`audio_bytes` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`alignments` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `studio_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studio_snapshots_project` ON `studio_snapshots` (`project_id`,`chapter_id`,`created_at_unix`);
