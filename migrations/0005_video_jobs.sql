CREATE TABLE `video_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`history_item_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`theme` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`video_key` text,
	`video_bytes` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`history_item_id`) REFERENCES `history_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_jobs_item_theme` ON `video_jobs` (`history_item_id`,`theme`);