-- The AI speech classifier (issue 24, decision 0041): spectral-peak landmarks of every generated clip, by hash.
CREATE TABLE `generated_clips` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`source` text NOT NULL,
	`created_at_unix` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`landmarks` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `clip_landmarks` (
	`hash` integer NOT NULL,
	`clip_id` text NOT NULL,
	`t` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clip_landmarks_hash` ON `clip_landmarks` (`hash`);
