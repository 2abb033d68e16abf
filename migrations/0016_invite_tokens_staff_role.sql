ALTER TABLE `users` ADD `staff_role` text;--> statement-breakpoint
ALTER TABLE `workspace_invites` ADD `token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invites_token` ON `workspace_invites` (`token_hash`);