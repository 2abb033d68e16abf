CREATE TABLE `voice_safety_controls` (
	`voice_id` text PRIMARY KEY NOT NULL,
	`safety_control` text NOT NULL,
	`reason` text,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
