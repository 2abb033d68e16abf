-- Workspace administration (issue 23, decision 0061): a second factor required of members, a shareable invite link,
-- and what members may do with the voice library.
-- When an admin required every member to have a second factor (TOTP or texted codes); null: not required.
ALTER TABLE `workspaces` ADD `two_factor_required_at` integer;
--> statement-breakpoint
-- Whether members who are not admins may add voices from the library to the workspace, and publish its voices there.
ALTER TABLE `workspaces` ADD `members_add_library_voices` integer DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE `workspaces` ADD `members_publish_library_voices` integer DEFAULT true NOT NULL;
--> statement-breakpoint
-- The workspace's one invite link (its code's SHA-256): anyone signed in with a verified address who opens it may join
-- as an editor until it expires; rotating replaces the row, turning it off deletes it.
CREATE TABLE `workspace_invite_links` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invite_links_code` ON `workspace_invite_links` (`code_hash`);
