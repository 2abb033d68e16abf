-- Instant voice cloning: a cloned voice keeps its speaker's measured features and speaker vector (similar voices
-- and verification compare them), and each workspace counts its voice additions and edits per billing period.
ALTER TABLE `voices` ADD `speaker_features` text;--> statement-breakpoint
CREATE TABLE `voice_add_edits` (
	`workspace_id` text NOT NULL,
	`period` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `period`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
