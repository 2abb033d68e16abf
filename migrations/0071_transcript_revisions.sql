CREATE TABLE `transcript_revisions` (
	`transcript_id` text NOT NULL,
	`revision` integer NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`transcript_id`, `revision`),
	FOREIGN KEY (`transcript_id`) REFERENCES `transcripts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `transcripts` ADD `revision` integer DEFAULT 0 NOT NULL;