-- Conversational agents (issue 22, decision 0037): agents, knowledge-base documents and their passages, conversations.
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`name` text NOT NULL,
	`conversation_config` text NOT NULL,
	`platform_settings` text DEFAULT '{}' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agents_workspace_created` ON `agents` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `knowledge_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`creator_email` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`url` text,
	`filename` text,
	`content` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_documents_workspace_created` ON `knowledge_documents` (`workspace_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `knowledge_chunks` (
	`document_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`document_id`, `position`),
	FOREIGN KEY (`document_id`) REFERENCES `knowledge_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`agent_name` text NOT NULL,
	`user_id` text,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_secs` integer DEFAULT 0 NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`transcript` text DEFAULT '[]' NOT NULL,
	`analysis` text,
	`termination_reason` text,
	`audio_key` text,
	`audio_bytes` integer,
	`has_user_audio` integer DEFAULT false NOT NULL,
	`has_response_audio` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_workspace_started` ON `conversations` (`workspace_id`,`started_at`);
--> statement-breakpoint
CREATE INDEX `conversations_agent` ON `conversations` (`agent_id`);
--> statement-breakpoint
CREATE TABLE `conversation_signatures` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
