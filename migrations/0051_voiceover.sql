-- Voiceover projects and their renders (issue 20 item 6, decision 0062): an uploaded video with a timeline of dialogue
-- and sound-effect clips; each render queued on video-jobs, charged once for the clips not spoken before.
CREATE TABLE `voiceover_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`video_key` text NOT NULL,
	`video_content_type` text NOT NULL,
	`video_bytes` integer NOT NULL,
	`container` text NOT NULL,
	`duration_seconds` real NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`video_codec` text NOT NULL,
	`audio_codec` text,
	`audio_readable` integer DEFAULT false NOT NULL,
	`original_audio` text DEFAULT 'duck' NOT NULL,
	`clips` text DEFAULT '[]' NOT NULL,
	`spoken_keys` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voiceover_projects_workspace_created` ON `voiceover_projects` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `voiceover_renders` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`credits` integer NOT NULL,
	`refunded` integer DEFAULT false NOT NULL,
	`plan` text NOT NULL,
	`output_key` text,
	`output_bytes` integer,
	`output_content_type` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `voiceover_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voiceover_renders_project_created` ON `voiceover_renders` (`project_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `voiceover_renders_one_active` ON `voiceover_renders` (`project_id`) WHERE "voiceover_renders"."status" IN ('queued', 'rendering');
