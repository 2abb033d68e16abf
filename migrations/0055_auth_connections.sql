-- Workspace auth connections (issue 23; decision 0066): credentials agents' webhook tools authenticate with
-- (OAuth2 client credentials, bearer, basic, a custom header). The secret fields are never returned by the API.
CREATE TABLE `auth_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`auth_type` text NOT NULL,
	`name` text NOT NULL,
	`provider` text NOT NULL,
	`settings` text NOT NULL,
	`secrets` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`status_detail` text,
	`status_updated_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_connections_workspace_created` ON `auth_connections` (`workspace_id`,`created_at`);
