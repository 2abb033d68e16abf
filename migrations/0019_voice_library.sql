-- The voice library (decision 0025): a workspace publishes one of its own voices under its publisher's opaque
-- public_user_id; another workspace copies it, the copy keeping a link to the original. Collections group a
-- workspace's voices. Usage is read per voice to rank the library.
ALTER TABLE `voices` ADD `public_owner_id` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `shared_at` integer;--> statement-breakpoint
ALTER TABLE `voices` ADD `original_voice_id` text;--> statement-breakpoint
CREATE INDEX `voices_library` ON `voices` (`sharing_status`,`shared_at`);--> statement-breakpoint
CREATE INDEX `voices_original` ON `voices` (`original_voice_id`);--> statement-breakpoint
CREATE INDEX `usage_events_voice` ON `usage_events` (`voice_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `voice_collections` (
	`collection_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`title` text NOT NULL,
	`icon` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `voice_collections_workspace` ON `voice_collections` (`workspace_id`,`title`);--> statement-breakpoint
CREATE TABLE `voice_collection_voices` (
	`collection_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`added_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`collection_id`, `voice_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `voice_collections`(`collection_id`) ON UPDATE no action ON DELETE cascade
);
