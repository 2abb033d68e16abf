-- Agents' workspace resources (issue 22, decision 0065): knowledge-base folders, kept originals and crawls; tools
-- of their own that agents reference by id, and the calls conversations made to them; conversation tags, feedback
-- and the workspace's conversational AI settings; agent versions; agent tests and their runs.
ALTER TABLE `knowledge_documents` ADD `parent_folder_id` text;
--> statement-breakpoint
ALTER TABLE `knowledge_documents` ADD `source_key` text;
--> statement-breakpoint
ALTER TABLE `knowledge_documents` ADD `source_content_type` text;
--> statement-breakpoint
CREATE INDEX `knowledge_documents_folder` ON `knowledge_documents` (`workspace_id`,`parent_folder_id`);
--> statement-breakpoint
ALTER TABLE `conversations` ADD `feedback` text;
--> statement-breakpoint
CREATE TABLE `knowledge_source_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `knowledge_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `knowledge_crawls` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`seed_url` text NOT NULL,
	`pattern` text,
	`max_pages` integer NOT NULL,
	`max_depth` integer NOT NULL,
	`root_folder_id` text NOT NULL,
	`status` text NOT NULL,
	`pages_identified` integer DEFAULT 0 NOT NULL,
	`pages_scraped` integer DEFAULT 0 NOT NULL,
	`pages_skipped` integer DEFAULT 0 NOT NULL,
	`pages_failed` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_crawls_workspace_created` ON `knowledge_crawls` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `agent_tools` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`tool_config` text NOT NULL,
	`response_mocks` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_tools_workspace_created` ON `agent_tools` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `agent_tool_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`tool_id` text NOT NULL,
	`request_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`called_at` integer NOT NULL,
	`latency_ms` integer NOT NULL,
	`is_error` integer DEFAULT false NOT NULL,
	`request_payload` text NOT NULL,
	`response_payload` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_tool_calls_tool` ON `agent_tool_calls` (`workspace_id`,`tool_id`,`called_at`);
--> statement-breakpoint
CREATE TABLE `convai_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`dashboard` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversation_tags` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_tags_workspace_created` ON `conversation_tags` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `conversation_tag_links` (
	`conversation_id` text NOT NULL,
	`tag_id` text NOT NULL,
	PRIMARY KEY(`conversation_id`, `tag_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `conversation_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_tag_links_tag` ON `conversation_tag_links` (`tag_id`);
--> statement-breakpoint
CREATE TABLE `agent_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`seq` integer NOT NULL,
	`description` text NOT NULL,
	`committed_by` text NOT NULL,
	`committer_email` text NOT NULL,
	`name` text NOT NULL,
	`conversation_config` text NOT NULL,
	`platform_settings` text NOT NULL,
	`tags` text NOT NULL,
	`committed_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_versions_agent` ON `agent_versions` (`agent_id`,`seq`);
--> statement-breakpoint
CREATE TABLE `agent_tests` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`parent_folder_id` text,
	`definition` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_tests_workspace_folder` ON `agent_tests` (`workspace_id`,`parent_folder_id`);
--> statement-breakpoint
CREATE TABLE `agent_test_invocations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`title` text NOT NULL,
	`repeat_count` integer DEFAULT 1 NOT NULL,
	`config_override` text,
	`cancelled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_test_invocations_workspace_created` ON `agent_test_invocations` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `agent_test_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`invocation_id` text NOT NULL,
	`position` integer NOT NULL,
	`test_id` text NOT NULL,
	`test_name` text NOT NULL,
	`test_type` text NOT NULL,
	`test_definition` text NOT NULL,
	`status` text NOT NULL,
	`agent_responses` text DEFAULT '[]' NOT NULL,
	`condition_result` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`invocation_id`) REFERENCES `agent_test_invocations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_test_runs_invocation` ON `agent_test_runs` (`invocation_id`,`position`);
