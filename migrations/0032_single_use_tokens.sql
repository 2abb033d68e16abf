CREATE TABLE `single_use_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`token_type` text NOT NULL,
	`workspace_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `single_use_tokens_expires` ON `single_use_tokens` (`expires_at`);
