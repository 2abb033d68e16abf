-- Voice library royalties (issue 24 item 4, decision 0056): the owner's rate on a shared voice, and one accrual per
-- generation another workspace makes with a copy of it (settled into earnings per voice and finished day).
ALTER TABLE `voices` ADD `royalty_rate` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `voice_royalty_accruals` (
	`event_id` text PRIMARY KEY NOT NULL,
	`voice_id` text NOT NULL,
	`earner_user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`characters` integer NOT NULL,
	`rate` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `voice_royalty_accruals_earner` ON `voice_royalty_accruals` (`earner_user_id`,`voice_id`,`occurred_at`);
--> statement-breakpoint
-- The reader catalogue's search (decision 0056): title and author words and genres of each read, searched by prefix.
CREATE TABLE `publishing_read_terms` (
	`read_id` text NOT NULL,
	`field` text NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY(`field`, `term`, `read_id`),
	FOREIGN KEY (`read_id`) REFERENCES `publishing_reads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `publishing_read_terms_read` ON `publishing_read_terms` (`read_id`);
--> statement-breakpoint
CREATE INDEX `publishing_reads_language` ON `publishing_reads` (`state`,`language`,`published_at`);
