-- Resource sharing (issue #23, decision 0039): who made a voice, each member's default sharing preferences, and
-- the grants of a role on one resource to a member, a group or the whole workspace.
ALTER TABLE `voices` ADD `created_by_user_id` text;
--> statement-breakpoint
ALTER TABLE `workspace_members` ADD `default_sharing` text;
--> statement-breakpoint
CREATE TABLE `resource_grants` (
	`workspace_id` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`principal_type` text NOT NULL,
	`principal_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`resource_type`, `resource_id`, `principal_type`, `principal_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "resource_grants_principal_type_valid" CHECK("resource_grants"."principal_type" IN ('user', 'group', 'workspace')),
	CONSTRAINT "resource_grants_role_valid" CHECK("resource_grants"."role" IN ('viewer', 'commenter', 'editor', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `resource_grants_principal` ON `resource_grants` (`workspace_id`,`resource_type`,`principal_type`,`principal_id`);
--> statement-breakpoint
-- Everything made before sharing existed was open to the whole workspace: it stays so (as editor).
INSERT INTO `resource_grants` (`workspace_id`, `resource_type`, `resource_id`, `principal_type`, `principal_id`, `role`)
	SELECT `workspace_id`, 'voice', `voice_id`, 'workspace', 'default', 'editor' FROM `voices` WHERE `workspace_id` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `resource_grants` (`workspace_id`, `resource_type`, `resource_id`, `principal_type`, `principal_id`, `role`)
	SELECT `workspace_id`, 'project', `id`, 'workspace', 'default', 'editor' FROM `studio_projects`;
