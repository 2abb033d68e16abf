-- Pronunciation dictionaries (issue 20, decision 0043): workspace-scoped; every change of rules makes a new
-- version, so a locator naming a version always finds the rules it named.
CREATE TABLE `pronunciation_dictionaries` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by_user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`creation_time_unix` integer NOT NULL,
	`archived_time_unix` integer,
	`latest_version_id` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pronunciation_dictionaries_workspace_idx` ON `pronunciation_dictionaries` (`workspace_id`,`creation_time_unix`);
--> statement-breakpoint
CREATE TABLE `pronunciation_dictionary_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`dictionary_id` text NOT NULL,
	`version_number` integer NOT NULL,
	`rules` text NOT NULL,
	`rules_num` integer NOT NULL,
	`creation_time_unix` integer NOT NULL,
	FOREIGN KEY (`dictionary_id`) REFERENCES `pronunciation_dictionaries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pronunciation_dictionary_versions_dictionary_idx` ON `pronunciation_dictionary_versions` (`dictionary_id`);
--> statement-breakpoint
-- The rules of a Studio project's dictionaries (the versions its locators name never change, so this is their
-- copy): a block's conversion key includes its text as spoken through them.
ALTER TABLE `studio_projects` ADD `pronunciation_rules` text DEFAULT '[]' NOT NULL;
