-- Voice design (text to voice): the previews a workspace generated from a description, kept 24 hours so that one
-- of them can be saved as a voice (POST /v1/text-to-voice). The audio lives in R2 at `audio_key`.
CREATE TABLE `generated_voices` (
	`generated_voice_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`description` text NOT NULL,
	`source_voice_id` text,
	`language` text NOT NULL,
	`labels` text DEFAULT '{}' NOT NULL,
	`engine_parameters` text NOT NULL,
	`audio_key` text NOT NULL,
	`media_type` text NOT NULL,
	`duration_secs` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "generated_voices_json_valid" CHECK(json_valid("generated_voices"."labels") AND json_valid("generated_voices"."engine_parameters"))
);
--> statement-breakpoint
CREATE INDEX `generated_voices_workspace` ON `generated_voices` (`workspace_id`,`expires_at`);
