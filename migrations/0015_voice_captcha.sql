CREATE TABLE `voice_captcha_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`user_id` text NOT NULL,
	`answer` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voice_captcha_challenges_owner` ON `voice_captcha_challenges` (`workspace_id`,`voice_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `voice_captcha_passes` (
	`workspace_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`solved_by` text NOT NULL,
	`valid_until` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `voice_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
